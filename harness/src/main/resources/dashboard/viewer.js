// Arbiter's game viewer: a finished game replayed ply by ply (JSON from the dashboard's /api/game/ID or the
// test service's /api/tests/ID/games/N), drawn by boards.js into the page's #viewer-* elements. Used by the
// dashboard (dashboard.js) and the test service's test page (service.js).
"use strict";

const viewer = {game: null, ply: 0, timer: null};

/**
 * Opens the game at {@code url} (JSON of a replayed game: positions, moves, variant, rules, players); {@code id} names it.
 * {@code unreachable}, when given, says why the game cannot be fetched (null when it can: the fetch's own error is shown).
 */
function openGame(url, id, unreachable) {
  fetch(url).then(r => r.ok ? r.json() : r.text().then(t => { throw new Error(t); })).then(game => {
    stopPlaying();
    viewer.game = game;
    viewer.ply = game.positions.length - 1;
    document.getElementById("viewer-section").hidden = false;
    document.getElementById("viewer-title").textContent = "Game " + game.id + ": " + game.white + " – " + game.black + "  " + game.result
      + (game.termination ? " (" + game.termination + ")" : "");
    showPly();
  }).catch(e => {
    document.getElementById("viewer-section").hidden = false;
    document.getElementById("viewer-title").textContent = "Game " + id + ": " + ((unreachable && unreachable()) || e.message);
    document.getElementById("viewer-board").replaceChildren();
  });
}

function showPly() {
  const g = viewer.game, k = viewer.ply;
  const drawn = drawBoard(g.variant, g.rules, g.positions[k], k > 0 ? g.moves[k - 1] : null);
  drawn.svg.setAttribute("data-ply", k);
  document.getElementById("viewer-board").replaceChildren(drawn.svg);
  document.getElementById("viewer-ply").textContent = "ply " + k + " / " + (g.positions.length - 1)
    + (k > 0 ? ", last " + g.moves[k - 1] : ", start") + " · " + drawn.side;
}

function step(delta) {
  if (!viewer.game) return;
  viewer.ply = Math.max(0, Math.min(viewer.game.positions.length - 1, viewer.ply + delta));
  showPly();
}

function stopPlaying() {
  if (viewer.timer) clearInterval(viewer.timer);
  viewer.timer = null;
  document.getElementById("viewer-play").textContent = "play";
}

function togglePlay() {
  if (viewer.timer || !viewer.game) { stopPlaying(); return; }
  if (viewer.ply >= viewer.game.positions.length - 1) viewer.ply = 0;
  showPly();
  document.getElementById("viewer-play").textContent = "pause";
  viewer.timer = setInterval(() => {
    if (viewer.ply >= viewer.game.positions.length - 1) { stopPlaying(); return; }
    step(1);
  }, 600);
}

document.getElementById("viewer-first").addEventListener("click", () => { stopPlaying(); step(-1e9); });
document.getElementById("viewer-back").addEventListener("click", () => { stopPlaying(); step(-1); });
document.getElementById("viewer-forward").addEventListener("click", () => { stopPlaying(); step(1); });
document.getElementById("viewer-last").addEventListener("click", () => { stopPlaying(); step(1e9); });
document.getElementById("viewer-play").addEventListener("click", togglePlay);
