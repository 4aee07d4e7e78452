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

function target() {
  return document.querySelector(holder.dataset.refresh);
}

// The version the live part shows, when its poll says it (?v=...): the
// room's. A refresh may be answered "nothing new" while the room's shared
// rendering waits its turn (ROOM_REFRESH, a second or so): then it is
// asked again shortly, not at the next poll, five seconds away.
function behind() {
  const url = target()?.getAttribute("data-hx-get") || "";
  const shown = url.match(/[?&]v=([^&]*)/);
  return shown !== null && last !== null && decodeURIComponent(shown[1]) !== last;
}

let retries = 0;
let retry = null;

// How many changes the stream has told, and how many it had told when the
// request whose answer the live part shows left. A refresh asked while
// another request of the part is under way is queued by htmx on that
// element, and dropped when that request's answer replaces the element
// (outerHTML); one asked between that swap and htmx's processing of the new
// element (its settle) reaches no listener. Either way the part would show
// what was read before the change until the next poll, five seconds away:
// so once the new part is processed, an answer older than the last change
// asks again.
let told = 0;
let shownAt = 0;

function isPart(element) {
  return element instanceof Element && element.matches(holder.dataset.refresh);
}

function refresh() {
  const part = target();
  if (part && window.htmx) window.htmx.trigger(part, "refresh");
  clearTimeout(retry);
  retry = setTimeout(() => {
    if (behind() && retries < 5) {
      retries += 1;
      refresh();
    } else {
      retries = 0;
    }
  }, 1000);
}

function open() {
  if (source || document.hidden) return;
  if (holder.hasAttribute("data-wide-only") && !wide.matches) return;
  source = new EventSource(holder.dataset.concoursEvents);
  source.addEventListener("message", (event) => {
    if (last !== null && event.data !== last) {
      told += 1;
      refresh();
    }
    last = event.data;
  });
}

function close() {
  if (source) source.close();
  source = null;
}

if (holder) {
  document.addEventListener("htmx:beforeRequest", (event) => {
    if (isPart(event.detail.elt)) event.detail.xhr.rebeloteTold = told;
  });
  document.addEventListener("htmx:beforeSwap", (event) => {
    const leftAt = event.detail.xhr?.rebeloteTold;
    if (leftAt !== undefined && event.detail.shouldSwap) shownAt = leftAt;
  });
  document.addEventListener("htmx:load", (event) => {
    if (isPart(event.detail.elt) && shownAt < told) refresh();
  });
  open();
  document.addEventListener("visibilitychange", () => (document.hidden ? close() : open()));
  window.addEventListener("pagehide", close);
  window.addEventListener("pageshow", open);
  wide.addEventListener("change", () => {
    close();
    open();
  });
}
