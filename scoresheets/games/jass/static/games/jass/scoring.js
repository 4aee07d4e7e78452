// The phone's scorer: Schieber jass as Rebelote scores it, from the contract
// ../shared/scoring/JASS.md (JASS). The twin of
// scoresheets/games/jass/engine.py, held to it by tests/engine/test_jass_js.py
// (why a twin, and how: static/js/scoring/kernel.js, top): the same result
// documents and the same problems (hand, field, code, message, params), in
// the same order.
//
// A hand once parsed: {mode, announcer, points_team, card_points, match,
// stoeck, weis: {A, B} | null, declared: [{seat, kind, suit, length, top,
// rank}] | null, out}, each value as the document gave it (the checks say
// what is wrong with it). Scores are (cards + Weis + Stöck) x m; the match
// ends by the game's own Ausmachen (endOfMatch), or after `rounds` hands
// (the kernel's rule donnes: rules.donnes is rules.rounds).

import {
  MatchError, TEAMS, breakdown, checkChoice, checkKnownKeys, checkTarget, checkTeam, get, has,
  isAnnouncementValue, isInt, isNone, isObject, keysOf, otherTeam, pairOf, parseRules, parts,
  problem,
} from "../../js/scoring/kernel.js";

export const GAME = "jass";
export const CARD_POINTS = 157; // JASS, top: 5 for the last trick included
export const STOECK_POINTS = 20; // trump King and Ober held by one team

// JASS, the modes' table: the modes, and m by rule `multipliers`, in order.
export const MODES = ["hearts", "diamonds", "spades", "clubs", "obenabe", "undenufe"];
const NO_TRUMP = ["obenabe", "undenufe"];
export const FACTORS = {
  single: [1, 1, 1, 1, 1, 1],
  "1_2_3": [1, 1, 2, 2, 3, 3],
  "1_2_3_4": [1, 1, 2, 2, 3, 4],
  "1_2_2": [1, 1, 2, 2, 2, 2],
};
export const OUTCOMES = { scored: "scored", match: "match", konterMatch: "konter_match" };

// JASS, *Rules*: each rule's default and its choices, in the engine's order
// (target: an integer > 0, or null under rounds; rounds: null or an integer > 0).
export const DEFAULTS = {
  target: 1000,
  rounds: null,
  multipliers: "single",
  match_bonus: 100,
  konter_match: "match",
  weis_stoeck: true,
  sequence_values: "open",
  equal_weis: "more_cards",
  ausmachen: "stoeck_weis_stich",
};
export const CHOICES = {
  multipliers: Object.keys(FACTORS),
  match_bonus: [100, 0],
  konter_match: ["match", "double"],
  weis_stoeck: [true, false],
  sequence_values: ["open", "capped"],
  equal_weis: ["more_cards", "four_first"],
  ausmachen: ["stoeck_weis_stich", "stoeck_stich_weis", "totals"],
};
export const HAND_KEYS = ["mode", "announcer", "points", "match", "stoeck", "weis", "declared", "out"];
const DECLARATION_KEYS = ["seat", "kind", "suit", "length", "top", "rank"];

// JASS, *Weis*: ranks 6 to Ace in every mode; seats 1 to 4 (1 and 3: the
// announcer's team).
export const SUITS = ["hearts", "diamonds", "spades", "clubs"];
export const RANKS = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const SEATS = [1, 2, 3, 4];
const SEQUENCE = "sequence";
const FOUR = "four";
const KINDS = [SEQUENCE, FOUR];
const LENGTHS = [3, 4, 5, 6, 7, 8, 9];
const SEQUENCE_POINTS = { 3: 20, 4: 50, 5: 100, 6: 150, 7: 200, 8: 250, 9: 300 };
const CAPPED_POINTS = 100;
const FOUR_POINTS = { J: 200, 9: 150 }; // any other four: 100
const OTHER_FOUR_POINTS = 100;
const SEAT_CARDS_MAX = 9;

const WEIS_STOECK_OFF = "Weis and Stöck are not played under these rules";
const OUT_NOT_ALLOWED = "only on a hand after which both teams are at or past the target";

function isTeam(value) {
  return typeof value === "string" && TEAMS.includes(value);
}

// --------------------------------------------------------------------------
// Validation
// --------------------------------------------------------------------------

// Every problem with ``rules`` (JASS, *Rules*).
export function checkRules(rules) {
  const out = [];
  if (isNone(rules.target)) {
    if (isNone(rules.rounds)) {
      out.push(problem(null, "rules.target", "required", "is required without rounds"));
    }
  } else if (!isNone(rules.rounds)) {
    const message = "must be absent or null with rounds";
    out.push(problem(null, "rules.target", "target_with_rounds", message));
  } else {
    checkTarget(out, rules.target);
  }
  if (!isNone(rules.rounds)) {
    if (!isInt(rules.rounds)) {
      const message = "must be a number of hands, or null";
      out.push(problem(null, "rules.rounds", "not_integer", message));
    } else if (rules.rounds <= 0) {
      out.push(problem(null, "rules.rounds", "out_of_range", "must be greater than 0", { min: 1 }));
    }
  }
  for (const name of Object.keys(CHOICES)) {
    checkChoice(out, null, `rules.${name}`, rules[name], CHOICES[name]);
  }
  return out;
}

function requiredChoice(out, n, name, value, choices) {
  if (isNone(value)) out.push(problem(n, name, "required", "is required"));
  else checkChoice(out, n, name, value, choices);
}

// A hand's ``points``: the card points (0-157) of one team, when given.
function checkPoints(out, n, team, points) {
  const given = !isNone(team) || !isNone(points);
  if (given) {
    checkTeam(out, n, "points", team, false);
    if (isNone(points)) {
      out.push(problem(n, "points", "required", "the card points are required"));
    } else if (!isInt(points)) {
      out.push(problem(n, "points", "not_integer", "must be an integer"));
    } else if (points < 0 || points > CARD_POINTS) {
      const message = `must be between 0 and ${CARD_POINTS}`;
      out.push(problem(n, "points", "out_of_range", message, { min: 0, max: CARD_POINTS }));
    }
  }
  return given;
}

function checkStoeck(out, n, rules, hand) {
  checkTeam(out, n, "stoeck", hand.stoeck, true);
  if (!isTeam(hand.stoeck)) return;
  if (rules.weis_stoeck === false) {
    out.push(problem(n, "stoeck", "weis_stoeck_disabled", WEIS_STOECK_OFF));
  } else if (typeof hand.mode === "string" && NO_TRUMP.includes(hand.mode)) {
    const message = "there are no Stöck at Obenabe or Undenufe";
    out.push(problem(n, "stoeck", "stoeck_without_trump", message));
  }
}

function checkWeis(out, n, rules, weis) {
  const values = [weis.A, weis.B];
  TEAMS.forEach((team, i) => {
    const value = values[i];
    const name = `weis.${team}`;
    if (!isInt(value)) {
      out.push(problem(n, name, "not_integer", "must be an integer"));
    } else if (value < 0) {
      out.push(problem(n, name, "out_of_range", "must be 0 or more", { min: 0 }));
    } else if (!isAnnouncementValue(value)) {
      const message = "must be 0 or a sum of Weis values (20, 50, 100, 150...)";
      out.push(problem(n, name, "not_weis_sum", message));
    } else if (value > 0 && rules.weis_stoeck === false) {
      out.push(problem(n, name, "weis_stoeck_disabled", WEIS_STOECK_OFF));
    }
  });
  if (values.every((v) => isInt(v) && v > 0)) {
    const message = "only the team with the best Weis scores Weis";
    out.push(problem(n, "weis", "weis_both_teams", message));
  }
}

// A well-formed sequence's lowest and highest rank (indexes of RANKS).
function span(d) {
  const top = RANKS.indexOf(d.top);
  return [top - d.length + 1, top];
}

// The cards of a well-formed declaration, as [suit, rank] indexes.
function cardsOf(d) {
  if (d.kind === FOUR) {
    const rank = RANKS.indexOf(d.rank);
    return SUITS.map((_, suit) => [suit, rank]);
  }
  const [low, high] = span(d);
  const suit = SUITS.indexOf(d.suit);
  const cards = [];
  for (let rank = low; rank <= high; rank += 1) cards.push([suit, rank]);
  return cards;
}

const cardKey = ([suit, rank]) => suit * RANKS.length + rank;

// The declaration ``i`` (1-based): returns whether it is well formed.
function checkDeclaration(out, n, i, d) {
  const name = `declared.${i}`;
  const before = out.length;
  requiredChoice(out, n, `${name}.seat`, d.seat, SEATS);
  requiredChoice(out, n, `${name}.kind`, d.kind, KINDS);
  let others = [];
  if (d.kind === SEQUENCE) {
    requiredChoice(out, n, `${name}.suit`, d.suit, SUITS);
    requiredChoice(out, n, `${name}.length`, d.length, LENGTHS);
    requiredChoice(out, n, `${name}.top`, d.top, RANKS);
    others = [["rank", d.rank]];
  } else if (d.kind === FOUR) {
    requiredChoice(out, n, `${name}.rank`, d.rank, RANKS);
    others = [["suit", d.suit], ["length", d.length], ["top", d.top]];
  }
  for (const [key, value] of others) {
    if (!isNone(value)) {
      out.push(problem(n, `${name}.${key}`, "not_for_kind", `is not a key of a ${d.kind}`));
    }
  }
  if (out.length === before && d.kind === SEQUENCE && RANKS.indexOf(d.top) + 1 < d.length) {
    out.push(problem(n, name, "sequence_below_six", "reaches below the 6"));
  }
  return out.length === before;
}

// Two well-formed declarations, ``i`` before ``j``: the problem goes to the later.
function checkPair(out, n, i, earlier, j, later) {
  const name = `declared.${j}`;
  if (earlier.kind === FOUR && later.kind === FOUR && earlier.rank === later.rank) {
    const message = `declares the four ${later.rank} of declaration ${i} again`;
    out.push(problem(n, name, "four_declared_twice", message, { declaration: i }));
  } else if (earlier.seat !== later.seat) {
    const mine = new Set(cardsOf(earlier).map(cardKey));
    const shared = cardsOf(later).filter((c) => mine.has(cardKey(c)));
    if (shared.length) {
      const [suit, rank] = shared.reduce((a, b) => (cardKey(b) < cardKey(a) ? b : a));
      const card = `${RANKS[rank]} of ${SUITS[suit]}`;
      const message = `the ${card} is in declaration ${i} too, of seat ${earlier.seat}`;
      out.push(problem(n, name, "card_declared_twice", message, { declaration: i, card }));
    }
  } else if (earlier.kind === SEQUENCE && later.kind === SEQUENCE && earlier.suit === later.suit) {
    const [lowE, highE] = span(earlier);
    const [lowL, highL] = span(later);
    if (lowL <= highE + 1 && lowE <= highL + 1) {
      const message = `overlaps or touches declaration ${i}: declare them as one sequence`;
      out.push(problem(n, name, "sequences_overlap", message, { declaration: i }));
    }
  }
}

// ``declared`` (JASS, *Weis*): each declaration, each pair, each seat's cards.
function checkDeclared(out, n, declared) {
  const good = [];
  declared.forEach((d, index) => {
    if (checkDeclaration(out, n, index + 1, d)) good.push([index + 1, d]);
  });
  good.forEach(([j, later], k) => {
    for (const [i, earlier] of good.slice(0, k)) checkPair(out, n, i, earlier, j, later);
  });
  for (const seat of SEATS) {
    const cards = new Set();
    for (const [, d] of good) if (d.seat === seat) cardsOf(d).forEach((c) => cards.add(cardKey(c)));
    if (cards.size > SEAT_CARDS_MAX) {
      const message = `seat ${seat} declares ${cards.size} cards, more than ${SEAT_CARDS_MAX}`;
      out.push(problem(n, "declared", "too_many_cards", message, { seat, cards: cards.size }));
    }
  }
}

// Every problem with ``hand``, the hand ``n`` (1-based) of a match (JASS,
// *Hand* and *Weis*), in the engine's order (check_hand).
export function checkHand(rules, hand, n) {
  const out = [];
  requiredChoice(out, n, "mode", hand.mode, MODES);
  checkTeam(out, n, "announcer", hand.announcer, false);
  const hasPoints = checkPoints(out, n, hand.points_team, hand.card_points);
  checkTeam(out, n, "match", hand.match, true);
  if (!isNone(hand.match) && hasPoints) {
    out.push(problem(n, "points", "points_with_match", "must be empty with a Match"));
  } else if (isNone(hand.match) && !hasPoints) {
    out.push(problem(n, "points", "required", "the card points of one team are required"));
  }
  checkStoeck(out, n, rules, hand);
  if (hand.weis !== null) checkWeis(out, n, rules, hand.weis);
  if (hand.declared !== null) {
    if (hand.weis !== null) {
      out.push(problem(n, "declared", "weis_with_declared", "not with weis: one or the other"));
    }
    if (rules.weis_stoeck === false && hand.declared.length) {
      out.push(problem(n, "declared", "weis_stoeck_disabled", WEIS_STOECK_OFF));
    } else {
      checkDeclared(out, n, hand.declared);
    }
  }
  checkTeam(out, n, "out", hand.out, true);
  if (isTeam(hand.out) && !isNone(rules.rounds)) {
    out.push(problem(n, "out", "out_not_allowed", OUT_NOT_ALLOWED));
  }
  return out;
}

// --------------------------------------------------------------------------
// The match document
// --------------------------------------------------------------------------

// The rules object of a match document (a rule left out: its default; no
// target when rounds is given), or null when it is no object; its problems
// in ``out``. ``rules.donnes`` is ``rules.rounds`` (the kernel's rule).
export function parseRulesObject(out, raw) {
  const rules = parseRules(out, raw, DEFAULTS);
  if (!rules) return rules;
  if (!has(raw, "target") && !isNone(get(raw, "rounds"))) rules.target = null;
  Object.defineProperty(rules, "donnes", { get: () => rules.rounds, enumerable: false });
  out.push(...checkRules(rules));
  return rules;
}

// A hand's ``points`` or ``weis``: an object keyed by team, or null.
function teamObject(out, n, raw, name, example) {
  if (!isObject(raw)) {
    out.push(problem(n, name, "not_object", `must be an object like ${example}`));
    return null;
  }
  let ok = true;
  for (const key of keysOf(raw)) {
    if (!TEAMS.includes(key)) {
      out.push(problem(n, `${name}.${key}`, "unknown_key", 'must be "A" or "B"'));
      ok = false;
    }
  }
  return ok ? raw : null;
}

function parseDeclared(out, n, raw) {
  if (!Array.isArray(raw)) {
    out.push(problem(n, "declared", "not_list", "must be a list of declarations"));
    return null;
  }
  const declared = [];
  raw.forEach((item, index) => {
    const name = `declared.${index + 1}`;
    if (!isObject(item)) {
      out.push(problem(n, name, "not_object", "must be an object (a declaration)"));
      return;
    }
    const unknown = keysOf(item).filter((key) => !DECLARATION_KEYS.includes(key));
    for (const key of unknown) {
      out.push(problem(n, `${name}.${key}`, "unknown_key", "is not a key of a declaration"));
    }
    if (!unknown.length) {
      declared.push(Object.fromEntries(DECLARATION_KEYS.map((key) => [key, get(item, key)])));
    }
  });
  return declared.length === raw.length ? declared : null;
}

// One hand of a match document, its shape checked (its values: checkHand),
// or null (its problems in ``out``).
export function parseHand(out, raw, n) {
  if (!isObject(raw)) {
    out.push(problem(n, "hand", "not_object", "must be an object"));
    return null;
  }
  let ok = checkKnownKeys(out, n, raw, HAND_KEYS, "is not a known key of a hand");
  let pointsTeam = null;
  let cardPoints = null;
  if (!isNone(get(raw, "points"))) {
    const points = teamObject(out, n, raw.points, "points", '{"A": 92}');
    if (points === null) ok = false;
    else if (keysOf(points).length !== 1) {
      const message = "must give the card points of exactly one team";
      out.push(problem(n, "points", "points_one_team", message));
      ok = false;
    } else {
      pointsTeam = keysOf(points)[0];
      cardPoints = points[pointsTeam];
    }
  }
  let weis = null;
  if (!isNone(get(raw, "weis"))) {
    const given = teamObject(out, n, raw.weis, "weis", '{"B": 50}');
    if (given === null) ok = false;
    else weis = { A: get(given, "A", 0), B: get(given, "B", 0) };
  }
  let declared = null;
  if (!isNone(get(raw, "declared"))) {
    declared = parseDeclared(out, n, raw.declared);
    ok = ok && declared !== null;
  }
  if (!ok) return null;
  return {
    mode: get(raw, "mode"), announcer: get(raw, "announcer"), points_team: pointsTeam,
    card_points: cardPoints, match: get(raw, "match"), stoeck: get(raw, "stoeck"), weis,
    declared, out: get(raw, "out"),
  };
}

// --------------------------------------------------------------------------
// Weis: the comparison of declared Weis (JASS, *Weis*)
// --------------------------------------------------------------------------

export function declarationValue(rules, d) {
  if (d.kind === FOUR) return has(FOUR_POINTS, d.rank) ? FOUR_POINTS[d.rank] : OTHER_FOUR_POINTS;
  if (d.length >= 6 && rules.sequence_values === "capped") return CAPPED_POINTS;
  return SEQUENCE_POINTS[d.length];
}

// How a declaration ranks, higher first: points; under four_first a four
// before a sequence; cards; height; a trump sequence; the earlier seat.
function standing(rules, mode, d) {
  const four = d.kind === FOUR;
  return [
    declarationValue(rules, d),
    four && rules.equal_weis === "four_first" ? 1 : 0,
    four ? 4 : d.length,
    RANKS.indexOf(four ? d.rank : d.top),
    !four && d.suit === mode ? 1 : 0,
    -d.seat,
  ];
}

function higher(a, b) {
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return a[i] > b[i];
  return false;
}

function seatTeam(seat, announcer) {
  return seat % 2 === 1 ? announcer : otherTeam(announcer);
}

// The Weis each team scores from valid declarations: the single best one
// decides, its team scores all its declarations, the other team 0.
export function declaredWeis(rules, mode, announcer, declared) {
  if (!declared.length) return { A: 0, B: 0 };
  let best = declared[0];
  let bestStanding = standing(rules, mode, best);
  for (const d of declared.slice(1)) {
    const s = standing(rules, mode, d);
    if (higher(s, bestStanding)) [best, bestStanding] = [d, s];
  }
  const team = seatTeam(best.seat, announcer);
  let total = 0;
  for (const d of declared) if (seatTeam(d.seat, announcer) === team) total += declarationValue(rules, d);
  return pairOf(team, total, 0);
}

export function validatedWeis(rules, hand) {
  if (hand.declared !== null) return declaredWeis(rules, hand.mode, hand.announcer, hand.declared);
  return hand.weis !== null ? { A: hand.weis.A, B: hand.weis.B } : { A: 0, B: 0 };
}

// --------------------------------------------------------------------------
// Scoring
// --------------------------------------------------------------------------

export function multiplier(rules, mode) {
  return FACTORS[rules.multipliers][MODES.indexOf(mode)];
}

function stoeckOf(hand) {
  return isNone(hand.stoeck) ? { A: 0, B: 0 } : pairOf(hand.stoeck, STOECK_POINTS, 0);
}

// JASS, *Scoring one hand*: (cards + Weis + Stöck) x m for each team.
export function scoreHand(rules, hand, reserve) {
  const m = multiplier(rules, hand.mode);
  const { announcer, match } = hand;
  let outcome;
  let cards;
  if (isNone(match)) {
    outcome = OUTCOMES.scored;
    cards = pairOf(hand.points_team, hand.card_points, CARD_POINTS - hand.card_points);
  } else {
    outcome = match === announcer ? OUTCOMES.match : OUTCOMES.konterMatch;
    let value = CARD_POINTS + rules.match_bonus;
    if (outcome === OUTCOMES.konterMatch && rules.konter_match === "double") value *= 2;
    cards = pairOf(match, value, 0);
  }
  const weis = validatedWeis(rules, hand);
  const stoeck = stoeckOf(hand);
  const raw = { A: cards.A + weis.A + stoeck.A, B: cards.B + weis.B + stoeck.B };
  const partsOf = (team) => parts({
    tricks: cards[team], announcements: weis[team], belote: stoeck[team],
    multiplied: raw[team] * (m - 1),
  });
  return {
    outcome, score: { A: raw.A * m, B: raw.B * m }, reserve, tricks: cards, hand_totals: raw,
    winner: null, collected: 0,
    breakdown: breakdown(announcer, {
      A: partsOf("A"), B: partsOf("B"), multiplier: m,
      multiplied_parts: m > 1 ? ["tricks", "announcements", "belote"] : [],
    }),
    extras: { weis: { A: weis.A, B: weis.B } },
  };
}

// Nothing keeps a team from winning on a hand (jass ends its matches itself).
export function blocksWin() {
  return false;
}

function outProblem(code, message) {
  return new MatchError([problem(null, "out", code, message)]);
}

// Both teams pass the target: Stöck, then Weis and cards (or cards and
// Weis), added to the totals before; the first team to reach wins, both on
// one step: ``out``.
function ausmachen(rules, hand, scored, before) {
  const target = rules.target;
  const m = multiplier(rules, hand.mode);
  const stoeck = stoeckOf(hand);
  const weis = validatedWeis(rules, hand);
  const cards = scored.tricks;
  const steps = rules.ausmachen === "stoeck_weis_stich"
    ? [stoeck, weis, cards] : [stoeck, cards, weis];
  let a = before.A;
  let b = before.B;
  for (const step of steps) {
    a += step.A * m;
    b += step.B * m;
    if (a >= target && b >= target) {
      if (isNone(hand.out)) {
        throw outProblem("required", "is required: both teams reach the target on their tricks");
      }
      return { winner: hand.out };
    }
    if (a >= target || b >= target) return { winner: a >= target ? "A" : "B" };
  }
  return { winner: hand.out };
}

// JASS, *End of match*, target mode (a match of `rounds` hands: the
// kernel's rule donnes): null, {winner}, or throws MatchError (``out``).
export function endOfMatch(rules, hand, scored, before, after) {
  const target = rules.target;
  const reached = TEAMS.filter((team) => after[team] >= target);
  if (reached.length < 2) {
    if (!isNone(hand.out)) throw outProblem("out_not_allowed", OUT_NOT_ALLOWED);
    return reached.length ? { winner: reached[0] } : null;
  }
  if (rules.ausmachen === "totals") {
    if (after.A === after.B) return null;
    return { winner: after.A > after.B ? "A" : "B" };
  }
  return ausmachen(rules, hand, scored, before);
}

// The bound of a hand's figures (kernel.js, checkRange): (cards + Weis +
// Stöck) x m for both teams is at most 4 x the Weis given and 10,000 more
// (a Konter-Match 514, declared Weis some hundreds, m 4).
export function magnitude(hand) {
  const weis = hand.weis === null ? 0 : hand.weis.A + hand.weis.B;
  return 4 * weis + 10000;
}

// Nothing of belote's hand form: the jass form is its own (handFromForm).
export function formFields() {
  return {};
}

const TEAM_FIELDS = ["points_team", "match", "stoeck", "out"];

// The hand document its hand form (forms.JassHandForm) makes of the fields
// it posts (``value(name)``: the posted value, "" when absent), or null
// when the form refuses them; the engine checks the rest. ``read``:
// pending.js' readers (team, integerOf, seatTeam) and ``max``, the Weis
// fields' largest value (the server's, in the sheet's scorer data). Every
// field is read whatever the rules: the form has them all (the engine
// refuses Weis, Stöck or ``out`` where the rules do not play them).
export function handFromForm(value, read) {
  const taker = value("taker");
  if (!/^[1-4]$/.test(taker)) return null; // who announced: a player, required
  const mode = value("mode");
  if (mode && !MODES.includes(mode)) return null;
  const points = read.integerOf(value("points"));
  const weis = [read.integerOf(value("weis_a")), read.integerOf(value("weis_b"))];
  const teams = TEAM_FIELDS.map((name) => read.team(value(name)));
  if (Number.isNaN(points) || teams.includes(undefined)) return null;
  if (weis.some((w) => Number.isNaN(w) || (w !== null && (w < 0 || w > read.max)))) return null;
  const [pointsTeam, match, stoeck, out] = teams;
  const announcer = read.seatTeam(taker);
  return {
    mode: mode || null, announcer,
    points: points === null ? null : { [pointsTeam || announcer]: points },
    match, stoeck, weis: { A: weis[0] || 0, B: weis[1] || 0 }, declared: null, out,
  };
}

export const ENGINE = {
  name: GAME, hasReserve: false, parseRulesObject, parseHand, checkHand, scoreHand, blocksWin,
  endOfMatch, magnitude, handKeys: HAND_KEYS, formFields, handFromForm,
};
