// The test service's pages, live: on each "change" of /live (server-sent events) the page fetches itself
// again and swaps every section marked data-live for the new one of the same id (the server renders both,
// every outside text escaped there). Also: games opened in the dashboard's viewer (viewer.js), and the
// submit form's SPRT forecast renewed as its boxes change. No inline script: the pages' policy forbids it.
"use strict";

/** Silence longer than this (the server pings every 5 s) means the server or the network is gone. */
const SILENCE_MS = 12000;
let lastHeard = Date.now();
let fetching = false, again = false;

function swap(html) {
  const doc = new DOMParser().parseFromString(html, "text/html");
  for (const fresh of doc.querySelectorAll("[data-live][id]")) {
    const old = document.getElementById(fresh.id);
    if (old) old.replaceWith(document.importNode(fresh, true));
  }
}

function renew() {
  if (fetching) { again = true; return; }
  fetching = true;
  fetch(location.href, {credentials: "same-origin", headers: {"Accept": "text/html"}})
    .then(r => r.ok ? r.text() : Promise.reject(new Error("HTTP " + r.status)))
    .then(html => { swap(html); document.body.classList.remove("stale"); })
    .catch(() => document.body.classList.add("stale"))
    .finally(() => {
      fetching = false;
      if (again) { again = false; renew(); }
    });
}

function heard() {
  lastHeard = Date.now();
  document.body.classList.remove("stale");
}

/**
 * The stream of /live, closed when the page is left: a page kept in the browser's back/forward cache
 * would otherwise hold its connection, and a browser opens 6 at most to one server over HTTP/1.1 —
 * the seventh page waited. Back on a cached page, the stream opens again and the page is renewed.
 */
function listen() {
  const events = new EventSource("/live");
  events.addEventListener("hello", heard);
  events.addEventListener("ping", heard);
  events.addEventListener("change", () => { heard(); renew(); });
  events.addEventListener("error", () => document.body.classList.add("stale"));
  return events;
}

if (document.querySelector("[data-live]")) {
  let events = listen();
  window.addEventListener("pagehide", () => events.close());
  window.addEventListener("pageshow", e => {
    if (e.persisted) { events = listen(); renew(); }
  });
  setInterval(() => {
    if (Date.now() - lastHeard > SILENCE_MS) document.body.classList.add("stale");
  }, 1000);
}

// A test's games: a click on a row opens the game in the viewer (viewer.js, shared with the dashboard).
document.addEventListener("click", e => {
  const row = e.target.closest("#games-table tbody tr");
  const game = row && row.querySelector("[data-game]");
  if (game && typeof openGame === "function") openGame(game.dataset.game, game.dataset.id);
});

// The submit form's SPRT forecast: asked again (rendered by the server) when a box of the SPRT changes.
const form = document.querySelector("form.submit-form");
if (form) {
  let timer = null;
  form.querySelector("#sprt-fields").addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const q = new URLSearchParams({part: "forecast"});
      for (const k of ["elo0", "elo1", "alpha", "beta", "model", "draw", "bias"]) q.set(k, form.elements[k].value);
      fetch("/submit?" + q, {credentials: "same-origin"}).then(r => r.text()).then(html => {
        const doc = new DOMParser().parseFromString(html, "text/html");
        document.getElementById("forecast").replaceChildren(...Array.from(doc.body.childNodes, n => document.importNode(n, true)));
      });
    }, 300);
  });
}
