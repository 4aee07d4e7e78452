// Scores on the phone (static/js/sync/pending.js): the kept entries of a
// match scored after the server's sheet, and the preview without network,
// under node's own test runner (run by tests/engine/test_client_js.py).
// tests/web/test_pending_hands.py holds handOf to the server's hand forms.

import test from "node:test";
import assert from "node:assert/strict";

import * as P from "../../../static/js/sync/pending.js";
import * as E from "../../../static/js/sync/entries.js";
import { ENGINES } from "../../../static/js/scoring/document.js";

const MATCH = "/m/tok/donnes/";

function fields(pairs) {
  return [["csrfmiddlewaretoken", "x"], ["key", "k"], ["number", "3"], ["match_version", "3"], ["action", ""], ...pairs];
}

function newHand(key, pairs, state = E.PENDING) {
  return { url: MATCH, match: MATCH, key, number: 0, fields: fields(pairs), after: null, state, at: 0 };
}

function change(key, id, kind, pairs = []) {
  const page = `${MATCH}${id}/`;
  return {
    url: kind === "delete" ? `${page}supprimer/` : page, match: MATCH, page, kind, key, number: 0,
    fields: [["hand_version", "1"], ["key", key], ...pairs], after: null, state: E.PENDING, at: 0,
  };
}

function belote(points, taker = "A", extra = {}) {
  return { taker, points: { [taker]: points }, capot: null, belote: null, announcements: { A: 0, B: 0 }, renonce: null, ...extra };
}

function data(hands, { target = 1000, ids = null } = {}) {
  return {
    document: { rules: { target }, hands },
    hand_pages: (ids || hands.map((_, i) => 10 + i)).map((id) => `${MATCH}${id}/`),
    announcements_max: 2000,
  };
}

test("a belote hand as the server's form makes it: seats to teams, the points' team, the holder's belote", () => {
  const hand = P.handOf(fields([["taker", "2"], ["points", "100"], ["capot", ""], ["belote", ""], ["belote_seat", "3"], ["ann_team", ""], ["ann_points", "50"], ["renonce", ""]]), "belote");
  assert.deepEqual(hand, { taker: "B", points: { B: 100 }, capot: null, belote: "A", announcements: { A: 0, B: 50 }, renonce: null });
  const other = P.handOf(fields([["taker", "1"], ["points", "60"], ["points_team", "B"], ["ann_team", "B"], ["ann_points", "20"]]), "belote");
  assert.deepEqual(other.points, { B: 60 });
  assert.deepEqual(other.announcements, { A: 0, B: 20 });
  assert.equal(P.handOf(fields([["taker", "1"], ["capot", "A"]]), "belote").points, null);
});

test("the redeal button's action=pass is the last action posted: a redeal whatever was typed", () => {
  const hand = P.handOf(fields([["taker", "1"], ["points", "90"], ["action", "pass"]]), "belote");
  assert.deepEqual(hand, { taker: null, points: null, capot: null, belote: null, announcements: { A: 0, B: 0 }, renonce: null });
  assert.equal(P.handOf(fields([["action", "pass"]]), "coinche").bid, null);
});

test("what the form refuses is no hand: no taker, a word for a number, a holder of the other team, announcements over the cap", () => {
  assert.equal(P.handOf(fields([["points", "90"]]), "belote"), null);
  assert.equal(P.handOf(fields([["taker", "1"], ["points", "abc"]]), "belote"), null);
  assert.equal(P.handOf(fields([["taker", "1"], ["points", "90"], ["belote", "B"], ["belote_seat", "1"]]), "belote"), null);
  assert.equal(P.handOf(fields([["taker", "1"], ["points", "90"], ["ann_points", "2010"]]), "belote", { announcementsMax: 2000 }), null);
  assert.equal(P.integerOf("82.0"), 82);
  assert.equal(P.integerOf(" 82 "), 82);
  assert.equal(P.integerOf(""), null);
  assert.ok(Number.isNaN(P.integerOf("8 2")));
});

test("every game's hands are its engine's keys, in its order; a game no engine scores makes no hand (issue 28)", () => {
  for (const [game, engine] of Object.entries(ENGINES)) {
    const redeal = P.handOf(fields([["action", "pass"]]), game);
    // A game without a redeal (klaverjas: someone always plays) reads none;
    // one with its own form and a redeal (baloot) reads its engine's keys.
    if (engine.handFromForm && redeal === null) assert.ok(!["belote", "coinche", "baloot"].includes(game), game);
    else assert.deepEqual(Object.keys(redeal), engine.handKeys, game);
    // A game scored per player (belote for three or two): its taker is a player, each his points.
    const taken = engine.players ? [["taker", "A"], ["points_a", "90"]] : [["taker", "1"], ["points", "90"]];
    const typed = P.handOf(fields(taken), game);
    assert.deepEqual(Object.keys(typed), engine.handKeys, game);
  }
  assert.equal(P.handOf(fields([["taker", "1"], ["points", "90"]]), "tarot"), null);
  assert.equal(P.handOf(fields([["taker", "1"], ["points", "90"]]), "constructor"), null);
});

test("a coinche hand: the bid a number or a word, the suit, the coinche, solo", () => {
  const hand = P.handOf(fields([["taker", "3"], ["bid", "100"], ["suit", "hearts"], ["coinche", "coinche"], ["points", "120"], ["solo", ""]]), "coinche");
  assert.deepEqual(hand, {
    taker: "A", bid: 100, suit: "hearts", coinche: "coinche", points: { A: 120 }, capot: null, solo: null,
    belote: null, announcements: { A: 0, B: 0 },
  });
  const generale = P.handOf(fields([["taker", "2"], ["bid", "generale"], ["capot", "B"], ["solo", "1"]]), "coinche");
  assert.equal(generale.bid, "generale");
  assert.equal(generale.solo, true);
});

test("a jass hand as its own form makes it: the mode, the announcer's team, Weis per team; a kept one scored", () => {
  const hand = P.handOf(fields([["taker", "1"], ["mode", "spades"], ["points", "92"], ["weis_b", "50"], ["match", ""], ["stoeck", ""], ["out", ""]]), "jass");
  assert.deepEqual(hand, {
    mode: "spades", announcer: "A", points: { A: 92 }, match: null, stoeck: null, weis: { A: 0, B: 50 },
    declared: null, out: null,
  });
  assert.deepEqual(P.handOf(fields([["taker", "2"], ["mode", "obenabe"], ["match", "B"]]), "jass").points, null);
  assert.equal(P.handOf(fields([["taker", "1"], ["mode", "trumps"]]), "jass"), null);
  assert.equal(P.handOf(fields([["taker", "1"], ["mode", "hearts"], ["weis_a", "2010"]]), "jass", { announcementsMax: 2000 }), null);
  // JASS, *Scoring one hand*: spades at 1_2_3, A 92, B wins Weis 50: A 184, B 230.
  const server = { ...data([]), document: { game: "jass", rules: { target: 2500, multipliers: "1_2_3" }, hands: [] } };
  const sheet = P.pendingSheet(server, [newHand("j1", [["taker", "1"], ["mode", "spades"], ["points", "92"], ["weis_b", "50"]])]);
  assert.deepEqual(sheet.totals, { A: 184, B: 230 });
});

test("a baloot hand as its own form makes it: the buyer's team, the contract, projects counted; a redeal; a kept one scored", () => {
  const hand = P.handOf(fields([["taker", "2"], ["contract", "hokm"], ["points", "96"], ["kaboot", ""], ["baloot", "B"], ["doubling", ""], ["projects_team", ""], ["sira", "2"], ["fifty", ""], ["hundred", "1"], ["four_hundred", ""]]), "baloot");
  assert.deepEqual(hand, {
    buyer: "B", contract: "hokm", points: { B: 96 }, kaboot: null, projects: { A: [], B: ["sira", "sira", "hundred"] },
    baloot: "B", doubling: null, ashkal: false,
  });
  const sun = P.handOf(fields([["taker", "3"], ["contract", "sun"], ["kaboot", "A"], ["ashkal", "on"], ["doubling", "double"], ["projects_team", "B"], ["fifty", "1"]]), "baloot");
  assert.deepEqual([sun.points, sun.ashkal, sun.doubling, sun.projects], [null, true, "double", { A: [], B: ["fifty"] }]);
  assert.equal(P.handOf(fields([["taker", "1"], ["contract", "no_trump"]]), "baloot"), null);
  assert.equal(P.handOf(fields([["taker", "1"], ["contract", "sun"], ["sira", "5"]]), "baloot"), null);
  assert.equal(P.handOf(fields([["action", "pass"]]), "baloot").buyer, null);
  // BALOOT, *Scoring one hand*: a Sun, A 80 with a sira and a fifty: 30 / 10; then a redeal.
  const server = { ...data([]), document: { game: "baloot", rules: {}, hands: [] } };
  const sheet = P.pendingSheet(server, [
    newHand("b1", [["taker", "1"], ["contract", "sun"], ["points", "80"], ["sira", "1"], ["fifty", "1"]]),
    newHand("b2", [["action", "pass"]]),
  ]);
  assert.deepEqual(sheet.totals, { A: 30, B: 10 });
});

test("a hand of belote for three or two as its form makes it: the taker a player, each player's points, one player's announcements; a redeal; kept ones scored", () => {
  const hand = P.handOf(fields([["taker", "B"], ["points_a", "50"], ["points_b", "70"], ["capot", ""], ["belote", "C"], ["ann_team", ""], ["ann_points", "20"]]), "belote3");
  assert.deepEqual(hand, {
    taker: "B", points: { A: 50, B: 70 }, capot: null, belote: "C", announcements: { A: 0, B: 20, C: 0 },
  });
  // Without announcements at the table, the form has no such fields: none are read.
  const plain = P.handOf(fields([["taker", "A"], ["points_a", "90"], ["ann_team", "B"], ["ann_points", "x"]]), "belote2", { announcements: false });
  assert.deepEqual(plain, { taker: "A", points: { A: 90 }, capot: null, belote: null, announcements: { A: 0, B: 0 } });
  assert.equal(P.handOf(fields([["taker", "C"], ["points_a", "90"]]), "belote2"), null); // no C at two
  assert.equal(P.handOf(fields([["taker", "1"], ["points_a", "90"]]), "belote3"), null); // a player, not a seat
  assert.equal(P.handOf(fields([["taker", "A"], ["points_b", "9x"]]), "belote3"), null);
  assert.equal(P.handOf(fields([["points_a", "90"]]), "belote3"), null); // the taker is required
  assert.equal(P.handOf(fields([["taker", "A"], ["ann_points", "2010"]]), "belote3", { announcementsMax: 2000 }), null);
  assert.deepEqual(P.handOf(fields([["taker", "A"], ["capot", "C"]]), "belote3").points, null);
  assert.deepEqual(P.handOf(fields([["action", "pass"]]), "belote3"), {
    taker: null, points: null, capot: null, belote: null, announcements: { A: 0, B: 0, C: 0 },
  });
  // BELOTE_3_2, *Scoring one hand*: A 70, B 50 (C 42) made; then A 50, B 70: dedans, 0 / 81 / 81.
  const server = { ...data([]), document: { game: "belote3", rules: {}, hands: [] } };
  const sheet = P.pendingSheet(server, [
    newHand("t1", [["taker", "A"], ["points_a", "70"], ["points_b", "50"]]),
    newHand("t2", [["action", "pass"]]),
    newHand("t3", [["taker", "A"], ["points_a", "50"], ["points_b", "70"]]),
  ]);
  assert.deepEqual(sheet.totals, { A: 70, B: 131, C: 123 });
});

test("kept hands move the totals after the server's, each row with its score; a refused one does not count", () => {
  const server = data([belote(100), belote(90, "B")]);
  const entries = [
    newHand("h3", [["taker", "1"], ["points", "82"]]),
    newHand("h4", [["taker", "2"], ["points", "100"]], E.REFUSED),
    newHand("h5", [["taker", "2"], ["points", "120"]]),
  ];
  const sheet = P.pendingSheet(server, entries);
  assert.deepEqual(sheet.rows.h3.score, { A: 82, B: 80 });
  assert.equal(sheet.rows.h4, undefined);
  assert.deepEqual(sheet.rows.h5.score, { A: 42, B: 120 });
  assert.deepEqual(sheet.totals, { A: 100 + 72 + 82 + 42, B: 62 + 90 + 80 + 120 });
  assert.equal(sheet.finished, false);
  assert.equal(P.pendingSheet(server, []), null);
  assert.equal(P.pendingSheet(server, [entries[1]]), null);
});

test("a kept hand that ends the match says so, with the winner", () => {
  const server = data([belote(150)], { target: 300 });
  const sheet = P.pendingSheet(server, [newHand("h2", [["taker", "1"], ["points", "150"]])]);
  assert.equal(sheet.finished, true);
  assert.equal(sheet.winner, "A");
  assert.equal(sheet.rows.h2.ends_match, true);
});

test("a kept hand the engine refuses is left out (no row), the others still count", () => {
  const server = data([belote(100)]);
  const sheet = P.pendingSheet(server, [
    newHand("bad", [["taker", "1"], ["points", "170"]]),
    newHand("ok", [["taker", "1"], ["points", "100"]]),
  ]);
  assert.equal(sheet.rows.bad, undefined);
  assert.deepEqual(sheet.rows.ok.score, { A: 100, B: 62 });
  assert.deepEqual(sheet.totals, { A: 200, B: 124 });
});

test("a kept correction takes its hand's place, a kept deletion takes it away", () => {
  const server = data([belote(100), belote(90, "B"), belote(120)], { ids: [7, 8, 9] });
  const sheet = P.pendingSheet(server, [
    change("c", 7, "edit", [["taker", "1"], ["points", "130"]]),
    change("d", 8, "delete"),
  ]);
  assert.deepEqual(sheet.rows.c.score, { A: 130, B: 32 });
  assert.equal(sheet.rows.d, undefined);
  assert.deepEqual(sheet.totals, { A: 250, B: 74 });
});

test("the preview without network scores after the kept hands, or in place of the corrected hand", () => {
  const server = data([belote(150)], { target: 300, ids: [5] });
  const kept = [newHand("h2", [["taker", "1"], ["points", "100"]])];
  const next = P.previewOf(server, kept, fields([["taker", "1"], ["points", "90"]]));
  assert.deepEqual(next.hand.score, { A: 90, B: 72 });
  assert.equal(next.hand.number, 3);
  assert.equal(next.hand.ends_match, true);
  assert.equal(next.result.winner, "A");
  const corrected = P.previewOf(server, [], fields([["taker", "2"], ["points", "100"]]), { replace: `${MATCH}5/` });
  assert.deepEqual(corrected.hand.score, { A: 62, B: 100 });
  assert.equal(corrected.hand.number, 1);
  assert.deepEqual(P.previewOf(server, [], fields([["points", "90"]])), { refused: true });
  assert.deepEqual(P.previewOf(server, [], fields([["taker", "1"], ["points", "163"]])), { refused: true });
  assert.equal(P.previewOf(null, [], fields([])), null);
});
