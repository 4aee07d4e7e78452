// The hand form of belote for three or for two (games/belote3/_fields.html):
// when every card is played, the last player's trick points are shown as
// 162 minus the others' once the others are typed (the engine derives them
// the same way: BELOTE_3_2, *Hand*, ``points``); a capot has no points (the
// fields are off, so not sent); the announcements go to the taker unless
// another player is chosen (hand.js ticks the taker's chip). Scores are
// never computed here: the preview is the engine's.
// Delegated from `document`: a form swapped in by htmx works too.

function form() { return document.getElementById("hand-form"); }
function checked(f, name) {
  const input = f.querySelector(`input[name="${name}"]:checked`);
  return input ? input.value : "";
}

function update(f) {
  const block = f.querySelector("[data-players-points]");
  if (!block) return; // not this family's form
  const capot = checked(f, "capot") !== "";
  const typed = Array.from(block.querySelectorAll("input[data-player-points]"));
  typed.forEach((input) => { input.disabled = capot; });
  const out = block.querySelector("[data-derived-points]");
  if (!out) return;
  const total = Number(block.dataset.trickPointsTotal);
  const values = typed.map((input) => input.value.trim());
  const numbers = values.map(Number);
  const complete = values.every((v) => /^\d+$/.test(v));
  const rest = total - numbers.reduce((sum, n) => sum + n, 0);
  out.textContent = capot || !complete || rest < 0 ? "" : String(rest);
}

document.addEventListener("input", (event) => {
  const f = form();
  if (f && f.contains(event.target)) update(f);
});
document.addEventListener("change", (event) => {
  const f = form();
  if (f && f.contains(event.target)) update(f);
});

function init() { const f = form(); if (f) update(f); }
document.addEventListener("DOMContentLoaded", init);
document.addEventListener("htmx:afterSettle", init);
init(); // a module runs after the page is parsed: the form is there
