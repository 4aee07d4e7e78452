// The queue's entries and their transitions (static/js/sync/entries.js),
// without a browser: node's own test runner (`node --test tests/engine/js`), run by
// tests/engine/test_client_js.py.

import test from "node:test";
import assert from "node:assert/strict";

import * as E from "../../../static/js/sync/entries.js";

const MATCH = "/m/tok/donnes/";
const OTHER = "/m/other/donnes/";
const HOUR = 3600 * 1000;

function hand(key, number, { version = "3", after = null, match = MATCH, at = 1000 } = {}) {
  return {
    url: match, match, key, number, after, at, summary: "Alice prend", scores: null,
    fields: [["taker", "1"], ["number", String(number)], ["match_version", version], ["key", key]],
  };
}

function correction(key, handId, { handVersion = "1", match = MATCH, kind = "edit", at = 1000 } = {}) {
  const page = match.replace(/donnes\/$/, `donnes/${handId}/`);
  return {
    kind, match, page, url: kind === "delete" ? page + "supprimer/" : page, key, number: 2,
    fields: [["hand_version", handVersion], ["key", key]], after: null, state: E.SENDING, at,
  };
}

function states(entries) {
  return entries.map((e) => [e.key, e.state]);
}

test("fields are read and set without changing the entry they came from", () => {
  const fields = [["a", "1"], ["b", "2"]];
  assert.equal(E.field(fields, "b"), "2");
  assert.equal(E.field(fields, "c"), "");
  const set = E.withField(fields, "b", 5);
  assert.deepEqual(set, [["a", "1"], ["b", "5"]]);
  assert.deepEqual(fields, [["a", "1"], ["b", "2"]]);
  assert.deepEqual(E.withField(fields, "c", "x"), [["a", "1"], ["b", "2"], ["c", "x"]]);
});

test("a hand kept offline waits, and a second one follows it", () => {
  let entries = E.keepHand([], hand("k1", 1), E.PENDING);
  entries = E.keepHand(entries, hand("k2", 2, { after: "k1" }), E.PENDING);
  assert.deepEqual(states(entries), [["k1", E.PENDING], ["k2", E.PENDING]]);
  assert.equal(entries[1].after, "k1");
  assert.equal(E.next(entries).key, "k1");
  assert.equal(E.lastHand(entries, MATCH).key, "k2");
  assert.equal(E.lastHand(entries, OTHER), null);
});

test("keeping an entry never changes the entries given", () => {
  const before = E.keepHand([], hand("k1", 1), E.PENDING);
  const frozen = JSON.stringify(before);
  E.keepHand(before, hand("k2", 2), E.PENDING);
  E.saved(before, "k1", "4");
  E.refused(before, "k1", "why");
  E.expire(before, 10 * HOUR, HOUR);
  assert.equal(JSON.stringify(before), frozen);
});

test("the conflict panel's resend of a kept hand is the same entry, following nothing", () => {
  let entries = E.keepHand([], hand("k1", 1), E.PENDING);
  entries = E.refused(entries, "k1", "");
  entries = E.keepHand(entries, Object.assign(hand("k1", 2), { after: "k0" }), E.SENDING);
  assert.equal(entries.length, 1);
  assert.equal(entries[0].number, 2);
  assert.equal(entries[0].state, E.SENDING);
  assert.equal(entries[0].after, null);
  assert.equal(E.field(entries[0].fields, "number"), "2");
});

test("a saved hand goes; the one typed after it follows the version the server answered", () => {
  let entries = E.keepHand([], hand("k1", 1), E.PENDING);
  entries = E.keepHand(entries, hand("k2", 2, { after: "k1" }), E.PENDING);
  entries = E.keepHand(entries, hand("k3", 3, { after: "k2" }), E.PENDING);
  entries = E.saved(entries, "k1", "4");
  assert.deepEqual(entries.map((e) => e.key), ["k2", "k3"]);
  assert.equal(entries[0].after, null);
  assert.equal(E.field(entries[0].fields, "match_version"), "4");
  // The third still follows the second, on the version it was typed on.
  assert.equal(entries[1].after, "k2");
  assert.equal(E.field(entries[1].fields, "match_version"), "3");
  entries = E.saved(entries, "k2", "5");
  assert.equal(E.field(entries[0].fields, "match_version"), "5");
});

test("a saved hand whose answer told no version leaves the others' versions", () => {
  let entries = E.keepHand([], hand("k1", 1), E.PENDING);
  entries = E.keepHand(entries, hand("k2", 2, { after: "k1" }), E.PENDING);
  entries = E.saved(entries, "k1", "");
  assert.deepEqual(entries.map((e) => [e.key, e.after, E.field(e.fields, "match_version")]), [["k2", null, "3"]]);
});

test("this phone's saved correction moves the new hands typed on the version it left", () => {
  let entries = E.keepChange([], Object.assign(correction("c1", 7), { state: E.PENDING }));
  entries = E.keepHand(entries, hand("k1", 3, { version: "3" }), E.PENDING);
  entries = E.keepHand(entries, hand("k2", 3, { version: "2", match: OTHER }), E.PENDING);
  entries = E.keepHand(entries, hand("k3", 4, { version: "1" }), E.PENDING);
  entries = E.saved(entries, "c1", "4");
  const versions = Object.fromEntries(entries.map((e) => [e.key, E.field(e.fields, "match_version")]));
  // Typed on 3 (the version the correction left): follows it. Another
  // match's, or one typed on another version: left to the server.
  assert.deepEqual(versions, { k1: "4", k2: "2", k3: "1" });
});

test("the latest change of a hand replaces the one kept before it", () => {
  let entries = E.keepChange([], Object.assign(correction("c1", 7), { state: E.PENDING }));
  entries = E.keepChange(entries, Object.assign(correction("c1-other", 8), { state: E.PENDING }));
  entries = E.keepChange(entries, Object.assign(correction("d1", 7, { kind: "delete" }), { state: E.PENDING }));
  assert.deepEqual(entries.map((e) => e.key), ["c1-other", "d1"]);
});

test("a change kept before entries carried their page finds it from its address", () => {
  const edit = { kind: "edit", url: "/m/t/donnes/7/" };
  const deletion = { kind: "delete", url: "/m/t/donnes/7/supprimer/" };
  assert.equal(E.pageOf(edit), "/m/t/donnes/7/");
  assert.equal(E.pageOf(deletion), "/m/t/donnes/7/");
  assert.equal(E.pageOf({ kind: "edit", url: "/x/", page: "/p/" }), "/p/");
});

test("a refused entry holds its match's line, not another match's", () => {
  let entries = E.keepHand([], hand("k1", 1), E.PENDING);
  entries = E.keepHand(entries, hand("k2", 2, { after: "k1" }), E.PENDING);
  entries = E.keepHand(entries, hand("o1", 1, { match: OTHER }), E.PENDING);
  entries = E.refused(entries, "k1", "taken");
  assert.equal(entries[0].state, E.REFUSED);
  assert.equal(entries[0].problem, undefined); // a new hand's panel says why, not its row
  assert.equal(E.next(entries).key, "o1");
  entries = E.refused(entries, "o1", "");
  assert.equal(E.next(entries), null);
});

test("a refused correction keeps why", () => {
  let entries = E.keepChange([], Object.assign(correction("c1", 7), { state: E.PENDING }));
  entries = E.refused(entries, "c1", "Cette donne vient d'être modifiée");
  assert.equal(entries[0].state, E.REFUSED);
  assert.equal(entries[0].problem, "Cette donne vient d'être modifiée");
});

test("an entry being sent holds its line; one left sending by a closed page waits", () => {
  let entries = E.keepHand([], hand("k1", 1), E.SENDING);
  entries = E.keepHand(entries, hand("k2", 2), E.PENDING);
  assert.equal(E.next(entries), null);
  assert.deepEqual(states(E.orphaned(entries)), [["k1", E.PENDING], ["k2", E.PENDING]]);
  assert.deepEqual(states(E.unanswered(entries, "k1")), [["k1", E.PENDING], ["k2", E.PENDING]]);
  // Only a sending one is unanswered.
  assert.deepEqual(states(E.unanswered(E.refused(entries, "k1", ""), "k1"))[0], ["k1", E.REFUSED]);
});

test("the page's own send: saved, refused at once, busy", () => {
  const sending = E.keepHand([], hand("k1", 1), E.SENDING);
  assert.deepEqual(E.answered(sending, "k1", 200), []);
  assert.deepEqual(E.answered(sending, "k1", 409), []); // the form shows why
  assert.deepEqual(E.answered(sending, "k1", 422), []);
  assert.deepEqual(E.answered(sending, "k1", 503), []); // the form keeps what was typed
  assert.deepEqual(E.answered(sending, "nope", 200), sending);
  // A kept entry sent again from the conflict panel, refused again: still kept.
  const kept = E.keepHand([], hand("k1", 1), E.PENDING);
  assert.deepEqual(states(E.answered(kept, "k1", 409)), [["k1", E.REFUSED]]);
  assert.deepEqual(states(E.answered(kept, "k1", 503)), [["k1", E.PENDING]]);
  assert.deepEqual(E.answered(kept, "k1", 204), []);
});

test("a kept hand expires after kept_for, and holds its line", () => {
  const keptFor = 72 * HOUR;
  let entries = E.keepHand([], hand("k1", 1, { at: 0 }), E.PENDING);
  entries = E.keepHand(entries, hand("k2", 2, { after: "k1", at: 10 * HOUR }), E.PENDING);
  entries = E.keepHand(entries, hand("o1", 1, { match: OTHER, at: 0 }), E.REFUSED);
  assert.deepEqual(states(E.expire(entries, keptFor, keptFor)), states(entries)); // not over it yet
  const later = E.expire(entries, keptFor + 1, keptFor);
  assert.deepEqual(states(later), [["k1", E.EXPIRED], ["k2", E.PENDING], ["o1", E.REFUSED]]);
  assert.equal(E.next(later), null); // k2 waits behind k1
});

test("sending an expired entry again keeps it anew; a refused one waits again", () => {
  let entries = E.keepHand([], hand("k1", 1, { at: 0 }), E.PENDING);
  entries = E.expire(entries, 100 * HOUR, HOUR);
  entries = E.resend(entries, "k1", 100 * HOUR);
  assert.deepEqual(states(entries), [["k1", E.PENDING]]);
  assert.equal(entries[0].at, 100 * HOUR);
  assert.deepEqual(states(E.expire(entries, 100 * HOUR + 1, HOUR)), [["k1", E.PENDING]]);
  const refused = E.resend(E.refused(entries, "k1", ""), "k1", 200 * HOUR);
  assert.deepEqual(states(refused), [["k1", E.PENDING]]);
  assert.equal(refused[0].at, 100 * HOUR);
});

test("a dropped entry goes; the ones after it follow nothing", () => {
  let entries = E.keepHand([], hand("k1", 1), E.PENDING);
  entries = E.keepHand(entries, hand("k2", 2, { after: "k1" }), E.PENDING);
  entries = E.drop(entries, "k1");
  assert.deepEqual(entries.map((e) => [e.key, e.after]), [["k2", null]]);
  assert.equal(E.next(entries).key, "k2");
});

test("this phone's own changes of a hand: a later change made before them follows them", () => {
  let own = E.remember({}, correction("c1", 7, { handVersion: "1" }));
  assert.deepEqual(own["/m/tok/donnes/7/"], { from: 1, to: 2 });
  own = E.remember(own, correction("c2", 7, { handVersion: "2" }));
  assert.deepEqual(own["/m/tok/donnes/7/"], { from: 1, to: 3 });
  // A change typed on version 1 or 2 (knowing them) is sent for version 3.
  const stale = E.rebase(correction("d1", 7, { handVersion: "1", kind: "delete" }), own);
  assert.equal(E.field(stale.fields, "hand_version"), "3");
  // One typed on version 3, or on another phone's version, is left as it is.
  const current = correction("d2", 7, { handVersion: "3" });
  assert.equal(E.rebase(current, own), current);
  const hand2 = correction("d3", 8, { handVersion: "1" });
  assert.equal(E.rebase(hand2, own), hand2);
  // A new hand has no hand version: nothing to remember.
  assert.equal(E.remember(own, hand("k1", 1)), own);
});

test("at most OWN_MAX hands' own changes are remembered, the oldest go first", () => {
  let own = {};
  for (let id = 1; id <= E.OWN_MAX + 1; id++) own = E.remember(own, correction("c" + id, id));
  const pages = Object.keys(own);
  assert.equal(pages.length, E.OWN_MAX);
  assert.ok(!pages.includes("/m/tok/donnes/1/"));
  assert.equal(pages[pages.length - 1], `/m/tok/donnes/${E.OWN_MAX + 1}/`);
});

test("replace swaps in a rebased entry", () => {
  const entries = E.keepHand([], hand("k1", 1), E.PENDING);
  const changed = Object.assign({}, entries[0], { number: 9 });
  assert.equal(E.replace(entries, changed)[0].number, 9);
  assert.equal(entries[0].number, 1);
});
