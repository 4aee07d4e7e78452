// The phone's scorer of klaverjassen (KLAVERJAS.md, issue 29): the twin of
// scoresheets/games/klaverjas/engine.py, function for function, held to its
// worked cases and to the engine's answers by tests/engine/test_js_scorer.py.
// The server's engine decides; this one only previews (kernel.js says why).

import {
  MADE, TEAMS, TRICK_POINTS_TOTAL, breakdown, checkChoice, checkKnownKeys, checkPoints,
  checkTarget, checkTeam, get, has, isAnnouncementValue, isInt, isNone, isObject, keysOf,
  otherTeam, pairOf, parseRules, parts, problem,
} from "../../js/scoring/kernel.js";

export const GAME = "klaverjas";
const NAT = "nat";
const REVOKE = "revoke";
const REVOKE_ROEM = 100;
export const DEFAULTS = {
  end: "games", games: 16, target: 1500, nat_test: "total", tie_is_nat: true, pit_bonus: 100,
  defense_pit: true, revoke: "162_plus_100", roem: "table", variant: null,
};
const CHOICES = {
  end: ["games", "target"], nat_test: ["total", "points_only"], tie_is_nat: [true, false],
  defense_pit: [true, false], revoke: ["162_plus_100", "162"], roem: ["table", "hand"],
};
const VARIANTS = ["amsterdam", "rotterdam"];
export const HAND_KEYS = ["playing", "points", "roem", "pit", "revoke"];

function checkPositive(out, name, value) {
  if (!isInt(value)) {
    out.push(problem(null, `rules.${name}`, "not_integer", "must be an integer"));
  } else if (value <= 0) {
    out.push(problem(null, `rules.${name}`, "out_of_range", "must be greater than 0", { min: 1 }));
  }
}

export function checkRules(rules) {
  const out = [];
  checkChoice(out, null, "rules.end", rules.end, CHOICES.end);
  checkPositive(out, "games", rules.games);
  checkTarget(out, rules.target);
  checkChoice(out, null, "rules.nat_test", rules.nat_test, CHOICES.nat_test);
  checkChoice(out, null, "rules.tie_is_nat", rules.tie_is_nat, CHOICES.tie_is_nat);
  const bonus = rules.pit_bonus;
  if (!isInt(bonus)) {
    out.push(problem(null, "rules.pit_bonus", "not_integer", "must be an integer"));
  } else if (bonus < 0 || bonus % 10) {
    const message = "must be 0 or more, a multiple of 10";
    out.push(problem(null, "rules.pit_bonus", "out_of_range", message, { min: 0 }));
  }
  checkChoice(out, null, "rules.defense_pit", rules.defense_pit, CHOICES.defense_pit);
  checkChoice(out, null, "rules.revoke", rules.revoke, CHOICES.revoke);
  checkChoice(out, null, "rules.roem", rules.roem, CHOICES.roem);
  const variant = rules.variant;
  if (!isNone(variant) && !(typeof variant === "string" && VARIANTS.includes(variant))) {
    const message = "must be one of None, 'amsterdam', 'rotterdam'";
    out.push(problem(null, "rules.variant", "invalid_choice", message, { choices: [null, ...VARIANTS] }));
  }
  return out;
}

function checkRoem(out, n, roem) {
  TEAMS.forEach((team) => {
    const value = roem[team];
    const name = `roem.${team}`;
    if (!isInt(value)) {
      out.push(problem(n, name, "not_integer", "must be an integer"));
    } else if (value < 0) {
      out.push(problem(n, name, "out_of_range", "must be 0 or more", { min: 0 }));
    } else if (!isAnnouncementValue(value)) {
      out.push(problem(n, name, "not_roem_sum", "must be 0 or a sum of 20, 50, 100 and 200"));
    }
  });
  return TEAMS.some((team) => isInt(roem[team]) && roem[team] > 0);
}

export function checkHand(rules, hand, n) {
  const out = [];
  checkTeam(out, n, "playing", hand.playing, false);
  checkTeam(out, n, "pit", hand.pit, true);
  checkTeam(out, n, "revoke", hand.revoke, true);
  const hasRoem = checkRoem(out, n, hand.roem);
  const hasPoints = checkPoints(out, n, hand.points_team, hand.trick_points);
  if (!isNone(hand.pit) && !isNone(hand.revoke)) {
    out.push(problem(n, "revoke", "revoke_with_pit", "must be empty with a pit"));
  } else if (!isNone(hand.revoke)) {
    if (hasPoints) out.push(problem(n, "points", "points_with_revoke", "must be empty with a revoke"));
    if (hasRoem) out.push(problem(n, "roem", "roem_with_revoke", "must be 0 on a revoked hand"));
  } else if (!isNone(hand.pit)) {
    if (hasPoints) out.push(problem(n, "points", "points_with_pit", "must be empty with a pit"));
    const pitted = TEAMS.includes(hand.pit) ? otherTeam(hand.pit) : null;
    const value = pitted === null ? null : hand.roem[pitted];
    if (rules.roem === "table" && pitted !== null && isInt(value) && value > 0) {
      const message = "must be 0: roem on the table goes to the trick's winner, "
        + "and this team took no trick";
      out.push(problem(n, `roem.${pitted}`, "roem_without_trick", message));
    }
  } else if (!hasPoints) {
    out.push(problem(n, "points", "required", "the card points of one team are required"));
  }
  return out;
}

function teamObject(out, n, raw, name, example) {
  const value = get(raw, name);
  if (isNone(value)) return {};
  if (!isObject(value) || keysOf(value).some((key) => key !== "A" && key !== "B")) {
    out.push(problem(n, name, "not_object", `must be an object like ${example}`));
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
  if (!has(raw, "playing")) out.push(problem(n, "playing", "required", 'is required ("A" or "B")'));
  const points = teamObject(out, n, raw, "points", '{"A": 90}');
  const roem = teamObject(out, n, raw, "roem", '{"A": 20, "B": 0}');
  if (points !== null && keysOf(points).length > 1) {
    out.push(problem(n, "points", "points_one_team", "must give one team's points"));
  }
  if (out.length > before || points === null || roem === null) return null;
  const keys = keysOf(points);
  return {
    playing: get(raw, "playing"), points_team: keys.length ? keys[0] : null,
    trick_points: keys.length ? points[keys[0]] : null,
    roem: { A: get(roem, "A", 0), B: get(roem, "B", 0) }, pit: get(raw, "pit"),
    revoke: get(raw, "revoke"),
  };
}

// The rules, and the kernel's ``donnes`` derived from them (the engine's
// KlaverjasRules.donnes): a match of ``games`` hands, or to ``target``.
export function parseRulesObject(out, raw) {
  const rules = parseRules(out, raw, DEFAULTS);
  if (!rules) return rules;
  out.push(...checkRules(rules));
  rules.donnes = rules.end === "games" ? rules.games : null;
  return rules;
}

function scored(outcome, points, roem, sides, winner, playing) {
  const A = parts({ tricks: points.A, announcements: roem.A });
  const B = parts({ tricks: points.B, announcements: roem.B });
  return {
    outcome, score: { A: A.total, B: B.total }, reserve: 0, tricks: points, hand_totals: sides,
    winner, collected: 0, breakdown: breakdown(playing, { A, B }),
    extras: { points: { A: points.A, B: points.B }, roem: { A: roem.A, B: roem.B } },
  };
}

export function scoreHand(rules, hand) {
  const playing = hand.playing;
  const defense = otherTeam(playing);
  if (!isNone(hand.revoke)) {
    const winner = otherTeam(hand.revoke);
    const bonus = rules.revoke === "162_plus_100" ? REVOKE_ROEM : 0;
    const points = pairOf(winner, TRICK_POINTS_TOTAL, 0);
    return scored(REVOKE, points, pairOf(winner, bonus, 0), points, winner, playing);
  }
  let made;
  let cards;
  if (!isNone(hand.pit)) {
    cards = pairOf(hand.pit, TRICK_POINTS_TOTAL, 0);
    made = hand.pit === playing;
  } else {
    cards = pairOf(hand.points_team, hand.trick_points, TRICK_POINTS_TOTAL - hand.trick_points);
  }
  const declared = hand.roem;
  const sides = rules.nat_test === "total"
    ? { A: cards.A + declared.A, B: cards.B + declared.B } : cards;
  if (isNone(hand.pit)) {
    const mine = sides[playing];
    const theirs = sides[defense];
    made = mine > theirs || (mine === theirs && !rules.tie_is_nat);
  }
  if (made) {
    const bonus = pairOf(playing, hand.pit === playing ? rules.pit_bonus : 0, 0);
    const roem = { A: declared.A + bonus.A, B: declared.B + bonus.B };
    return scored(MADE, cards, roem, sides, playing, playing);
  }
  const bonus = hand.pit === defense && rules.defense_pit ? rules.pit_bonus : 0;
  const points = pairOf(defense, TRICK_POINTS_TOTAL, 0);
  const roem = pairOf(defense, declared.A + declared.B + bonus, 0);
  return scored(NAT, points, roem, sides, defense, playing);
}

export function blocksWin() {
  return false;
}

// What a hand puts in play, bounding the figures' exactness (kernel.js).
export function magnitude(hand) {
  const roem = hand.roem || {};
  return 2 * ((Number(roem.A) || 0) + (Number(roem.B) || 0)) + 10000;
}

// Nothing of belote's hand form: the klaverjas form is its own (handFromForm).
export function formFields() {
  return {};
}

// The hand document its hand form (forms.KlaverjasHandForm) makes of the
// fields it posts (``value(name)``: the posted value, "" when absent), or
// null when the form refuses them; the engine checks the rest. ``read``:
// pending.js' readers (team, integerOf, seatTeam) and ``max``, the roem
// fields' largest value (the server's, in the sheet's scorer data).
export function handFromForm(value, read) {
  const taker = value("taker");
  if (!/^[1-4]$/.test(taker)) return null; // who plays: a player, required
  const points = read.integerOf(value("points"));
  const roem = [read.integerOf(value("roem_a")), read.integerOf(value("roem_b"))];
  const teams = [read.team(value("points_team")), read.team(value("pit")), read.team(value("revoke"))];
  if (Number.isNaN(points) || teams.includes(undefined)) return null;
  if (roem.some((r) => Number.isNaN(r) || (r !== null && (r < 0 || r > read.max)))) return null;
  const [pointsTeam, pit, revoke] = teams;
  const playing = read.seatTeam(taker);
  return {
    playing, points: points === null ? null : { [pointsTeam || playing]: points },
    roem: { A: roem[0] || 0, B: roem[1] || 0 }, pit, revoke,
  };
}

export const ENGINE = {
  name: GAME, hasReserve: false, parseRulesObject, parseHand, checkHand, scoreHand, blocksWin,
  magnitude, handKeys: HAND_KEYS, formFields, handFromForm,
};
