// Arbiter's live dashboard: renders /api/state, then every state pushed on /api/events. Plain DOM and SVG;
// the boards are drawn by boards.js, a finished game is replayed by viewer.js.
"use strict";

/** Silence longer than this (the server sends at least a ping a second) means the run or the network is gone. */
const SILENCE_MS = 3500;
let current = null;
let lastHeard = Date.now();
let lost = false;

function el(tag, attrs, text) {
  const e = tag.startsWith("svg:") ? document.createElementNS(SVG_NS, tag.slice(4)) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined && text !== null) e.textContent = text;
  return e;
}

function fixed(x, digits) {
  return x === null || x === undefined || !isFinite(x) ? "–" : Number(x).toFixed(digits);
}

function rows(tbody, items, cells, onClick) {
  tbody.replaceChildren(...items.map(item => {
    const tr = el("tr");
    for (const c of cells(item)) tr.appendChild(el("td", {}, c));
    if (onClick) {
      tr.classList.add("clickable");
      tr.addEventListener("click", () => onClick(item));
    }
    return tr;
  }));
}

function duration(seconds) {
  const h = Math.floor(seconds / 3600), m = Math.floor(seconds / 60) % 60, s = seconds % 60;
  return h + ":" + String(m).padStart(2, "0") + ":" + String(s).padStart(2, "0");
}

function progressText(state, live) {
  let text = state.done + " / " + state.total + " games";
  if (live && state.gamesPerMinute > 0) text += ", " + state.gamesPerMinute.toFixed(1) + " games/min";
  if (live && state.etaSeconds !== null && state.etaSeconds !== undefined) text += ", ETA " + duration(state.etaSeconds);
  return text;
}

/** The banner under the progress bar: how the run ended (with its report), or that the connection is lost. */
function status(state) {
  const box = document.getElementById("status");
  box.replaceChildren();
  box.className = "status";
  if (state && state.ended) {
    box.classList.add("ended");
    box.appendChild(el("span", {}, "The run has ended: " + (state.stopReason || "all " + state.total + " games played") + ". "));
    // The report and the games are served while the dashboard is: on after the run when it stays, else not at all.
    const served = state.staysAfterRun && !lost;
    if (state.report) {
      box.appendChild(served ? el("a", {href: "report", id: "report-link", target: "_blank"}, "Report")
        : el("span", {}, "Report"));
      box.appendChild(el("span", {}, " (" + state.report + "). "));
    }
    box.appendChild(el("span", {id: "serving"}, lost ? "The dashboard has stopped."
      : served ? "This page, its report and its games stay served until Arbiter is stopped (Ctrl-C in its terminal)."
      : "The dashboard stops with the run (started without a terminal; --keep-dashboard keeps it)."));
  } else if (lost) {
    box.classList.add("lost");
    box.textContent = "Connection lost" + (lastHeard ? " at " + new Date(lastHeard).toLocaleTimeString() : "")
      + ": the run has stopped or cannot be reached; what follows is as it was then.";
  } else {
    box.hidden = true;
    return;
  }
  box.hidden = false;
}

function render(state) {
  current = state;
  document.getElementById("name").textContent = state.name || "Arbiter";
  document.title = "Arbiter: " + (state.name || "");
  document.getElementById("variant").textContent = [state.variant, state.schedule].filter(Boolean).join(" · ");
  const pct = state.total > 0 ? 100 * state.done / state.total : 0;
  document.getElementById("bar").style.width = pct.toFixed(1) + "%";
  document.getElementById("progress-text").textContent = progressText(state, !lost && !state.ended);
  status(state);

  conditions(state);
  engines(state);
  rows(document.querySelector("#ratings tbody"), state.ratings || [], p => [p.rank, p.name, fixed(p.elo, 1),
    fixed(p.error, 1), p.games, fixed(100 * p.score, 1) + "%", fixed(100 * p.draws, 1) + "%"]);
  const kind = state.ratingsError || "95% curvature";
  document.getElementById("ratings-error-head").textContent = "± (" + kind + ")";
  document.getElementById("ratings-note").textContent = kind === "95% bootstrap"
    ? "± is the 95% interval by bootstrap, the report's (its samples and seed), now that the run has ended."
    : "± is the 95% interval from the likelihood's curvature, recomputed as games finish (once the run has ended, the report's bootstrap).";
  matchBlock(state);
  eloChart(state);

  const live = document.getElementById("live");
  const games = lost || state.ended ? [] : state.live || [];
  live.replaceChildren(...games.slice(0, 8).map(g => {
    const box = el("div", {class: "board", "data-game-id": g.id, "data-ply": g.plies});
    const drawn = g.position ? drawBoard(state.variant, state.rules, g.position, g.last) : null;
    box.appendChild(drawn ? drawn.svg : el("div", {}, "(position unknown)"));
    box.appendChild(el("div", {}, "game " + g.id + ": " + g.white + " – " + g.black));
    box.appendChild(el("div", {class: "ply"}, "ply " + g.plies + (g.last ? ", last " + g.last : "") + (g.worker ? " · " + g.worker : "")));
    if (drawn) box.appendChild(el("div", {class: "side"}, drawn.side));
    return box;
  }));
  if (!games.length) live.appendChild(el("div", {}, state.ended ? "the run has ended" : lost ? "not known: connection lost" : "none"));

  rows(document.querySelector("#finished tbody"), state.finished || [], g => [g.id, g.white, g.black, g.result, g.termination],
    g => openGame("api/game/" + g.id, g.id, () => lost ? "the dashboard has stopped; the game is in the run's games.pdn" : null));

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

/** Conditions at a glance: the run's config and its times (start, elapsed). */
function conditions(state) {
  const c = state.conditions;
  document.getElementById("conditions-section").hidden = !c;
  if (!c) return;
  const items = [["Game", c.game + (c.rules !== "none" ? " (" + c.rules + ")" : "")], ["Schedule", c.schedule],
    ["Limits", c.limits], ["Openings", c.openings], ["Adjudication", c.adjudication],
    ["Concurrency", c.concurrency + (c.concurrency === 1 ? " game" : " games") + " at once"],
    ["Workers", (state.workers || []).length ? state.workers.length + " connected (see Workers)" : "this machine"],
    ["Started", state.startedAt ? state.startedAt.replace("T", " ").replace("Z", " UTC") : "–"],
    ["Elapsed", state.elapsedSeconds !== undefined ? duration(state.elapsedSeconds) : "–"], ["Seed", String(c.seed)]];
  document.querySelector("#conditions tbody").replaceChildren(...items.map(([k, v]) => {
    const tr = el("tr");
    tr.appendChild(el("th", {}, k));
    tr.appendChild(el("td", {}, v));
    return tr;
  }));
}

/** The players' engines, options and limits, with the games each lost on time, by a crash, an illegal move or a stall. */
function engines(state) {
  const list = state.engines || [];
  document.getElementById("engines-section").hidden = list.length === 0;
  const tbody = document.querySelector("#engines tbody");
  rows(tbody, list, e => [e.name, e.engine, e.options, e.limits, e.timeLosses, e.crashes, e.illegalMoves, e.stalls]);
  tbody.querySelectorAll("td:nth-child(n+5)").forEach(td => { if (td.textContent !== "0") td.classList.add("bad"); });
}

/** A labelled row of the match table; {@code id} names the value cell for tests and readers. */
function fact(label, value, id) {
  const tr = el("tr");
  tr.appendChild(el("th", {}, label));
  tr.appendChild(el("td", id ? {id: id} : {}, value));
  return tr;
}

/**
 * The match block: the report's reading of the same games (MatchReading, via the state JSON): the Elo and its ±
 * with the ±'s kind, or "all won" / "all lost" with the bound; the SPRT only when the run has one, its bounds
 * labelled H0 and H1 and the LLR's way to the bound it approaches; after an SPRT stop, fishtest's median-unbiased
 * Elo and interval beside the plain ones.
 */
function matchBlock(state) {
  const match = state.match;
  document.getElementById("match-section").hidden = !match;
  const box = document.getElementById("llr-box");
  const tbody = document.querySelector("#match tbody");
  if (!match) {
    box.replaceChildren();
    return;
  }
  const lines = [match.a + " vs " + match.b + ":  W " + match.w + "  D " + match.d + "  L " + match.l];
  if (match.pentanomial) lines.push("pentanomial [LL, LD, WL+DD, WD, WW]: [" + match.pentanomial.join(", ") + "]");
  document.getElementById("match-counts").textContent = lines.join("\n");
  const facts = [];
  if (match.eloText !== undefined) {
    const s = match.sprt, unbiased = s && s.unbiased;
    facts.push(fact(unbiased ? "Elo (plain)" : "Elo", match.eloText, "match-elo"));
    facts.push(fact(match.perfect ? "Elo bound (" + match.errorKind + ")" : "Elo ± (" + match.errorKind + ")",
      match.eloErrorText, "match-elo-error"));
    if (unbiased) {
      facts.push(fact("Elo (median-unbiased, after the SPRT stop)", unbiased.eloText, "match-elo-unbiased"));
      facts.push(fact("95% interval (median-unbiased)", unbiased.intervalText, "match-interval-unbiased"));
    }
    if (match.nElo !== undefined) facts.push(fact("nElo ± (95%)", fixed(match.nElo, 2) + " ± " + fixed(match.nEloError, 2), "match-nelo"));
    facts.push(fact("LOS", fixed(100 * match.los, 1) + "%", "match-los"));
    facts.push(fact("Draw ratio (" + match.drawRatioKind + ")", fixed(100 * match.drawRatio, 1) + "%", "match-draw-ratio"));
    if (match.pairs !== undefined) facts.push(fact("Pair ratio (WW+WD)/(LL+LD)", fixed(match.pairRatio, 2), "match-pair-ratio"));
    if (s) {
      facts.push(fact("SPRT [" + s.elo0 + ", " + s.elo1 + "] " + s.model, "α " + s.alpha + ", β " + s.beta));
      facts.push(fact("LLR", fixed(s.llr, 3) + "  (" + s.lower.label + " " + fixed(s.lower.llr, 3) + ", "
        + s.upper.label + " " + fixed(s.upper.llr, 3) + ")", "match-llr"));
      facts.push(fact("LLR progress", s.percent === null || s.percent === undefined ? "–"
        : fixed(s.percent, 1) + "% of the way to " + s.toward, "match-llr-percent"));
      facts.push(fact("Status", s.status, "match-sprt-status"));
    }
  }
  tbody.replaceChildren(...facts);
  // No SPRT: no LLR chart at all (an empty chart with 0.00 / 0.00 bounds reads as a test that is going nowhere).
  if (match.sprt && state.llr) {
    let svg = document.getElementById("llr-chart");
    if (!svg) {
      svg = el("svg:svg", {id: "llr-chart", class: "chart", width: 520, height: 220, role: "img", "aria-label": "LLR over games"});
      box.replaceChildren(svg);
    }
    const s = match.sprt;
    chart(svg, [{name: "LLR", points: state.llr}], "games", "LLR",
      [{y: s.lower.llr, label: s.lower.label}, {y: s.upper.llr, label: s.upper.label}]);
  } else {
    box.replaceChildren();
  }
}

/** Elo over games: the match's Elo with its 95% band, or each player's rating in other schedules. */
function eloChart(state) {
  const h = state.eloHistory || {series: [], points: []};
  const section = document.getElementById("elo-section");
  section.hidden = h.points.length < 2;
  if (section.hidden) return;
  const match = state.match;
  let series;
  if (match && h.series.length === 1) {
    series = [{name: "Elo", points: h.points.map(p => [p[0], p[1]])},
      {name: "95% low", points: h.points.map(p => [p[0], p[2]]), dash: true},
      {name: "95% high", points: h.points.map(p => [p[0], p[3]]), dash: true}];
    document.getElementById("elo-note").textContent = match.a + " against " + match.b
      + ": the Elo and its 95% interval (" + (match.errorKind || "") + ") as games finished; a perfect score, with no finite Elo, is left out.";
  } else {
    series = h.series.map((n, i) => ({name: n, points: h.points.filter(p => p[i + 1] !== null).map(p => [p[0], p[i + 1]])}));
    document.getElementById("elo-note").textContent = "Each player's rating as games finished.";
  }
  chart(document.getElementById("elo-chart"), series, "games", "Elo", [], !match || h.series.length !== 1);
}

/**
 * A line chart with axes, their titles and optional horizontal lines (the SPRT bounds, {y, label}). Series
 * {name, points, dash}; names are drawn as a legend when {@code legend} or there are several undashed series.
 */
function chart(svg, series, xTitle, yTitle, hlines, legend) {
  hlines = hlines.map(h => typeof h === "number" ? {y: h} : h);
  const all = series.flatMap(s => s.points).filter(p => p[1] !== null && isFinite(p[1]));
  const xs = all.map(p => p[0]), ys = all.map(p => p[1]).concat(hlines.map(h => h.y));
  const x0 = Math.min(0, ...xs), x1 = Math.max(1, ...xs), y0 = Math.min(0, ...ys), y1 = Math.max(0.001, ...ys);
  // The plot starts right of the widest value label ("-1042.17" with its minus sign), which stands right of the
  // rotated axis title: measured as the browser draws them (a chart not laid out yet measures 0: the least margin).
  svg.replaceChildren(...[y0, y1].map(y => el("svg:text", {x: 0, y: 0}, fixed(y, 2))));
  const widest = Math.max(...Array.from(svg.children).map(t => t.getComputedTextLength()));
  const W = +svg.getAttribute("width"), H = +svg.getAttribute("height"), L = Math.max(48, Math.ceil(widest) + 26), R = 24,
    T = 10, B = 34;
  const X = x => L + (x - x0) / (x1 - x0 || 1) * (W - L - R), Y = y => H - B - (y - y0) / (y1 - y0 || 1) * (H - T - B);
  const parts = [el("svg:line", {x1: L, y1: H - B, x2: W - R, y2: H - B, stroke: "#555"}),
    el("svg:line", {x1: L, y1: T, x2: L, y2: H - B, stroke: "#555"}),
    el("svg:text", {x: (L + W - R) / 2, y: H - 4, "text-anchor": "middle"}, xTitle),
    el("svg:text", {x: 12, y: (T + H - B) / 2, transform: "rotate(-90 12 " + (T + H - B) / 2 + ")", "text-anchor": "middle",
      class: "axis-title"}, yTitle),
    el("svg:text", {x: L - 4, y: Y(y1) + 4, "text-anchor": "end", class: "tick"}, fixed(y1, 2)),
    el("svg:text", {x: L - 4, y: Y(y0) + 4, "text-anchor": "end", class: "tick"}, fixed(y0, 2)),
    el("svg:text", {x: W - R, y: H - B + 14, "text-anchor": "end"}, String(x1))];
  if (y0 < 0 && y1 > 0) parts.push(el("svg:line", {x1: L, y1: Y(0), x2: W - R, y2: Y(0), stroke: "#bbb"}));
  for (const h of hlines) {
    parts.push(el("svg:line", {x1: L, y1: Y(h.y), x2: W - R, y2: Y(h.y), stroke: "#c44", "stroke-dasharray": "4 3", class: "bound"}));
    if (h.label) parts.push(el("svg:text", {x: W - R + 2, y: Y(h.y) + 4, fill: "#c44", class: "bound-label"}, h.label));
  }
  const colours = ["#1f6fb2", "#d2691e", "#2e8b57", "#8b3a8b", "#b8860b", "#20808f", "#a0522d", "#556b2f"];
  const named = series.filter(s => !s.dash).length > 1 || legend;
  series.forEach((s, i) => {
    const pts = s.points.filter(p => p[1] !== null && isFinite(p[1]));
    if (!pts.length) return;
    const colour = s.dash ? "#7fa7cc" : colours[i % colours.length];
    const attrs = {fill: "none", stroke: colour, "stroke-width": s.dash ? 1 : 2, class: s.dash ? "band" : "series",
      points: pts.map(p => X(p[0]).toFixed(1) + "," + Y(p[1]).toFixed(1)).join(" ")};
    if (s.dash) attrs["stroke-dasharray"] = "3 3";
    parts.push(el("svg:polyline", attrs));
    if (named && !s.dash) parts.push(el("svg:text", {x: L + 6, y: T + 12 + 13 * i, fill: colour, class: "legend"}, s.name));
  });
  svg.replaceChildren(...parts);
}

// ---- the connection ----

function heard() {
  lastHeard = Date.now();
  if (lost) {
    lost = false;
    document.body.classList.remove("stale");
    if (current) render(current);
  }
}

function connectionLost() {
  if (lost) return;
  lost = true;
  document.body.classList.add("stale");
  if (current) render(current); else status(null);
}

// "#board": the first game in progress alone, large. "?once": one snapshot, no live stream (a screenshot
// tool waits for the page's connections to end, and a stream never does).
if (location.hash === "#board") document.body.classList.add("board-only");
if (new URLSearchParams(location.search).has("once")) {
  fetch("api/state").then(r => r.json()).then(render);
} else {
  fetch("api/state").then(r => r.json()).then(s => { heard(); render(s); }).catch(connectionLost);
  const events = new EventSource("api/events");
  events.addEventListener("state", e => { heard(); render(JSON.parse(e.data)); });
  events.addEventListener("ping", heard);
  events.addEventListener("error", connectionLost);
  setInterval(() => {
    if (!lost && Date.now() - lastHeard > SILENCE_MS) connectionLost();
  }, 500);
}
