// Scores on the phone (issue 20; docs/sync.md, "Scores on the phone"): the
// changes this phone keeps (sync/entries.js) scored after the server's last
// sheet, with the phone's scorer (../scoring/document.js), for the pending
// rows, the moved totals, the match's end, and the preview without network.
// PURE: data in, data out; no DOM, no storage, no network. What it computes
// is only shown, marked pending: the phone posts each hand as typed, never a
// score, and the server's sheet replaces these figures when it comes.
// tests/engine/js/pending.test.mjs runs it; tests/web/test_pending_hands.py
// holds handOf to the server's hand forms.
//
// ``data``: the server's scorer data, embedded in the sheet as JSON
// (Scoresheet.scorer_data): {document: the match document of the live hands,
// hand_pages: their correction pages in order (the page a kept correction or
// deletion names: sync/entries.js, pageOf), announcements_max: the hand
// form's cap}.

import { ENGINES, defaultGame, scoreMatch, MatchError } from "../scoring/document.js";
import * as E from "./entries.js";

// The value a form posts for ``name``: the last one, as Django's QueryDict.get
// (the redeal button's action=pass comes after the hidden empty action).
function last(fields, name) {
  let value = "";
  for (const pair of fields) if (pair[0] === name) value = pair[1];
  return value;
}

// An IntegerField's value (forms.IntegerField.to_python): "" is null, a
// whole number is itself ("82.0" too), anything else is not a number (NaN).
export function integerOf(text) {
  const value = String(text).replace(/\.0*\s*$/, "");
  if (!value.trim()) return text.trim() ? NaN : null;
  return /^\s*[+-]?\d+(_\d+)*\s*$/.test(value) ? Number(value.replace(/_/g, "")) : NaN;
}

// A team chip's value: "A", "B", or null for none ("").
function team(value) { return value === "A" || value === "B" ? value : value ? undefined : null; }
// A seat's team (models.seat_team): seats 1 and 3 are A, 2 and 4 are B.
export function seatTeam(seat) { return Number(seat) % 2 === 1 ? "A" : "B"; }

// A hand document of a game's keys (its engine's handKeys, in the engine's
// hand_document order): ``values``' where it gives them, else null.
function handDocument(keys, values) {
  const hand = {};
  for (const key of keys) hand[key] = Object.prototype.hasOwnProperty.call(values, key) ? values[key] : null;
  return hand;
}

// The hand document (docs/match-document.md, docs/coinche.md: every key, in
// the engine's hand_document order) that the server's hand form makes of
// ``fields`` (as the form posts them: [[name, value], ...]) for a match of
// ``game`` (``announcements``: the rule of that name, whether the form has
// their fields): game_forms.HandForm's clean and hand_input. Null when the form
// would refuse them (a field's value, no taker, a belote holder of the other
// team); the engine checks the rest (scoreMatch).
export function handOf(fields, game, { announcementsMax = Infinity, announcements: played = true } = {}) {
  const engine = Object.prototype.hasOwnProperty.call(ENGINES, game) ? ENGINES[game] : null;
  // A game whose form is its own (its partial "fields"): its engine reads it whole.
  if (engine && engine.handFromForm) {
    return engine.handFromForm((name) => last(fields, name), {
      team, integerOf, seatTeam, max: announcementsMax, announcements: played,
    });
  }
  // What the game adds to a hand (its engine's formFields: its HandForm.game_fields).
  const extra = engine ? engine.formFields((name) => last(fields, name), team) : undefined;
  if (extra === undefined) return null;
  const points = integerOf(last(fields, "points"));
  // Without announcements at the table, the form has no such fields.
  const annPoints = played ? integerOf(last(fields, "ann_points")) : null;
  const taker = last(fields, "taker");
  const pointsTeam = team(last(fields, "points_team"));
  const capot = team(last(fields, "capot"));
  let belote = team(last(fields, "belote"));
  const annTeam = played ? team(last(fields, "ann_team")) : null;
  const holder = last(fields, "belote_seat");
  if (Number.isNaN(points) || Number.isNaN(annPoints) || (annPoints !== null && annPoints > announcementsMax)) return null;
  if ([pointsTeam, capot, belote, annTeam].includes(undefined)) return null;
  if (taker && !/^[1-4]$/.test(taker)) return null; // a seat: the match page has players
  if (holder && !/^[1-4]$/.test(holder)) return null;
  const redeal = last(fields, "action") === "pass";
  const empty = { A: 0, B: 0 };
  if (redeal) return handDocument(engine.handKeys, { announcements: empty });
  if (!taker) return null;
  if (holder) {
    if (!belote) belote = seatTeam(holder);
    else if (belote !== seatTeam(holder)) return null;
  }
  const takerTeam = seatTeam(taker);
  const ann = annPoints || 0;
  const announcements = (annTeam || takerTeam) === "A" ? { A: ann, B: 0 } : { A: 0, B: ann };
  const trick = points === null ? null : { [pointsTeam || takerTeam]: points };
  return handDocument(engine.handKeys, { ...extra, taker: takerTeam, points: trick, capot, belote, announcements });
}

// handOf's options for the match of ``data``.
function optionsOf(data) {
  const rules = data.document.rules || {};
  return { announcementsMax: data.announcements_max, announcements: rules.announcements !== false };
}

// The entries that count: every kept one of the match but those the server
// refused (they wait for the user, who may drop them).
function counted(entries) { return entries.filter((e) => e.state !== E.REFUSED); }

// The live hands after ``entries`` (a match's, in the order kept): slots
// {page, hand, key}, the server's hands first (key null; page: its
// correction page, null for a kept new hand). A correction takes
// its hand's place, a deletion takes it away, a new hand comes last; an
// entry the form would refuse, or about a hand the sheet no longer has,
// changes nothing (it is not scored: the server will say why).
function slotsOf(data, entries) {
  const doc = data.document;
  const game = doc.game || defaultGame();
  const options = optionsOf(data);
  const slots = doc.hands.map((hand, i) => ({ page: data.hand_pages[i], hand, key: null }));
  counted(entries).forEach((e) => {
    if (e.kind === "delete") {
      const at = slots.findIndex((s) => s.page !== null && s.page === E.pageOf(e));
      if (at >= 0) slots.splice(at, 1);
      return;
    }
    const hand = handOf(e.fields, game, options);
    if (!hand) return;
    if (e.kind === "edit") {
      const slot = slots.find((s) => s.page !== null && s.page === E.pageOf(e));
      if (slot) Object.assign(slot, { hand, key: e.key });
      return;
    }
    if (!e.kind) slots.push({ page: null, hand, key: e.key });
  });
  return slots;
}

// ``slots`` scored, leaving out the kept hands the engine refuses (each
// from the first one it names; the server will refuse them too): {slots,
// result} (scoreMatch's), or null when the server's own hands cannot be
// scored here (numbers past JavaScript's exact range, an engine problem
// with no hand of this phone's).
function scoreSlots(doc, slots) {
  let kept = slots.slice();
  for (;;) {
    try {
      return { slots: kept, result: scoreMatch(Object.assign({}, doc, { hands: kept.map((s) => s.hand) })) };
    } catch (error) {
      if (!(error instanceof MatchError)) return null;
      const numbers = error.problems.map((p) => p.hand).filter((n) => n !== null && n !== undefined);
      const first = numbers.length ? Math.min(...numbers) : null;
      const slot = first === null ? null : kept[first - 1];
      if (!slot || slot.key === null) return null;
      kept = kept.filter((s) => s !== slot);
    }
  }
}

// The sheet as this phone would show it with the entries it keeps for the
// match (``entries``, its kept entries in order): null when none counts or
// nothing can be scored; else {rows: {entry key: its hand's result
// (scoreMatch's hand: number, outcome, score, totals, ends_match...)},
// totals, reserve, finished, winner, decisive_hand, no_trick_block, target}.
// An entry the engine or the form refuses has no row (its score stays
// unknown); a deletion has none either.
export function pendingSheet(data, entries) {
  if (!data || !counted(entries).length) return null;
  const scored = scoreSlots(data.document, slotsOf(data, entries));
  if (!scored) return null;
  const rows = {};
  scored.slots.forEach((slot, i) => { if (slot.key !== null) rows[slot.key] = scored.result.hands[i]; });
  const r = scored.result;
  return {
    rows, totals: r.totals, reserve: r.reserve, finished: r.finished, winner: r.winner,
    decisive_hand: r.decisive_hand, no_trick_block: r.no_trick_block,
  };
}

// The preview of the hand typed in ``fields`` without the server: scored
// after the server's hands and the entries this phone keeps (``entries``),
// as the next hand, or in place of the hand whose correction page is
// ``replace`` (on that page; a correction of it kept here does not count). {hand: its result, result: the match's} when the
// engine scores it; {refused: true} when the form or the engine would
// refuse it (the server says why when it is sent); null when nothing can be
// scored here.
export function previewOf(data, entries, fields, { replace = null } = {}) {
  if (!data) return null;
  const doc = data.document;
  const hand = handOf(fields, doc.game || defaultGame(), optionsOf(data));
  if (!hand) return { refused: true };
  const others = replace === null ? entries : entries.filter((e) => !e.kind || E.pageOf(e) !== replace);
  const base = scoreSlots(doc, slotsOf(data, others));
  if (!base) return null;
  const slots = base.slots.slice();
  const mine = { page: replace, hand, key: "" };
  if (replace === null) slots.push(mine);
  else {
    const at = slots.findIndex((s) => s.page === replace);
    if (at < 0) return null;
    slots[at] = mine;
  }
  try {
    const result = scoreMatch(Object.assign({}, doc, { hands: slots.map((s) => s.hand) }));
    return { hand: result.hands[slots.indexOf(mine)], result };
  } catch (error) {
    if (error instanceof MatchError) return { refused: true };
    return null;
  }
}
