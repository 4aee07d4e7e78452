// Live scoresheet: ask the server every 2 s, while the tab is visible, whether
// the match changed (every 30 s when hidden; at once when it shows again). A
// finished match is polled the same way while visible (a correction from another
// phone can reopen it, and must reach every phone as fast as before the end),
// not at all while hidden. An unchanged match answers 204 with no body; a
// changed one answers with the sheet (#scoreboard and #hands), swapped in by id.
// The hand form is outside the swapped parts: a poll never touches what is typed.
// When the sheet turns to a victory (a poll, or this phone's own winning hand),
// the scoreboard is scrolled into view.
// A bad network (issue 12): a poll gives up after TIMEOUT_MS; while polls fail,
// the next waits twice as long each time (up to BACKOFF_MAX_MS), and the
// banner of offline.js says how old the sheet is ("Dernière mise à jour il y a
// 40 s"). A save never waits behind a poll: sending one aborts the poll in
// flight. The network coming back polls at once.
(function () {
  "use strict";
  var VISIBLE_MS = 2000;
  var HIDDEN_MS = 30000;
  var TIMEOUT_MS = 8000;
  var BACKOFF_MAX_MS = 30000;
  var timer = null;
  var inFlight = false;
  var controller = null; // the poll in flight's, to abort it
  var failures = 0; // polls failed in a row
  var wasFinished = null; // the sheet's state last seen (null: not yet)

  function board() { return document.getElementById("scoreboard"); }
  function finished() { var b = board(); return !b || b.dataset.finished === "true"; }

  function schedule() {
    clearTimeout(timer);
    var visible = document.visibilityState === "visible";
    if (!board() || (finished() && !visible)) return;
    var delay = visible ? VISIBLE_MS : HIDDEN_MS;
    if (failures) delay = Math.min(Math.max(delay, VISIBLE_MS * Math.pow(2, failures)), BACKOFF_MAX_MS);
    timer = setTimeout(poll, delay);
  }

  function freshness() { return (window.Rebelote && window.Rebelote.freshness) || null; }

  function swap(html) {
    var template = document.createElement("template");
    template.innerHTML = html;
    // A slow answer must not undo a newer sheet (saved from this phone meanwhile).
    var fresh = template.content.getElementById("scoreboard");
    var current = board();
    if (fresh && current && Number(fresh.dataset.version) < Number(current.dataset.version)) return;
    // Keep the hands the reader opened open.
    var open = Array.prototype.map.call(
      document.querySelectorAll("#hands details[open]"),
      function (d) { return d.closest("[id]").id; }
    );
    Array.prototype.slice.call(template.content.children).forEach(function (fresh) {
      var old = fresh.id && document.getElementById(fresh.id);
      if (!old) return;
      old.replaceWith(fresh);
      if (window.htmx) window.htmx.process(fresh);
    });
    open.forEach(function (id) {
      var details = document.querySelector("#" + CSS.escape(id) + " details");
      if (details) details.open = true;
    });
    followNumber();
    showVictory();
    document.dispatchEvent(new CustomEvent("rebelote:sheet"));
  }

  // The match just ended on this page's sheet: bring the banner on screen,
  // wherever the phone was scrolled (the one that typed the winning hand is
  // down at its form).
  function showVictory() {
    var b = board();
    if (!b) return;
    var now = finished();
    if (wasFinished === false && now) {
      var reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      b.scrollIntoView({ block: "start", behavior: reduce ? "auto" : "smooth" });
    }
    wasFinished = now;
  }

  // The entry form says which hand it will create and the sheet (version) it
  // saw. Untouched, it follows the sheet; once the player typed something, it
  // keeps both (the server then tells what changed meanwhile) and a note says
  // a hand just arrived when the next number moved.
  function followNumber() {
    var b = board();
    var form = document.getElementById("hand-form");
    var number = form && form.querySelector('input[name="number"]');
    var seen = form && form.querySelector('input[name="match_version"]');
    if (!b || !number || !b.dataset.nextNumber) return;
    var moved = number.value !== b.dataset.nextNumber;
    var changed = seen && seen.value !== b.dataset.version;
    if (!moved && !changed) return;
    if (!form.dataset.dirty) {
      number.value = b.dataset.nextNumber;
      if (seen) seen.value = b.dataset.version;
    } else if (moved) {
      var note = form.querySelector("[data-stale-note]");
      if (note) note.hidden = false;
    }
  }

  function poll() {
    var b = board();
    if (!b || inFlight) return schedule();
    inFlight = true;
    var url = b.dataset.pollUrl + "?v=" + encodeURIComponent(b.dataset.version);
    var mine = controller = window.AbortController ? new AbortController() : null;
    var timeout = setTimeout(function () { if (mine) mine.abort(); }, TIMEOUT_MS);
    fetch(url, {
      headers: { "HX-Request": "true" },
      credentials: "same-origin",
      cache: "no-store",
      signal: mine ? mine.signal : undefined
    })
      .then(function (response) {
        // 204: unchanged; 200: the new sheet; anything else (a busy server): behind.
        if (response.status !== 200 && response.status !== 204) throw new Error(response.status);
        return response.status === 200 ? response.text() : null;
      })
      .then(function (html) {
        if (html) swap(html);
        failures = 0;
        if (freshness()) freshness().fresh();
      })
      .catch(function () {
        // Offline for a moment, too slow, or set aside for a save: try again later.
        if (mine && mine.yielded) return;
        failures += 1;
        if (freshness()) freshness().failed();
        // The network may be gone: queue.js gives the worker this sheet now.
        document.dispatchEvent(new CustomEvent("rebelote:poll-failed"));
      })
      .then(function () {
        clearTimeout(timeout);
        if (controller === mine) controller = null;
        inFlight = false;
        schedule();
      });
  }

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") poll();
    else schedule();
  });
  window.addEventListener("online", function () {
    failures = 0;
    poll();
  });
  // A save (htmx sends anything but GET) goes first: the poll in flight is
  // dropped, not counted as a failure, and the next one is scheduled as usual.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var verb = event.detail && event.detail.requestConfig && event.detail.requestConfig.verb;
    if (!verb || verb === "get" || !controller) return;
    controller.yielded = true;
    controller.abort();
  });
  // A save answered: the sheet it brings back is current.
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail && event.detail.xhr;
    var verb = event.detail && event.detail.requestConfig && event.detail.requestConfig.verb;
    if (verb && verb !== "get" && xhr && xhr.status >= 200 && xhr.status < 300 && board() && freshness()) freshness().fresh();
  });
  // This phone's own saves come back through htmx (the sheet swapped out of band).
  document.addEventListener("htmx:afterSettle", showVictory);
  // Once this phone's hand (a redeal, an undo) is saved, the new totals come
  // on screen, the next entry's first taps under them (review: the phone
  // stayed scrolled down its form, the totals out of sight).
  var saving = false;
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail && event.detail.elt;
    saving = Boolean(elt && (elt.id === "hand-form" || (elt.closest && elt.closest(".undo-form"))));
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    var xhr = event.detail && event.detail.xhr;
    if (!saving || !xhr) return;
    saving = false;
    var b = board();
    if (!b || xhr.status < 200 || xhr.status >= 300) return;
    var reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    b.scrollIntoView({ block: "start", behavior: reduce ? "auto" : "smooth" });
  });
  document.addEventListener("DOMContentLoaded", function () {
    wasFinished = finished();
    schedule();
  });
})();
