// The hand form (#hand-form: the sheet's entry form, a correction page's
// form, the calculator's): what the scripts share about it. Its state lives
// here, not in data- attributes: hand.js marks it typed in, the poll
// (sync/sheet.js) moves an untouched form with the sheet, the queue empties
// it for the next hand.

const state = new WeakMap(); // form -> {dirty, pointsTeamChosen}

function of(form) {
  if (!state.has(form)) {
    // A form the server answered with what was typed (a refusal): typed in.
    state.set(form, { dirty: form.hasAttribute("data-dirty"), pointsTeamChosen: false });
  }
  return state.get(form);
}

// Typed in by the player: the poll must not quietly move it to another hand.
export function isDirty(form) { return of(form).dirty; }
export function markDirty(form) { of(form).dirty = true; }
// Someone chose the points' team: it no longer follows the taker.
export function pointsTeamChosen(form) { return of(form).pointsTeamChosen; }
export function choosePointsTeam(form) { of(form).pointsTeamChosen = true; }
// Emptied for the next hand: untouched again (its draft gone).
export function clean(form) {
  state.set(form, { dirty: false, pointsTeamChosen: false });
  dropDraft();
}

// ---- The hand being typed, kept across a reload -----------------------------
// A page reloaded while a new hand is typed in (a pull to refresh, the phone
// taking the tab back) gets it back: its visible fields, for this page and
// this hand's number, in sessionStorage (this tab only). Another hand number
// (another phone saved meanwhile) or an emptied form forgets it. Only the
// sheet's new hand (its form has a ``number``), never a correction.
const DRAFT = "rebelote-draft:";

function draftKey() { return DRAFT + location.pathname; }

function visibleFields(form) {
  const hidden = new Set(Array.from(form.querySelectorAll('input[type="hidden"]'), (i) => i.name));
  return snapshot(form).filter(([name]) => !hidden.has(name));
}

// Keep what is typed in ``form`` now.
export function saveDraft(form) {
  const number = input(form, "number");
  if (!number) return;
  try {
    sessionStorage.setItem(draftKey(), JSON.stringify({ number: number.value, fields: visibleFields(form) }));
  } catch (error) { /* no storage: nothing kept, as before */ }
}

// Put the kept draft back into ``form`` when it is of the same hand; true if it did.
export function restoreDraft(form) {
  const number = input(form, "number");
  if (!number || isDirty(form)) return false;
  let draft = null;
  try { draft = JSON.parse(sessionStorage.getItem(draftKey()) || "null"); } catch (error) { return false; }
  if (!draft || draft.number !== number.value || !Array.isArray(draft.fields)) return false;
  for (const [name, value] of draft.fields) {
    form.querySelectorAll('[name="' + CSS.escape(name) + '"]').forEach((field) => {
      if (field.type === "radio" || field.type === "checkbox") {
        if (field.value === value) field.checked = true;
      } else if (field.type !== "hidden" && field.type !== "submit" && field.type !== "button") {
        field.value = value;
      }
    });
  }
  markDirty(form);
  return true;
}

export function dropDraft() {
  try { sessionStorage.removeItem(draftKey()); } catch (error) { /* nothing kept */ }
}

// Sent (or kept to be sent): the hand is the queue's from then on (kept
// entries survive a reload), no draft any more; a refused one typed over is
// kept again. Registered here, before the queue's own listener can stop it.
if (typeof document !== "undefined") {
  document.addEventListener("submit", (event) => {
    if (event.target && event.target.id === "hand-form") dropDraft();
  }, true);
}

export function input(form, name) { return form.querySelector('input[name="' + name + '"]'); }

// The fields as the form would post them (with the button that sent it).
export function snapshot(form, submitter) {
  const data = new FormData(form);
  if (submitter && submitter.name) data.append(submitter.name, submitter.value);
  const fields = [];
  data.forEach((value, name) => { if (typeof value === "string") fields.push([name, value]); });
  return fields;
}

// A new one-time key (forms.OneTimeKeyForm's kind: 32 hex digits).
export function newKey() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.prototype.map.call(bytes, (b) => (b + 256).toString(16).slice(1)).join("");
}

// What a kept entry's row says of the hand: the taker (or "Tout le monde
// passe"), the points, and the preview's scores when the preview is of this
// very entry (not ``stale``). ``words``: the element whose data-takes and
// data-redeal say it (templates/scoresheets/_queue_words.html).
export function describe(form, submitter, words, stale) {
  let summary = "";
  if (submitter && submitter.name === "action" && submitter.value === "pass") {
    summary = words.dataset.redeal;
  } else {
    const taker = form.querySelector('input[name="taker"]:checked');
    const label = taker && form.querySelector('label[for="' + taker.id + '"]');
    const around = taker && taker.closest("label");
    const name = label ? label.textContent.trim() : (around ? around.textContent.trim() : "");
    const points = input(form, "points");
    summary = name ? words.dataset.takes.replace("{taker}", name) : "";
    if (points && !points.disabled && points.value) summary += " · " + points.value;
  }
  let scores = null;
  const preview = document.getElementById("preview");
  const b = preview && !stale ? preview.querySelectorAll(".outcome-scores b") : [];
  // One score per side: two teams, or each player of a game of three or two.
  if (b.length >= 2 && b.length <= 3) {
    scores = {};
    Array.prototype.forEach.call(b, (el, i) => { scores["abc"[i]] = el.textContent.trim(); });
  }
  return { summary: summary, scores: scores };
}
