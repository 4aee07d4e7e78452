// Scores on the phone, the pages' side (issue 20; docs/sync.md, "Scores on
// the phone"): without network, or while hands of the match wait on this
// phone (which the server does not know yet), the hand form's preview is
// this phone's (the match page's and a correction page's), and on the match
// page the kept hands' rows show their scores, the scoreboard's totals move
// and the match's end shows, every figure marked pending, in words. The
// server's sheet replaces them all as it comes (a new #scoreboard has none).
//
// The scorer (sync/pending.js, which imports scoring/, and the games' own
// scorers, scoring/games.js: some 45 KB, 15 KB gzipped) is loaded at its
// first need, never on a page that only follows
// the server; the worker keeps it with every static file, so it loads
// offline. Its data is the server's: the match document of the sheet, in
// #match-document (Scoresheet.scorer_data), which follows the sheet.
//
// Nothing computed here is ever sent: a kept hand is posted as typed.

import * as E from "./sync/entries.js";
import * as store from "./sync/store.js";

let scorer = null; // the promise of sync/pending.js (null until asked, or after it failed)
function loadScorer() {
  if (!scorer) {
    // The games' scorers first (the server's list), then what scores with them.
    scorer = import("./scoring/games.js").then(() => import("./sync/pending.js")).catch(() => {
      scorer = null;
      return null;
    });
  }
  return scorer;
}

// The server's data for the scorer, from the sheet on screen, or null.
function scorerData() {
  const el = document.getElementById("match-document");
  if (!el) return null;
  try {
    return JSON.parse(el.textContent);
  } catch (error) {
    return null;
  }
}

function form() {
  const f = document.getElementById("hand-form");
  return f && f.tagName === "FORM" ? f : null;
}
// The line of the page's match (sync/entries.js): its hand_create address.
function line() {
  const f = form();
  const section = document.getElementById("pending-hands");
  return (f && f.dataset.queue) || (section && section.dataset.url) || "";
}
// The entries kept for the page's match that count (not refused).
function waiting() {
  const match = line();
  if (!match || !store.available) return [];
  return E.ofMatch(store.load(), match).filter((e) => e.state !== E.REFUSED);
}

// The sides of a match, in order: two teams, or the players of a game
// scored per player (three at most); a page shows the cells of its own.
const SIDES = ["A", "B", "C"];

function words() { return document.getElementById("local-words"); }
function say(text, values) {
  return Object.keys(values).reduce((out, key) => out.split("{" + key + "}").join(values[key]), text || "");
}
function teamName(code) {
  const f = form();
  if (!f) return code;
  return f.dataset["team" + code] || code; // data-team-a, -b (and -c at three)
}

// ---- The preview ----------------------------------------------------------

let stale = false;
let placeholder = null; // the preview's first content (its "appears here" line)
function preview() { return document.getElementById("preview"); }
function isPreview(event) { return Boolean(event.detail && event.detail.elt && event.detail.elt.id === "preview"); }

// Whether the preview no longer describes what is typed (typed over without
// network, and none could be made here): a kept hand then keeps no scores
// from it (form.js, describe).
export function previewStale() { return stale; }

function markStale(value) {
  stale = value;
  const p = preview();
  if (p) p.classList.toggle("is-stale", value);
}

// Back to the preview's first line (the form emptied for the next hand).
export function resetPreview() {
  const p = preview();
  if (p && placeholder !== null) p.innerHTML = placeholder;
  markStale(false);
}

// No preview can be made here: the one shown is greyed; none yet, the
// preview says why none comes (its data-offline).
function noPreview() {
  const p = preview();
  if (!p) return;
  markStale(true);
  const untouched = placeholder !== null && p.innerHTML === placeholder;
  if (untouched && p.dataset.offline) {
    const note = document.createElement("p");
    note.className = "muted";
    note.dataset.offlineNote = "1";
    note.textContent = p.dataset.offline;
    p.replaceChildren(note);
  }
}

let asked = 0;
// This phone's preview of what the form says, after the server's hands and
// the kept ones (in place of the corrected hand on a correction page).
async function drawPreview() {
  const n = ++asked;
  const P = await loadScorer();
  const f = form();
  const p = preview();
  const w = words();
  if (n !== asked || !f || !p) return;
  const data = scorerData();
  const replace = f.dataset.kind === "edit" ? f.dataset.page : null; // a correction page's
  const fields = [];
  new FormData(f).forEach((value, name) => { if (typeof value === "string") fields.push([name, value]); });
  const seen = P && data && w ? P.previewOf(data, waiting(), fields, { replace }) : null;
  if (!seen) {
    noPreview();
    return;
  }
  markStale(false);
  if (seen.refused) {
    const note = document.createElement("p");
    note.className = "muted";
    note.textContent = w.dataset.refused;
    p.replaceChildren(note);
    return;
  }
  const hand = seen.hand;
  const out = document.getElementById("preview-local").content.firstElementChild.cloneNode(true);
  out.classList.add("outcome-" + hand.outcome);
  out.querySelector("[data-outcome]").textContent = w.dataset["outcome" + hand.outcome[0].toUpperCase() + hand.outcome.slice(1)] || "";
  SIDES.forEach((side) => {
    const cell = out.querySelector("[data-score-" + side.toLowerCase() + "]");
    if (cell) cell.textContent = "+" + hand.score[side];
  });
  const collected = out.querySelector("[data-collected]");
  if (hand.collected) {
    collected.textContent = say(w.dataset.collected, { team: teamName(hand.winner), points: hand.collected });
    collected.hidden = false;
  }
  const ends = out.querySelector("[data-ends]");
  if (hand.ends_match) {
    // A match of K donnes ends level: drawn, no winner (docs/match-document.md, rule donnes).
    const winner = seen.result.winner;
    ends.querySelector("strong").textContent = winner ? say(w.dataset.ends, { team: teamName(winner) }) : w.dataset.endsDraw;
    ends.hidden = false;
  }
  p.replaceChildren(out);
}

// The server's preview when it can be asked and knows every hand before;
// else this phone's (offline: the request is not even made).
document.addEventListener("htmx:beforeRequest", (event) => {
  if (!isPreview(event) || (navigator.onLine !== false && !waiting().length)) return;
  event.preventDefault();
  drawPreview();
});
document.addEventListener("htmx:sendError", (event) => { if (isPreview(event)) drawPreview(); });
document.addEventListener("htmx:afterSwap", (event) => { if (isPreview(event)) markStale(false); });
// A preview asked while another travels is dropped (its hx-sync "abort": a
// preview never aborts the save), so what was typed meanwhile would never be
// previewed on a slow network: once the one sent is back, the form as it is
// now is previewed again if it changed since.
let previewed = null;
const typed = () => { const f = form(); return f ? new URLSearchParams(new FormData(f)).toString() : null; };
document.addEventListener("htmx:beforeSend", (event) => { if (isPreview(event)) previewed = typed(); });
document.addEventListener("htmx:afterRequest", (event) => {
  if (!isPreview(event) || previewed === null) return;
  const sent = previewed;
  previewed = null;
  const f = form();
  if (f && event.detail.elt.isConnected && typed() !== sent) f.dispatchEvent(new Event("input", { bubbles: true }));
});
// Typed over without network: greyed until this phone's preview comes.
document.addEventListener("input", (event) => {
  const f = form();
  if (f && f.contains(event.target) && navigator.onLine === false) markStale(true);
});

// ---- The kept hands on the match page -------------------------------------

const original = new WeakMap(); // an element of the server's scoreboard -> what it showed
let drawn = 0;
let endShown = false;

// The rows of the kept entries (``rows``: their <li data-key>) and the
// scoreboard, with the figures of the server's sheet and ``entries`` (the
// match's kept entries, in order).
export async function showPending(entries, rows) {
  const n = ++drawn;
  const counted = entries.filter((e) => e.state !== E.REFUSED);
  let sheet = null;
  if (counted.length) {
    const P = await loadScorer();
    if (n !== drawn) return;
    const data = scorerData();
    sheet = P && data ? P.pendingSheet(data, entries) : null;
  }
  if (sheet) {
    rows.forEach((row) => {
      const hand = sheet.rows[row.dataset.key];
      if (!hand) return;
      SIDES.forEach((side) => {
        const score = row.querySelector("[data-score-" + side.toLowerCase() + "]");
        const total = row.querySelector("[data-total-" + side.toLowerCase() + "]");
        if (score) score.textContent = String(hand.score[side]);
        if (total) total.textContent = String(hand.totals[side]);
      });
    });
  }
  drawBoard(sheet, scorerData());
}

// The scoreboard with ``sheet``'s figures, marked pending (null: the
// server's own, as it sent them).
function drawBoard(sheet, data) {
  const board = document.getElementById("scoreboard");
  const w = words();
  if (!board || !w) return;
  const shown = board.querySelector(".banner-pending");
  board.querySelectorAll(".pending-mark").forEach((el) => el.remove());
  board.classList.toggle("is-pending", Boolean(sheet));
  board.classList.toggle("is-pending-finished", Boolean(sheet && sheet.finished));
  const target = data && data.document.rules ? Number(data.document.rules.target) || 0 : 0;
  board.querySelectorAll(".total").forEach((total, i) => {
    const code = SIDES[i];
    const points = total.querySelector(".total-points");
    const bar = total.querySelector("progress");
    if (!points) return;
    if (!original.has(total)) {
      original.set(total, { points: points.textContent, bar: bar ? bar.value : 0, winner: total.classList.contains("is-winner") });
    }
    const was = original.get(total);
    const value = sheet ? sheet.totals[code] : null;
    points.textContent = sheet ? String(value) : was.points;
    if (sheet) {
      const mark = document.createElement("small");
      mark.className = "pending-mark";
      mark.textContent = w.dataset.mark;
      points.appendChild(mark);
    }
    if (bar) {
      // Without a target (a match of a number of hands): toward the higher total.
      const scale = sheet ? target || Math.max(...Object.values(sheet.totals)) : 0;
      const percent = sheet ? Math.max(0, Math.min(100, Math.floor((value * 100) / Math.max(scale, 1)))) : was.bar;
      bar.value = percent;
      bar.textContent = percent + " %";
    }
    total.classList.toggle("is-winner", sheet ? sheet.winner === code : was.winner);
  });
  // The server's banners tell its sheet's state: while hands wait here, this phone's.
  board.querySelectorAll(".banner:not(.banner-pending)").forEach((banner) => { banner.hidden = Boolean(sheet); });
  const turn = board.querySelector(".turn");
  if (turn) turn.hidden = Boolean(sheet && sheet.finished);
  if (!sheet) {
    if (shown) shown.remove();
    endShown = false;
    return;
  }
  const note = document.getElementById("pending-board").content.firstElementChild.cloneNode(true);
  let head = "";
  if (sheet.finished && !sheet.winner) {
    head = w.dataset.draw; // a match of K donnes drawn
    note.classList.add("banner-win", "banner-draw");
  } else if (sheet.finished) {
    head = say(w.dataset.victory, { team: teamName(sheet.winner) });
    note.classList.add("banner-win", "team-" + sheet.winner.toLowerCase());
  } else if (sheet.decisive_hand) head = w.dataset.decisive;
  else if (sheet.no_trick_block) head = w.dataset.noTrick;
  const strong = note.querySelector("[data-head]");
  strong.textContent = head;
  strong.hidden = !head;
  note.querySelector("[data-why]").textContent = w.dataset.why;
  // The same words stay the same node: a status is not told again for nothing.
  if (!shown || shown.outerHTML !== note.outerHTML) {
    if (shown) shown.remove();
    const totals = board.querySelector(".totals");
    if (totals) totals.after(note);
    else board.appendChild(note);
  }
  // The match just ended on this phone: its end on screen, as a sheet's victory.
  if (sheet.finished && !endShown) {
    const reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    board.scrollIntoView({ block: "start", behavior: reduce ? "auto" : "smooth" });
  }
  endShown = sheet.finished;
}

function start() {
  const p = preview();
  placeholder = p ? p.innerHTML : null;
}
start();
