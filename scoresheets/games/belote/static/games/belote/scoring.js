// The phone's scorer: belote as Rebelote scores it, from the contract
// docs/match-document.md (FORMAT). The twin of
// scoresheets/games/belote/engine.py, held to it by
// tests/engine/test_js_scorer.py (why, and how: kernel.js, top).
//
// A hand once parsed: {taker, points_team, trick_points, capot, belote,
// announcements: {A, B}, renonce}, each value as the document gave it (the
// checks say what is wrong with it).

import {
  ANNULLED, BELOTE_POINTS, DEDANS, LITIGE, MADE, NEAREST_TEN, PASSED, RENONCE, ROUNDINGS,
  TEAMS, TRICK_POINTS_TOTAL, announcementsOf, breakdown, checkAnnouncements, checkKnownKeys,
  checkPoints, checkRulesOf, checkTeam, checkTeamKeys, get, has, isNone,
  isObject, keysOf, otherTeam, pairOf, parseRules, parts, problem, roundPoints,
} from "../../js/scoring/kernel.js";

export const GAME = "belote";

// FORMAT, *Match document*, rules table: each rule's default, and its
// choices (target: any integer > 0; donnes: null or 1 to 100). In the engine's order.
export const DEFAULTS = {
  target: 1000,
  capot_points: 252,
  rounding: "none",
  litige: "reserve",
  announcements: true,
  renonce: "penalty",
  win_needs_trick: true,
  capot_takes_announcements: false,
  donnes: null,
};
export const CHOICES = {
  capot_points: [252, 250],
  rounding: ROUNDINGS,
  litige: ["reserve", "lost", "fall"],
  announcements: [true, false],
  renonce: ["penalty", "annul"],
  win_needs_trick: [true, false],
  capot_takes_announcements: [true, false],
};
export const HAND_KEYS = ["taker", "points", "capot", "belote", "announcements", "renonce"];

// Every problem with ``rules`` (FORMAT, rules table).
export function checkRules(rules) {
  return checkRulesOf(rules, CHOICES);
}

// Every problem with ``hand``, the hand ``n`` (1-based) of a match (FORMAT,
// hand table): teams; trick points 0-162 of one team unless capot, redeal or
// renonce; no points with a capot; nothing on a redeal; announcements.
export function checkHand(rules, hand, n) {
  const out = [];
  const taker = hand.taker;
  checkTeam(out, n, "taker", taker, true);
  checkTeam(out, n, "capot", hand.capot, true);
  checkTeam(out, n, "belote", hand.belote, true);
  checkTeam(out, n, "renonce", hand.renonce, true);
  const hasAnnouncements = checkAnnouncements(out, rules.announcements, n, hand.announcements);
  const hasPoints = checkPoints(out, n, hand.points_team, hand.trick_points);

  if (isNone(taker)) {
    // A redeal: all four passed, nothing is scored (FORMAT, key `taker`).
    const filled = [
      ["points", hasPoints], ["capot", !isNone(hand.capot)], ["belote", !isNone(hand.belote)],
      ["renonce", !isNone(hand.renonce)], ["announcements", hasAnnouncements],
    ];
    for (const [name, value] of filled) {
      if (value) out.push(problem(n, name, "not_on_redeal", "must be empty when nobody took"));
    }
    return out;
  }
  if (!isNone(hand.renonce)) {
    if (hasPoints) {
      out.push(problem(n, "points", "points_with_renonce", "must be empty with a renonce"));
    }
    if (!isNone(hand.capot)) {
      out.push(problem(n, "capot", "capot_with_renonce", "must be empty with a renonce"));
    }
  } else if (!isNone(hand.capot)) {
    if (hasPoints) {
      const message = "must be empty with a capot (the capot team has all the tricks)";
      out.push(problem(n, "points", "points_with_capot", message));
    }
  } else if (!hasPoints) {
    out.push(problem(n, "points", "required", "the trick points of one team are required"));
  }
  return out;
}

// One hand of a match document, its shape checked (its values: checkHand),
// or null (its problems in ``out``).
export function parseHand(out, raw, n) {
  if (!isObject(raw)) {
    out.push(problem(n, "hand", "not_object", "must be an object"));
    return null;
  }
  let ok = checkKnownKeys(out, n, raw, HAND_KEYS, "is not a known key of a hand");
  if (!has(raw, "taker")) {
    out.push(problem(n, "taker", "required", 'is required ("A", "B" or null)'));
    ok = false;
  }
  let pointsTeam = null;
  let trickPoints = null;
  const points = get(raw, "points");
  if (!isNone(points)) {
    if (!isObject(points)) {
      out.push(problem(n, "points", "not_object", 'must be an object like {"A": 82}'));
      ok = false;
    } else {
      ok = checkTeamKeys(out, n, "points", points) && ok;
      const keys = keysOf(points);
      if (ok && keys.length !== 1) {
        const message = "must give the trick points of exactly one team";
        out.push(problem(n, "points", "points_one_team", message));
        ok = false;
      } else if (ok) {
        pointsTeam = keys[0];
        trickPoints = points[keys[0]];
      }
    }
  }
  let announcements = { A: 0, B: 0 };
  const ann = get(raw, "announcements");
  if (!isNone(ann)) {
    if (!isObject(ann)) {
      out.push(problem(n, "announcements", "not_object", 'must be an object like {"A": 20}'));
      ok = false;
    } else {
      ok = checkTeamKeys(out, n, "announcements", ann) && ok;
      announcements = announcementsOf(ann);
    }
  }
  if (!ok) return null;
  return {
    taker: get(raw, "taker"), points_team: pointsTeam, trick_points: trickPoints,
    capot: get(raw, "capot"), belote: get(raw, "belote"), announcements,
    renonce: get(raw, "renonce"),
  };
}

// The rules object of a match document (a rule left out: its default), or
// null when it is no object; its problems in ``out``.
export function parseRulesObject(out, raw) {
  const rules = parseRules(out, raw, DEFAULTS);
  if (rules) out.push(...checkRules(rules));
  return rules;
}

// FORMAT, *Scoring one hand*: one valid hand given the reserve before it.
export function scoreHand(rules, hand, reserve) {
  const taker = hand.taker;
  if (isNone(taker)) {
    return {
      outcome: PASSED, score: { A: 0, B: 0 }, reserve, tricks: null, hand_totals: null,
      winner: null, collected: 0, breakdown: breakdown(),
    };
  }
  const annA = hand.announcements.A;
  const annB = hand.announcements.B;
  const belA = hand.belote === "A" ? BELOTE_POINTS : 0;
  const belB = hand.belote === "B" ? BELOTE_POINTS : 0;
  const defense = otherTeam(taker);
  let tricks = null;
  let totals = null;
  let outcome;
  let winner;
  // The parts each team scores (before the reserve and rounding).
  const mine = {
    A: { tricks: 0, announcements: 0, penalty: 0 },
    B: { tricks: 0, announcements: 0, penalty: 0 },
  };
  let reserveIn = 0;
  let forfeited = 0;

  if (!isNone(hand.renonce)) {
    if (rules.renonce === "annul") {
      return {
        outcome: ANNULLED, score: { A: 0, B: 0 }, reserve, tricks: null, hand_totals: null,
        winner: null, collected: 0, breakdown: breakdown(taker),
      };
    }
    // Penalty: the other team scores 162 + all announcements + its belote;
    // the revoking team keeps its belote only.
    outcome = RENONCE;
    winner = otherTeam(hand.renonce);
    mine[winner].penalty = TRICK_POINTS_TOTAL;
    mine[winner].announcements = annA + annB;
  } else {
    const capot = hand.capot;
    if (!isNone(capot)) tricks = pairOf(capot, rules.capot_points, 0);
    else {
      tricks = pairOf(hand.points_team, hand.trick_points, TRICK_POINTS_TOTAL - hand.trick_points);
    }
    totals = { A: tricks.A + annA + belA, B: tricks.B + annB + belB };
    const takerTotal = totals[taker];
    const defenseTotal = totals[defense];
    if (!isNone(capot)) outcome = capot === taker ? MADE : DEDANS; // whatever the totals
    else if (takerTotal > defenseTotal) outcome = MADE;
    else if (takerTotal < defenseTotal) outcome = DEDANS;
    else if (rules.litige === "fall") outcome = DEDANS;
    else outcome = LITIGE;

    if (outcome === MADE) {
      // Each team scores its own total.
      winner = taker;
      for (const team of TEAMS) {
        mine[team].tricks = tricks[team];
        mine[team].announcements = hand.announcements[team];
      }
      if (!isNone(capot) && rules.capot_takes_announcements) {
        // The team that was capot loses its announcements to the taker.
        mine[taker].announcements = annA + annB;
        mine[defense].announcements = 0;
      }
    } else if (outcome === DEDANS) {
      winner = defense;
      mine[defense].tricks = capot === defense ? rules.capot_points : TRICK_POINTS_TOTAL;
      mine[defense].announcements = annA + annB;
    } else {
      // Litige: the defense scores its total, the taker its belote only.
      winner = null;
      mine[defense].tricks = tricks[defense];
      mine[defense].announcements = hand.announcements[defense];
      const takerPoints = tricks[taker] + hand.announcements[taker];
      if (rules.litige === "reserve") {
        reserveIn = takerPoints;
        reserve += takerPoints;
      } else {
        forfeited = takerPoints;
      }
    }
  }

  const belote = { A: belA, B: belB };
  const score = {};
  for (const team of TEAMS) {
    score[team] = mine[team].tricks + mine[team].announcements + belote[team] + mine[team].penalty;
  }
  let collected = 0;
  const collectedBy = { A: 0, B: 0 };
  if (winner !== null && reserve) {
    collected = reserve;
    reserve = 0;
    collectedBy[winner] = collected;
    score[winner] += collected;
  }
  const rounding = { A: 0, B: 0 };
  if (rules.rounding === NEAREST_TEN) {
    for (const team of TEAMS) {
      rounding[team] = roundPoints(score[team], NEAREST_TEN) - score[team];
      score[team] += rounding[team];
    }
  }
  const partsOf = (team) =>
    parts({
      ...mine[team], belote: belote[team], reserve: collectedBy[team], rounding: rounding[team],
    });
  return {
    outcome, score, reserve, tricks, hand_totals: totals, winner, collected,
    breakdown: breakdown(taker, {
      A: partsOf("A"), B: partsOf("B"), reserve_in: reserveIn, forfeited,
    }),
  };
}

// FORMAT, rule ``win_needs_trick``: a team capot in this hand (it took no
// trick) cannot win the match on it, even ahead at the target.
export function blocksWin(rules, hand, leader) {
  return rules.win_needs_trick === true && !isNone(hand.capot) && leader !== hand.capot;
}

// What belote adds to a hand typed in its form (game_forms.BeloteHandForm's
// game_fields): {renonce}, or undefined when the form would refuse it.
// ``value(name)``: the value the form posts for ``name``; ``team(chip)``: a
// team chip's "A", "B", null for none, undefined for anything else.
export function formFields(value, team) {
  const renonce = team(value("renonce"));
  return renonce === undefined ? undefined : { renonce };
}

export const ENGINE = {
  name: GAME, hasReserve: true, parseRulesObject, parseHand, checkHand, scoreHand, blocksWin,
  handKeys: HAND_KEYS, formFields,
};
