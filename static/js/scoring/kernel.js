// The phone's scorer, its kernel: what both games share (issue 20, "Scores
// offline"; docs/sync.md, "Scores on the phone"). The JavaScript twin of
// scoresheets/scoring/kernel.py, written from the same contract
// (docs/match-document.md, FORMAT below; docs/coinche.md, COINCHE).
//
// WHY a hand-written scorer: a pending hand must show its score, the totals
// and the match's end with no network. Python in the browser (Pyodide) is
// megabytes of WebAssembly to load first, and no CDN is allowed; generating
// JavaScript from the engine (Transcrypt, Brython) brings a runtime or a
// build step, and a Python without what the engine uses (dataclasses, enums).
// The contract is small (some 850 lines of code here for both games), so it
// is written again, by hand, function for function, and HELD to the engine:
// tests/engine/test_js_scorer.py runs every worked case (scoresheets/games/belote/cases,
// scoresheets/games/coinche/cases, ../shared/scoring) and thousands of documents, valid
// and not, through this scorer and the Python engine, and requires the same
// results and the same problems.
//
// The server NEVER trusts it: what the phone computes is only shown, marked
// pending; the phone posts hands as typed, and the server scores each itself.
//
// PURE: no DOM, no storage, no network, no clock. Scores are integers
// (points); teams are "A" and "B". A problem is {hand, field, code, message,
// params}, the engine's (hand 1-based or null; code stable; message English,
// the same words; params the values the message quotes). Invalid input
// throws MatchError carrying every problem. Numbers are JavaScript's (a
// double: 82.0 is 82 once parsed); a match whose figures could pass
// Number.MAX_SAFE_INTEGER is not scored here (RangeError).

export const TEAMS = ["A", "B"];
export const TRICK_POINTS_TOTAL = 162; // card points (152) + dix de der (10)
export const BELOTE_POINTS = 20; // belote-rebelote, every game's

// FORMAT, *Result document*: what a hand came to.
export const MADE = "made";
export const DEDANS = "dedans";
export const LITIGE = "litige";
export const PASSED = "passed";
export const RENONCE = "renonce";
export const ANNULLED = "annulled";

// FORMAT, rule `rounding` (every game's), in the engine's order.
export const ROUNDINGS = ["none", "nearest_ten"];
export const NEAREST_TEN = "nearest_ten";

export function otherTeam(team) {
  return team === "A" ? "B" : "A";
}

// A pair of numbers by team.
export function pairOf(team, mine, theirs) {
  return team === "A" ? { A: mine, B: theirs } : { A: theirs, B: mine };
}

// --------------------------------------------------------------------------
// JSON values as the engine reads them
// --------------------------------------------------------------------------

// A JSON integer: true / false are no numbers (JSON has no fraction here).
export function isInt(value) {
  return typeof value === "number" && Number.isInteger(value);
}

// Python's None: a JSON null (or a key JavaScript left undefined).
export function isNone(value) {
  return value === null || value === undefined;
}

// A JSON object (Python's dict).
export function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

// Whether ``object`` has ``key`` of its own (never a key of its prototype,
// such as "constructor"); a key holding undefined is absent, as in JSON.
export function has(object, key) {
  return Object.prototype.hasOwnProperty.call(object, key) && object[key] !== undefined;
}

// ``object[key]`` if it has that key of its own, else ``absent``.
export function get(object, key, absent = null) {
  return has(object, key) ? object[key] : absent;
}

// The keys of ``object``, in JavaScript's order (an object parsed from JSON).
export function keysOf(object) {
  return Object.keys(object).filter((key) => object[key] !== undefined);
}

// Python's ``==`` between two JSON values: true, false and numbers compare
// as numbers (True == 1), lists and objects by their items.
export function same(a, b) {
  const numberish = (v) => typeof v === "number" || typeof v === "boolean";
  if (numberish(a) && numberish(b)) return Number(a) === Number(b);
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => same(item, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const keys = keysOf(a);
    return (
      keys.length === keysOf(b).length && keys.every((k) => has(b, k) && same(a[k], b[k]))
    );
  }
  return isNone(a) ? isNone(b) : a === b;
}

// --------------------------------------------------------------------------
// Problems
// --------------------------------------------------------------------------

export function problem(hand, field, code, message, params = {}) {
  return { hand, field, code, message, params };
}

export function problemText(p) {
  return `${p.hand !== null ? `hand ${p.hand}, ${p.field}` : p.field}: ${p.message}`;
}

// Invalid input: ``problems`` holds every problem found.
export class MatchError extends Error {
  constructor(problems) {
    super(problems.map(problemText).join("\n"));
    this.name = "MatchError";
    this.problems = problems;
  }
}

// Python's repr of a choice in a message: 'none', 252, True.
function shown(choice) {
  if (typeof choice === "string") return `'${choice}'`;
  if (typeof choice === "boolean") return choice ? "True" : "False";
  return String(choice);
}

// A problem (code invalid_choice) unless ``value`` is one of ``choices``, of
// the same kind: a string for a word, an integer for a number, and true /
// false only for a boolean (1 is not true here).
export function checkChoice(out, hand, name, value, choices) {
  const sameKind = (c) => {
    if (typeof c === "boolean" || typeof value === "boolean") return typeof value === typeof c;
    if (typeof c === "string") return typeof value === "string";
    return isInt(value);
  };
  if (!choices.some((c) => sameKind(c) && value === c)) {
    const message = `must be one of ${choices.map(shown).join(", ")}`;
    out.push(problem(hand, name, "invalid_choice", message, { choices: [...choices] }));
  }
}

export function checkTeam(out, hand, name, value, nullable) {
  if (isNone(value)) {
    if (!nullable) out.push(problem(hand, name, "required", "is required"));
    return;
  }
  if (typeof value !== "string" || !TEAMS.includes(value)) {
    out.push(problem(hand, name, "invalid_team", 'must be "A" or "B"'));
  }
}

export function checkTarget(out, target) {
  if (!isInt(target)) {
    out.push(problem(null, "rules.target", "not_integer", "must be an integer"));
  } else if (target <= 0) {
    out.push(
      problem(null, "rules.target", "out_of_range", "must be greater than 0", { min: 1 }),
    );
  }
}

// FORMAT, rule ``donnes``: null (no limit: the match goes to its target) or
// a number of donnes from DONNES_MIN to DONNES_MAX.
export const DONNES_MIN = 1;
export const DONNES_MAX = 100;

export function checkDonnes(out, donnes) {
  if (isNone(donnes)) return;
  if (!isInt(donnes)) {
    const message = `must be a number of donnes from ${DONNES_MIN} to ${DONNES_MAX}, or null`;
    out.push(problem(null, "rules.donnes", "not_integer", message));
  } else if (donnes < DONNES_MIN || donnes > DONNES_MAX) {
    const message = `must be between ${DONNES_MIN} and ${DONNES_MAX}`;
    const range = { min: DONNES_MIN, max: DONNES_MAX };
    out.push(problem(null, "rules.donnes", "out_of_range", message, range));
  }
}

// Every problem with a game's ``rules`` (FORMAT, rules table; COINCHE,
// *Rules*): ``target`` and ``donnes``, every game's, then each rule of
// ``choices`` ({name: its values}, in the engine's order) among its values.
// Each game's checkRules (its package's scoring.js) is this with its CHOICES.
export function checkRulesOf(rules, choices) {
  const out = [];
  checkTarget(out, rules.target);
  checkDonnes(out, rules.donnes);
  for (const name of Object.keys(choices)) {
    checkChoice(out, null, `rules.${name}`, rules[name], choices[name]);
  }
  return out;
}

// 0 or a sum of 20, 50, 100, 150 and 200: every multiple of ten but 10 and 30.
export function isAnnouncementValue(value) {
  return isInt(value) && value >= 0 && value % 10 === 0 && value !== 10 && value !== 30;
}

// A hand's ``announcements`` ({A, B}): sums of 20 ... 200, one team at most,
// none unless ``played`` (the rule). Returns whether a team has any.
export function checkAnnouncements(out, played, n, ann) {
  const values = [ann.A, ann.B];
  TEAMS.forEach((team, i) => {
    const value = values[i];
    const name = `announcements.${team}`;
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
  });
  const positive = values.map((v) => isInt(v) && v > 0);
  if (positive[0] && positive[1]) {
    const message = "only the team that won the comparison scores announcements";
    out.push(problem(n, "announcements", "announcements_both_teams", message));
  }
  return positive[0] || positive[1];
}

// A hand's ``points``: the trick points (0-162) of one team, when given.
// Returns whether any was given.
export function checkPoints(out, n, pointsTeam, trickPoints) {
  const hasPoints = !isNone(pointsTeam) || !isNone(trickPoints);
  if (hasPoints) {
    checkTeam(out, n, "points", pointsTeam, false);
    if (isNone(trickPoints)) {
      out.push(problem(n, "points", "required", "the trick points are required"));
    } else if (!isInt(trickPoints)) {
      out.push(problem(n, "points", "not_integer", "must be an integer"));
    } else if (trickPoints < 0 || trickPoints > TRICK_POINTS_TOTAL) {
      out.push(
        problem(n, "points", "out_of_range", `must be between 0 and ${TRICK_POINTS_TOTAL}`, {
          min: 0,
          max: TRICK_POINTS_TOTAL,
        }),
      );
    }
  }
  return hasPoints;
}

// A hand's ``points`` or ``announcements`` object, keyed by team: each other
// key is a problem. Returns whether all its keys are teams.
export function checkTeamKeys(out, n, name, object) {
  let ok = true;
  for (const key of keysOf(object)) {
    if (!TEAMS.includes(key)) {
      out.push(problem(n, `${name}.${key}`, "unknown_key", 'must be "A" or "B"'));
      ok = false;
    }
  }
  return ok;
}

// The announcements of a hand's object: a team left out counts 0.
export function announcementsOf(object) {
  return { A: get(object, "A", 0), B: get(object, "B", 0) };
}

// Each key of ``raw`` that is not one of ``known``: a problem (``field`` its
// name, ``""`` shown as '""'). Returns whether there was none.
export function checkKnownKeys(out, n, raw, known, message, elsewhere = {}) {
  let ok = true;
  for (const key of keysOf(raw)) {
    if (known.includes(key)) continue;
    ok = false;
    if (has(elsewhere, key)) out.push(problem(n, key, "unknown_key", elsewhere[key]));
    else out.push(problem(n, key || '""', "unknown_key", message));
  }
  return ok;
}

// The rules object of a match document: every key one of ``defaults``' (a
// rule left out takes its default; ``elsewhere``: keys of another game, with
// their message). Returns the rules, or null when ``raw`` is no object.
export function parseRules(out, raw, defaults, elsewhere = {}) {
  if (!isObject(raw)) {
    out.push(problem(null, "rules", "not_object", "must be an object"));
    return null;
  }
  for (const key of keysOf(raw)) {
    if (has(elsewhere, key)) {
      out.push(problem(null, `rules.${key}`, "unknown_key", elsewhere[key]));
    } else if (!has(defaults, key)) {
      out.push(problem(null, `rules.${key}`, "unknown_key", "is not a known rule"));
    }
  }
  const rules = {};
  for (const name of Object.keys(defaults)) {
    rules[name] = has(raw, name) ? raw[name] : defaults[name];
  }
  return rules;
}

// --------------------------------------------------------------------------
// Scoring
// --------------------------------------------------------------------------

// FORMAT, rule ``rounding``: to the nearest ten, 5 upward.
export function roundPoints(points, rounding) {
  return rounding === NEAREST_TEN ? Math.floor((points + 5) / 10) * 10 : points;
}

// What one team scores on a hand, part by part (the engine's ScoreParts).
export function parts(values = {}) {
  const out = {
    tricks: 0, announcements: 0, belote: 0, penalty: 0, reserve: 0, rounding: 0,
    base: 0, bid: 0, multiplied: 0,
  };
  Object.assign(out, values);
  out.total =
    out.tricks + out.announcements + out.belote + out.penalty + out.reserve + out.rounding +
    out.base + out.bid + out.multiplied;
  return out;
}

// How a hand's score came about (the engine's Breakdown): nothing scored.
export function breakdown(taker = null, values = {}) {
  return {
    A: parts(), B: parts(), taker, defense: taker === null ? null : otherTeam(taker),
    reserve_in: 0, forfeited: 0, multiplier: 1, multiplied_parts: [], ...values,
  };
}

export function reserveProblems(reserve) {
  if (!isInt(reserve)) return [problem(null, "reserve", "not_integer", "must be an integer")];
  if (reserve < 0) {
    return [problem(null, "reserve", "out_of_range", "must be 0 or more", { min: 0 })];
  }
  return [];
}

// THE scoring loop of every game (the engine's kernel.score_match) over
// checked ``rules`` and ``hands`` of ``game`` (its package's scoring.js): each
// hand scored by the game (game.scoreHand(rules, hand, reserve) -> {outcome,
// score, reserve, tricks, hand_totals, winner, collected, breakdown}), FORMAT,
// *End of match* applied here (game.blocksWin: the leader still does not win
// on this hand), unless the game has its own (game.endOfMatch(rules, hand,
// scored, before, after) -> null, or {winner, settled?} when the hand ends
// the match (``settled``: the hand's score as the end settles it from the
// totals before it, in place of scoreHand's), or throws
// MatchError with that hand's problems: the engine's
// Engine.end_of_match; the rule ``donnes`` comes first). A hand's ``extras`` (the game's own keys
// in the result document) go with it. ``reserve``: points carried in (a game
// without a reserve takes 0 only). A game scored per player (game.players:
// belote for three or two) goes through the loop's twin, scorePlayers, below.
// Throws MatchError (a reserve, a hand after the end).
export function scoreHands(game, rules, hands, reserve = 0) {
  if (!game.hasReserve && reserve !== 0 && reserve !== false) {
    throw new MatchError([
      problem(null, "reserve", "out_of_range", `${game.name} has no reserve`, { min: 0, max: 0 }),
    ]);
  }
  const problems = reserveProblems(reserve);
  if (problems.length) throw new MatchError(problems);
  checkRange(game, hands, reserve);
  // A game scored per player (belote for three or two): the loop's twin.
  if (game.players) return scorePlayers(game, rules, hands, reserve, problems);

  const target = rules.target;
  const donnesLimit = isNone(rules.donnes) ? null : rules.donnes; // FORMAT, rule `donnes`
  let donnes = 0;
  const results = [];
  let totalA = 0;
  let totalB = 0;
  let finished = false;
  let winner = null;
  let noTrickBlock = false;
  let refused = false; // a hand the game's own end refused: the rest are not scored
  hands.forEach((hand, index) => {
    const number = index + 1;
    if (refused) return;
    if (finished) {
      const last = results.length ? results[results.length - 1].number : 0;
      const message = `the match ended with hand ${last}`;
      problems.push(problem(number, "hand", "after_end", message));
      return;
    }
    let scored = game.scoreHand(rules, hand, reserve);
    reserve = scored.reserve;
    const before = { A: totalA, B: totalB };
    totalA += scored.score.A;
    totalB += scored.score.B;
    let ends = false;
    if (scored.outcome !== PASSED) donnes += 1; // a redeal is no donne; an annulled hand is one
    if (donnesLimit !== null) {
      // FORMAT, rule `donnes`: the K-th donne ends the match, whatever the
      // target, whatever the game's own end (a match of a number of hands).
      if (donnes === donnesLimit) {
        ends = finished = true;
        if (totalA !== totalB) winner = totalA > totalB ? "A" : "B";
      }
    } else if (game.endOfMatch) {
      // The game's own end of match (its contract's); a MatchError it throws
      // holds this hand's problems that only the totals show.
      let decided;
      try {
        decided = game.endOfMatch(rules, hand, scored, before, { A: totalA, B: totalB });
      } catch (error) {
        if (!(error instanceof MatchError)) throw error;
        problems.push(...error.problems.map((p) => ({ ...p, hand: number })));
        refused = true;
        return;
      }
      if (decided) {
        if (decided.settled) {
          // The hand's score, settled from the totals before it.
          scored = decided.settled;
          reserve = scored.reserve;
          totalA = before.A + scored.score.A;
          totalB = before.B + scored.score.B;
        }
        ends = finished = true;
        winner = decided.winner;
      }
    } else if (scored.outcome !== PASSED && scored.outcome !== ANNULLED) {
      noTrickBlock = false;
      if ((totalA >= target || totalB >= target) && totalA !== totalB) {
        const leader = totalA > totalB ? "A" : "B";
        if (game.blocksWin(rules, hand, leader)) {
          noTrickBlock = true; // e.g. the leader took no trick this hand
        } else {
          ends = finished = true;
          winner = leader;
        }
      }
    }
    results.push({
      number, ...scored, totals: { A: totalA, B: totalB }, ends_match: ends,
    });
  });
  if (problems.length) throw new MatchError(problems);
  return {
    hands: results,
    totals: { A: totalA, B: totalB },
    reserve,
    finished,
    winner,
    decisive_hand: !game.endOfMatch && donnesLimit === null && !finished
      && totalA === totalB && totalA >= target,
    no_trick_block: noTrickBlock && !finished,
    donnes,
  };
}

// The twin of scoreHands' loop for a game scored per player (game.players:
// its names, in order; the engine's kernel._score_players): each hand's
// score is by player ({A, B, C}), added to that player's total; then the rule
// ``donnes``, the game's own end, or BELOTE_3_2 *End of match*: after a hand
// played, the one player alone at the top, at or past the target, wins
// (unless game.blocksWin). The two teams' loop above is left as it was.
function scorePlayers(game, rules, hands, reserve, problems) {
  const players = game.players;
  const target = rules.target;
  const donnesLimit = isNone(rules.donnes) ? null : rules.donnes;
  const totals = Object.fromEntries(players.map((player) => [player, 0]));
  const results = [];
  let donnes = 0;
  let finished = false;
  let blocked = false;
  let decided = null;
  let refused = false;
  hands.forEach((hand, index) => {
    const number = index + 1;
    if (refused) return;
    if (finished) {
      const last = results.length ? results[results.length - 1].number : 0;
      problems.push(problem(number, "hand", "after_end", `the match ended with hand ${last}`));
      return;
    }
    let scored = game.scoreHand(rules, hand, reserve);
    reserve = scored.reserve;
    const before = { ...totals };
    for (const player of Object.keys(scored.score)) totals[player] += scored.score[player];
    const after = { ...totals };
    if (scored.outcome !== PASSED) donnes += 1;
    if (donnesLimit !== null) {
      finished = donnes === donnesLimit;
    } else if (game.endOfMatch) {
      try {
        decided = game.endOfMatch(rules, hand, scored, before, after);
      } catch (error) {
        if (!(error instanceof MatchError)) throw error;
        problems.push(...error.problems.map((p) => ({ ...p, hand: number })));
        refused = true;
        return;
      }
      if (decided && decided.settled) {
        // The hand's score, settled from the totals before it.
        scored = decided.settled;
        reserve = scored.reserve;
        for (const player of players) totals[player] = before[player] + scored.score[player];
      }
      finished = Boolean(decided);
    } else if (scored.outcome !== PASSED && scored.outcome !== ANNULLED) {
      const leader = soleLeader(after);
      const reached = leader !== null && after[leader] >= target;
      blocked = reached && game.blocksWin(rules, hand, leader);
      finished = reached && !blocked;
    }
    results.push({ number, ...scored, totals: { ...totals }, ends_match: finished });
  });
  if (problems.length) throw new MatchError(problems);
  return playersResult(game, rules, results, totals, reserve, decided, blocked, donnes);
}

// The one player alone at the top of ``totals``, or null when two or more share it.
function soleLeader(totals) {
  const top = Math.max(...Object.values(totals));
  const leaders = Object.keys(totals).filter((player) => totals[player] === top);
  return leaders.length === 1 ? leaders[0] : null;
}

// The match of a game scored per player (the engine's kernel._players_result).
function playersResult(game, rules, results, totals, reserve, decided, blocked, donnes) {
  const finished = results.length > 0 && results[results.length - 1].ends_match;
  const ownEnd = Boolean(game.endOfMatch) && isNone(rules.donnes);
  const leader = soleLeader(totals);
  let winner = null;
  if (finished) winner = ownEnd ? (decided ? decided.winner : null) : leader;
  const top = Math.max(...Object.values(totals));
  return {
    hands: results,
    totals: { ...totals },
    reserve,
    finished,
    winner,
    decisive_hand: isNone(rules.donnes) && !ownEnd && !finished && leader === null
      && top >= rules.target,
    no_trick_block: blocked && !finished,
    donnes,
    players: [...game.players],
  };
}

// Every figure of a match is a sum of what its hands put in play (at most
// four times their announcements and 10,000 more each, or what the game's
// magnitude(hand) says) and the reserve carried in: under
// Number.MAX_SAFE_INTEGER, every sum is exact.
function checkRange(game, hands, reserve) {
  let bound = reserve;
  for (const hand of hands) {
    bound += game.magnitude ? game.magnitude(hand)
      : 4 * (hand.announcements.A + hand.announcements.B) + 10000;
  }
  if (!(bound <= Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`${game.name}: figures too large to score exactly here`);
  }
}

// The result document (FORMAT, *Result document*) of a scored match, as the
// engine's result_document (with decisive_hand and each hand's collected):
// keyed by team, or by player in a game scored so (result.players).
export function resultDocument(result) {
  const players = result.players;
  const byKey = players
    ? (values) => Object.fromEntries(players.map((player) => [player, values[player]]))
    : (values) => ({ A: values.A, B: values.B });
  return {
    hands: result.hands.map((h) => ({
      outcome: h.outcome,
      score: byKey(h.score),
      reserve: h.reserve,
      totals: byKey(h.totals),
      collected: h.collected,
      ...(h.extras || {}),
    })),
    totals: byKey(result.totals),
    reserve: result.reserve,
    finished: result.finished,
    winner: result.winner,
    decisive_hand: result.decisive_hand,
    donnes: result.donnes,
  };
}
