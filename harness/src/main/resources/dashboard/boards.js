// Arbiter's boards: one SVG per position text (docs/games.md gives each game's text). Used by dashboard.js.
// Every board is in user units of one square (draughts, chess, Quoridor) or one point's width (backgammon);
// the page's CSS never styles board text (its rules are scoped to the charts).
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";

function svgEl(tag, attrs, text) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined && text !== null) e.textContent = text;
  return e;
}

const LIGHT = "#f0d9b5", DARK = "#b58863", MARK = "rgba(255, 214, 0, 0.55)";
const WHITE_PIECE = "#f7f4ec", BLACK_PIECE = "#202020";

/**
 * The board of a position text. {@code game} is the variant id, {@code rules} its parameters (width,
 * boardSize...), {@code last} the last move's text. Returns {svg, side} where side names who moves.
 */
function drawBoard(game, rules, text, last) {
  if (game === "chess") return chessBoard(text, last);
  if (game === "quoridor") return quoridorBoard(text, last, +((rules || {}).boardSize) || 9);
  if (game === "backgammon") return backgammonBoard(text, last);
  const width = +((rules || {}).width) || (game === "international" ? 10 : 8);
  return draughtsBoard(text, last, width);
}

function squareBoard(n, px, game, text) {
  const svg = svgEl("svg", {width: px, height: px, viewBox: "0 0 " + n + " " + n, class: "position",
    "data-game": game, "data-position": text});
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) {
    svg.appendChild(svgEl("rect", {x: c, y: r, width: 1, height: 1, fill: (r + c) % 2 ? DARK : LIGHT}));
  }
  return svg;
}

function mark(svg, c, r) {
  svg.appendChild(svgEl("rect", {x: c, y: r, width: 1, height: 1, fill: MARK, class: "last"}));
}

// ---- chess ----

const GLYPHS = {k: "\u265A", q: "\u265B", r: "\u265C", b: "\u265D", n: "\u265E", p: "\u265F"};

function chessBoard(fen, last) {
  const svg = squareBoard(8, 240, "chess", fen), fields = fen.trim().split(/\s+/);
  const whiteToMove = fields[1] !== "b";
  const to = lastChessSquare(last, whiteToMove);
  if (to) mark(svg, to.charCodeAt(0) - 97, 8 - +to[1]);
  fields[0].split("/").forEach((rank, r) => {
    let c = 0;
    for (const ch of rank) {
      if (/\d/.test(ch)) { c += +ch; continue; }
      const white = ch === ch.toUpperCase();
      // The solid glyph for both colours (U+FE0E: text, not emoji): white is filled light and outlined dark.
      svg.appendChild(svgEl("text", {x: c + 0.5, y: r + 0.53, "text-anchor": "middle", "dominant-baseline": "central",
        class: "piece " + (white ? "white" : "black"), "data-square": String.fromCharCode(97 + c) + (8 - r),
        style: "font-size:0.84px;font-family:'DejaVu Sans','Noto Sans Symbols2','Segoe UI Symbol',sans-serif;"
          + (white ? "fill:" + WHITE_PIECE + ";stroke:#111;stroke-width:0.035px;paint-order:stroke"
            : "fill:" + BLACK_PIECE + ";stroke:#000;stroke-width:0.01px")}, GLYPHS[ch.toLowerCase()] + "\uFE0E"));
      c++;
    }
  });
  return {svg, side: whiteToMove ? "White to move" : "Black to move"};
}

/** The square a SAN move went to; castling by the side that just moved. */
function lastChessSquare(san, whiteToMove) {
  if (!san) return null;
  const moverWhite = !whiteToMove;
  if (/^(O-O-O|0-0-0)/.test(san)) return moverWhite ? "c1" : "c8";
  if (/^(O-O|0-0)/.test(san)) return moverWhite ? "g1" : "g8";
  const all = san.match(/[a-h][1-8]/g);
  return all ? all[all.length - 1] : null;
}

// ---- draughts ----

/** Column and row (0 = top) of a square, numeric (1 = top row's first dark square) or algebraic (a1 bottom left). */
function draughtsSquare(name, n) {
  const alg = /^([a-z])(\d+)$/i.exec(name);
  if (alg) return [alg[1].toLowerCase().charCodeAt(0) - 97, n - +alg[2]];
  const sq = +name;
  if (!(sq >= 1 && sq <= n * n / 2)) return null;
  const per = n / 2, row = Math.floor((sq - 1) / per), idx = (sq - 1) % per;
  return [row % 2 === 0 ? 2 * idx + 1 : 2 * idx, row];
}

function draughtsBoard(fen, last, n) {
  const svg = squareBoard(n, n === 10 ? 250 : 240, "draughts", fen);
  const text = fen.trim().replace(/^"|"$/g, "").replace(/\.$/, "");
  const fields = text.split(":");
  if (last) {
    const sqs = last.split(/[-x:]/).map(s => s.replace(/[!?*]+$/, "")).filter(Boolean);
    for (const s of [sqs[0], sqs[sqs.length - 1]]) {
      const at = draughtsSquare(s, n);
      if (at) mark(svg, at[0], at[1]);
    }
  }
  for (const side of fields.slice(1)) {
    const white = side[0].toUpperCase() === "W";
    for (let item of side.slice(1).split(",").map(s => s.trim()).filter(Boolean)) {
      const king = /^K/i.test(item);
      if (king) item = item.slice(1);
      const range = /^(\d+)-(\d+)$/.exec(item);
      const names = range ? Array.from({length: +range[2] - +range[1] + 1}, (_, i) => String(+range[1] + i)) : [item];
      for (const name of names) {
        const at = draughtsSquare(name, n);
        if (!at) continue;
        const [c, r] = at;
        svg.appendChild(svgEl("circle", {cx: c + 0.5, cy: r + 0.5, r: 0.4, fill: white ? WHITE_PIECE : BLACK_PIECE,
          stroke: white ? "#333" : "#000", "stroke-width": 0.05, class: "piece " + (white ? "white" : "black") + (king ? " crowned" : ""),
          "data-square": name}));
        if (king) {
          svg.appendChild(svgEl("circle", {cx: c + 0.5, cy: r + 0.5, r: 0.2, fill: "#d4a017", stroke: white ? "#333" : "#f4e3a0",
            "stroke-width": 0.04, class: "king", "data-square": name}));
        }
      }
    }
  }
  const side = (fields[0] || "").toUpperCase() === "B" ? "Black to move" : "White to move";
  return {svg, side};
}

// ---- Quoridor ----

function quoridorBoard(text, last, n) {
  const [pawns = "", left = "", walls = "-", turn = "1"] = text.trim().split("/");
  const svg = svgEl("svg", {width: 240, height: 240, viewBox: "0 0 " + n + " " + n, class: "position",
    "data-game": "quoridor", "data-position": text});
  svg.appendChild(svgEl("rect", {x: 0, y: 0, width: n, height: n, fill: "#5b3a1e"}));
  const at = sq => [sq.charCodeAt(0) - 97, n - parseInt(sq.slice(1), 10)];
  const lastStep = last && /^[a-z]\d+$/.test(last) ? last : null, lastWall = last && /^[a-z]\d+[hv]$/.test(last) ? last : null;
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) {
    const name = String.fromCharCode(97 + c) + (n - r);
    svg.appendChild(svgEl("rect", {x: c + 0.08, y: r + 0.08, width: 0.84, height: 0.84, rx: 0.08,
      fill: name === lastStep ? "#f2d16b" : "#e3cfa6"}));
  }
  const colours = [WHITE_PIECE, BLACK_PIECE, "#c0392b", "#2e86c1"];
  pawns.split(",").filter(Boolean).forEach((sq, i) => {
    const [c, r] = at(sq);
    svg.appendChild(svgEl("circle", {cx: c + 0.5, cy: r + 0.5, r: 0.34, fill: colours[i % 4], stroke: "#111",
      "stroke-width": 0.06, class: "piece " + (i === 0 ? "white" : "black"), "data-square": sq}));
  });
  for (const w of walls && walls !== "-" ? walls.split(",") : []) {
    const [c, r] = at(w.slice(0, -1));
    // The anchor is the north-west square of the four around the wall's centre, which is at (c + 1, r + 1).
    const attrs = w.endsWith("h") ? {x: c + 0.1, y: r + 0.92, width: 1.8, height: 0.16}
      : {x: c + 0.92, y: r + 0.1, width: 0.16, height: 1.8};
    svg.appendChild(svgEl("rect", Object.assign(attrs, {fill: w === lastWall ? "#e67e22" : "#1c1c1c", rx: 0.04,
      class: w === lastWall ? "wall last" : "wall", "data-wall": w})));
  }
  const names = ["White", "Black", "Red", "Blue"], counts = left.split(",");
  const wallsLeft = counts.map((k, i) => names[i] + " " + k).join(", ");
  return {svg, side: names[(+turn - 1) % 4] + " to move · walls left: " + wallsLeft};
}

// ---- backgammon ----

/** Column of White's point p: 1..6 bottom right, 7..12 bottom left, 13..18 top left, 19..24 top right; the bar is column 6. */
function pointColumn(p) {
  return p <= 12 ? 12 - p + (p <= 6 ? 1 : 0) : p - 13 + (p >= 19 ? 1 : 0);
}

const PIPS = {1: [[0.5, 0.5]], 2: [[0.25, 0.25], [0.75, 0.75]], 3: [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
  4: [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]],
  5: [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
  6: [[0.25, 0.22], [0.75, 0.22], [0.25, 0.5], [0.75, 0.5], [0.25, 0.78], [0.75, 0.78]]};

function backgammonBoard(text, last) {
  const [turn = "O", w = "W", b = "B", dice = "-"] = text.trim().split(":");
  const W = 15, H = 11, R = 0.42, STEP = 0.84, SHOWN = 5;
  const svg = svgEl("svg", {width: 375, height: 275, viewBox: "0 0 " + W + " " + H, class: "position",
    "data-game": "backgammon", "data-position": text});
  svg.appendChild(svgEl("rect", {x: 0, y: 0, width: W, height: H, fill: "#4a2c17"}));
  svg.appendChild(svgEl("rect", {x: 0, y: 0, width: 13, height: H, fill: "#2f5d3a"}));
  svg.appendChild(svgEl("rect", {x: 6, y: 0, width: 1, height: H, fill: "#5a3a22", class: "bar"}));
  svg.appendChild(svgEl("rect", {x: 13.15, y: 0.1, width: 1.7, height: 5.2, fill: "#3a2212", class: "tray", "data-side": "black"}));
  svg.appendChild(svgEl("rect", {x: 13.15, y: 5.7, width: 1.7, height: 5.2, fill: "#3a2212", class: "tray", "data-side": "white"}));
  for (let p = 1; p <= 24; p++) {
    const top = p > 12, cx = pointColumn(p) + 0.5;
    svg.appendChild(svgEl("polygon", {points: top ? (cx - 0.48) + ",0 " + (cx + 0.48) + ",0 " + cx + ",4.6"
      : (cx - 0.48) + "," + H + " " + (cx + 0.48) + "," + H + " " + cx + "," + (H - 4.6),
      fill: p % 2 ? "#d8b27a" : "#9c3d26", class: "point", "data-point": p}));
    svg.appendChild(svgEl("text", {x: cx, y: top ? 4.95 : H - 4.7, "text-anchor": "middle", class: "point-number",
      style: "font-size:0.32px;fill:#cfe3cf;font-family:sans-serif"}, String(p)));
  }
  const label = (x, y, n, white) => svg.appendChild(svgEl("text", {x, y, "text-anchor": "middle", "dominant-baseline": "central",
    class: "count", style: "font-size:0.5px;font-weight:bold;font-family:sans-serif;fill:" + (white ? "#111" : "#fff")}, String(n)));
  const checker = (cx, cy, white, where) => svg.appendChild(svgEl("circle", {cx, cy, r: R, fill: white ? WHITE_PIECE : BLACK_PIECE,
    stroke: white ? "#555" : "#000", "stroke-width": 0.05, class: "piece " + (white ? "white" : "black"), "data-point": where}));
  let sideText = turn === "O" ? "opening roll" : (turn === "B" ? "Black" : "White") + " to move";
  for (const field of [w, b]) {
    const white = field[0].toUpperCase() === "W";
    let onBoard = 0;
    for (const item of field.slice(1).split(",").filter(Boolean)) {
      const [pt, count] = item.toLowerCase().split(/[x*]/), n = count ? +count : 1;
      onBoard += n;
      if (pt === "bar" || pt === "25") {
        // The bar: White's checkers below the middle, Black's above, stacked from the middle outward.
        for (let k = 0; k < Math.min(n, 3); k++) checker(6.5, white ? 6.2 + STEP * k : H - 6.2 - STEP * k, white, "bar");
        if (n > 3) label(6.5, white ? 6.2 + STEP * 2 : H - 6.2 - STEP * 2, n, white);
        continue;
      }
      const own = +pt;
      if (!(own >= 1 && own <= 24)) continue;
      const p = white ? own : 25 - own, top = p > 12, cx = pointColumn(p) + 0.5;
      for (let k = 0; k < Math.min(n, SHOWN); k++) checker(cx, top ? 0.05 + R + STEP * k : H - 0.05 - R - STEP * k, white, String(p));
      if (n > SHOWN) label(cx, top ? 0.05 + R + STEP * (SHOWN - 1) : H - 0.05 - R - STEP * (SHOWN - 1), n, white);
    }
    const off = 15 - onBoard;
    for (let k = 0; k < off; k++) {
      svg.appendChild(svgEl("rect", {x: 13.3, y: white ? H - 0.25 - 0.33 * (k + 1) : 0.25 + 0.33 * k, width: 1.4, height: 0.28,
        rx: 0.05, fill: white ? WHITE_PIECE : BLACK_PIECE, stroke: white ? "#555" : "#000", "stroke-width": 0.03,
        class: "piece off " + (white ? "white" : "black"), "data-point": "off"}));
    }
    if (off > 0) {
      svg.appendChild(svgEl("text", {x: 14, y: white ? 5.95 : 5.05, "text-anchor": "middle", "dominant-baseline": "central", class: "count",
        style: "font-size:0.42px;font-family:sans-serif;fill:#f3e3c3"}, off + " off"));
    }
  }
  // The dice: those of the position (rolled, to be played), else the last move's roll, e.g. "8/5,6/5 (3-1)", on the side that played it.
  const lastRoll = /\(([1-6])-([1-6])\)$/.exec(last || "");
  const drawDice = (d, black, cls, opacity) => d.forEach((v, i) => {
    const x = (black ? 2.2 : 8.2) + i * 1.3, y = H / 2 - 0.5;
    svg.appendChild(svgEl("rect", {x, y, width: 1, height: 1, rx: 0.15, fill: black ? BLACK_PIECE : WHITE_PIECE,
      stroke: "#000", "stroke-width": 0.04, class: cls, "data-value": v, opacity}));
    for (const [px, py] of PIPS[v]) {
      svg.appendChild(svgEl("circle", {cx: x + px, cy: y + py, r: 0.09, fill: black ? "#fff" : "#111", class: "pip", opacity}));
    }
  });
  if (/^[1-6][1-6]$/.test(dice) || /^[1-6]-[1-6]$/.test(dice)) {
    const d = dice.replace("-", "").split("").map(Number);
    drawDice(d, turn === "B", "die", 1);
    sideText += ", rolled " + d.join("-");
  } else if (turn !== "O") {
    sideText += ", to roll";
    if (lastRoll) {
      drawDice([+lastRoll[1], +lastRoll[2]], turn !== "B", "die last-roll", 0.6);
      sideText += " (" + (turn === "B" ? "White" : "Black") + " rolled " + lastRoll[1] + "-" + lastRoll[2] + ")";
    }
  }
  return {svg, side: sideText};
}
