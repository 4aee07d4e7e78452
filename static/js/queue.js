// Offline entry on the match page (issue 12; docs/sync.md, "Client"): a hand
// entered while offline, or whose save fails or times out, is kept on this
// phone (sync/entries.js, sync/store.js) and sent again by the outbox
// (sync/outbox.js, from any open page of the site) with the form's ORIGINAL
// one-time key, number and match_version, until the server answers. This
// module is the sheet's side: it keeps what the form sends when it cannot go
// now, draws the kept entries (#pending-hands, with the corrections and
// deletions kept by changes.js), moves the form on to the next hand, and
// swaps in the sheet of an answer for this match (sync/sheet.js).
//
// Entries of one match go in order; one that follows a kept hand of this
// phone (typed offline, so on the same sheet version) gets the version the
// server answers for that hand before it leaves.
//
// Without this script (or localStorage), the form posts as before.

import { isCopy, isHistoryLoad, timings } from "./sync/config.js";
import * as E from "./sync/entries.js";
import * as store from "./sync/store.js";
import * as outbox from "./sync/outbox.js";
import { adjustFields, onSheet, sheetOf, swapSheet } from "./sync/sheet.js";
import * as freshness from "./sync/freshness.js";
import { clean, describe, input, isDirty, newKey, snapshot } from "./form.js";
import { previewStale, resetPreview, showPending } from "./scores.js";

const follows = new WeakMap(); // the entry form -> the key of the kept hand it follows

function form() {
  const f = document.getElementById("hand-form");
  return f && f.tagName === "FORM" && f.dataset.hxPost ? f : null;
}
function section() { return document.getElementById("pending-hands"); }
function matchUrl() { const s = section(); return s ? s.dataset.url : ""; }
function mine(entries) { return E.ofMatch(entries, matchUrl()); }

// Keep what the form sends (with the button that sent it) in ``state``.
function enqueue(f, submitter, state) {
  const fields = snapshot(f, submitter);
  const told = describe(f, submitter, section(), previewStale());
  const url = f.getAttribute("action");
  return store.update((list) => E.keepHand(list, {
    url: url, match: url, key: E.field(fields, "key"), number: Number(E.field(fields, "number")) || 0,
    fields: fields, after: follows.get(f) || null, summary: told.summary, scores: told.scores, at: Date.now(),
  }, state));
}

// The form, emptied for the next hand: the number after the one kept, a new
// one-time key, the same sheet version (nothing came from the server).
function nextHand(f, entry) {
  const version = E.field(entry.fields, "match_version");
  f.reset();
  input(f, "number").value = String(entry.number + 1);
  input(f, "key").value = newKey();
  if (input(f, "match_version")) input(f, "match_version").value = version;
  follows.set(f, entry.key);
  const note = f.querySelector("[data-stale-note]");
  if (note) note.hidden = true;
  resetPreview();
  f.querySelectorAll(".errorlist").forEach((el) => el.remove());
  f.dispatchEvent(new Event("change", { bubbles: true }));
  clean(f);
}

// The form follows the last hand kept for this match (its number after it,
// its version), unless it shows a conflict.
function followKept(f) {
  const last = E.lastHand(store.load(), matchUrl());
  const number = input(f, "number");
  if (!last || !number || Number(number.value) > last.number || f.querySelector("#conflict")) return;
  number.value = String(last.number + 1);
  if (input(f, "match_version")) input(f, "match_version").value = E.field(last.fields, "match_version");
  follows.set(f, last.key);
}
// A sheet swapped in moves an untouched form to the sheet's next hand: to
// the one after the hands kept here when there are.
adjustFields((fields) => {
  const last = E.lastHand(store.load(), matchUrl());
  if (!last || Number(fields.number) > last.number) return fields;
  return { number: String(last.number + 1), match_version: E.field(last.fields, "match_version") };
});

// After a hand is kept: its pending row on screen, so that nobody thinks
// the tap failed and types it again (once the rows are drawn: a hidden
// section cannot be scrolled to).
function showKept() {
  const s = section();
  if (s && !s.hidden) s.scrollIntoView({ block: "nearest" });
}

// The sheet's "Donne 5 · Alice distribue, Bob parle en premier" for the
// hand the form is on, after the hands kept on this phone: the deal passes
// one seat every hand (Match.dealer_seat); the names are the taker chips'.
const turnShown = new WeakMap(); // the turn line -> the number it shows
function syncTurn() {
  const turn = document.querySelector(".turn[data-turn-number]");
  const f = form();
  const number = f && input(f, "number") ? Number(input(f, "number").value) : 0;
  if (!turn || !number || (turnShown.get(turn) || Number(turn.dataset.turnNumber)) === number) return;
  const seat = Number(turn.dataset.dealerSeat);
  const strongs = turn.querySelectorAll("strong");
  if (!seat || strongs.length !== 2) return;
  const dealer = (((seat - 1 + number - Number(turn.dataset.turnNumber)) % 4) + 4) % 4 + 1;
  function name(s) {
    const chip = f.querySelector('input[name="taker"][value="' + s + '"]');
    const label = chip && f.querySelector('label[for="' + chip.id + '"]');
    return label ? label.textContent.trim() : "";
  }
  if (!name(dealer)) return;
  turn.querySelector(".turn-number").textContent = turn.dataset.numberText.replace("{n}", number);
  strongs[0].textContent = name(dealer);
  strongs[1].textContent = name(dealer % 4 + 1);
  turnShown.set(turn, number);
}

// ``into`` made like ``from`` (the same template: the same nodes in the same
// order), its nodes kept: attributes and texts copied over.
function morph(into, from) {
  into.getAttributeNames().forEach((name) => { if (!from.hasAttribute(name)) into.removeAttribute(name); });
  from.getAttributeNames().forEach((name) => {
    if (into.getAttribute(name) !== from.getAttribute(name)) into.setAttribute(name, from.getAttribute(name));
  });
  const mine = into.childNodes;
  const theirs = from.childNodes;
  if (mine.length !== theirs.length) {
    into.replaceChildren(...Array.from(theirs));
    return;
  }
  for (let i = 0; i < mine.length; i += 1) {
    if (mine[i].nodeName !== theirs[i].nodeName) into.replaceChild(theirs[i].cloneNode(true), mine[i]);
    else if (mine[i].nodeType === Node.TEXT_NODE && mine[i].data !== theirs[i].data) mine[i].data = theirs[i].data;
    else if (mine[i].nodeType === Node.ELEMENT_NODE) morph(mine[i], theirs[i]);
  }
}

function render() {
  syncTurn();
  const s = section();
  if (!s) return;
  const list = s.querySelector("ol");
  const template = document.getElementById("pending-row");
  // A hand being sent for the first time is in the form, not a row; a kept
  // one sent again (the conflict panel's button) keeps its row until the
  // server answers.
  const before = new Map(Array.prototype.map.call(list.children, (row) => [row.dataset.key, row]));
  const kept = mine(store.load()).filter((e) => e.state !== E.SENDING || before.has(e.key));
  const rows = [];
  kept.slice().reverse().forEach((e) => {
    const row = template.content.firstElementChild.cloneNode(true);
    const refused = e.state === E.REFUSED;
    row.dataset.key = e.key;
    row.classList.toggle("is-conflict", refused || e.state === E.EXPIRED);
    row.querySelector("[data-number]").textContent = String(e.number);
    let summary = e.summary || "";
    if (e.kind === "edit") summary = s.dataset.correction.replace("{summary}", summary);
    if (e.kind === "delete") summary = s.dataset.deletion;
    row.querySelector("[data-summary]").textContent = summary;
    row.querySelector("[data-state]").textContent = refused ? (e.problem || s.dataset.conflict)
      : e.state === E.EXPIRED ? s.dataset.expired : s.dataset.waiting;
    // A refused correction or deletion was made on a hand since changed:
    // sent again it is refused again; its page, with what was typed, instead.
    const open = row.querySelector("[data-pending-open]");
    const refusedChange = e.kind && refused;
    if (open && refusedChange) {
      open.href = E.pageOf(e);
      open.hidden = false;
    }
    const resend = row.querySelector("[data-pending-resend]");
    if (resend) resend.hidden = Boolean(refusedChange);
    // Each side's cell: A and B, and C in a game of three.
    row.querySelectorAll("[data-score-a], [data-score-b], [data-score-c]").forEach((cell) => {
      const side = cell.hasAttribute("data-score-a") ? "a" : cell.hasAttribute("data-score-b") ? "b" : "c";
      cell.textContent = e.scores && e.scores[side] !== undefined ? e.scores[side] : "–";
    });
    // A row already on screen keeps its nodes, brought up to date, and stays
    // in the list unless the rows changed (a tap under way on its button,
    // the rows drawn again between the finger's down and up, went to no
    // button: stop 43).
    const shown = before.get(e.key);
    if (shown) morph(shown, row);
    rows.push(shown || row);
  });
  const same = rows.length === list.children.length && rows.every((row, i) => list.children[i] === row);
  if (!same) list.replaceChildren(...rows);
  s.hidden = !kept.length;
  // Their scores and the totals, as this phone counts them (scores.js).
  showPending(kept, rows);
}

// The outbox's answer for an entry of this match: saved, the page's sheet
// and undo bar from the answer (as htmx would swap them out of band), the
// form too when nobody is typing in it; refused, a new hand's answer (the
// form with the conflict panel, both hands) takes the form's place, and the
// entry stays until the user sends it again or drops it.
function answered(entry, status, doc) {
  if (E.lineOf(entry) !== matchUrl()) return; // another match's: nothing shows here
  if (status === 409 || status === 422) {
    if (!entry.kind) showRefused(doc);
    return;
  }
  const board = doc.getElementById("scoreboard");
  const version = board ? board.dataset.version : "";
  const f = form();
  const seen = f && input(f, "match_version");
  if (f && follows.get(f) === entry.key) {
    follows.delete(f);
    if (seen && version) seen.value = version;
  }
  // This phone's own correction or deletion moved the match from version - 1.
  if (entry.kind && seen && version && seen.value === String(Number(version) - 1)) seen.value = version;
  swapSheet(sheetOf(doc), "save");
  const bar = doc.getElementById("undo-bar");
  const oldBar = document.getElementById("undo-bar");
  if (bar && oldBar) {
    bar.removeAttribute("data-hx-swap-oob");
    oldBar.replaceWith(bar);
    if (window.htmx) window.htmx.process(bar);
  }
  freshness.fresh();
  const freshForm = doc.getElementById("hand-form");
  if (f && !isDirty(f) && !follows.get(f) && freshForm && !mine(store.load()).length) {
    f.replaceWith(freshForm);
    if (window.htmx) window.htmx.process(freshForm);
    freshForm.dispatchEvent(new Event("change", { bubbles: true }));
    // Nobody typed in it: untouched, it follows the sheet's next polls (the
    // change above, for the scripts that set the form up, marked it typed).
    clean(freshForm);
  }
  render();
}

function showRefused(doc) {
  const fresh = doc.getElementById("hand-form");
  const f = document.getElementById("hand-form");
  if (!fresh || !f) return;
  f.replaceWith(fresh);
  if (window.htmx) window.htmx.process(fresh);
  fresh.dispatchEvent(new Event("change", { bubbles: true }));
  fresh.scrollIntoView({ block: "start" });
}

function keptOf(key) { return E.byKey(mine(store.load()), key); }

// The hand form's "Valider": kept on the phone rather than sent while the
// browser says it is offline, or while hands of this match wait to be sent
// (they go first, in order). The conflict panel's own buttons (its entry is
// the one waiting) go to the server as usual when online.
document.addEventListener("submit", (event) => {
  const f = form();
  if (!f || event.target !== f || !section() || !store.available) return;
  const submitter = event.submitter;
  if (submitter && submitter.name === "action" && submitter.value === "compare_announcements") return;
  const key = input(f, "key") && input(f, "key").value;
  const waiting = mine(store.load()).filter((e) => e.key !== key).length > 0;
  if (navigator.onLine !== false && !waiting) {
    // Online: htmx sends it; the entry is written first, in case no answer comes.
    enqueue(f, submitter, E.SENDING);
    return;
  }
  event.preventDefault();
  event.stopImmediatePropagation();
  enqueue(f, submitter, E.PENDING);
  nextHand(f, keptOf(key));
  render();
  showKept();
  outbox.registerSync();
  outbox.flush();
}, true);

function sentKey(event) {
  const detail = event.detail || {};
  const config = detail.requestConfig || {};
  const elt = detail.elt;
  if (!elt || elt.id !== "hand-form" || config.verb !== "post") return null;
  const params = config.parameters;
  const sent = params && typeof params.get === "function" ? params.get("key") : (params && params.key);
  return sent || E.field(snapshot(elt), "key");
}

// An answer came to the form's own send (saved, refused, busy): htmx shows
// it. (Before the swap: htmx:afterRequest fires on the form the answer just
// replaced, out of the document, so it never reaches this listener.)
document.addEventListener("htmx:beforeSwap", (event) => {
  const key = sentKey(event);
  const xhr = event.detail.xhr;
  if (!key || !xhr || !xhr.status || !keptOf(key)) return;
  store.update((list) => E.answered(list, key, xhr.status));
  render();
});

// No answer (the network dropped, or it took longer than save_timeout): the
// entry waits; the form moves on to the next hand.
function lost(event) {
  const key = sentKey(event);
  if (!key || !keptOf(key)) return;
  const entry = E.byKey(store.update((list) => E.unanswered(list, key)), key);
  const f = event.detail.elt;
  if (input(f, "key") && input(f, "key").value === key) nextHand(f, entry);
  render();
  showKept();
  outbox.registerSync();
  outbox.later();
}
document.addEventListener("htmx:sendError", lost);
document.addEventListener("htmx:timeout", lost);

// The pending rows' buttons: send again now, or drop the entry (the
// conflict panel's "Abandonner ma saisie" drops its entry too).
document.addEventListener("click", (event) => {
  const resend = event.target.closest("[data-pending-resend]");
  const dropButton = event.target.closest("[data-pending-drop]");
  const row = event.target.closest("[data-key]");
  if (resend && row) {
    store.update((list) => E.resend(list, row.dataset.key, Date.now()));
    outbox.wake();
  } else if (dropButton && row) {
    if (!window.confirm(section().dataset.confirm)) return;
    store.update((list) => E.drop(list, row.dataset.key));
    render();
    outbox.flush();
  } else {
    const link = event.target.closest(".conflict-actions a");
    const f = link && link.closest("form");
    const key = f && input(f, "key") ? input(f, "key").value : "";
    if (key && keptOf(key)) store.update((list) => E.drop(list, key));
  }
});

// On load: the form must not reuse a kept key (a stored copy of the page,
// the worker's or the HTTP cache's on Back, carries the key of the form it
// had: always a new one there) and follows the last kept hand.
function start() {
  const f = form();
  const key = f && input(f, "key");
  if (key && (isCopy() || isHistoryLoad())) key.value = newKey();
  if (!section() || !store.available) return;
  if (key) {
    if (keptOf(key.value)) key.value = newKey();
    followKept(f);
  }
  if (window.htmx && !window.htmx.config.timeout && timings) window.htmx.config.timeout = timings.save_timeout;
  store.onChange(render);
  outbox.onAnswer(answered);
  // A sheet swapped in (a poll, an answer) has the server's figures: the
  // kept hands are counted again after it.
  onSheet(render);
  document.addEventListener("htmx:afterSettle", (event) => {
    const elt = event.detail && event.detail.elt;
    if (!elt || elt.id !== "preview") render();
  });
  render();
}
start();
