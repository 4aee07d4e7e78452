// Live scoresheet: ask the server every poll_visible ms (2 s) while the tab
// is visible, whether the match changed (every poll_hidden, 30 s, when hidden;
// at once when it shows again). A finished match is polled the same way
// while visible (a correction from another phone can reopen it, and must
// reach every phone as fast as before the end), not at all while hidden. An
// unchanged match answers 204 with no body; a changed one answers with the
// sheet (#scoreboard and #hands), swapped in by sync/sheet.js, as the
// queue's answers and a copy's kept sheet are. The hand form is outside the
// swapped parts: a poll never touches what is typed.
// A bad network (issue 12): a poll gives up after poll_timeout; while polls
// fail, the next waits twice as long each time (sync/backoff.js), and the
// banner says how old the sheet is (sync/freshness.js). A save never waits
// behind a poll: sending one aborts the poll in flight. The network coming
// back polls at once. The timings are the server's (scoresheets/pwa.py).

import { timings } from "./sync/config.js";
import { board, finished, sheetOfHtml, swapSheet } from "./sync/sheet.js";
import { pollDelay } from "./sync/backoff.js";
import * as freshness from "./sync/freshness.js";
import { keepPage } from "./sync/keep.js";

let timer = null;
let inFlight = false;
let controller = null; // the poll in flight's, to abort it
let yielded = null; // the controller aborted for a save (not a failure)
let failures = 0; // polls failed in a row

function schedule() {
  clearTimeout(timer);
  const visible = document.visibilityState === "visible";
  if (!board() || !timings || (finished() && !visible)) return;
  timer = setTimeout(poll, pollDelay(failures, visible, timings));
}

function poll() {
  const b = board();
  if (!b || inFlight || !timings) return schedule();
  inFlight = true;
  const url = b.dataset.pollUrl + "?v=" + encodeURIComponent(b.dataset.version);
  const mine = controller = window.AbortController ? new AbortController() : null;
  const timeout = setTimeout(() => { if (mine) mine.abort(); }, timings.poll_timeout);
  fetch(url, {
    headers: { "HX-Request": "true" },
    credentials: "same-origin",
    cache: "no-store",
    signal: mine ? mine.signal : undefined,
  })
    .then((response) => {
      // 204: unchanged; 200: the new sheet; anything else (a busy server): behind.
      if (response.status !== 200 && response.status !== 204) throw new Error(response.status);
      return response.status === 200 ? response.text() : null;
    })
    .then((html) => {
      if (html) swapSheet(sheetOfHtml(html), "poll");
      failures = 0;
      freshness.fresh();
    })
    .catch(() => {
      // Offline for a moment, too slow, or set aside for a save: try again later.
      if (mine && mine === yielded) return;
      failures += 1;
      freshness.failed();
      keepPage(); // the network may be gone: the worker keeps this sheet now
    })
    .then(() => {
      clearTimeout(timeout);
      if (controller === mine) controller = null;
      inFlight = false;
      schedule();
    });
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") poll();
  else schedule();
});
window.addEventListener("online", () => {
  failures = 0;
  poll();
});
// A save (htmx sends anything but GET) goes first: the poll in flight is
// dropped, not counted as a failure, and the next one is scheduled as usual.
document.addEventListener("htmx:beforeRequest", (event) => {
  const verb = event.detail && event.detail.requestConfig && event.detail.requestConfig.verb;
  if (!verb || verb === "get" || !controller) return;
  yielded = controller;
  controller.abort();
});
// A save answered: the sheet it brings back is current.
document.addEventListener("htmx:afterRequest", (event) => {
  const xhr = event.detail && event.detail.xhr;
  const verb = event.detail && event.detail.requestConfig && event.detail.requestConfig.verb;
  if (verb && verb !== "get" && xhr && xhr.status >= 200 && xhr.status < 300 && board()) freshness.fresh();
});
// Once this phone's hand (a redeal, an undo) is saved, the new totals come
// on screen, the next entry's first taps under them (review: the phone
// stayed scrolled down its form, the totals out of sight).
let saving = false;
document.addEventListener("htmx:beforeRequest", (event) => {
  const elt = event.detail && event.detail.elt;
  saving = Boolean(elt && (elt.id === "hand-form" || (elt.closest && elt.closest(".undo-form"))));
});
document.addEventListener("htmx:afterSettle", (event) => {
  const xhr = event.detail && event.detail.xhr;
  if (!saving || !xhr) return;
  saving = false;
  const b = board();
  if (!b || xhr.status < 200 || xhr.status >= 300) return;
  const reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  b.scrollIntoView({ block: "start", behavior: reduce ? "auto" : "smooth" });
});
schedule();
