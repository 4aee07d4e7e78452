// The hand form (match page and calculator): the other team's trick points
// (the total of both, from the page's data-trick-points-total, minus n) at once,
// the points team following the taker, no points with a capot or a renonce, and
// the announcement quick-add buttons. Scores are never computed here: the
// preview comes from the server (the engine). Teams of seats come from the
// page's data-team attributes.
// Everything is delegated from `document`, so a form swapped in by htmx works too.
(function () {
  "use strict";

  function form() { return document.getElementById("hand-form"); }
  function checked(f, name) {
    var input = f.querySelector('input[name="' + name + '"]:checked');
    return input ? input.value : "";
  }
  function takerTeam(f) {
    var input = f.querySelector('input[name="taker"]:checked');
    return input ? input.closest("[data-team]").dataset.team : "";
  }
  function teamName(f, team) { return team === "A" ? f.dataset.teamA : f.dataset.teamB; }

  function update(f) {
    var points = f.querySelector('input[name="points"]');
    var out = f.querySelector("[data-other-points]");
    if (!points || !out) return;
    // A capot or a renonce has no trick points: the field is off (and not sent).
    var noPoints = checked(f, "capot") !== "" || checked(f, "renonce") !== "";
    points.disabled = noPoints;
    f.querySelectorAll('input[name="points_team"]').forEach(function (r) { r.disabled = noPoints; });
    var n = parseInt(points.value, 10);
    var total = parseInt(out.dataset.trickPointsTotal, 10);
    var team = checked(f, "points_team") || takerTeam(f);
    if (noPoints || isNaN(n) || isNaN(total) || n < 0 || n > total || !team) {
      out.hidden = true;
      return;
    }
    var other = team === "A" ? "B" : "A";
    out.textContent = teamName(f, team) + " " + n + " · " + teamName(f, other) + " " + (total - n);
    out.hidden = false;
  }

  document.addEventListener("change", function (event) {
    var f = form();
    if (!f || !f.contains(event.target)) return;
    if (event.target.name === "taker") {
      // The points are typed for the taker's team unless someone chose otherwise.
      var pointsTeam = f.querySelector('input[name="points_team"][value="' + takerTeam(f) + '"]');
      if (pointsTeam && !f.dataset.pointsTeamChosen) pointsTeam.checked = true;
      var annTeam = f.querySelector('input[name="ann_team"][value="' + takerTeam(f) + '"]');
      if (annTeam && !f.querySelector('input[name="ann_team"]:checked')) annTeam.checked = true;
    }
    if (event.target.name === "points_team") f.dataset.pointsTeamChosen = "1";
    update(f);
  });

  document.addEventListener("input", function (event) {
    var f = form();
    if (f && event.target.name === "points" && f.contains(event.target)) update(f);
  });

  // Once something is typed, the form is this phone's entry: the poll must not
  // quietly move it to another hand number (see poll.js).
  ["input", "change"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      var f = form();
      if (f && f.contains(event.target) && event.target.type !== "hidden") f.dataset.dirty = "1";
    });
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-add-announcement]");
    var f = form();
    if (!button || !f || !f.contains(button)) return;
    var field = f.querySelector('input[name="ann_points"]');
    var add = parseInt(button.dataset.addAnnouncement, 10);
    var now = parseInt(field.value, 10) || 0;
    field.value = add === 0 ? "" : String(now + add);
    // Let the preview know, as if it had been typed.
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });

  function init() { var f = form(); if (f) update(f); }
  document.addEventListener("DOMContentLoaded", init);
  document.addEventListener("htmx:afterSettle", function (event) {
    init();
    // A refused entry (422) or another phone was faster (409): the message is
    // at the top of the form, the finger at the bottom. Bring it into view.
    var status = event.detail && event.detail.xhr && event.detail.xhr.status;
    var f = form();
    var error = f && f.querySelector(".errorlist");
    if ((status === 409 || status === 422 || status === 503) && error) {
      error.scrollIntoView({ block: "center", behavior: "smooth" });
    }
  });
})();

// The belote holder: tapping a player also ticks the belote's team; choosing
// "Personne" for the belote forgets the holder. A player's team is the data-team
// of the chip around the radio.
(function () {
  "use strict";
  function seatTeam(input) {
    var chip = input && input.value ? input.closest("[data-team]") : null;
    return chip ? chip.dataset.team : "";
  }
  document.addEventListener("change", function (event) {
    var f = document.getElementById("hand-form");
    if (!f || !f.contains(event.target)) return;
    if (event.target.name === "belote_seat" && event.target.value) {
      var belote = f.querySelector('input[name="belote"][value="' + seatTeam(event.target) + '"]');
      if (belote) belote.checked = true;
    }
    if (event.target.name === "belote") {
      var holderTeam = seatTeam(f.querySelector('input[name="belote_seat"]:checked'));
      var none = f.querySelector('input[name="belote_seat"][value=""]');
      if (holderTeam && holderTeam !== event.target.value && none) none.checked = true;
    }
  });
})();

// Too many writes from this connection (429): htmx swaps no error, so the
// typed entry stays in the form as it is; say so at the top of the form,
// with the server's own words (its page's [data-message]).
(function () {
  "use strict";
  document.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail && event.detail.xhr;
    var f = document.getElementById("hand-form");
    if (!xhr || xhr.status !== 429 || !f || !f.contains(event.detail.elt)) return;
    var page = new DOMParser().parseFromString(xhr.responseText, "text/html");
    var message = page.querySelector("[data-message]");
    var note = f.querySelector("[data-rate-limited]");
    if (!note) {
      note = document.createElement("ul");
      note.className = "errorlist";
      note.setAttribute("role", "alert");
      note.dataset.rateLimited = "1";
      note.appendChild(document.createElement("li"));
      f.insertBefore(note, f.firstChild);
    }
    note.firstChild.textContent = message ? message.textContent.trim() : xhr.statusText;
    note.scrollIntoView({ block: "center", behavior: "smooth" });
  });
})();
