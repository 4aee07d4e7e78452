// The outbox: sends the entries kept on this phone (entries.js), from ANY
// open page of the site (base.html loads it everywhere), not only from
// their match's page: each match's entries in order, one at a time, each
// with its one-time key. It runs when a page loads, when the network comes
// back ("online"), when the worker's Background Sync wakes the pages
// (templates/pwa/sw.js, "sync"), when another tab kept something
// ("storage"), and after a failure, later and later (backoff.js).
// One tab sends at a time (the Web Locks API, where the browser has it; a
// second send of an entry would be harmless anyway: its key).
//
// A page that shows the sheet of an answered entry's match (queue.js) hears
// the answers (onAnswer) and swaps the sheet in; elsewhere nothing shows.

import { timings } from "./config.js";
import * as entries from "./entries.js";
import * as store from "./store.js";
import { post, parse, problemOf } from "./send.js";
import { retryDelay, sendTimeout } from "./backoff.js";

const LOCK = "rebelote-outbox";
let flushing = false;
let retryTimer = null;
let failures = 0; // sends failed in a row (no network, too slow, busy)
const listeners = [];

// ``listener(entry, status, doc)`` for each answer the outbox gets: the
// entry as sent, the answer's status and its HTML as a document.
export function onAnswer(listener) { listeners.push(listener); }

// Try again later: after a failure (the outbox's, or a page's own send
// that got no answer), later and later.
export function later() {
  if (!timings) return;
  clearTimeout(retryTimer);
  failures += 1;
  retryTimer = setTimeout(flush, retryDelay(failures, timings));
}

// Send one entry; true when the next may follow at once.
function sendOne() {
  const kept = store.update((list) => entries.expire(list, Date.now(), timings.kept_for));
  const head = entries.next(kept);
  if (!head || navigator.onLine === false) return Promise.resolve(false);
  const entry = entries.rebase(head, store.own());
  if (entry !== head) store.update((list) => entries.replace(list, entry));
  return post(entry, false, sendTimeout(failures, timings)).then((answer) => {
    const doc = parse(answer.html);
    if (answer.status >= 200 && answer.status < 300) {
      const board = doc.getElementById("scoreboard");
      store.setOwn(entries.remember(store.own(), entry));
      store.update((list) => entries.saved(list, entry.key, board ? board.dataset.version : ""));
      failures = 0;
    } else if (answer.status === 409 || answer.status === 422) {
      store.update((list) => entries.refused(list, entry.key, problemOf(doc)));
    } else {
      later(); // busy (503), too many (429), a proxy's error: later
      return false;
    }
    listeners.forEach((listener) => listener(entry, answer.status, doc));
    return true;
  }, () => {
    later(); // no network, or too slow: later
    return false;
  });
}

function drain() {
  flushing = true;
  const loop = () => sendOne().then((again) => (again ? loop() : null));
  return loop().finally(() => { flushing = false; });
}

// Send what waits, in order, until nothing can go now. (First, what waited
// too long expires: its row says so, offline too.)
export function flush() {
  if (flushing || !store.available || !timings) return Promise.resolve();
  const kept = store.update((list) => entries.expire(list, Date.now(), timings.kept_for));
  if (navigator.onLine === false || !entries.next(kept)) return Promise.resolve();
  if (navigator.locks && navigator.locks.request) {
    return navigator.locks.request(LOCK, { ifAvailable: true }, (lock) => (lock ? drain() : null));
  }
  return drain();
}

// Try again now (the user asked, or the network is back): no backoff.
export function wake() {
  failures = 0;
  clearTimeout(retryTimer);
  return flush();
}

// Ask the worker to wake the pages when the network is back (Background
// Sync, where the browser has it; elsewhere the "online" event and the next
// page load send).
export function registerSync() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.ready.then((registration) => {
    if (registration.sync) return registration.sync.register("rebelote-queue");
    return null;
  }).catch(() => { /* no Background Sync */ });
}

// A page loads: entries left "sending" by the page before it got no answer
// it saw (no other tab sends one now: the lock), so they wait.
function start() {
  if (!store.available || !timings) return;
  const orphans = () => store.update(entries.orphaned);
  if (navigator.locks && navigator.locks.request) {
    navigator.locks.request(LOCK, { ifAvailable: true }, (lock) => { if (lock) orphans(); })
      .catch(() => {}).then(flush);
  } else {
    orphans();
    flush();
  }
}

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data && event.data.type === "rebelote-queue") wake();
  });
}
window.addEventListener("online", wake);
store.onChange(() => { if (!flushing) flush(); });
start();
