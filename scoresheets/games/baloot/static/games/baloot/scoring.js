// The phone's scorer of baloot (BALOOT.md, issue 30): the twin of
// scoresheets/games/baloot/engine.py, function for function, held to its
// worked cases and to the engine's answers by tests/engine/test_baloot_js.py
// and tests/engine/test_js_scorer.py (why a twin, and how: kernel.js, top):
// the same result documents, breakdowns and problems (hand, field, code,
// message, params), in the same order. The server's engine decides; this one
// only previews.
//
// A hand once parsed: {buyer, contract, points_team, card_points, kaboot,
// projects: {A: [...], B: [...]}, baloot, doubling, ashkal}, each value as
// the document gave it (the checks say what is wrong with it). The match ends
// by the game's own end (endOfMatch): a gahwa (whose score it settles from
// the totals before the hand), a team at the target, or both (both_over).

import {
  MADE, MatchError, PASSED, TEAMS, breakdown, checkChoice, checkKnownKeys, checkTarget,
  checkTeam, get, has, isInt, isNone, isObject, keysOf, otherTeam, pairOf, parseRules, parts,
  problem,
} from "../../js/scoring/kernel.js";

export const GAME = "baloot";
const KHASRAN = "khasran";
const SUN = "sun";
const HOKM = "hokm";
const SUN_CARD_POINTS = 130;
const HOKM_CARD_POINTS = 162;
const SUN_GAME_POINTS = 26;
const HOKM_GAME_POINTS = 16;
const SUN_KABOOT = 44;
const HOKM_KABOOT = 25;
const BALOOT_POINTS = 2;
const BALOOT_RAW = 20;
const PROJECTS_MAX = 4;
const SUN_DOUBLE_OVER = 100;

// BALOOT, *Rules*: each rule's default and its choices, in the engine's order.
export const DEFAULTS = {
  target: 152, sun_rounding: "tens", hokm_five: "down", tie: "split",
  doubled_tie: "buyer_loses", baloot_in_test: false, kaboot_doubles: true,
  sun_double: "over_100", both_over: "buyer",
};
const CHOICES = {
  sun_rounding: ["tens", "double_first"], hokm_five: ["down", "up"],
  tie: ["split", "buyer_loses"], doubled_tie: ["buyer_loses", "buyer_wins"],
  baloot_in_test: [true, false], kaboot_doubles: [true, false],
  sun_double: ["over_100", "always"], both_over: ["buyer", "higher"],
};
export const CONTRACTS = [SUN, HOKM];
export const DOUBLINGS = ["double", "three", "four", "gahwa"];
export const PROJECTS = ["sira", "fifty", "hundred", "four_hundred"];
const MULTIPLIERS = { double: 2, three: 3, four: 4 };
const PROJECT_RAW = { sira: 20, fifty: 50, hundred: 100, four_hundred: 200 };
const PROJECT_SUN = { sira: 4, fifty: 10, hundred: 20, four_hundred: 40 };
const PROJECT_HOKM = { sira: 2, fifty: 5, hundred: 10, four_hundred: 0 };
export const HAND_KEYS = [
  "buyer", "contract", "points", "kaboot", "projects", "baloot", "doubling", "ashkal",
];

const NOT_ON_REDEAL = "must be empty when everybody passed (a redeal)";
const SUN_DOUBLE_MESSAGE =
  "a Sun may be doubled only when the buyer's team has more than 100 and the other 100 or less";

export function checkRules(rules) {
  const out = [];
  checkTarget(out, rules.target);
  for (const name of Object.keys(CHOICES)) {
    checkChoice(out, null, `rules.${name}`, rules[name], CHOICES[name]);
  }
  return out;
}

export function parseRulesObject(out, raw) {
  const rules = parseRules(out, raw, DEFAULTS);
  if (!rules) return rules;
  out.push(...checkRules(rules));
  rules.donnes = null; // a baloot match always goes to its target
  return rules;
}

// ---- Checks (BALOOT, *Errors*) ---------------------------------------------

function checkRedeal(out, n, hand) {
  const given = {
    contract: !isNone(hand.contract),
    points: !isNone(hand.points_team) || !isNone(hand.card_points),
    kaboot: !isNone(hand.kaboot),
    projects: TEAMS.some((team) => hand.projects[team].length > 0),
    baloot: !isNone(hand.baloot),
    doubling: !isNone(hand.doubling),
    ashkal: !isNone(hand.ashkal) && hand.ashkal !== false,
  };
  for (const name of Object.keys(given)) {
    if (given[name]) out.push(problem(n, name, "not_on_redeal", NOT_ON_REDEAL));
  }
}

function checkPoints(out, n, hand, total) {
  const hasPoints = !isNone(hand.points_team) || !isNone(hand.card_points);
  if (!isNone(hand.kaboot)) {
    if (hasPoints) out.push(problem(n, "points", "points_with_kaboot", "must be empty with a kaboot"));
    return;
  }
  if (!hasPoints) {
    out.push(problem(n, "points", "required", "the card points of one team are required"));
    return;
  }
  checkTeam(out, n, "points", hand.points_team, false);
  const points = hand.card_points;
  if (isNone(points)) {
    out.push(problem(n, "points", "required", "the card points are required"));
  } else if (!isInt(points)) {
    out.push(problem(n, "points", "not_integer", "must be an integer"));
  } else if (points < 0 || points > total) {
    const message = `must be between 0 and ${total}`;
    out.push(problem(n, "points", "out_of_range", message, { min: 0, max: total }));
  }
}

function checkProjects(out, n, projects, hokm) {
  for (const team of TEAMS) {
    const names = projects[team];
    const name = `projects.${team}`;
    if (!names.every((p) => typeof p === "string" && PROJECTS.includes(p))) {
      const shown = PROJECTS.map((p) => `'${p}'`).join(", ");
      out.push(problem(n, name, "invalid_choice", `must hold only ${shown}`, { choices: [...PROJECTS] }));
    }
    if (names.length > PROJECTS_MAX) {
      const message = `at most ${PROJECTS_MAX} projects for a team`;
      out.push(problem(n, name, "too_many_projects", message, { max: PROJECTS_MAX }));
    }
    const fourHundreds = names.filter((p) => p === "four_hundred").length;
    if (fourHundreds > 1) out.push(problem(n, name, "four_hundred_twice", "at most one four_hundred"));
    if (fourHundreds && hokm) {
      const message = "four aces are a hundred in a Hokm: four_hundred is Sun only";
      out.push(problem(n, name, "four_hundred_in_hokm", message));
    }
  }
  if (projects.A.length && projects.B.length) {
    const message = "only the team with the best project scores projects";
    out.push(problem(n, "projects", "projects_both_teams", message));
  }
}

export function checkHand(rules, hand, n) {
  const out = [];
  if (isNone(hand.buyer)) {
    checkRedeal(out, n, hand);
    return out;
  }
  checkTeam(out, n, "buyer", hand.buyer, false);
  const contract = hand.contract;
  if (isNone(contract)) {
    out.push(problem(n, "contract", "required", 'is required with a buyer ("sun" or "hokm")'));
  } else {
    checkChoice(out, n, "contract", contract, CONTRACTS);
  }
  const sun = contract === SUN;
  const hokm = contract === HOKM;
  checkTeam(out, n, "kaboot", hand.kaboot, true);
  checkPoints(out, n, hand, sun ? SUN_CARD_POINTS : HOKM_CARD_POINTS);
  checkProjects(out, n, hand.projects, hokm);
  checkTeam(out, n, "baloot", hand.baloot, true);
  if (sun && TEAMS.includes(hand.baloot)) {
    out.push(problem(n, "baloot", "baloot_in_sun", "must be empty in a Sun (no trump)"));
  }
  const doubling = hand.doubling;
  if (!isNone(doubling) && !(typeof doubling === "string" && DOUBLINGS.includes(doubling))) {
    const message = "must be null or one of 'double', 'three', 'four', 'gahwa'";
    out.push(problem(n, "doubling", "invalid_choice", message, { choices: [null, ...DOUBLINGS] }));
  } else if (sun && !isNone(doubling) && doubling !== "double") {
    out.push(problem(n, "doubling", "sun_doubling", "a Sun may only be doubled"));
  }
  const ashkal = hand.ashkal;
  if (!isNone(ashkal) && typeof ashkal !== "boolean") {
    const message = "must be true, false or null";
    out.push(problem(n, "ashkal", "invalid_choice", message, { choices: [true, false, null] }));
  } else if (ashkal === true && hokm) {
    out.push(problem(n, "ashkal", "ashkal_on_hokm", "is a Sun bought for the partner"));
  }
  return out;
}

// ---- The match document (BALOOT, *Hand*) -----------------------------------

function teamKeys(out, n, name, value) {
  let ok = true;
  for (const key of keysOf(value)) {
    if (!TEAMS.includes(key)) {
      out.push(problem(n, `${name}.${key}`, "unknown_key", 'must be "A" or "B"'));
      ok = false;
    }
  }
  return ok;
}

function parseProjects(out, n, value) {
  if (isNone(value)) return { A: [], B: [] };
  if (!isObject(value)) {
    out.push(problem(n, "projects", "not_object", 'must be an object like {"A": ["sira"], "B": []}'));
    return null;
  }
  let ok = teamKeys(out, n, "projects", value);
  const lists = {};
  for (const team of TEAMS) {
    const names = get(value, team);
    if (isNone(names)) {
      lists[team] = [];
    } else if (!Array.isArray(names)) {
      out.push(problem(n, `projects.${team}`, "not_list", "must be a list of projects"));
      ok = false;
    } else {
      lists[team] = [...names];
    }
  }
  return ok ? lists : null;
}

export function parseHand(out, raw, n) {
  if (!isObject(raw)) {
    out.push(problem(n, "hand", "not_object", "must be an object"));
    return null;
  }
  let ok = checkKnownKeys(out, n, raw, HAND_KEYS, "is not a known key of a hand");
  if (!has(raw, "buyer")) {
    out.push(problem(n, "buyer", "required", 'is required ("A", "B" or null)'));
    ok = false;
  }
  let pointsTeam = null;
  let cardPoints = null;
  const points = get(raw, "points");
  if (!isNone(points)) {
    if (!isObject(points)) {
      out.push(problem(n, "points", "not_object", 'must be an object like {"A": 96}'));
      ok = false;
    } else if (!teamKeys(out, n, "points", points)) {
      ok = false;
    } else if (keysOf(points).length !== 1) {
      const message = "must give the card points of exactly one team";
      out.push(problem(n, "points", "points_one_team", message));
      ok = false;
    } else {
      [pointsTeam] = keysOf(points);
      cardPoints = points[pointsTeam];
    }
  }
  const projects = parseProjects(out, n, get(raw, "projects"));
  if (!ok || projects === null) return null;
  return {
    buyer: get(raw, "buyer"), contract: get(raw, "contract"), points_team: pointsTeam,
    card_points: cardPoints, kaboot: get(raw, "kaboot"), projects, baloot: get(raw, "baloot"),
    doubling: get(raw, "doubling"), ashkal: has(raw, "ashkal") ? raw.ashkal : false,
  };
}

// ---- Scoring (BALOOT, *Scoring one hand*) ----------------------------------

export function multiplier(hand) {
  return has(MULTIPLIERS, hand.doubling) ? MULTIPLIERS[hand.doubling] : 1;
}

function sunPoints(rules, points) {
  if (rules.sun_rounding === "double_first") return Math.floor((2 * points + 5) / 10);
  const units = points % 10;
  return 2 * Math.floor(points / 10) + (units <= 4 ? 0 : units === 5 ? 1 : 2);
}

export function cardGamePoints(rules, contract, cards) {
  if (contract === SUN) return { A: sunPoints(rules, cards.A), B: sunPoints(rules, cards.B) };
  const smaller = cards.A <= cards.B ? "A" : "B";
  const points = cards[smaller];
  const roundsUpFrom = rules.hokm_five === "up" ? 5 : 6;
  const mine = Math.floor(points / 10) + (points % 10 >= roundsUpFrom ? 1 : 0);
  return pairOf(smaller, mine, HOKM_GAME_POINTS - mine);
}

function projectsPoints(hand, table) {
  const sum = (names) => names.reduce((total, p) => total + table[p], 0);
  return { A: sum(hand.projects.A), B: sum(hand.projects.B) };
}

const ZERO = () => ({ A: 0, B: 0 });

function passed() {
  return {
    outcome: PASSED, score: ZERO(), reserve: 0, tricks: null, hand_totals: null, winner: null,
    collected: 0, breakdown: breakdown(), extras: { cards: ZERO(), projects: ZERO(), baloot: ZERO() },
  };
}

// The hand won by ``winner`` whose teams write ``written`` card game points
// and ``projects`` points before m, and their ``baloot`` (the engine's _scored).
function scored(outcome, winner, buyer, cards, test, written, projects, baloot, m) {
  const part = (team) => parts({
    tricks: written[team], announcements: projects[team], belote: baloot[team],
    multiplied: (written[team] + projects[team]) * (m - 1),
  });
  const A = part("A");
  const B = part("B");
  return {
    outcome, score: { A: A.total, B: B.total }, reserve: 0, tricks: { ...cards },
    hand_totals: { ...test }, winner, collected: 0,
    breakdown: breakdown(buyer, {
      A, B, multiplier: m, multiplied_parts: m > 1 ? ["tricks", "announcements"] : [],
    }),
    extras: {
      cards: { A: written.A * m, B: written.B * m },
      projects: { A: projects.A * m, B: projects.B * m },
      baloot: { A: baloot.A, B: baloot.B },
    },
  };
}

export function scoreHand(rules, hand) {
  const buyer = hand.buyer;
  if (isNone(buyer)) return passed();
  const other = otherTeam(buyer);
  const sun = hand.contract === SUN;
  const kaboot = hand.kaboot;
  const total = sun ? SUN_CARD_POINTS : HOKM_CARD_POINTS;
  let cards;
  let game;
  if (!isNone(kaboot)) {
    cards = pairOf(kaboot, total, 0);
    game = pairOf(kaboot, sun ? SUN_KABOOT : HOKM_KABOOT, 0);
  } else {
    cards = pairOf(hand.points_team, hand.card_points, total - hand.card_points);
    game = cardGamePoints(rules, hand.contract, cards);
  }
  const projects = projectsPoints(hand, sun ? PROJECT_SUN : PROJECT_HOKM);
  const raw = projectsPoints(hand, PROJECT_RAW);
  const inTest = rules.baloot_in_test && !isNone(hand.baloot) ? pairOf(hand.baloot, BALOOT_RAW, 0) : ZERO();
  const test = { A: cards.A + raw.A + inTest.A, B: cards.B + raw.B + inTest.B };
  const doubled = !isNone(hand.doubling);
  let made;
  if (!isNone(kaboot)) made = kaboot === buyer;
  else if (test[buyer] !== test[other]) made = test[buyer] > test[other];
  else if (doubled) made = rules.doubled_tie === "buyer_wins";
  else made = rules.tie === "split";
  const winner = made ? buyer : other;
  const outcome = made ? MADE : KHASRAN;
  const baloot = isNone(hand.baloot) ? ZERO() : pairOf(hand.baloot, BALOOT_POINTS, 0);
  if (hand.doubling === "gahwa") {
    // BALOOT, *Scoring*, 6: what the winner writes is the totals' (endOfMatch).
    return scored(outcome, winner, buyer, cards, test, ZERO(), ZERO(), ZERO(), 1);
  }
  const m = multiplier(hand);
  if (m === 1 || (!isNone(kaboot) && !rules.kaboot_doubles)) {
    if (made) return scored(outcome, winner, buyer, cards, test, game, projects, baloot, 1);
    let all = sun ? SUN_GAME_POINTS : HOKM_GAME_POINTS;
    if (!isNone(kaboot)) all = sun ? SUN_KABOOT : HOKM_KABOOT;
    const written = pairOf(other, all, 0);
    const allProjects = pairOf(other, projects.A + projects.B, 0);
    return scored(outcome, winner, buyer, cards, test, written, allProjects, baloot, 1);
  }
  const written = pairOf(winner, game.A + game.B, 0);
  const allProjects = pairOf(winner, projects.A + projects.B, 0);
  return scored(outcome, winner, buyer, cards, test, written, allProjects, baloot, m);
}

export function blocksWin() {
  return false;
}

// BALOOT, *End of match* (the engine's end_of_match): a doubled Sun checked
// against the totals before the hand, a gahwa settled and won, then the target.
export function endOfMatch(rules, hand, hs, before, after) {
  const buyer = hand.buyer;
  if (isNone(buyer)) return null;
  if (hand.contract === SUN && hand.doubling === "double" && rules.sun_double === "over_100"
    && !(before[buyer] > SUN_DOUBLE_OVER && SUN_DOUBLE_OVER >= before[otherTeam(buyer)])) {
    throw new MatchError([problem(null, "doubling", "sun_double_under_100", SUN_DOUBLE_MESSAGE)]);
  }
  if (hand.doubling === "gahwa") {
    if (!(rules.target <= Number.MAX_SAFE_INTEGER)) {
      throw new RangeError(`${GAME}: a target too large to score a gahwa exactly here`);
    }
    const winner = hs.winner;
    // Never less than 0 (a winner already past the target: both_over higher, equal).
    const written = pairOf(winner, Math.max(0, rules.target - before[winner]), 0);
    const settled = scored(
      hs.outcome, winner, buyer, hs.tricks, hs.hand_totals, written, ZERO(), ZERO(), 1,
    );
    return { winner, settled };
  }
  const target = rules.target;
  const reached = TEAMS.filter((team) => after[team] >= target);
  if (reached.length < 2) return reached.length ? { winner: reached[0] } : null;
  if (rules.both_over === "buyer") return { winner: hs.winner };
  if (after.A === after.B) return null;
  return { winner: after.A > after.B ? "A" : "B" };
}

// What a hand puts in play, bounding the figures' exactness (kernel.js): a
// few hundred game points at most (a gahwa's, the target's, is checked there).
export function magnitude() {
  return 10000;
}

// Nothing of belote's hand form: the baloot form is its own (handFromForm).
export function formFields() {
  return {};
}

const TEAM_FIELDS = ["points_team", "kaboot", "baloot", "projects_team"];
export const PROJECT_FIELDS = PROJECTS; // each project's count, a field of its name

// The hand document its hand form (forms.BalootHandForm) makes of the fields
// it posts (``value(name)``: the posted value, "" when absent), or null when
// the form refuses them; the engine checks the rest. ``read``: pending.js'
// readers (team, integerOf, seatTeam). The redeal button posts action=pass.
// (The points field has no cap here: the engine's range is the contract's.)
export function handFromForm(value, read) {
  // Every field's value first, as the server's form checks them all, a
  // redeal's too (a wrong value refuses the form, whatever the button).
  const taker = value("taker");
  if (taker && !/^[1-4]$/.test(taker)) return null; // who bought: a player
  const contract = value("contract");
  const doubling = value("doubling");
  if (contract && !CONTRACTS.includes(contract)) return null;
  if (doubling && !DOUBLINGS.includes(doubling)) return null;
  const points = read.integerOf(value("points"));
  const counts = PROJECT_FIELDS.map((name) => read.integerOf(value(name)));
  const teams = TEAM_FIELDS.map((name) => read.team(value(name)));
  if (Number.isNaN(points) || teams.includes(undefined)) return null;
  if (counts.some((c) => Number.isNaN(c) || (c !== null && (c < 0 || c > PROJECTS_MAX)))) return null;
  if (value("action") === "pass") {
    return {
      buyer: null, contract: null, points: null, kaboot: null, projects: { A: [], B: [] },
      baloot: null, doubling: null, ashkal: false,
    };
  }
  if (!taker) return null; // who bought: required
  const [pointsTeam, kaboot, baloot, projectsTeam] = teams;
  const buyer = read.seatTeam(taker);
  const listed = [];
  PROJECT_FIELDS.forEach((name, i) => {
    for (let k = 0; k < (counts[i] || 0); k += 1) listed.push(name);
  });
  const owner = projectsTeam || buyer;
  const ashkal = value("ashkal");
  return {
    buyer, contract: contract || null,
    points: points === null ? null : { [pointsTeam || buyer]: points }, kaboot,
    projects: { A: owner === "A" ? listed : [], B: owner === "B" ? listed : [] }, baloot,
    doubling: doubling || null, ashkal: ashkal !== "" && ashkal.toLowerCase() !== "false",
  };
}

export const ENGINE = {
  name: GAME, hasReserve: false, parseRulesObject, parseHand, checkHand, scoreHand, blocksWin,
  endOfMatch, magnitude, handKeys: HAND_KEYS, formFields, handFromForm,
};
