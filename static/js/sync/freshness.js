// How old the page's sheet is, when it may not be current (issue 12), in
// base.html's #freshness banner:
// - a copy the worker served without the network: "Hors ligne · dernière
//   mise à jour il y a 2 min", counted from when the page it was kept from
//   last heard from the server;
// - a live sheet whose polls fail (poll.js calls failed()): after the
//   "behind" timing, "Dernière mise à jour il y a 40 s"; the next poll that
//   answers (fresh()) hides it;
// - the browser says it is offline: the same banner, counted from the load.

import { timings, copyTime } from "./config.js";

const TICK_MS = 5000;

let copyAt = copyTime();
let lastFresh = copyAt !== null ? copyAt : Date.now();
let failing = false;
let held = false;

function banner() { return document.getElementById("freshness"); }

// "il y a 40 s" (the banner's words) for an age of ``ms``.
export function ago(ms) {
  const el = banner();
  if (!el) return "";
  const s = Math.max(0, Math.round(ms / 1000));
  const pick = s < 60 ? [el.dataset.agoS, s]
    : s < 3600 ? [el.dataset.agoMin, Math.floor(s / 60)]
      : s < 86400 ? [el.dataset.agoH, Math.floor(s / 3600)]
        : [el.dataset.agoD, Math.floor(s / 86400)];
  return pick[0].replace("{n}", pick[1]);
}

export function isOffline() { return copyAt !== null || navigator.onLine === false; }

function render() {
  const el = banner();
  if (!el || held) return;
  const behind = Date.now() - lastFresh;
  // The offline page (data-quiet) says it itself, and has no age.
  const show = !el.dataset.quiet && (isOffline() || (failing && behind >= (timings ? timings.behind : 10000)));
  el.hidden = !show;
  el.classList.toggle("freshness-offline", isOffline());
  if (show) el.textContent = (isOffline() ? el.dataset.offline : el.dataset.behind).replace("{ago}", ago(behind));
}

// The sheet is current (a poll or a save answered).
export function fresh() {
  lastFresh = Date.now();
  failing = false;
  copyAt = null;
  render();
}

// A poll failed.
export function failed() {
  failing = true;
  render();
}

// When the page last heard from the server (ms): the load, the last poll or
// save that answered; a copy's: when the page it was kept from last did.
export function at() { return lastFresh; }

// The copy's sheet was swapped for a newer one the worker kept, which the
// page it came from had at ``when`` (keep.js).
export function copied(when) {
  if (copyAt !== null && when > lastFresh) lastFresh = copyAt = when;
  render();
}

// Say nothing until ``promise`` settles (a copy's newer sheet being asked
// for: its age is not known yet).
export function hold(promise) {
  held = true;
  promise.then(done, done);
  function done() { held = false; render(); }
}

window.addEventListener("online", render);
window.addEventListener("offline", render);
setInterval(render, TICK_MS);
// (After every module of the page ran: keep.js may hold it first.)
document.addEventListener("DOMContentLoaded", render);
