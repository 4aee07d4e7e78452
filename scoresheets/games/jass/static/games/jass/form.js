import { onSheet } from "../../js/sync/sheet.js";

// The jass hand form (games/jass/_fields.html): the Weis chips ("+20" ...
// "+200" add to their team's field, "✕" empties it), no Stöck at Obenabe or
// Undenufe (their chips hidden, set back to nobody), no points with a Match
// (the field and its team off, so not sent), and the Weis helper: each
// team's best declaration compared as JASS, *Weis* (points; under
// equal_weis "four_first" a four first; cards; height), the winner's field
// given at least that Weis, the other's emptied. The form hears an input
// after each change the script makes (the preview and the draft follow).
// Who announces, preselected by the server (Vorhand, the dealer's next),
// follows the form's hand number when the phone moves an untouched form on.
// Delegated from `document`: a form swapped in by htmx works too.

const SEQUENCE_POINTS = { 3: 20, 4: 50, 5: 100, 6: 150, 7: 200, 8: 250, 9: 300 };
const CAPPED_POINTS = 100; // sequence_values "capped": 6 to 9 cards
const FOUR_POINTS = { J: 200, 9: 150 }; // any other four: 100
const RANKS = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"];

function form() { return document.getElementById("hand-form"); }
function checked(f, name) {
  const input = f.querySelector(`input[name="${name}"]:checked`);
  return input ? input.value : "";
}
function heard(field) { field.dispatchEvent(new Event("input", { bubbles: true })); }

// Stöck need a trump; points are the Match's.
function update(f) {
  const modes = f.querySelector("[data-no-trump]");
  const stoeck = f.querySelector("[data-stoeck]");
  if (modes && stoeck) {
    const noTrump = modes.dataset.noTrump.split(" ").includes(checked(f, "mode"));
    stoeck.hidden = noTrump;
    const nobody = stoeck.querySelector('input[name="stoeck"][value=""]');
    if (noTrump && nobody && !nobody.checked) nobody.checked = true;
  }
  const match = checked(f, "match") !== "";
  const points = f.querySelector('input[name="points"]');
  if (points) points.disabled = match;
  f.querySelectorAll('input[name="points_team"]').forEach((radio) => { radio.disabled = match; });
  const other = f.querySelector("[data-other-points]");
  if (other && match) other.hidden = true; // hand.js says the other team's points otherwise
}

// Who announces: the server preselects Vorhand (JASS, top: the dealer's
// next names the mode or pushes it) for the hand it rendered the form for.
// The phone moves an untouched form on to later hands by itself (a sheet
// from another phone, a hand kept offline, then f.reset()), and the
// preselection with it: the deal passes one seat a hand from the match's
// first dealer (data-first-dealer; Match.dealer_seat). A player tapped
// stays; no event is sent (nothing was typed).
function followDeal(f) {
  const takers = f.querySelector("[data-first-dealer]");
  const number = Number((f.querySelector('input[name="number"]') || {}).value);
  if (!takers || !number) return;
  const radios = [...takers.querySelectorAll('input[name="taker"]')];
  const chosen = radios.find((radio) => radio.checked);
  if (!radios.length || (chosen && !chosen.defaultChecked)) return;
  const seats = radios.length;
  const dealer = ((Number(takers.dataset.firstDealer) - 1 + number - 1) % seats) + 1;
  const vorhand = String((dealer % seats) + 1);
  radios.forEach((radio) => {
    radio.defaultChecked = radio.value === vorhand;
    radio.checked = radio.defaultChecked;
  });
}

// A team's best declaration in the helper: {value, standing} or null
// (nothing chosen), or "below" for a sequence reaching below the 6.
function best(row, rules) {
  const kind = row.querySelector("[data-best-kind]").value;
  const top = row.querySelector("[data-best-top]").value;
  if (!kind) return null;
  const height = RANKS.indexOf(top);
  if (kind === "four") {
    const value = FOUR_POINTS[top] || 100;
    return { value, standing: [value, rules.equalWeis === "four_first" ? 1 : 0, 4, height] };
  }
  const cards = Number(kind);
  if (height + 1 < cards) return "below";
  const value = cards >= 6 && rules.sequenceValues === "capped" ? CAPPED_POINTS : SEQUENCE_POINTS[cards];
  return { value, standing: [value, 0, cards, height] };
}

function compare(a, b) {
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return a[i] > b[i] ? 1 : -1;
  return 0;
}

function say(out, text) {
  out.textContent = text;
  out.hidden = !text;
}

// The helper's answer: which team's best Weis wins, its field filled.
function helped(f, helper) {
  const rules = { sequenceValues: helper.dataset.sequenceValues, equalWeis: helper.dataset.equalWeis };
  const rows = [...helper.querySelectorAll("[data-best-team]")];
  const bests = rows.map((row) => best(row, rules));
  const out = helper.querySelector("[data-weis-result]");
  if (bests.includes("below")) return say(out, helper.dataset.saysBelow);
  if (bests.every((b) => b === null)) return say(out, "");
  let winner;
  if (bests[0] === null) winner = 1;
  else if (bests[1] === null) winner = 0;
  else {
    const order = compare(bests[0].standing, bests[1].standing);
    if (order === 0) return say(out, helper.dataset.saysTie);
    winner = order > 0 ? 0 : 1;
  }
  const row = rows[winner];
  const value = bests[winner].value;
  rows.forEach((each, i) => {
    const field = f.querySelector(`input[name="weis_${each.dataset.bestTeam.toLowerCase()}"]`);
    if (!field) return;
    const now = Number(field.value) || 0;
    const wanted = i === winner ? String(Math.max(now, value)) : "";
    if (field.value !== wanted) {
      field.value = wanted;
      heard(field);
    }
  });
  const details = helper.closest("details");
  if (details) details.open = true;
  say(out, helper.dataset.saysWinner.replace("{team}", row.dataset.bestName).replace("{points}", value));
  return undefined;
}

document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-weis-add]");
  const f = form();
  if (!button || !f || !f.contains(button)) return;
  const field = document.getElementById(button.dataset.weisField);
  if (!field) return;
  const add = Number(button.dataset.weisAdd);
  field.value = add ? String((Number(field.value) || 0) + add) : "";
  heard(field);
});

document.addEventListener("change", (event) => {
  const f = form();
  if (!f || !f.contains(event.target)) return;
  const helper = event.target.closest("[data-weis-helper]");
  if (helper) helped(f, helper);
  followDeal(f);
  update(f);
});

function init() {
  const f = form();
  if (!f) return;
  followDeal(f);
  update(f);
}
document.addEventListener("DOMContentLoaded", init);
document.addEventListener("htmx:afterSettle", init);
onSheet(init); // an untouched form follows the sheet's next hand (sync/sheet.js)
init(); // a module runs after the page is parsed: the form is there
