// The entries this phone keeps until the server takes them (issue 12;
// docs/sync.md, "Client"), and how each moves from one state to the next.
// PURE: every transition takes the entries (an array, never changed in
// place) and gives the new ones; no DOM, no storage, no network, no clock
// (``now`` is an argument). store.js keeps them, outbox.js sends them,
// queue.js (the sheet) and changes.js (a hand's correction page) feed them
// the page's events and draw them. tests/engine/js/entries.test.mjs runs them.
//
// An entry: {
//   url: where it is posted (the match's hand_create address for a new
//     hand; the correction's or the deletion's address),
//   match: its match's hand_create address (a new hand: its url): the line
//     it waits in, behind the earlier entries of that match,
//   kind: absent for a new hand, "edit" (a correction) or "delete",
//   page: the hand's correction page (a correction or a deletion),
//   key: the form's one-time key (a resend is harmless: the server replays
//     the key it already stored instead of saving twice),
//   number, fields: [[name, value], ...] (as the form posts them),
//   after: the key of the kept new hand of this phone it was typed after (on
//     the same sheet version), or null,
//   state: one of STATES, problem: why the server refused a change,
//   summary, scores: {a, b} of the preview or null (what its row says),
//   at: when it was kept (ms, this phone's clock)
// }

export const SENDING = "sending"; // a page sent it (htmx) and waits for the answer
export const PENDING = "pending"; // kept: the outbox sends it, in its line's order
export const REFUSED = "conflict"; // the server said 409 or 422: the user decides
export const EXPIRED = "expired"; // kept longer than kept_for: sent only when the user says
export const STATES = [SENDING, PENDING, REFUSED, EXPIRED];

export function field(fields, name) {
  for (const pair of fields) if (pair[0] === name) return pair[1];
  return "";
}

// ``fields`` with ``name`` set to ``value`` (added when absent).
export function withField(fields, name, value) {
  let found = false;
  const out = fields.map((pair) => {
    if (pair[0] !== name) return pair;
    found = true;
    return [name, String(value)];
  });
  if (!found) out.push([name, String(value)]);
  return out;
}

export function lineOf(entry) { return entry.match || entry.url; }
export function isNew(entry) { return !entry.kind; }
export function byKey(entries, key) { return entries.filter((e) => e.key === key)[0] || null; }
export function ofMatch(entries, match) { return entries.filter((e) => lineOf(e) === match); }

// The hand page of a correction or a deletion. (Entries kept before entries
// carried it: a correction is posted to its page, a deletion to an address
// one step below it.)
export function pageOf(entry) {
  if (entry.page) return entry.page;
  return entry.kind === "delete" ? entry.url.replace(/[^/]+\/$/, "") : entry.url;
}

function change(entries, key, how) {
  return entries.map((e) => (e.key === key ? Object.assign({}, e, how(e)) : e));
}

// A new hand kept (state SENDING when a page sends it now, PENDING when it
// waits). An entry of the same key already kept is that entry sent again
// from the conflict panel ("Valider comme donne N"): the same entry, with
// what the form now says, following nothing.
export function keepHand(entries, hand, state) {
  if (byKey(entries, hand.key)) {
    return change(entries, hand.key, (e) => ({
      fields: hand.fields, number: hand.number || e.number, state: state, after: null,
    }));
  }
  return entries.concat([Object.assign({ after: null, summary: "", scores: null }, hand, { state: state })]);
}

// A correction or a deletion kept: the latest change of a hand replaces
// one kept before it (never sent: both were made on the same version).
export function keepChange(entries, entry) {
  const page = pageOf(entry);
  return entries
    .filter((e) => e.key !== entry.key && !(e.kind && pageOf(e) === page))
    .concat([Object.assign({ after: null, summary: "", scores: null }, entry)]);
}

export function setState(entries, key, state) {
  return change(entries, key, () => ({ state: state }));
}

// The page that sent an entry got no answer (the network dropped, too
// slow): the entry waits.
export function unanswered(entries, key) {
  return change(entries, key, (e) => (e.state === SENDING ? { state: PENDING } : {}));
}

// A page loads: no page waits for an answer any more, so entries left
// "sending" by the page before it wait.
export function orphaned(entries) {
  return entries.map((e) => (e.state === SENDING ? Object.assign({}, e, { state: PENDING }) : e));
}

// The server saved ``key`` and answered the match at ``version`` (a string,
// "" when unknown). The entries typed after it on the sheet it left now
// follow the sheet the server answered; after a correction or a deletion
// (this phone's own change: the match moved from version - 1 to version),
// the new hands typed on version - 1 follow it too. (A new hand typed on
// another version is left to the server, which tells a conflict if the
// sheet changed meanwhile.)
export function saved(entries, key, version) {
  const done = byKey(entries, key);
  if (!done || !version) return drop(entries, key);
  const before = String(Number(version) - 1);
  return entries.filter((e) => e.key !== key).map((e) => {
    if (e.after === key) return Object.assign({}, e, { after: null, fields: withField(e.fields, "match_version", version) });
    if (done.kind && isNew(e) && lineOf(e) === lineOf(done) && field(e.fields, "match_version") === before) {
      return Object.assign({}, e, { fields: withField(e.fields, "match_version", version) });
    }
    return e;
  });
}

// The server refused ``key`` (409: the sheet changed; 422): it stays kept,
// refused, and holds its line until the user sends it again or drops it; a
// correction or a deletion keeps why (its row says it).
export function refused(entries, key, problem) {
  return change(entries, key, (e) => (e.kind && problem ? { state: REFUSED, problem: problem } : { state: REFUSED }));
}

// A page's own send (htmx) answered with ``status``. Saved: done. Refused at
// once (the form shows why): not a kept entry, unless it was kept before
// (the conflict panel's send of a kept entry: it stays refused). Busy or too
// many (the form keeps what was typed): not kept either.
export function answered(entries, key, status) {
  const entry = byKey(entries, key);
  if (!entry) return entries;
  if (status >= 200 && status < 300) return drop(entries, key);
  if (status === 409 || status === 422) {
    return entry.state === SENDING ? drop(entries, key) : setState(entries, key, REFUSED);
  }
  return entry.state === SENDING ? drop(entries, key) : entries;
}

// "Envoyer maintenant" of a refused or expired entry: it waits again, kept
// from ``now`` (an expired one would expire again at once).
export function resend(entries, key, now) {
  return change(entries, key, (e) => {
    if (e.state === REFUSED) return { state: PENDING };
    if (e.state === EXPIRED) return { state: PENDING, at: now };
    return {};
  });
}

// Dropped (by the user, or done): the entries that followed it follow nothing.
export function drop(entries, key) {
  return entries
    .filter((e) => e.key !== key)
    .map((e) => (e.after === key ? Object.assign({}, e, { after: null }) : e));
}

// Entries waiting longer than ``keptFor`` ms are no longer sent on their own.
export function expire(entries, now, keptFor) {
  return entries.map((e) => (e.state === PENDING && now - (e.at || 0) > keptFor ? Object.assign({}, e, { state: EXPIRED }) : e));
}

// The entry to send next: the first of a line (a match's entries, in the
// order they were kept) that waits; a line whose first entry is being sent,
// refused or expired holds the ones behind it. Null when none.
export function next(entries) {
  const seen = {};
  for (const e of entries) {
    const line = lineOf(e);
    if (seen[line]) continue;
    seen[line] = true;
    if (e.state === PENDING) return e;
  }
  return null;
}

// The last new hand kept for ``match`` (the entry form follows it), or null.
export function lastHand(entries, match) {
  const hands = ofMatch(entries, match).filter(isNew);
  return hands.length ? hands[hands.length - 1] : null;
}

// ---- This phone's own saved changes of each hand: {page: {from, to}}, the
// hand versions its changes moved the hand between, in a row. A later
// change of the hand made on a page older than them (a stored copy,
// another tab, a kept change whose earlier one left meanwhile) was made
// knowing them, so it follows them; the server still refuses it if
// another phone changed the hand since.

export const OWN_MAX = 50;

// ``own`` after ``entry`` (a correction or a deletion) was saved.
export function remember(own, entry) {
  const from = Number(field(entry.fields, "hand_version"));
  if (!entry.kind || !from) return own;
  const page = pageOf(entry);
  const chain = own[page];
  const out = {};
  Object.keys(own).forEach((p) => { if (p !== page) out[p] = own[p]; });
  out[page] = { from: chain && chain.to === from ? chain.from : from, to: from + 1 }; // last: the oldest go first
  const pages = Object.keys(out);
  if (pages.length > OWN_MAX) delete out[pages[0]];
  return out;
}

// ``entry`` following this phone's own changes of its hand (the same entry
// when there is nothing to follow).
export function rebase(entry, own) {
  const chain = entry.kind && own[pageOf(entry)];
  const seen = Number(field(entry.fields, "hand_version"));
  if (!chain || !seen || seen < chain.from || seen >= chain.to) return entry;
  return Object.assign({}, entry, { fields: withField(entry.fields, "hand_version", chain.to) });
}

// ``entries`` with ``entry`` in place of the one of its key.
export function replace(entries, entry) {
  return entries.map((e) => (e.key === entry.key ? entry : e));
}
