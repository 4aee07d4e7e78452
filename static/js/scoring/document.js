// The phone's scorer: a match document of either game, as the engine's
// scoresheets/scoring/document.py (FORMAT, *Match document*: the top-level
// key `game` chooses). What the pages import. Why a hand-written scorer, how
// it is held to the engine, and why the server never trusts it: kernel.js.
//
//   scoreDocument(doc) -> the result document of `manage.py score_match`
//     ({hands: [{outcome, score, reserve, totals, collected}], totals,
//     reserve, finished, winner, decisive_hand});
//   scoreMatch(doc, {reserve}) -> the same, each hand with what the sheet
//     and the explanations show besides: {number, outcome, score, reserve,
//     totals, tricks, hand_totals, winner, collected, ends_match, breakdown:
//     {A, B: {tricks, announcements, belote, penalty, reserve, rounding,
//     base, bid, multiplied, total}, taker, defense, reserve_in, forfeited,
//     multiplier, multiplied_parts}}, and no_trick_block (the engine's
//     MatchResult and HandResult, as JSON); ``reserve``: points carried in
//     (belote only; the calculator's);
// both throw MatchError (.problems: [{hand, field, code, message, params}])
// on any invalid document, and RangeError where numbers outgrow JavaScript's.

import { MatchError, has, isObject, problem, resultDocument, scoreHands } from "./kernel.js";

export { MatchError } from "./kernel.js";

// Every game's engine by name (the document's `game`), the default first.
// This module names no game: each game's package has its own scorer
// (scoresheets/games/<name>/static/scoring.js, served as
// games/<name>/scoring.js, exporting ENGINE), which the page loads
// (./games.js, from the server's list: the registry's) and adds here.
export const ENGINES = {};

// Adds a game's engine (a game's scoring.js ENGINE), after those added
// before: the first one added is the default game.
export function addEngine(engine) {
  ENGINES[engine.name] = engine;
}

// The game of a document without `game` (the first engine added).
export function defaultGame() {
  const names = Object.keys(ENGINES);
  return names.length ? names[0] : null;
}

// The engine of ``doc``'s game: no `game` (or no object: its parser says
// so) is the default game; anything but a game's name is a problem.
export function engineOf(doc) {
  if (!isObject(doc) || !has(doc, "game")) return ENGINES[defaultGame()];
  const game = doc.game;
  if (typeof game === "string" && has(ENGINES, game)) return ENGINES[game];
  const names = Object.keys(ENGINES);
  const message = `must be ${names.map((name) => `"${name}"`).join(" or ")}`;
  throw new MatchError([problem(null, "game", "invalid_choice", message, { choices: names })]);
}

// ``doc``'s rules and hands, every value checked: {engine, rules, hands}.
export function parseMatchDocument(doc) {
  const engine = engineOf(doc);
  if (!isObject(doc)) {
    throw new MatchError([problem(null, "document", "not_object", "must be a JSON object")]);
  }
  const out = [];
  let rules = engine.parseRulesObject(out, {});
  if (has(doc, "rules")) rules = engine.parseRulesObject(out, doc.rules);
  const hands = [];
  if (!has(doc, "hands")) {
    out.push(problem(null, "hands", "required", "is required (a list of hands)"));
  } else if (!Array.isArray(doc.hands)) {
    out.push(problem(null, "hands", "not_list", "must be a list of hands"));
  } else {
    doc.hands.forEach((raw, index) => {
      const hand = engine.parseHand(out, raw, index + 1);
      if (hand === null) return;
      if (rules !== null) out.push(...engine.checkHand(rules, hand, index + 1));
      hands.push(hand);
    });
  }
  if (out.length || rules === null) throw new MatchError(out);
  return { engine, rules, hands };
}

export function scoreMatch(doc, { reserve = 0 } = {}) {
  const { engine, rules, hands } = parseMatchDocument(doc);
  return scoreHands(engine, rules, hands, reserve);
}

export function scoreDocument(doc) {
  return resultDocument(scoreMatch(doc));
}
