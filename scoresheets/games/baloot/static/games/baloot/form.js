// The baloot hand form (games/baloot/_fields.html): the contract says what
// the form asks. A Sun has 130 card points (the other team's points, which
// hand.js shows, are 130 minus those typed), no baloot, a four hundred and
// an ashkal, and is only doubled; a Hokm has 162, a baloot, neither a four
// hundred nor an ashkal, and every doubling. What a contract does not have is
// hidden and set back to nothing. A kaboot has no points (the field is off,
// so not sent). The projects' "+1" add one to their count (4 at most),
// "Effacer les projets" empties them. The form hears an input after each
// change the script makes (the preview and the draft follow).
// Delegated from `document`: a form swapped in by htmx works too.

const SUN_ONLY_DOUBLINGS = ["", "double"];
const PROJECTS_MAX = 4;

function form() { return document.getElementById("hand-form"); }
function checked(f, name) {
  const input = f.querySelector(`input[name="${name}"]:checked`);
  return input ? input.value : "";
}
function heard(field) { field.dispatchEvent(new Event("input", { bubbles: true })); }
function nobody(f, name) {
  const none = f.querySelector(`input[name="${name}"][value=""]`);
  if (none && !none.checked && checked(f, name) !== "") none.checked = true;
}

function update(f) {
  if (!f.querySelector('input[name="contract"]')) return; // not baloot's form
  const contract = checked(f, "contract");
  const sun = contract === "sun";
  const hokm = contract === "hokm";
  // The other team's points: 130 or 162 minus those typed (hand.js reads the total).
  const other = f.querySelector("[data-other-points]");
  const points = f.querySelector('input[name="points"]');
  if (other) {
    const total = sun ? other.dataset.sunPoints : other.dataset.hokmPoints;
    if (other.dataset.trickPointsTotal !== total) {
      other.dataset.trickPointsTotal = total;
      if (points) points.max = total;
      if (points) heard(points);
    }
  }
  f.querySelectorAll("[data-hokm-only]").forEach((el) => { el.hidden = sun; });
  f.querySelectorAll("[data-sun-only]").forEach((el) => { el.hidden = hokm; });
  if (sun) nobody(f, "baloot");
  if (hokm) {
    const ashkal = f.querySelector('input[name="ashkal"]');
    if (ashkal && ashkal.checked) ashkal.checked = false;
    const fourHundred = f.querySelector('input[name="four_hundred"]');
    if (fourHundred && fourHundred.value) {
      fourHundred.value = "";
      heard(fourHundred);
    }
  }
  f.querySelectorAll('input[name="doubling"]').forEach((radio) => {
    const chip = radio.closest("label");
    const off = sun && !SUN_ONLY_DOUBLINGS.includes(radio.value);
    if (chip) chip.hidden = off;
    if (off && radio.checked) nobody(f, "doubling");
  });
  // A kaboot has every trick: no points.
  const kaboot = checked(f, "kaboot") !== "";
  if (points) points.disabled = kaboot;
  f.querySelectorAll('input[name="points_team"]').forEach((radio) => { radio.disabled = kaboot; });
  if (other && kaboot) other.hidden = true;
}

document.addEventListener("click", (event) => {
  const f = form();
  if (!f) return;
  const add = event.target.closest("[data-project-add]");
  if (add && f.contains(add)) {
    const field = document.getElementById(add.dataset.projectAdd);
    if (!field) return;
    field.value = String(Math.min(PROJECTS_MAX, (Number(field.value) || 0) + 1));
    heard(field);
    return;
  }
  const clear = event.target.closest("[data-projects-clear]");
  if (clear && f.contains(clear)) {
    f.querySelectorAll(".baloot-project input").forEach((field) => {
      if (field.value) {
        field.value = "";
        heard(field);
      }
    });
  }
});

document.addEventListener("change", (event) => {
  const f = form();
  if (f && f.contains(event.target)) update(f);
});

function init() { const f = form(); if (f) update(f); }
document.addEventListener("DOMContentLoaded", init);
document.addEventListener("htmx:afterSettle", init);
init(); // a module runs after the page is parsed: the form is there
