// The phone's scorer of the fake game (tests/fake_game, the test of the
// games' contract): the twin of its engine.py, held to its worked cases by
// tests/engine/test_js_scorer.py when the test registers it.

import {
  BELOTE_POINTS, DEDANS, MADE, PASSED, TRICK_POINTS_TOTAL, announcementsOf, breakdown,
  checkAnnouncements, checkPoints, checkRulesOf, checkTeam, get, has, isNone, isObject,
  keysOf, otherTeam, pairOf, parseRules, parts, problem, checkKnownKeys,
} from "../../js/scoring/kernel.js";

export const GAME = "fake";
const CAPOT_POINTS = 250;
export const DEFAULTS = { target: 500, announcements: false, donnes: null };
const CHOICES = { announcements: [true, false] };
export const HAND_KEYS = ["taker", "points", "capot", "belote", "announcements"];

export function checkHand(rules, hand, n) {
  const out = [];
  checkTeam(out, n, "taker", hand.taker, true);
  checkTeam(out, n, "capot", hand.capot, true);
  checkTeam(out, n, "belote", hand.belote, true);
  const hasAnnouncements = checkAnnouncements(out, rules.announcements, n, hand.announcements);
  const hasPoints = checkPoints(out, n, hand.points_team, hand.trick_points);
  if (isNone(hand.taker)) {
    const filled = [
      ["points", hasPoints], ["capot", !isNone(hand.capot)], ["belote", !isNone(hand.belote)],
      ["announcements", hasAnnouncements],
    ];
    for (const [name, value] of filled) {
      if (value) out.push(problem(n, name, "not_on_redeal", "must be empty when nobody took"));
    }
  } else if (!isNone(hand.capot) && hasPoints) {
    out.push(problem(n, "points", "points_with_capot", "must be empty with a capot"));
  } else if (isNone(hand.capot) && !hasPoints) {
    out.push(problem(n, "points", "required", "the trick points of one team are required"));
  }
  return out;
}

function teamObject(out, n, raw, name) {
  const value = get(raw, name);
  if (isNone(value)) return {};
  if (!isObject(value) || keysOf(value).some((key) => key !== "A" && key !== "B")) {
    out.push(problem(n, name, "not_object", 'must be an object like {"A": 82}'));
    return null;
  }
  return value;
}

export function parseHand(out, raw, n) {
  if (!isObject(raw)) {
    out.push(problem(n, "hand", "not_object", "must be an object"));
    return null;
  }
  const before = out.length;
  checkKnownKeys(out, n, raw, HAND_KEYS, "is not a known key of a hand");
  if (!has(raw, "taker")) out.push(problem(n, "taker", "required", 'is required ("A", "B" or null)'));
  const points = teamObject(out, n, raw, "points");
  const ann = teamObject(out, n, raw, "announcements");
  if (points !== null && keysOf(points).length > 1) {
    out.push(problem(n, "points", "points_one_team", "must give one team's points"));
  }
  if (out.length > before || points === null || ann === null) return null;
  const keys = keysOf(points);
  return {
    taker: get(raw, "taker"), points_team: keys.length ? keys[0] : null,
    trick_points: keys.length ? points[keys[0]] : null, capot: get(raw, "capot"),
    belote: get(raw, "belote"), announcements: announcementsOf(ann),
  };
}

export function parseRulesObject(out, raw) {
  const rules = parseRules(out, raw, DEFAULTS);
  if (rules) out.push(...checkRulesOf(rules, CHOICES));
  return rules;
}

export function scoreHand(rules, hand, reserve) {
  const taker = hand.taker;
  if (isNone(taker)) {
    return {
      outcome: PASSED, score: { A: 0, B: 0 }, reserve: 0, tricks: null, hand_totals: null,
      winner: null, collected: 0, breakdown: breakdown(),
    };
  }
  const ann = hand.announcements;
  const bel = { A: hand.belote === "A" ? BELOTE_POINTS : 0, B: hand.belote === "B" ? BELOTE_POINTS : 0 };
  const tricks = isNone(hand.capot)
    ? pairOf(hand.points_team, hand.trick_points, TRICK_POINTS_TOTAL - hand.trick_points)
    : pairOf(hand.capot, CAPOT_POINTS, 0);
  const totals = { A: tricks.A + ann.A + bel.A, B: tricks.B + ann.B + bel.B };
  const made = isNone(hand.capot) ? 2 * totals[taker] > totals.A + totals.B : hand.capot === taker;
  const winner = made ? taker : otherTeam(taker);
  const mine = made
    ? { A: [tricks.A, ann.A], B: [tricks.B, ann.B] }
    : { [winner]: [hand.capot === winner ? CAPOT_POINTS : TRICK_POINTS_TOTAL, ann.A + ann.B], [taker]: [0, 0] };
  const partsOf = (team) => parts({ tricks: mine[team][0], announcements: mine[team][1], belote: bel[team] });
  const A = partsOf("A");
  const B = partsOf("B");
  return {
    outcome: made ? MADE : DEDANS, score: { A: A.total, B: B.total }, reserve: 0, tricks,
    hand_totals: totals, winner, collected: 0, breakdown: breakdown(taker, { A, B }),
  };
}

export function blocksWin() {
  return false;
}

// Nothing of its own in its hand form.
export function formFields() {
  return {};
}

export const ENGINE = {
  name: GAME, hasReserve: false, parseRulesObject, parseHand, checkHand, scoreHand, blocksWin,
  handKeys: HAND_KEYS, formFields,
};
