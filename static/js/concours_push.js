// Push for a concours' projector and organiser's page (issue 27, point 2;
// scoresheets/concours/events.py). The page's live part is polled every few
// seconds by htmx; its event stream says the moment something changed (a
// hand at one of its tables, a draw, a penalty), and the live part is then
// fetched at once (an htmx "refresh" on it). The poll stays: it is what
// runs while the stream is down, refused (429) or off (204, which ends an
// EventSource for good).
//
// <div data-concours-events="URL" data-refresh="#room-live"
//      [data-version="the fingerprint the page shows"] [data-wide-only]>
// data-wide-only: only on a wide landscape screen (the projector), so that
// the phones of a hall following the room keep to their poll and a hand
// wakes a handful of streams, not hundreds.

const holder = document.querySelector("[data-concours-events]");
const wide = window.matchMedia("(min-width: 1200px) and (orientation: landscape)");
let source = null;
let last = holder ? holder.dataset.version || null : null;

function refresh() {
  const target = document.querySelector(holder.dataset.refresh);
  if (target && window.htmx) window.htmx.trigger(target, "refresh");
}

function open() {
  if (source || document.hidden) return;
  if (holder.hasAttribute("data-wide-only") && !wide.matches) return;
  source = new EventSource(holder.dataset.concoursEvents);
  source.addEventListener("message", (event) => {
    if (last !== null && event.data !== last) refresh();
    last = event.data;
  });
}

function close() {
  if (source) source.close();
  source = null;
}

if (holder) {
  open();
  document.addEventListener("visibilitychange", () => (document.hidden ? close() : open()));
  window.addEventListener("pagehide", close);
  window.addEventListener("pageshow", open);
  wide.addEventListener("change", () => {
    close();
    open();
  });
}
