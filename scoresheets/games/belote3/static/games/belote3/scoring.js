// The phone's scorer: belote for three and for two as Rebelote scores them,
// from the contract ../shared/scoring/BELOTE_3_2.md (BELOTE_3_2). The twin
// of scoresheets/games/belote3/engine.py, held to it by
// tests/engine/test_belote32_js.py (why a twin, and how:
// static/js/scoring/kernel.js, top): the same result documents and the same
// problems (hand, field, code, message, params), in the same order.
//
// The two games are one family (one package): this module holds it, and
// belote3's ENGINE; games/belote2/scoring.js gives belote2's (BELOTE2,
// below) as its own ENGINE. Both are scored per player (ENGINE.players:
// kernel.js' scorePlayers).
//
// A hand once parsed: {taker, points: {player: n} | null (the players
// given, in the document's order), capot, belote, announcements: {every
// player: n}}, each value as the document gave it (the checks say what is
// wrong with it).

import {
  BELOTE_POINTS, DEDANS, LITIGE, MADE, NEAREST_TEN, PASSED, ROUNDINGS, TRICK_POINTS_TOTAL,
  breakdown, checkChoice, checkKnownKeys, checkTarget, get, has, isAnnouncementValue, isInt,
  isNone, isObject, keysOf, parseRules, problem, roundPoints,
} from "../../js/scoring/kernel.js";

export const HAND_KEYS = ["taker", "points", "capot", "belote", "announcements"];
const NOT_ON_REDEAL = "must be empty when nobody took";

// BELOTE_3_2, *Rules*: each game's rules, their defaults and choices, in the
// engine's order (target: any integer > 0).
export const DEFAULTS_3 = {
  target: 1000,
  contract: "each",
  dedans: "split",
  litige: "fall",
  capot_points: 252,
  rounding: "none",
  announcements: false,
  all_cards_played: true,
};
export const CHOICES_3 = {
  contract: ["each", "half"],
  dedans: ["split", "keep"],
  litige: ["fall", "lost"],
  capot_points: [252, 250],
  rounding: ROUNDINGS,
  announcements: [false, true],
  all_cards_played: [true, false],
};
export const DEFAULTS_2 = {
  target: 1000,
  litige: "reserve",
  capot_points: 252,
  rounding: "none",
  announcements: false,
  all_cards_played: true,
};
export const CHOICES_2 = {
  litige: ["reserve", "lost", "fall"],
  capot_points: [252, 250, 212],
  rounding: ROUNDINGS,
  announcements: [false, true],
  all_cards_played: [true, false],
};

// ``"A", "B" or "C"``: the players, as the messages name them.
function playerWords(players) {
  const quoted = players.map((player) => `"${player}"`);
  return `${quoted.slice(0, -1).join(", ")} or ${quoted[quoted.length - 1]}`;
}

// --------------------------------------------------------------------------
// Checks (BELOTE_3_2, *Errors*)
// --------------------------------------------------------------------------

function checkPlayer(out, n, name, value, players) {
  if (!isNone(value) && !(typeof value === "string" && players.includes(value))) {
    out.push(problem(n, name, "invalid_player", `must be ${playerWords(players)}`));
  }
}

// Each player's announcements: 0 or a sum of 20 ... 200, none unless
// ``played``, above 0 for one player at most. Returns whether any has some.
function checkAnnouncements(out, n, played, ann, players) {
  let positive = 0;
  for (const player of players) {
    const value = ann[player];
    const name = `announcements.${player}`;
    if (!isInt(value)) {
      out.push(problem(n, name, "not_integer", "must be an integer"));
    } else if (value < 0) {
      out.push(problem(n, name, "out_of_range", "must be 0 or more", { min: 0 }));
    } else if (!isAnnouncementValue(value)) {
      const message = "must be 0 or a sum of 20, 50, 100, 150 and 200";
      out.push(problem(n, name, "not_announcement_sum", message));
    } else if (value > 0 && played === false) {
      const message = "announcements are not played under these rules";
      out.push(problem(n, name, "announcements_disabled", message));
    }
    if (isInt(value) && value > 0) positive += 1;
  }
  if (positive > 1) {
    const message = "only the player with the best announcement scores announcements";
    out.push(problem(n, "announcements", "announcements_two_players", message));
  }
  return positive > 0;
}

// Each given player's trick points: an integer from 0 to 162 (and a player
// of the game, which the parser already saw to). Returns whether all are.
function checkPointValues(out, n, points, players) {
  let ok = true;
  for (const player of keysOf(points)) {
    const value = points[player];
    const name = `points.${player}`;
    if (!players.includes(player)) {
      out.push(problem(n, name, "unknown_key", `must be ${playerWords(players)}`));
      ok = false;
    } else if (!isInt(value)) {
      out.push(problem(n, name, "not_integer", "must be an integer"));
      ok = false;
    } else if (value < 0 || value > TRICK_POINTS_TOTAL) {
      const message = `must be between 0 and ${TRICK_POINTS_TOTAL}`;
      out.push(problem(n, name, "out_of_range", message, { min: 0, max: TRICK_POINTS_TOTAL }));
      ok = false;
    }
  }
  return ok;
}

// With every card played: every player but one at most, all adding up to
// 162, fewer to 162 at most; else every player, to 162 at most.
function checkPointSums(out, n, points, players, allPlayed) {
  const values = keysOf(points).map((player) => points[player]);
  const given = values.length;
  const total = values.reduce((sum, value) => sum + value, 0);
  const needed = allPlayed ? players.length - 1 : players.length;
  if (given < needed) {
    const message = allPlayed
      ? "must give the trick points of every player but one at most"
      : "must give the trick points of every player (not every card is played)";
    out.push(problem(n, "points", "points_too_few", message, { given, needed }));
  }
  if (allPlayed && given === players.length) {
    if (total !== TRICK_POINTS_TOTAL) {
      const message = `must add up to ${TRICK_POINTS_TOTAL} (every card is played)`;
      out.push(problem(n, "points", "points_sum", message, { total }));
    }
  } else if (total > TRICK_POINTS_TOTAL) {
    const message = `must add up to ${TRICK_POINTS_TOTAL} at most`;
    out.push(problem(n, "points", "points_over_total", message, { total }));
  }
}

// Every problem with ``hand``, the hand ``n`` (1-based) of a match of the
// game of ``players`` (BELOTE_3_2, *Hand* and *Errors*), in the engine's
// order (Table.check_hand).
function checkHandOf(players, rules, hand, n) {
  const out = [];
  for (const name of ["taker", "capot", "belote"]) checkPlayer(out, n, name, hand[name], players);
  const { announcements, points } = hand;
  let hasAnn = false;
  let valuesOk = false;
  if (!isObject(announcements)) {
    out.push(problem(n, "announcements", "not_object", "must be an object"));
  } else {
    hasAnn = checkAnnouncements(out, n, rules.announcements, announcements, players);
  }
  if (points !== null && !isObject(points)) {
    out.push(problem(n, "points", "not_object", "must be an object"));
  } else {
    valuesOk = points === null || checkPointValues(out, n, points, players);
  }
  if (isNone(hand.taker)) {
    // A redeal: everybody passed, nothing is scored.
    const filled = [["points", points !== null], ["capot", !isNone(hand.capot)],
      ["belote", !isNone(hand.belote)]];
    for (const [name, value] of filled) {
      if (value) out.push(problem(n, name, "not_on_redeal", NOT_ON_REDEAL));
    }
    if (hasAnn) out.push(problem(n, "announcements", "not_on_redeal", NOT_ON_REDEAL));
  } else if (!isNone(hand.capot)) {
    if (points !== null) {
      const message = "must be empty with a capot (the capot player has all the tricks)";
      out.push(problem(n, "points", "points_with_capot", message));
    }
  } else if (points === null) {
    out.push(problem(n, "points", "required", "the trick points are required"));
  } else if (valuesOk) {
    checkPointSums(out, n, points, players, rules.all_cards_played !== false);
  }
  return out;
}

// --------------------------------------------------------------------------
// The match document
// --------------------------------------------------------------------------

// A hand's ``points`` or ``announcements``: an object keyed by player, or null.
function playerObject(out, n, raw, name, example, players) {
  if (!isObject(raw)) {
    out.push(problem(n, name, "not_object", `must be an object like ${example}`));
    return null;
  }
  const unknown = keysOf(raw).filter((key) => !players.includes(key));
  for (const key of unknown) {
    out.push(problem(n, `${name}.${key}`, "unknown_key", `must be ${playerWords(players)}`));
  }
  return unknown.length ? null : raw;
}

// One hand of a match document, its shape checked (its values: checkHand),
// or null (its problems in ``out``).
function parseHandOf(players, out, raw, n) {
  if (!isObject(raw)) {
    out.push(problem(n, "hand", "not_object", "must be an object"));
    return null;
  }
  let ok = checkKnownKeys(out, n, raw, HAND_KEYS, "is not a known key of a hand");
  if (!has(raw, "taker")) {
    const quoted = players.map((player) => `"${player}"`).join(", ");
    out.push(problem(n, "taker", "required", `is required (${quoted} or null)`));
    ok = false;
  }
  let points = null;
  if (!isNone(get(raw, "points"))) {
    const given = playerObject(out, n, raw.points, "points", '{"A": 70, "B": 50}', players);
    ok = ok && given !== null;
    if (given !== null) points = Object.fromEntries(keysOf(given).map((key) => [key, given[key]]));
  }
  const announcements = Object.fromEntries(players.map((player) => [player, 0]));
  if (!isNone(get(raw, "announcements"))) {
    const given = playerObject(out, n, raw.announcements, "announcements", '{"A": 20}', players);
    ok = ok && given !== null;
    if (given !== null) for (const player of players) announcements[player] = get(given, player, 0);
  }
  if (!ok) return null;
  return {
    taker: get(raw, "taker"), points, capot: get(raw, "capot"), belote: get(raw, "belote"),
    announcements,
  };
}

// --------------------------------------------------------------------------
// Scoring (BELOTE_3_2, *Scoring one hand*)
// --------------------------------------------------------------------------

const byPlayer = (players, value) => Object.fromEntries(players.map((p) => [p, value(p)]));

// tp(X): the capot value for the capot player, 0 for the others; else the
// points given, the one left out having 162 minus the others'.
function trickPoints(rules, hand, players) {
  if (!isNone(hand.capot)) {
    return byPlayer(players, (p) => (p === hand.capot ? rules.capot_points : 0));
  }
  const given = hand.points;
  const rest = TRICK_POINTS_TOTAL - keysOf(given).reduce((sum, p) => sum + given[p], 0);
  return byPlayer(players, (p) => (has(given, p) ? given[p] : rest));
}

// Step 1: a capot decides; else total(T) against the bar.
function outcomeOf(rules, hand, totals, defenders) {
  const taker = hand.taker;
  if (!isNone(hand.capot)) return hand.capot === taker ? MADE : DEDANS;
  const others = defenders.map((d) => totals[d]);
  let bar;
  if (others.length === 1) bar = others[0];
  else if (rules.contract === "half") bar = others[0] + others[1];
  else bar = Math.max(...others);
  const mine = totals[taker];
  if (mine > bar) return MADE;
  if (mine < bar || rules.litige === "fall") return DEDANS;
  return LITIGE;
}

// Step 3, **Dedans**: the taker his belote; the pot to the defender at two;
// at three halved (split), or each his own and half the taker's (keep).
function dedansScores(rules, taker, defenders, tricks, ann, bel) {
  const pot = Object.values(tricks).reduce((s, v) => s + v, 0)
    + Object.values(ann).reduce((s, v) => s + v, 0);
  const scores = { [taker]: bel[taker] };
  for (const d of defenders) {
    if (defenders.length === 1) scores[d] = pot + bel[d];
    else if (rules.dedans === "keep") {
      scores[d] = tricks[d] + ann[d] + Math.floor((tricks[taker] + ann[taker]) / 2) + bel[d];
    } else scores[d] = Math.floor(pot / 2) + bel[d];
  }
  return scores;
}

// One valid hand of the game of ``players``, the reserve before it given.
function scoreHandOf(players, rules, hand, reserve) {
  const zeros = () => byPlayer(players, () => 0);
  if (isNone(hand.taker)) {
    return {
      outcome: PASSED, score: zeros(), reserve, tricks: null, hand_totals: null, winner: null,
      collected: 0, breakdown: breakdown(), extras: { points: zeros() },
    };
  }
  const taker = hand.taker;
  const defenders = players.filter((p) => p !== taker);
  const tricks = trickPoints(rules, hand, players);
  const ann = byPlayer(players, (p) => hand.announcements[p]);
  const bel = byPlayer(players, (p) => (hand.belote === p ? BELOTE_POINTS : 0));
  const totals = byPlayer(players, (p) => tricks[p] + ann[p] + bel[p]);
  const outcome = outcomeOf(rules, hand, totals, defenders);
  let scores;
  let winner = null;
  if (outcome === MADE) {
    scores = { ...totals };
    winner = taker;
  } else if (outcome === DEDANS) {
    scores = dedansScores(rules, taker, defenders, tricks, ann, bel);
    if (defenders.length === 1) winner = defenders[0]; // at three: two share it
  } else {
    scores = byPlayer(players, (p) => (p === taker ? bel[p] : totals[p]));
    if (rules.litige === "reserve") reserve += tricks[taker] + ann[taker];
  }
  let collected = 0;
  if (winner !== null && reserve) {
    collected = reserve;
    reserve = 0;
    scores[winner] += collected;
  }
  const rounded = rules.rounding === NEAREST_TEN;
  const score = byPlayer(players, (p) => (
    rounded ? roundPoints(scores[p], NEAREST_TEN) : scores[p]));
  return {
    outcome, score, reserve, tricks, hand_totals: totals, winner, collected,
    breakdown: breakdown(), extras: { points: { ...tricks } },
  };
}

// --------------------------------------------------------------------------
// The two games
// --------------------------------------------------------------------------

// The engine of one game of the family: its players, its rules' defaults
// and choices (the engine's Table and Engine).
function table(name, players, defaults, choices, hasReserve) {
  const checkRules = (rules) => {
    const out = [];
    checkTarget(out, rules.target);
    for (const rule of Object.keys(choices)) {
      checkChoice(out, null, `rules.${rule}`, rules[rule], choices[rule]);
    }
    return out;
  };
  const parseRulesObject = (out, raw) => {
    const rules = parseRules(out, raw, defaults);
    if (rules) out.push(...checkRules(rules));
    return rules;
  };
  return {
    name, hasReserve, players, checkRules, parseRulesObject,
    parseHand: (out, raw, n) => parseHandOf(players, out, raw, n),
    checkHand: (rules, hand, n) => checkHandOf(players, rules, hand, n),
    scoreHand: (rules, hand, reserve) => scoreHandOf(players, rules, hand, reserve),
    // Nothing keeps the one player at the top, past the target, from winning.
    blocksWin: () => false,
    // The bound of a hand's figures (kernel.js, checkRange): the pot, the
    // belotes and the reserve are far under 10,000; announcements at most
    // four times over.
    magnitude: (hand) => 4 * players.reduce((s, p) => s + hand.announcements[p], 0) + 10000,
    handKeys: HAND_KEYS,
    // Nothing of belote's hand form: a table of players' form is its own.
    formFields: () => ({}),
    handFromForm: (value, read) => handFromFormOf(players, value, read),
  };
}

// The hand document the family's hand form (forms.PlayersHandForm) makes of
// the fields it posts (``value(name)``: the posted value, "" when absent),
// or null when the form refuses them; the engine checks the rest. ``read``:
// pending.js' readers (integerOf), ``max`` (the announcements' cap, the
// server's) and ``announcements`` (the rule: whether the form has their
// fields). Every field's value is checked first, a redeal's too, as the
// server's form checks them all; then the redeal; then the taker, required.
function handFromFormOf(players, value, read) {
  const player = (v) => (v === "" ? null : players.includes(v) ? v : undefined);
  const taker = player(value("taker"));
  const capot = player(value("capot"));
  const belote = player(value("belote"));
  const played = read.announcements !== false;
  const holder = played ? player(value("ann_team")) : null;
  const annPoints = played ? read.integerOf(value("ann_points")) : null;
  const given = players.map((p) => read.integerOf(value(`points_${p.toLowerCase()}`)));
  if ([taker, capot, belote, holder].includes(undefined)) return null;
  if (given.some(Number.isNaN) || Number.isNaN(annPoints)) return null;
  if (annPoints !== null && annPoints > read.max) return null;
  const zeros = byPlayer(players, () => 0);
  if (value("action") === "pass") {
    return { taker: null, points: null, capot: null, belote: null, announcements: zeros };
  }
  if (taker === null) return null;
  const points = {};
  players.forEach((p, i) => { if (given[i] !== null) points[p] = given[i]; });
  const owner = holder || taker;
  return {
    taker, points: Object.keys(points).length ? points : null, capot, belote,
    announcements: byPlayer(players, (p) => (p === owner ? annPoints || 0 : 0)),
  };
}

export const BELOTE3 = table("belote3", ["A", "B", "C"], DEFAULTS_3, CHOICES_3, false);
export const BELOTE2 = table("belote2", ["A", "B"], DEFAULTS_2, CHOICES_2, true);
export const ENGINE = BELOTE3;
