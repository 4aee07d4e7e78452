// Corrections and deletions on a hand's correction page (issue 12;
// templates/scoresheets/hand_edit.html; docs/sync.md, "Client"). Sent at
// once when online: a correction as the browser would post it (the sheet
// then shows the server's messages), a deletion with htmx's header (without
// it a refusal is a redirect too). Kept (sync/entries.js: kind "edit" or
// "delete", match: the match's hand_create address, page: this page) when
// offline, without an answer, or behind other kept changes of the match:
// the phone goes back to the sheet, where it waits with the new hands, in
// order, and the outbox sends it. A refused one waits too, with why;
// "Revoir la donne" opens this page with what was typed, to check and save
// again. A correction or deletion does not carry the sheet's version: a
// kept new hand typed on the sheet it left follows the version it made.
//
// Without this script (or localStorage), the forms post as before.

import { isCopy, timings } from "./sync/config.js";
import * as E from "./sync/entries.js";
import * as store from "./sync/store.js";
import * as outbox from "./sync/outbox.js";
import { parse, post, problemOf } from "./sync/send.js";
import { describe, input, newKey, snapshot } from "./form.js";
import { previewStale } from "./scores.js"; // and the preview without network, this phone's

// A form of this page whose changes are kept (data-queue: its match's
// hand_create address, data-kind: "edit" or "delete").
function kindForm(el) {
  return el && el.tagName === "FORM" && el.dataset.queue && el.dataset.kind ? el : null;
}
const native = new WeakSet(); // forms let through to the browser (a refusal's page)

function disable(f, busy) {
  f.querySelectorAll("button").forEach((b) => { b.disabled = busy; });
  if (busy) f.setAttribute("aria-busy", "true");
  else f.removeAttribute("aria-busy");
}

document.addEventListener("submit", (event) => {
  const f = kindForm(event.target);
  if (!f || native.has(f) || !store.available || !timings) return;
  const submitter = event.submitter;
  if (submitter && submitter.name === "action" && submitter.value === "compare_announcements") return;
  event.preventDefault();
  event.stopImmediatePropagation();
  const fields = snapshot(f, submitter);
  const told = f.dataset.kind === "edit" ? describe(f, submitter, f, previewStale()) : { summary: "", scores: null };
  const entry = E.rebase({
    kind: f.dataset.kind, match: f.dataset.queue, url: f.getAttribute("action"), page: f.dataset.page,
    key: E.field(fields, "key"), number: Number(f.dataset.number) || 0, fields: fields,
    after: null, state: E.SENDING, summary: told.summary, scores: told.scores, at: Date.now(),
  }, store.own());
  const kept = store.update((list) => E.keepChange(list, entry));
  const waiting = E.ofMatch(kept, entry.match).some((e) => e.key !== entry.key);
  const sheet = f.dataset.sheet;
  function keep() {
    store.update((list) => E.setState(list, entry.key, E.PENDING));
    outbox.registerSync();
    location.assign(sheet + "#pending-hands");
  }
  if (navigator.onLine === false || waiting) { keep(); return; }
  disable(f, true);
  post(entry, entry.kind === "edit", timings.save_timeout).then((answer) => {
    if (answer.status === 303 || (entry.kind === "delete" && answer.status === 200)) {
      // Saved: the sheet, with the server's messages, as without the script.
      store.setOwn(E.remember(store.own(), entry));
      store.update((list) => E.drop(list, entry.key));
      location.assign(sheet + (entry.kind === "edit" && entry.number ? "#hand-" + entry.number : "#hands"));
    } else if (answer.status === 409 || answer.status === 422) {
      // Refused, nothing saved: the server's own page says why, as without
      // this script (the same post, sent by the browser). A correction stays
      // kept (refused) until that page shows (startEdit).
      if (entry.kind === "edit") store.update((list) => E.refused(list, entry.key, problemOf(parse(answer.html))));
      else store.update((list) => E.drop(list, entry.key));
      disable(f, false);
      native.add(f);
      if (f.requestSubmit && submitter && submitter.form === f) f.requestSubmit(submitter);
      else HTMLFormElement.prototype.submit.call(f);
    } else {
      keep(); // busy (503), too many (429): the sheet sends it later
    }
  }, keep);
}, true);

// What was typed back in the form (a refused kept correction).
function fill(f, fields) {
  const skip = { csrfmiddlewaretoken: 1, key: 1, hand_version: 1, replace: 1, action: 1, restore: 1 };
  const named = {};
  fields.forEach((pair) => { named[pair[0]] = (named[pair[0]] || []).concat([pair[1]]); });
  Array.prototype.forEach.call(f.elements, (el) => {
    if (!el.name || skip[el.name] || el.type === "submit" || el.type === "button") return;
    const values = named[el.name] || [];
    if (el.type === "radio" || el.type === "checkbox") el.checked = values.indexOf(el.value) >= 0;
    else if (values.length) el.value = values[0];
    else if (el.type !== "hidden") el.value = "";
  });
}

function start() {
  const f = kindForm(document.getElementById("hand-form"));
  const del = kindForm(document.querySelector('form[data-kind="delete"]'));
  if ((!f && !del) || !store.available) return;
  const kept = store.load();
  const key = f && input(f, "key");
  // The server's page answering a kept correction (its refusal, posted by
  // the browser: the form has the same key): the page says why; the entry
  // is done.
  if (key && !isCopy() && kept.some((e) => e.key === key.value && e.state === E.REFUSED)) {
    store.update((list) => E.drop(list, key.value));
    return;
  }
  // A stored copy of the page carries the key of the form it had: a new
  // one, so that a second correction is never taken for the first.
  if (key && (isCopy() || E.byKey(kept, key.value))) {
    key.value = newKey();
    if (del && input(del, "key")) input(del, "key").value = key.value + "-delete";
  }
  const refused = f && kept.filter((e) =>
    e.kind === "edit" && e.url === f.getAttribute("action") && e.state === E.REFUSED)[0];
  if (!refused) return;
  const redeal = E.field(refused.fields, "action") === "pass";
  if (redeal) {
    // A kept "tout le monde passe": offered again, to confirm, not typed.
    const details = f.querySelector("details.redeal");
    if (details) details.open = true;
  } else {
    fill(f, refused.fields);
  }
  const note = document.createElement("div");
  note.setAttribute("role", "alert");
  const list = document.createElement("ul");
  list.className = "errorlist";
  [refused.problem, redeal ? f.dataset.refusedRedeal : f.dataset.refused].forEach((text) => {
    if (!text) return;
    const item = document.createElement("li");
    item.textContent = text;
    list.append(item);
  });
  note.append(list);
  f.prepend(note);
  f.dispatchEvent(new Event("change", { bubbles: true }));
  f.dispatchEvent(new Event("input", { bubbles: true }));
}
start();
