// Live scoresheet: push first, the poll as resync and fallback (issue 21,
// docs/sync.md, "Push"). While the tab is visible the page holds one event
// stream (EventSource, data-events-url): the server sends the match's version
// at once, again each time a hand is saved anywhere, and as a heartbeat; a
// newer version than the page shows fetches the sheet by one poll. Until the
// stream's first event, after a lost stream (no heartbeat for stream_silence,
// an error, a proxy that refuses or holds it back), and on a phone without
// EventSource, the page polls every poll_visible (2 s) as before: the stream
// is tried again after a jittered backoff (sync/backoff.js, streamDelay). A
// hidden tab holds no stream and sends nothing; shown again (visibilitychange,
// or a page restored from the back-forward cache: pageshow) it polls at once
// and opens its stream. An unchanged poll answers 204 with no body; a changed
// one answers with the sheet (#scoreboard and #hands), swapped in by
// sync/sheet.js, as the queue's answers and a copy's kept sheet are. The hand
// form is outside the swapped parts: a poll never touches what is typed.
// A bad network (issue 12): a poll gives up after poll_timeout; while polls
// fail, the next waits twice as long each time (sync/backoff.js), and the
// banner says how old the sheet is (sync/freshness.js). A save never waits
// behind a poll: sending one aborts the poll in flight. The network coming
// back polls at once. The timings are the server's (scoresheets/sync/pwa.py).

import { timings } from "./sync/config.js";
import { board, sheetOfHtml, swapSheet, version } from "./sync/sheet.js";
import { pollDelay, streamDelay } from "./sync/backoff.js";
import * as freshness from "./sync/freshness.js";
import { keepPage } from "./sync/keep.js";

let timer = null;
let inFlight = false;
let controller = null; // the poll in flight's, to abort it
let yielded = null; // the controller aborted for a save (not a failure)
let failures = 0; // polls failed in a row
let again = false; // a newer version was told while a poll was in flight

let source = null; // the event stream, while the page holds one
let streaming = false; // it delivered an event: the polls stop
let streamFailures = 0; // streams lost in a row
let streamTimer = null; // opens the stream again
let silence = null; // takes the stream as lost when it goes quiet
let told = 0; // the newest version the stream told
let behindSince = null; // since when the page shows less than was told

// This page's saves in flight: htmx requests that answer with the sheet
// (any but a GET and the preview), each counted from the moment it is
// really sent (htmx:beforeSend: a request cancelled before, as scores.js
// cancels the preview without network, is never counted) until its XHR
// ends, whatever the ending: answered, failed, aborted, timed out (loadend
// fires once for each, on an element still in the page or not). Issue 27:
// the preview was counted at beforeRequest and counted down at afterRequest,
// which a cancelled request never fires: the phone stopped following.
const saves = new Map(); // XHR -> when it was sent (ms)

// Whether a save of this page is in flight. One older than a save's
// timeout and a poll's is forgotten: a request the browser never ends (no
// timeout set) blocks nothing for good.
function savesInFlight() {
  const limit = timings ? timings.save_timeout + timings.poll_timeout : 20000;
  const now = Date.now();
  saves.forEach((sent, xhr) => { if (now - sent > limit) saves.delete(xhr); });
  return saves.size > 0;
}

// Fetch the sheet if the stream told a newer version than the page shows;
// not while this page's own save is in flight: its answer brings that sheet
// (and a poll's would count as another phone's change: the undo bar).
function catchUp() {
  if (!isBehind() || savesInFlight()) return;
  poll();
}

// Whether the page shows less than the stream told (and since when).
function isBehind() {
  const shown = version();
  const behind = shown !== null && told > shown;
  if (!behind) behindSince = null;
  else if (behindSince === null) behindSince = Date.now();
  return behind;
}

function visible() { return document.visibilityState === "visible"; }

// The next poll: only while visible and without a live stream.
function schedule() {
  clearTimeout(timer);
  if (!board() || !timings || !visible() || streaming) return;
  timer = setTimeout(poll, pollDelay(failures, timings));
}

function poll() {
  const b = board();
  if (!b || !timings || !visible()) return;
  if (inFlight) { again = true; return; }
  clearTimeout(timer);
  inFlight = true;
  again = false;
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
      if (again) poll();
      else schedule();
    });
}

// ---- The event stream.

function openStream() {
  clearTimeout(streamTimer);
  const b = board();
  if (source || !b || !b.dataset.eventsUrl || !window.EventSource || !timings || !visible()) return;
  const stream = source = new EventSource(b.dataset.eventsUrl);
  quiet(stream);
  stream.onmessage = (event) => {
    if (source !== stream) return;
    quiet(stream);
    if (!streaming) {
      streaming = true;
      streamFailures = 0;
      clearTimeout(timer); // the stream tells from now on
    }
    told = Math.max(told, Number(event.data));
    // The server answers; the page is current only if it shows what was told.
    if (!isBehind()) freshness.fresh();
    catchUp();
  };
  stream.onerror = () => {
    if (source !== stream) return;
    lost();
  };
}

// (Re)arm the silence timer: no event for stream_silence, the stream is lost.
function quiet(stream) {
  clearTimeout(silence);
  silence = setTimeout(() => { if (source === stream) lost(); }, timings.stream_silence);
}

function closeStream() {
  clearTimeout(silence);
  clearTimeout(streamTimer);
  if (source) source.close();
  source = null;
  streaming = false;
}

// The stream failed, ended or went quiet: poll (at once, then as usual) and
// try the stream again later; the browser's own reconnection is not used.
function lost() {
  closeStream();
  streamFailures += 1;
  poll();
  schedule();
  streamTimer = setTimeout(openStream, streamDelay(streamFailures, timings, Math.random()));
}

// Shown again: resync at once, then the stream.
function shown() {
  poll();
  openStream();
}

// Hidden or left: nothing held, nothing sent (a poll in flight is dropped,
// not counted as a failure: a page left with a request under way may be
// kept out of the back-forward cache).
function hidden() {
  closeStream();
  clearTimeout(timer);
  if (!controller) return;
  yielded = controller;
  controller.abort();
}

document.addEventListener("visibilitychange", () => {
  if (visible()) shown();
  else hidden();
});
window.addEventListener("pagehide", hidden);
window.addEventListener("pageshow", (event) => {
  if (event.persisted && visible()) shown();
});
window.addEventListener("online", () => {
  failures = 0;
  if (!visible()) return;
  poll();
  if (!source) openStream();
});
// Whether an htmx request is a save: anything but a GET, the preview apart
// (it brings no sheet).
function isSave(event) {
  const detail = event.detail || {};
  const verb = detail.requestConfig && detail.requestConfig.verb;
  const elt = detail.elt;
  return Boolean(verb && verb !== "get" && !(elt && elt.id === "preview"));
}
// A save goes first: the poll in flight is dropped, not counted as a
// failure, and the next one is scheduled as usual. It counts until its XHR
// ends; then the sheet it brought is current, and a version the stream told
// meanwhile that it does not bring is fetched.
document.addEventListener("htmx:beforeSend", (event) => {
  const xhr = event.detail && event.detail.xhr;
  if (!xhr || !isSave(event)) return;
  saves.set(xhr, Date.now());
  xhr.addEventListener("loadend", () => {
    saves.delete(xhr);
    if (xhr.status >= 200 && xhr.status < 300 && board()) freshness.fresh();
    // (After htmx swapped the answer in: the version it shows is known.)
    setTimeout(catchUp, 0);
  });
  if (!controller) return;
  yielded = controller;
  controller.abort();
});
// Once this phone's hand (a redeal, an undo) is saved, the new totals come
// on screen, the next entry's first taps under them (review: the phone
// stayed scrolled down its form, the totals out of sight).
// The scroll waits for the save's own answer: another request's settling
// meanwhile (a preview answered) scrolled before the undo bar came, and the
// bar then covered the totals (stop 43).
let saving = null; // the request of this phone's save under way
document.addEventListener("htmx:beforeRequest", (event) => {
  const elt = event.detail && event.detail.elt;
  if (elt && (elt.id === "hand-form" || (elt.closest && elt.closest(".undo-form")))) saving = event.detail.xhr;
});
document.addEventListener("htmx:afterSettle", (event) => {
  const xhr = event.detail && event.detail.xhr;
  if (!saving || xhr !== saving) return;
  saving = null;
  const b = board();
  if (!b || xhr.status < 200 || xhr.status >= 300) return;
  const reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  b.scrollIntoView({ block: "start", behavior: reduce ? "auto" : "smooth" });
});
// The watch (issue 27): whatever was missed (a told version whose fetch was
// held back or lost), a visible page that shows less than the stream told
// fetches it by itself, and once that has lasted the "behind" timing, the
// banner says how old the sheet is (a poll that answers hides it).
function watch() {
  if (!visible() || !timings || !isBehind()) return;
  catchUp();
  if (Date.now() - behindSince >= timings.behind) freshness.failed();
}
if (timings) setInterval(watch, timings.poll_visible);
schedule();
openStream();
