// Live scoresheet: ask the server every 2 s, while the tab is visible, whether
// the match changed (every 30 s when hidden; at once when it shows again). Once
// the match is over, only every 20 s and only while visible: a correction from
// another phone can still reopen it. An unchanged match answers 204 with no body; a
// changed one answers with the sheet (#scoreboard and #hands), swapped in by id.
// The hand form is outside the swapped parts: a poll never touches what is typed.
(function () {
  "use strict";
  var VISIBLE_MS = 2000;
  var HIDDEN_MS = 30000;
  var FINISHED_MS = 20000;
  var timer = null;
  var inFlight = false;

  function board() { return document.getElementById("scoreboard"); }
  function finished() { var b = board(); return !b || b.dataset.finished === "true"; }

  function schedule() {
    clearTimeout(timer);
    var visible = document.visibilityState === "visible";
    if (!board() || (finished() && !visible)) return;
    timer = setTimeout(poll, finished() ? FINISHED_MS : visible ? VISIBLE_MS : HIDDEN_MS);
  }

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
    fetch(url, { headers: { "HX-Request": "true" }, credentials: "same-origin", cache: "no-store" })
      .then(function (response) { return response.status === 200 ? response.text() : null; })
      .then(function (html) { if (html) swap(html); })
      .catch(function () { /* offline for a moment: try again later */ })
      .then(function () { inFlight = false; schedule(); });
  }

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") poll();
    else schedule();
  });
  document.addEventListener("DOMContentLoaded", schedule);
})();
