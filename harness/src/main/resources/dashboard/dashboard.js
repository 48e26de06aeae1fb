// Arbiter's live dashboard: renders /api/state, then every state pushed on /api/events. Plain DOM and SVG.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
let variant = "";

function el(tag, attrs, text) {
  const e = tag.startsWith("svg:") ? document.createElementNS(SVG, tag.slice(4)) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined && text !== null) e.textContent = text;
  return e;
}

function fixed(x, digits) {
  return x === null || x === undefined || !isFinite(x) ? "–" : Number(x).toFixed(digits);
}

function rows(tbody, items, cells) {
  tbody.replaceChildren(...items.map(item => {
    const tr = el("tr");
    for (const c of cells(item)) tr.appendChild(el("td", {}, c));
    return tr;
  }));
}

function duration(seconds) {
  const h = Math.floor(seconds / 3600), m = Math.floor(seconds / 60) % 60, s = seconds % 60;
  return h + ":" + String(m).padStart(2, "0") + ":" + String(s).padStart(2, "0");
}

function render(state) {
  variant = state.variant;
  document.getElementById("name").textContent = state.name || "Arbiter";
  document.title = "Arbiter: " + (state.name || "");
  document.getElementById("conditions").textContent = [state.variant, state.schedule].filter(Boolean).join(" · ");
  const pct = state.total > 0 ? 100 * state.done / state.total : 0;
  document.getElementById("bar").style.width = pct.toFixed(1) + "%";
  let text = state.done + " / " + state.total + " games";
  if (state.gamesPerMinute > 0) text += ", " + state.gamesPerMinute.toFixed(1) + " games/min";
  if (state.etaSeconds !== null && state.etaSeconds !== undefined) text += ", ETA " + duration(state.etaSeconds);
  if (state.ended) text += " — ended" + (state.stopReason ? ": " + state.stopReason : "");
  document.getElementById("progress-text").textContent = text;

  rows(document.querySelector("#ratings tbody"), state.ratings || [], p => [p.rank, p.name, fixed(p.elo, 1),
    fixed(p.error, 1), p.games, fixed(100 * p.score, 1) + "%", fixed(100 * p.draws, 1) + "%"]);

  const match = state.match;
  document.getElementById("match-section").hidden = !match;
  if (match) {
    const lines = [match.a + " vs " + match.b + ":  W " + match.w + "  D " + match.d + "  L " + match.l];
    if (match.pentanomial) lines.push("pentanomial [LL, LD, WL+DD, WD, WW]: [" + match.pentanomial.join(", ") + "]");
    if (match.elo !== undefined) lines.push("Elo " + fixed(match.elo, 2) + " ± " + fixed(match.eloError, 2) + " (95%), LOS " + fixed(100 * match.los, 1) + "%");
    if (match.llr !== undefined) lines.push("SPRT [" + match.elo0 + ", " + match.elo1 + "]: LLR " + fixed(match.llr, 3) +
      " (" + fixed(match.lower, 3) + ", " + fixed(match.upper, 3) + ") " + match.verdict);
    document.getElementById("match").textContent = lines.join("\n");
    chart(document.getElementById("llr-chart"), [{name: "LLR", points: state.llr || []}], "games", "LLR",
      match.lower !== undefined ? [match.lower, match.upper] : []);
  }

  const live = document.getElementById("live");
  live.replaceChildren(...(state.live || []).slice(0, 8).map(g => {
    const box = el("div", {class: "board"});
    box.appendChild(board(g.position));
    box.appendChild(el("div", {}, "game " + g.id + ": " + g.white + " – " + g.black));
    box.appendChild(el("div", {}, "ply " + g.plies + (g.last ? ", last " + g.last : "") + (g.worker ? " · " + g.worker : "")));
    return box;
  }));
  if (!(state.live || []).length) live.appendChild(el("div", {}, state.ended ? "the run has ended" : "none"));

  rows(document.querySelector("#finished tbody"), state.finished || [], g => [g.id, g.white, g.black, g.result, g.termination]);

  const workers = state.workers || [];
  document.getElementById("workers-section").hidden = workers.length === 0;
  rows(document.querySelector("#workers tbody"), workers, w => [String(w.id || "").slice(0, 8), w.host, w.cores, w.slots,
    (w.engines || []).join(", ") || "built-in"]);

  const tune = state.tune || {names: [], steps: []};
  document.getElementById("tune-section").hidden = tune.steps.length === 0;
  if (tune.steps.length) {
    chart(document.getElementById("tune-chart"), tune.names.map((n, i) => ({name: n, points: tune.steps.map(s => [s[0], s[i + 1]])})),
      "iteration", "value", []);
  }
}

/** A line chart with axes, their titles and optional horizontal lines (the SPRT bounds). */
function chart(svg, series, xTitle, yTitle, hlines) {
  const W = +svg.getAttribute("width"), H = +svg.getAttribute("height"), L = 48, R = 10, T = 10, B = 34;
  const all = series.flatMap(s => s.points);
  const xs = all.map(p => p[0]), ys = all.map(p => p[1]).concat(hlines);
  const x0 = Math.min(0, ...xs), x1 = Math.max(1, ...xs), y0 = Math.min(0, ...ys), y1 = Math.max(0.001, ...ys);
  const X = x => L + (x - x0) / (x1 - x0 || 1) * (W - L - R), Y = y => H - B - (y - y0) / (y1 - y0 || 1) * (H - T - B);
  const parts = [el("svg:line", {x1: L, y1: H - B, x2: W - R, y2: H - B, stroke: "#555"}),
    el("svg:line", {x1: L, y1: T, x2: L, y2: H - B, stroke: "#555"}),
    el("svg:text", {x: (L + W - R) / 2, y: H - 4, "text-anchor": "middle"}, xTitle),
    el("svg:text", {x: 12, y: (T + H - B) / 2, transform: "rotate(-90 12 " + (T + H - B) / 2 + ")", "text-anchor": "middle"}, yTitle),
    el("svg:text", {x: L - 4, y: Y(y1) + 4, "text-anchor": "end"}, fixed(y1, 2)),
    el("svg:text", {x: L - 4, y: Y(y0) + 4, "text-anchor": "end"}, fixed(y0, 2)),
    el("svg:text", {x: W - R, y: H - B + 14, "text-anchor": "end"}, String(x1))];
  for (const h of hlines) parts.push(el("svg:line", {x1: L, y1: Y(h), x2: W - R, y2: Y(h), stroke: "#c44", "stroke-dasharray": "4 3"}));
  const colours = ["#1f6fb2", "#d2691e", "#2e8b57", "#8b3a8b", "#b8860b"];
  series.forEach((s, i) => {
    if (!s.points.length) return;
    parts.push(el("svg:polyline", {fill: "none", stroke: colours[i % colours.length], "stroke-width": 2, class: "series",
      points: s.points.map(p => X(p[0]).toFixed(1) + "," + Y(p[1]).toFixed(1)).join(" ")}));
    if (series.length > 1) parts.push(el("svg:text", {x: L + 6, y: T + 12 + 13 * i, fill: colours[i % colours.length]}, s.name));
  });
  svg.replaceChildren(...parts);
}

/** The board of a position text: draughts, chess, Quoridor or backgammon (see docs/games.md). */
function board(text) {
  if (!text) return el("div", {}, "(position unknown)");
  if (variant === "chess") return chessBoard(text);
  if (variant === "quoridor") return quoridorBoard(text);
  if (variant === "backgammon") return backgammonBoard(text);
  return draughtsBoard(text);
}

function grid(n, size) {
  const svg = el("svg:svg", {width: size, height: size, viewBox: "0 0 " + n + " " + n, class: "position"});
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) {
    svg.appendChild(el("svg:rect", {x: c, y: r, width: 1, height: 1, fill: (r + c) % 2 ? "#8b6b4a" : "#eedcb8"}));
  }
  return svg;
}

function draughtsBoard(text) {
  const n = variant === "international" || variant === "frisian" ? 10 : 8, per = n / 2;
  const svg = grid(n, 200);
  for (const side of text.split(":").slice(1)) {
    const white = side[0] === "W";
    for (const item of side.slice(1).split(",").filter(Boolean)) {
      const king = item.startsWith("K"), sq = parseInt(king ? item.slice(1) : item, 10);
      if (!(sq >= 1)) continue;
      const row = Math.floor((sq - 1) / per), idx = (sq - 1) % per, col = row % 2 === 0 ? 2 * idx + 1 : 2 * idx;
      svg.appendChild(el("svg:circle", {cx: col + 0.5, cy: row + 0.5, r: 0.38, fill: white ? "#fafafa" : "#222",
        stroke: white ? "#333" : "#ddd", "stroke-width": 0.05, class: "piece"}));
      if (king) svg.appendChild(el("svg:circle", {cx: col + 0.5, cy: row + 0.5, r: 0.16, fill: "#d4a017", class: "king"}));
    }
  }
  return svg;
}

function chessBoard(fen) {
  const svg = grid(8, 200), glyph = {k: "♚", q: "♛", r: "♜", b: "♝", n: "♞", p: "♟"};
  fen.split(" ")[0].split("/").forEach((rank, r) => {
    let c = 0;
    for (const ch of rank) {
      if (/\d/.test(ch)) { c += +ch; continue; }
      const white = ch === ch.toUpperCase();
      svg.appendChild(el("svg:text", {x: c + 0.5, y: r + 0.8, "text-anchor": "middle", "font-size": 0.8, class: "piece",
        fill: white ? "#fff" : "#000", stroke: white ? "#000" : "none", "stroke-width": 0.02}, glyph[ch.toLowerCase()]));
      c++;
    }
  });
  return svg;
}

function quoridorBoard(text) {
  const [pawns, , walls] = text.split("/"), n = 9;
  const svg = el("svg:svg", {width: 200, height: 200, viewBox: "0 0 9 9", class: "position"});
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) {
    svg.appendChild(el("svg:rect", {x: c + 0.05, y: r + 0.05, width: 0.9, height: 0.9, fill: "#d9c7a4"}));
  }
  const at = sq => [sq.charCodeAt(0) - 97, n - parseInt(sq.slice(1), 10)];
  pawns.split(",").forEach((sq, i) => {
    const [c, r] = at(sq);
    svg.appendChild(el("svg:circle", {cx: c + 0.5, cy: r + 0.5, r: 0.35, fill: i === 0 ? "#fafafa" : "#222", stroke: "#333",
      "stroke-width": 0.05, class: "piece"}));
  });
  for (const w of (walls && walls !== "-" ? walls.split(",") : [])) {
    const [c, r] = at(w.slice(0, -1));
    const attrs = w.endsWith("h") ? {x: c + 0.05, y: r + 0.92, width: 1.9, height: 0.16} : {x: c + 0.92, y: r + 0.05, width: 0.16, height: 1.9};
    svg.appendChild(el("svg:rect", Object.assign(attrs, {fill: "#7a2e0e", class: "wall"})));
  }
  return svg;
}

function backgammonBoard(text) {
  const parts = text.split(":"), svg = el("svg:svg", {width: 260, height: 180, viewBox: "0 0 13 9", class: "position"});
  svg.appendChild(el("svg:rect", {x: 0, y: 0, width: 13, height: 9, fill: "#2f5d3a"}));
  const x = p => (p <= 12 ? 12 - p + (p <= 6 ? 1 : 0) : p - 13 + (p >= 19 ? 1 : 0)) + 0.5; // point 1..24 to a column, bar in the middle
  for (let p = 1; p <= 24; p++) {
    const top = p > 12, cx = x(p);
    svg.appendChild(el("svg:polygon", {points: top ? (cx - 0.45) + ",0 " + (cx + 0.45) + ",0 " + cx + ",3.6"
      : (cx - 0.45) + ",9 " + (cx + 0.45) + ",9 " + cx + ",5.4", fill: p % 2 ? "#c9a66b" : "#8b4a2b"}));
  }
  for (const side of parts.slice(1, 3)) {
    const white = side[0] === "W";
    for (const item of side.slice(1).split(",").filter(Boolean)) {
      const [pt, count] = item.split("x"), n = count ? +count : 1, own = parseInt(pt, 10);
      if (!(own >= 1 && own <= 24)) continue;
      const p = white ? own : 25 - own, top = p > 12;
      for (let k = 0; k < Math.min(n, 4); k++) {
        svg.appendChild(el("svg:circle", {cx: x(p), cy: top ? 0.45 + 0.85 * k : 8.55 - 0.85 * k, r: 0.4,
          fill: white ? "#fafafa" : "#222", stroke: "#888", "stroke-width": 0.04, class: "piece"}));
      }
      if (n > 4) svg.appendChild(el("svg:text", {x: x(p), y: top ? 3.9 : 5.4, "text-anchor": "middle", "font-size": 0.6, fill: "#fff"}, String(n)));
    }
  }
  return svg;
}

fetch("api/state").then(r => r.json()).then(render);
const events = new EventSource("api/events");
events.addEventListener("state", e => render(JSON.parse(e.data)));
