// The phone's kernel (static/js/scoring/kernel.js) for a game scored per
// player (game.players: belote for three or two): its loop's twin,
// scorePlayers, played as tests/engine/test_kernel_players.py plays the
// engine's. A made-up game of three players whose hands say what each
// scores ({score, outcome, block, refuse}). Run by node's own test runner
// (tests/engine/test_client_js.py).

import test from "node:test";
import assert from "node:assert/strict";

import {
  MatchError, breakdown, problem, resultDocument, scoreHands,
} from "../../../static/js/scoring/kernel.js";

function game(more = {}) {
  return {
    name: "three", hasReserve: false, players: ["A", "B", "C"],
    scoreHand: (rules, hand, reserve) => ({
      outcome: hand.outcome || "made", score: { ...hand.score }, reserve, tricks: null,
      hand_totals: null, winner: null, collected: 0, breakdown: breakdown(),
    }),
    blocksWin: (rules, hand) => Boolean(hand.block),
    magnitude: () => 10000,
    ...more,
  };
}

const rules = (target = 100, donnes = null) => ({ target, donnes });
const hand = (A, B, C, more = {}) => ({ score: { A, B, C }, ...more });
const PASSED = hand(0, 0, 0, { outcome: "passed" });

function problemsOf(fn) {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof MatchError, String(error));
    return error.problems.map((p) => [p.hand, p.field, p.code, p.message]);
  }
  assert.fail("no MatchError");
}

test("one player alone at the top at the target wins", () => {
  const result = scoreHands(game(), rules(), [hand(60, 50, 52), hand(50, 52, 60)]);
  assert.deepEqual(result.totals, { A: 110, B: 102, C: 112 });
  assert.deepEqual([result.finished, result.winner], [true, "C"]);
  assert.deepEqual(result.hands.map((h) => h.ends_match), [false, true]);
  assert.deepEqual(result.hands[0].totals, { A: 60, B: 50, C: 52 });
  assert.deepEqual(result.players, ["A", "B", "C"]);
  const goesOn = scoreHands(game(), rules(), [hand(99, 0, 63)]);
  assert.deepEqual([goesOn.finished, goesOn.winner, goesOn.decisive_hand], [false, null, false]);
});

test("a shared top plays another hand, a redeal changes nothing", () => {
  const hands = [hand(100, 100, 0), PASSED];
  let result = scoreHands(game(), rules(), hands);
  assert.deepEqual([result.finished, result.winner, result.decisive_hand], [false, null, true]);
  assert.equal(result.donnes, 1);
  result = scoreHands(game(), rules(), [...hands, hand(0, 1, 60)]);
  assert.deepEqual([result.finished, result.winner], [true, "B"]);
  result = scoreHands(game(), rules(), [hand(100, 100, 120)]);
  assert.deepEqual([result.finished, result.winner], [true, "C"]);
});

test("the game may keep the leader from winning on a hand", () => {
  let result = scoreHands(game(), rules(), [hand(120, 0, 42, { block: true }), PASSED]);
  assert.deepEqual([result.finished, result.no_trick_block], [false, true]);
  result = scoreHands(game(), rules(), [hand(120, 0, 42, { block: true }), hand(0, 0, 0)]);
  assert.deepEqual([result.finished, result.winner, result.no_trick_block], [true, "A", false]);
});

test("after the end every hand is an error, a redeal too", () => {
  const hands = [hand(120, 0, 42), PASSED, hand(1, 1, 1)];
  const problems = problemsOf(() => scoreHands(game(), rules(), hands));
  assert.deepEqual(problems, [
    [2, "hand", "after_end", "the match ended with hand 1"],
    [3, "hand", "after_end", "the match ended with hand 1"],
  ]);
});

test("the rule donnes ends on the K-th donne whatever the target", () => {
  const hands = [hand(500, 0, 0), PASSED, hand(0, 250, 250)];
  let result = scoreHands(game(), rules(100, 2), hands);
  assert.deepEqual([result.finished, result.winner, result.donnes], [true, "A", 2]);
  result = scoreHands(game(), rules(100, 2), [hand(10, 10, 0), hand(0, 0, 5)]);
  assert.deepEqual([result.finished, result.winner], [true, null]);
  assert.equal(scoreHands(game(), rules(100, 3), hands.slice(0, 2)).finished, false);
});

test("a game's own end decides and may refuse a hand", () => {
  const seen = [];
  const endOfMatch = (rules_, hand_, scored, before, after) => {
    seen.push([before, after]);
    if (hand_.refuse) throw new MatchError([problem(null, "out", "required", "is required")]);
    return seen.length === 2 ? { winner: "B" } : null;
  };
  const result = scoreHands(game({ endOfMatch }), rules(), [hand(200, 0, 0), hand(0, 1, 0)]);
  assert.deepEqual(seen[1], [{ A: 200, B: 0, C: 0 }, { A: 200, B: 1, C: 0 }]);
  assert.deepEqual([result.finished, result.winner, result.decisive_hand], [true, "B", false]);
  seen.length = 0;
  const problems = problemsOf(() => scoreHands(game({ endOfMatch }), rules(),
    [hand(1, 0, 0), hand(0, 0, 0, { refuse: true }), hand(0, 0, 0)]));
  assert.deepEqual(problems.map((p) => p.slice(0, 3)), [[2, "out", "required"]]);
});

test("the result document is keyed by player", () => {
  const document = resultDocument(scoreHands(game(), rules(), [hand(60, 50, 52), PASSED]));
  assert.deepEqual(document.hands[1], {
    outcome: "passed", score: { A: 0, B: 0, C: 0 }, reserve: 0,
    totals: { A: 60, B: 50, C: 52 }, collected: 0,
  });
  assert.deepEqual(document.totals, { A: 60, B: 50, C: 52 });
  assert.deepEqual([document.finished, document.winner, document.donnes], [false, null, 1]);
});

test("a game's own end may settle the hand's score from the totals before it", () => {
  // The second hand's score is the end's: C writes what takes it to 100.
  const endOfMatch = (r, h, scored, before) => {
    if (!h.settle) return null;
    const score = { A: 0, B: 0, C: 100 - before.C };
    return { winner: "C", settled: { ...scored, score } };
  };
  const result = scoreHands(game({ endOfMatch }), rules(1000), [
    hand(10, 20, 30), hand(5, 5, 5, { settle: true }),
  ]);
  assert.deepEqual(result.hands[1].score, { A: 0, B: 0, C: 70 });
  assert.deepEqual(result.hands[1].totals, { A: 10, B: 20, C: 100 });
  assert.deepEqual(result.totals, { A: 10, B: 20, C: 100 });
  assert.deepEqual([result.finished, result.winner], [true, "C"]);
});
