// The phone's scorer: coinche (belote contrée) as Rebelote scores it, from
// the contract docs/coinche.md (COINCHE). The twin of
// scoresheets/games/coinche/engine.py, held to it by
// tests/engine/test_js_scorer.py (why, and how: kernel.js, top).
//
// A hand once parsed: {taker, bid, suit, coinche, points_team, trick_points,
// capot, solo, belote, announcements: {A, B}}, each value as the document
// gave it (the checks say what is wrong with it).

import {
  BELOTE_POINTS, DEDANS, MADE, NEAREST_TEN, PASSED, ROUNDINGS, TRICK_POINTS_TOTAL,
  announcementsOf, breakdown, checkAnnouncements, checkChoice, checkKnownKeys, checkPoints,
  checkRulesOf, checkTeam, checkTeamKeys, get, has, isInt, isNone, isObject, keysOf, otherTeam,
  pairOf, parseRules, parts, problem, roundPoints, same,
} from "../../js/scoring/kernel.js";

export const GAME = "coinche";

// COINCHE, hand key `bid`: a multiple of 10 from 80 to 180, or a word.
export const NUMERIC_BIDS = [80, 90, 100, 110, 120, 130, 140, 150, 160, 170, 180];
export const CAPOT = "capot";
export const GENERALE = "generale"; // the bidder alone takes all eight tricks
export const BIDS = [...NUMERIC_BIDS, CAPOT, GENERALE];
export const SUITS = ["clubs", "diamonds", "hearts", "spades", "no_trump", "all_trump"];
export const NO_TRUMP = "no_trump";
export const MULTIPLIERS = { coinche: 2, surcoinche: 4 }; // no coinche: 1
// The "160" of (160 + bid): the card points a contract is worth.
export const CONTRACT_BASE = 160;

// COINCHE, *Rules*: each rule's default (the federation's), and its choices
// (target: any integer > 0; donnes: null or 1 to 100). In the engine's order.
export const DEFAULTS = {
  target: 2000,
  rounding: "nearest_ten",
  made_score: "points_plus_bid",
  coinche_score: "all",
  belote_counts: true,
  announcements: false,
  announcements_count: true,
  capot_points: 250,
  capot_bid_points: 500,
  donnes: null,
};
export const CHOICES = {
  rounding: ROUNDINGS,
  made_score: ["points_plus_bid", "bid_only", "160_plus_bid"],
  coinche_score: ["all", "total", "bid"],
  belote_counts: [true, false],
  announcements: [true, false],
  announcements_count: [true, false],
  capot_points: [250, 252, 162],
  capot_bid_points: [500, 250],
};
export const HAND_KEYS = [
  "taker", "bid", "suit", "coinche", "points", "capot", "solo", "belote", "announcements",
];
// Keys of a belote document that a coinche one does not have (COINCHE, *Rules*).
const BELOTE_RULES = {
  litige: "is a rule of belote, not of coinche",
  renonce: "is a rule of belote, not of coinche",
  win_needs_trick: "is a rule of belote, not of coinche",
};
const BELOTE_HAND_KEYS = { renonce: "is a key of a belote hand, not of coinche" };

function isNumericBid(bid) {
  return isInt(bid) && NUMERIC_BIDS.includes(bid);
}

function isWordBid(bid) {
  return bid === CAPOT || bid === GENERALE;
}

// Every problem with ``rules`` (COINCHE, *Rules*).
export function checkRules(rules) {
  return checkRulesOf(rules, CHOICES);
}

// Every problem with ``hand``, the hand ``n`` (1-based) of a match (COINCHE,
// *Hand*): teams; nothing but zeros on a redeal; a bid when someone took;
// suit and coinche among their values; trick points required for a numeric
// bid without capot, absent with a capot; solo for a générale whose taker
// made the capot, and only there; no belote at no_trump; announcements.
export function checkHand(rules, hand, n) {
  const out = [];
  const taker = hand.taker;
  checkTeam(out, n, "taker", taker, true);
  checkTeam(out, n, "capot", hand.capot, true);
  checkTeam(out, n, "belote", hand.belote, true);
  const hasAnnouncements = checkAnnouncements(out, rules.announcements, n, hand.announcements);
  const hasPoints = checkPoints(out, n, hand.points_team, hand.trick_points);

  if (isNone(taker)) {
    // A redeal: all four passed, nothing is scored (COINCHE, key `taker`).
    const filled = [
      ["bid", !isNone(hand.bid)], ["suit", !isNone(hand.suit)],
      ["coinche", !isNone(hand.coinche)], ["points", hasPoints], ["capot", !isNone(hand.capot)],
      ["solo", !isNone(hand.solo)], ["belote", !isNone(hand.belote)],
      ["announcements", hasAnnouncements],
    ];
    for (const [name, value] of filled) {
      if (value) out.push(problem(n, name, "not_on_redeal", "must be empty when nobody took"));
    }
    return out;
  }
  const bid = hand.bid;
  const numeric = isNumericBid(bid);
  if (isNone(bid)) {
    out.push(problem(n, "bid", "required", 'is required (80 to 180, "capot" or "generale")'));
  } else if (!numeric && !isWordBid(bid)) {
    const message = 'must be a multiple of 10 from 80 to 180, "capot" or "generale"';
    out.push(problem(n, "bid", "invalid_choice", message, { choices: [...BIDS] }));
  }
  if (!isNone(hand.suit)) checkChoice(out, n, "suit", hand.suit, SUITS);
  if (!isNone(hand.coinche)) {
    checkChoice(out, n, "coinche", hand.coinche, Object.keys(MULTIPLIERS));
  }
  if (!isNone(hand.belote) && hand.suit === NO_TRUMP) {
    out.push(problem(n, "belote", "belote_at_no_trump", "there is no belote at no trump"));
  }
  if (!isNone(hand.capot)) {
    if (hasPoints) {
      const message = "must be empty with a capot (the capot team has all the tricks)";
      out.push(problem(n, "points", "points_with_capot", message));
    }
  } else if (numeric && !hasPoints) {
    out.push(problem(n, "points", "required", "the trick points of one team are required"));
  }
  // `solo` belongs to a générale whose taker made the capot, and only there.
  if (numeric || isWordBid(bid)) {
    if (bid === GENERALE && !isNone(hand.capot) && same(hand.capot, taker)) {
      if (isNone(hand.solo)) {
        const message =
          "is required (true or false): did the bidder take all eight tricks alone";
        out.push(problem(n, "solo", "required", message));
      } else {
        checkChoice(out, n, "solo", hand.solo, [true, false]);
      }
    } else if (!isNone(hand.solo)) {
      const message = "only for a générale whose taker made the capot";
      out.push(problem(n, "solo", "solo_not_allowed", message));
    }
  }
  return out;
}

// A hand's points or announcements: an object keyed by team, or null (its
// problems in ``out``).
function teamObject(out, n, raw, name, example) {
  if (!isObject(raw)) {
    out.push(problem(n, name, "not_object", `must be an object like ${example}`));
    return null;
  }
  return checkTeamKeys(out, n, name, raw) ? raw : null;
}

// One hand of a match document, its shape checked (its values: checkHand),
// or null (its problems in ``out``).
export function parseHand(out, raw, n) {
  if (!isObject(raw)) {
    out.push(problem(n, "hand", "not_object", "must be an object"));
    return null;
  }
  const message = "is not a known key of a hand";
  let ok = checkKnownKeys(out, n, raw, HAND_KEYS, message, BELOTE_HAND_KEYS);
  if (!has(raw, "taker")) {
    out.push(problem(n, "taker", "required", 'is required ("A", "B" or null)'));
    ok = false;
  }
  let pointsTeam = null;
  let trickPoints = null;
  if (!isNone(get(raw, "points"))) {
    const points = teamObject(out, n, raw.points, "points", '{"A": 82}');
    if (points === null) ok = false;
    else if (keysOf(points).length !== 1) {
      const text = "must give the trick points of exactly one team";
      out.push(problem(n, "points", "points_one_team", text));
      ok = false;
    } else {
      pointsTeam = keysOf(points)[0];
      trickPoints = points[pointsTeam];
    }
  }
  let announcements = { A: 0, B: 0 };
  if (!isNone(get(raw, "announcements"))) {
    const ann = teamObject(out, n, raw.announcements, "announcements", '{"A": 20}');
    if (ann === null) ok = false;
    else announcements = announcementsOf(ann);
  }
  if (!ok) return null;
  return {
    taker: get(raw, "taker"), bid: get(raw, "bid"), suit: get(raw, "suit"),
    coinche: get(raw, "coinche"), points_team: pointsTeam, trick_points: trickPoints,
    capot: get(raw, "capot"), solo: get(raw, "solo"), belote: get(raw, "belote"),
    announcements,
  };
}

// The rules object of a match document (a rule left out: its default), or
// null when it is no object; its problems in ``out``.
export function parseRulesObject(out, raw) {
  const rules = parseRules(out, raw, DEFAULTS, BELOTE_RULES);
  if (rules) out.push(...checkRules(rules));
  return rules;
}

// COINCHE, *Scoring one hand*: one valid hand. The winner (the taker if
// made, the defense if dedans) scores the contract; the breakdown says its
// parts and what the coinche multiplied (multiplied_parts, multiplier).
export function scoreHand(rules, hand, reserve) {
  const taker = hand.taker;
  if (isNone(taker)) {
    return {
      outcome: PASSED, score: { A: 0, B: 0 }, reserve, tricks: null, hand_totals: null,
      winner: null, collected: 0, breakdown: breakdown(),
    };
  }
  const defense = otherTeam(taker);
  const m = isNone(hand.coinche) ? 1 : MULTIPLIERS[hand.coinche];
  const ann = hand.announcements;
  const allAnnouncements = ann.A + ann.B;
  const bel = {
    A: hand.belote === "A" ? BELOTE_POINTS : 0,
    B: hand.belote === "B" ? BELOTE_POINTS : 0,
  };
  const capot = isNone(hand.capot) ? null : hand.capot;
  let tricks = null; // a bid of capot that failed, points not given
  if (capot !== null) tricks = pairOf(capot, rules.capot_points, 0);
  else if (!isNone(hand.points_team)) {
    const tp = hand.trick_points;
    tricks = pairOf(hand.points_team, tp, TRICK_POINTS_TOTAL - tp);
  }
  const bid = hand.bid;
  let check = null;
  // The winner's parts (it scores the contract) and the loser's.
  let wTricks = 0, wAnn = 0, wBase = 0, wBid = 0, lTricks = 0, lAnn = 0;
  let multipliedParts;
  let group; // the sum of the multiplied parts, which m counts m - 1 more times
  let made;

  if (!isInt(bid)) {
    // Bid of capot or générale: the stake, all or nothing.
    const stake = rules.capot_bid_points * (bid === GENERALE ? 2 : 1);
    made = capot === taker && (bid !== GENERALE || hand.solo === true);
    wBid = stake;
    wAnn = allAnnouncements;
    multipliedParts = ["bid"];
    group = stake;
  } else {
    const counted = (team) =>
      tricks[team] + (rules.belote_counts ? bel[team] : 0) +
      (rules.announcements_count ? ann[team] : 0);
    check = { A: counted("A"), B: counted("B") };
    if (capot === taker) made = check[taker] >= bid;
    else if (capot === defense) made = false;
    else made = check[taker] >= bid && check[taker] > check[defense]; // a tie fails
    const coincheScore = rules.coinche_score;
    if (!made || (m > 1 && coincheScore === "all")) {
      // Failed, or made, coinched, "all": (160 + V) x m; a dedans under
      // "bid": 160 + V x m.
      wBase = CONTRACT_BASE;
      wBid = bid;
      wAnn = allAnnouncements;
      if (coincheScore === "bid") [multipliedParts, group] = [["bid"], bid];
      else [multipliedParts, group] = [["base", "bid"], CONTRACT_BASE + bid];
    } else {
      // Made, otherwise: V' = V x m under "bid", k = m under "total".
      const total = coincheScore === "total";
      wBid = bid;
      if (rules.made_score === "points_plus_bid") {
        wTricks = tricks[taker];
        wAnn = ann[taker];
        lTricks = tricks[defense];
        lAnn = ann[defense];
        if (total) {
          multipliedParts = ["tricks", "announcements", "bid"];
          group = wTricks + wAnn + bid;
        } else {
          [multipliedParts, group] = [["bid"], bid];
        }
      } else if (rules.made_score === "bid_only") {
        wAnn = allAnnouncements;
        [multipliedParts, group] = [["bid"], bid];
      } else {
        // 160_plus_bid
        wBase = CONTRACT_BASE;
        wAnn = allAnnouncements;
        if (total) [multipliedParts, group] = [["base", "bid"], CONTRACT_BASE + bid];
        else [multipliedParts, group] = [["bid"], bid];
      }
    }
  }
  const winner = made ? taker : defense;
  let wMultiplied = 0;
  if (m === 1) multipliedParts = [];
  else wMultiplied = group * (m - 1);
  const loser = otherTeam(winner);
  const wRaw = wTricks + wAnn + wBase + wBid + wMultiplied + bel[winner];
  const lRaw = lTricks + lAnn + bel[loser];
  let wRounding = 0;
  let lRounding = 0;
  if (rules.rounding === NEAREST_TEN) {
    wRounding = roundPoints(wRaw, NEAREST_TEN) - wRaw;
    lRounding = roundPoints(lRaw, NEAREST_TEN) - lRaw;
  }
  const byTeam = {
    [winner]: parts({
      tricks: wTricks, announcements: wAnn, belote: bel[winner], rounding: wRounding,
      base: wBase, bid: wBid, multiplied: wMultiplied,
    }),
    [loser]: parts({
      tricks: lTricks, announcements: lAnn, belote: bel[loser], rounding: lRounding,
    }),
  };
  return {
    outcome: made ? MADE : DEDANS,
    score: pairOf(winner, wRaw + wRounding, lRaw + lRounding),
    reserve, tricks, hand_totals: check, winner, collected: 0,
    breakdown: breakdown(taker, {
      A: byTeam.A, B: byTeam.B, multiplier: m, multiplied_parts: multipliedParts,
    }),
  };
}

// COINCHE, *End of match*: FORMAT's without ``win_needs_trick``.
export function blocksWin() {
  return false;
}

// What coinche adds to a hand typed in its form (coinche's forms:
// BID_CHOICES, SUIT_CHOICES, COINCHE_CHOICES, SOLO_CHOICES): {bid, suit,
// coinche, solo}, or undefined when the form would refuse a value.
// ``value(name)``: the value the form posts for ``name``.
export function formFields(value) {
  const bid = value("bid");
  const suit = value("suit");
  const coinche = value("coinche");
  const solo = value("solo");
  if (bid && !BIDS.map(String).includes(bid)) return undefined;
  if (suit && !SUITS.includes(suit)) return undefined;
  if (coinche && !Object.keys(MULTIPLIERS).includes(coinche)) return undefined;
  if (!["", "1", "0"].includes(solo)) return undefined;
  return {
    bid: bid === "" ? null : /^\d+$/.test(bid) ? Number(bid) : bid,
    suit: suit || null,
    coinche: coinche || null,
    solo: solo === "" ? null : solo === "1",
  };
}

export const ENGINE = {
  name: GAME, hasReserve: false, parseRulesObject, parseHand, checkHand, scoreHand, blocksWin,
  handKeys: HAND_KEYS, formFields,
};
