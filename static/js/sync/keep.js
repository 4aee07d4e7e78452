// What a live sheet's page gives the service worker to keep for offline
// (templates/pwa/sw.js; docs/sync.md, "What the worker keeps"), and what a
// copy of it takes back:
// - its sheet, as DATA (sheet.js: version, parts, fields, and when the page
//   last heard from the server), when the page is hidden or left with a
//   newer sheet than the one kept, or when the network goes (gone, a poll
//   failing): the page's copy then reopens on the last sheet it had;
// - on a writing page, its last hand's correction page (the worker fetches
//   and keeps it), so that the hand can be corrected offline too;
// - a copy the worker served without the network asks for the sheet kept
//   for it and swaps it in with the same code as a poll (swapSheet).

import { config, isCopy, isHandPage } from "./config.js";
import { sheetOf, swapSheet, onSheet, version } from "./sheet.js";
import * as freshness from "./freshness.js";

function worker() {
  return "serviceWorker" in navigator ? navigator.serviceWorker.controller : null;
}

function here() { return location.pathname + location.search; }

// ---- The sheet, as data.
let keptVersion = version(); // the sheet the worker has for this page (its copy's, at first)

export function keepPage() {
  const w = worker();
  const current = version();
  if (!w || current === null || current === keptVersion || !config) return;
  const sheet = sheetOf(document);
  if (!sheet) return;
  sheet.at = freshness.at();
  w.postMessage({ type: "rebelote-sheet", url: here(), sheet: sheet });
  keptVersion = current;
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") keepPage();
});
window.addEventListener("pagehide", keepPage);
// A reload or a link asks the worker for the next page before this one is
// hidden: the sheet must reach it first (the worker answers a copy's ask
// once it has it).
window.addEventListener("beforeunload", keepPage);
// The network gone: the sheet goes to the worker at once, before the phone
// reloads the page without network. (poll.js calls keepPage on a failed poll.)
window.addEventListener("offline", keepPage);

// A copy: the sheet the worker keeps for this page, if newer than the
// copy's, swapped in before the banner says how old the page is.
function restore() {
  const w = worker();
  if (!isCopy() || !w || !window.MessageChannel || version() === null) return;
  const asked = new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), 2000); // a worker that never answers
    channel.port1.onmessage = (event) => { clearTimeout(timer); resolve(event.data); };
    w.postMessage({ type: "rebelote-sheet-get", url: here() }, [channel.port2]);
  }).then((sheet) => {
    if (sheet && sheet.version > version() && swapSheet(sheet, "copy")) {
      keptVersion = sheet.version;
      freshness.copied(Number(sheet.at) || 0);
    }
  });
  freshness.hold(asked);
}
restore();

// ---- The last hand's correction page, kept again whenever the sheet changes.
let keptHand = null;
export function keepLastHand() {
  const w = worker();
  if (isCopy() || !w || !config || navigator.onLine === false) return;
  let best = null;
  let highest = 0;
  document.querySelectorAll('#hands li[id^="hand-"]').forEach((row) => {
    const n = Number(row.id.slice(5));
    const link = Array.prototype.filter.call(row.querySelectorAll("a[href]"), (a) =>
      isHandPage(new URL(a.href).pathname))[0];
    if (link && n > highest) { highest = n; best = link; }
  });
  if (best && best.href !== keptHand) {
    w.postMessage({ type: "rebelote-keep", url: best.href });
    keptHand = best.href;
  }
}
onSheet(keepLastHand);
// (A hand saved from here swaps the sheet through htmx.)
document.addEventListener("htmx:afterSettle", keepLastHand);
window.addEventListener("online", keepLastHand);
keepLastHand();
