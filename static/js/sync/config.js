// What the server tells the scripts (scoresheets/sync/pwa.py, sync_config, in the
// page's <meta name="rebelote-sync">): the ids of the sheet's parts, the
// route of a hand's correction page, the worker's caches and headers, the
// timings (ms), the URLs of the games' scorers (scoring/games.js). The worker's script is rendered with the same (and the
// routes of every page it keeps: templates/pwa/sw.js, CONFIG): one source,
// nothing copied here.

function read() {
  const meta = document.querySelector('meta[name="rebelote-sync"]');
  try {
    return meta ? JSON.parse(meta.content) : null;
  } catch (e) {
    return null;
  }
}

export const config = read();
export const timings = config ? config.timings : null;

// Whether ``path`` (a URL's pathname) is a hand's correction page.
export function isHandPage(path) {
  return Boolean(config) && new RegExp(config.hand_page).test(path);
}

// Whether this page is a copy the worker served without the network: the
// server writes "live" into <meta name="rebelote-copy">, the worker the
// time of its copy (ms).
export function copyTime() {
  const mark = document.querySelector('meta[name="rebelote-copy"]');
  return mark && mark.content !== "live" ? Number(mark.content) || 0 : null;
}
export function isCopy() { return copyTime() !== null; }

// Whether this page was loaded by Back or Forward. (A page restored from the
// back-forward cache does not run its scripts again: this is a page loaded
// anew.) The browser may then have shown the HTML its HTTP cache kept without
// asking the server (the match pages are "private, no-cache", which Back does
// not revalidate: docs/sync.md, "Back"), with the one-time key its form had
// then, which may have made a hand since.
export function isHistoryLoad() {
  const entries = window.performance && performance.getEntriesByType
    ? performance.getEntriesByType("navigation") : [];
  return entries.length > 0 && entries[0].type === "back_forward";
}
