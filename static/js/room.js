// The room's screen (templates/scoresheets/concours_room.html): on a wide
// landscape screen (the projector), one slide at a time, the next every
// SLIDE_MS: the ranking's pages, then the current partie's tables. On a
// phone, or without JavaScript, every slide is shown, one under the other.
// The live part is polled and swapped whole by htmx; the cycle keeps its
// place by the slides' keys (data-slide), set again right after a swap and
// before the page is painted (htmx:afterSwap), so nothing flashes.

const SLIDE_MS = 10000;
const wide = window.matchMedia("(min-width: 1200px) and (orientation: landscape)");
let shown = null; // the key of the slide on screen
let timer = null;

function slides() {
  return Array.from(document.querySelectorAll("[data-room] [data-slide]"));
}

function show(key) {
  const all = slides();
  if (!all.length) return;
  let index = all.findIndex((slide) => slide.dataset.slide === key);
  if (index < 0) index = 0;
  all.forEach((slide, i) => slide.classList.toggle("is-shown", i === index));
  shown = all[index].dataset.slide;
}

function next() {
  const all = slides();
  if (!all.length) return;
  const index = all.findIndex((slide) => slide.dataset.slide === shown);
  show(all[(index + 1) % all.length].dataset.slide);
}

function start() {
  const room = document.querySelector("[data-room]");
  if (!room) return;
  clearInterval(timer);
  room.classList.toggle("is-cycling", wide.matches);
  if (!wide.matches) return;
  show(shown);
  timer = setInterval(next, SLIDE_MS);
}

document.addEventListener("htmx:afterSwap", () => {
  if (wide.matches) show(shown);
});
wide.addEventListener("change", start);
start();
