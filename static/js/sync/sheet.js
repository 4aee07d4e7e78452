// The live sheet: its parts (config.parts, the server's sync.sheet.SHEET_PARTS:
// #scoreboard and #hands) and the one "swap the sheet in if it is newer"
// that every way a sheet comes uses: a poll's answer (poll.js), a saved
// entry's answer (queue.js), the sheet the worker kept for a copy (keep.js).
//
// A sheet, as data: {version (the match's version, the scoreboard's
// data-version), parts: {id: the part's HTML, as the server rendered it},
// fields: the entry form's hidden fields that follow the sheet ({number:
// the next hand's number, match_version})}.

import { config } from "./config.js";
import { isDirty, input } from "../form.js";

export function board() { return document.getElementById("scoreboard"); }
export function finished() { const b = board(); return !b || b.dataset.finished === "true"; }
export function version() { const b = board(); return b ? Number(b.dataset.version) : null; }

// The sheet in ``root`` (a document, or a fragment of the server's answer),
// or null when it holds no scoreboard.
export function sheetOf(root) {
  const scoreboard = root.getElementById ? root.getElementById("scoreboard") : root.querySelector("#scoreboard");
  if (!scoreboard || !config) return null;
  const parts = {};
  config.parts.forEach((id) => {
    const part = root.getElementById ? root.getElementById(id) : root.querySelector("#" + id);
    if (part) parts[id] = part.outerHTML;
  });
  return {
    version: Number(scoreboard.dataset.version),
    parts: parts,
    fields: { number: scoreboard.dataset.nextNumber || "", match_version: scoreboard.dataset.version },
  };
}

// The sheet of the server's answer ``html`` (a poll's: its parts alone).
export function sheetOfHtml(html) {
  const template = document.createElement("template");
  template.innerHTML = html;
  return sheetOf(template.content);
}

const listeners = [];
// ``listener(sheet, origin)`` after each sheet swapped in; origin: "poll"
// (another phone's change), "save" (this phone's entry), "copy" (a kept sheet).
export function onSheet(listener) { listeners.push(listener); }

// Swap ``sheet`` in, unless the page shows a newer one (a slow answer must
// not undo a sheet saved from this phone meanwhile). The hands the reader
// opened stay open; an untouched entry form follows the sheet; a victory
// comes on screen. True when swapped.
export function swapSheet(sheet, origin) {
  const current = version();
  if (!sheet || (current !== null && sheet.version < current)) return false;
  // A poll that left before this phone's own write and came back after it
  // brings the sheet already shown: nothing changed, and it is no other
  // phone's change (which takes an undo offer that moves hands away).
  if (origin === "poll" && current !== null && sheet.version === current) return false;
  const open = Array.prototype.map.call(
    document.querySelectorAll("#hands details[open]"), (d) => d.closest("[id]").id);
  Object.keys(sheet.parts).forEach((id) => {
    const old = document.getElementById(id);
    if (!old || config.parts.indexOf(id) < 0) return;
    const template = document.createElement("template");
    template.innerHTML = sheet.parts[id];
    const fresh = template.content.firstElementChild;
    if (!fresh || fresh.id !== id) return;
    fresh.removeAttribute("data-hx-swap-oob");
    old.replaceWith(fresh);
    if (window.htmx) window.htmx.process(fresh);
  });
  open.forEach((id) => {
    const details = document.querySelector("#" + CSS.escape(id) + " details");
    if (details) details.open = true;
  });
  followFields(sheet.fields);
  showVictory();
  listeners.forEach((listener) => listener(sheet, origin));
  return true;
}

// What an untouched entry form takes from a sheet: its fields, unless a
// page says otherwise (queue.js: after the hands kept on this phone).
let adjust = (fields) => fields;
export function adjustFields(how) { adjust = how; }

// The entry form says which hand it will create and the sheet (version) it
// saw. Untouched, it follows the sheet; once the player typed something, it
// keeps both (the server then tells what changed meanwhile) and a note says
// a hand just arrived when the next number moved.
function followFields(sheetFields) {
  const fields = sheetFields && adjust(sheetFields);
  const form = document.getElementById("hand-form");
  const number = form && input(form, "number");
  const seen = form && input(form, "match_version");
  if (!number || !fields || !fields.number) return;
  const moved = number.value !== fields.number;
  const changed = seen && seen.value !== fields.match_version;
  if (!moved && !changed) return;
  if (!isDirty(form)) {
    number.value = fields.number;
    if (seen) seen.value = fields.match_version;
  } else if (moved) {
    const note = form.querySelector("[data-stale-note]");
    if (note) note.hidden = false;
  }
}

// The match just ended on this page's sheet: bring the banner on screen,
// wherever the phone was scrolled (the one that typed the winning hand is
// down at its form).
let wasFinished = finished();
function showVictory() {
  const b = board();
  if (!b) return;
  const now = finished();
  if (wasFinished === false && now) {
    const reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    b.scrollIntoView({ block: "start", behavior: reduce ? "auto" : "smooth" });
  }
  wasFinished = now;
}
// This phone's own saves through htmx swap the sheet out of band.
document.addEventListener("htmx:afterSettle", showVictory);
