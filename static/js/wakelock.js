// The screen kept awake while a match page is open (issue 20; the Screen Wake
// Lock API, whose W3C spec names score keeping as its use case): a phone on
// the table between two hands must not go dark and locked. The lock is asked
// for while the page is visible and its match not finished (the scoreboard's
// data-finished, which the live sheet keeps current: sync/sheet.js), again on
// the first tap or key if the browser refused it without a gesture, again
// when the page shows after being hidden (the browser drops it then); it is
// let go when the page is hidden and when the match ends (a correction that
// reopens it asks again). Browsers without the API (or a page the
// Permissions-Policy screen-wake-lock forbids) simply keep their own timeout.
import { finished, onSheet } from "./sync/sheet.js";

const api = navigator.wakeLock;
let sentinel = null; // the lock held
let asking = false;

function wanted() { return document.visibilityState === "visible" && !finished(); }

function acquire() {
  if (!api || sentinel || asking || !wanted()) return;
  asking = true;
  api.request("screen")
    .then((lock) => {
      sentinel = lock;
      lock.addEventListener("release", () => { if (sentinel === lock) sentinel = null; });
      if (!wanted()) release(); // hidden or finished while it came
    })
    .catch(() => { /* refused (no gesture yet, low battery): the next tap asks again */ })
    .then(() => { asking = false; });
}

function release() {
  const lock = sentinel;
  sentinel = null;
  if (lock) lock.release().catch(() => {});
}

function update() { if (wanted()) acquire(); else release(); }

if (api) {
  document.addEventListener("visibilitychange", update);
  ["pointerdown", "keydown"].forEach((type) => document.addEventListener(type, update, { passive: true }));
  onSheet(update);
  document.addEventListener("htmx:afterSettle", update); // this phone's own save may end the match
  update();
}
