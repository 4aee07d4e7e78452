// The hand form (match page and calculator): the other team's trick points
// (the total of both, from the page's data-trick-points-total, minus n) at once,
// the points team following the taker, no points with a capot or a renonce, and
// the announcement quick-add buttons; at coinche, the "solo" question shown
// only for a générale whose taker made the capot (off, and not sent, otherwise). Scores are never computed here: the
// preview comes from the server (the engine). Teams of seats come from the
// page's data-team attributes.
// Everything is delegated from `document`, so a form swapped in by htmx works too.
// What the other scripts need to know of the form (typed in, the points'
// team chosen) is kept by form.js.
import { choosePointsTeam, markDirty, pointsTeamChosen, restoreDraft, saveDraft } from "./form.js";

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

  function updateSolo(f) {
    var solo = f.querySelector("[data-solo]");
    if (!solo) return;
    var capot = checked(f, "capot");
    var show = checked(f, "bid") === "generale" && capot !== "" && capot === takerTeam(f);
    solo.hidden = !show;
    solo.querySelectorAll("input").forEach(function (r) { r.disabled = !show; });
  }

  function update(f) {
    updateSolo(f);
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
      if (pointsTeam && !pointsTeamChosen(f)) pointsTeam.checked = true;
      var annTeam = f.querySelector('input[name="ann_team"][value="' + takerTeam(f) + '"]');
      if (annTeam && !f.querySelector('input[name="ann_team"]:checked')) annTeam.checked = true;
    }
    if (event.target.name === "points_team") choosePointsTeam(f);
    update(f);
  });

  document.addEventListener("input", function (event) {
    var f = form();
    if (f && event.target.name === "points" && f.contains(event.target)) update(f);
  });

  // Once something is typed, the form is this phone's entry: the poll must not
  // quietly move it to another hand number (sync/sheet.js).
  ["input", "change"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      var f = form();
      if (f && f.contains(event.target) && event.target.type !== "hidden") {
        markDirty(f);
        saveDraft(f);
      }
    });
  });

  // A common value one tap away (the litige's 81): typed into the points field.
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-set-points]");
    var f = form();
    if (!button || !f || !f.contains(button)) return;
    var field = f.querySelector('input[name="points"]');
    if (!field || field.disabled) return;
    field.value = button.dataset.setPoints;
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });

  // "Annuler" of the redeal's confirmation folds it back (without the script,
  // its summary does).
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-close-details]");
    var details = button && button.closest("details");
    if (details) details.open = false;
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
  // A hand typed in before a reload comes back, previewed again.
  document.addEventListener("DOMContentLoaded", function () {
    var f = form();
    if (f && restoreDraft(f)) {
      update(f);
      f.dispatchEvent(new Event("input", { bubbles: true }));
    }
    init();
  });
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
  // Saved from the keyboard (Enter in a field, or Enter / Space on a button
  // of the form): the focus comes back to the taker, for the next hand, not
  // to <body> (issue 20). Only then: a tap's save scrolls the sheet and the
  // undo bar into view (poll.js), which a focus stopped halfway. As the form
  // is swapped in, and only on the form's own swap (not on each of the
  // answer's out-of-band parts).
  var keyed = false;
  document.addEventListener("keydown", function (event) {
    var f = form();
    if (f && f.contains(event.target) && (event.key === "Enter" || event.key === " ")) keyed = true;
  });
  document.addEventListener("pointerdown", function () { keyed = false; });
  document.addEventListener("htmx:afterSwap", function (event) {
    if (!keyed) return;
    var status = event.detail && event.detail.xhr && event.detail.xhr.status;
    var path = event.detail && event.detail.pathInfo && event.detail.pathInfo.requestPath;
    var swapped = event.detail && event.detail.elt;
    var f = form();
    if (status !== 200 || !f || !swapped || swapped.id !== "hand-form") return;
    if (!path || path !== f.getAttribute("data-hx-post")) return;
    var taker = f.querySelector('input[name="taker"]:checked') || f.querySelector('input[name="taker"]');
    keyed = false;
    if (taker) taker.focus({ preventScroll: true });
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

// Too many writes from this connection (429), or the page too old for the
// CSRF check (403): htmx swaps no error, so the typed entry stays in the form
// as it is; say so at the top of the form, with the server's own words (its
// page's [data-message]).
(function () {
  "use strict";
  document.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail && event.detail.xhr;
    var f = document.getElementById("hand-form");
    if (!xhr || (xhr.status !== 429 && xhr.status !== 403) || !f || !f.contains(event.detail.elt)) return;
    var page = new DOMParser().parseFromString(xhr.responseText, "text/html");
    var message = page.querySelector("[data-message]");
    var note = f.querySelector("[data-refused-note]");
    if (!note) {
      note = document.createElement("ul");
      note.className = "errorlist";
      note.setAttribute("role", "alert");
      note.dataset.refusedNote = "1";
      note.appendChild(document.createElement("li"));
      f.insertBefore(note, f.firstChild);
    }
    note.firstChild.textContent = message ? message.textContent.trim() : xhr.statusText;
    note.scrollIntoView({ block: "center", behavior: "smooth" });
  });
})();

// The announcement helper: "Comparer les annonces" posts the form with
// action=compare_announcements, as it does without JavaScript, but swaps only
// the helper (the server answers it alone to HX-Request) and copies the
// engine's verdict (data-ann-team, data-ann-points of the result) into the
// announcement fields, which stay editable. Nothing is saved either way.
(function () {
  "use strict";
  function fill(f, result) {
    var team = result.dataset.annTeam;
    var radio = team ? f.querySelector('input[name="ann_team"][value="' + team + '"]') : null;
    if (radio) {
      radio.checked = true;
      radio.dispatchEvent(new Event("change", { bubbles: true }));
    }
    var points = f.querySelector('input[name="ann_points"]');
    if (points) {
      points.value = result.dataset.annPoints || "";
      points.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }
  function plainSubmit(f, button) {
    // The round trip without the script: a real post of the form.
    var input = document.createElement("input");
    input.type = "hidden";
    input.name = button.name;
    input.value = button.value;
    f.appendChild(input);
    HTMLFormElement.prototype.submit.call(f);
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-compare-announcements]");
    var f = button && button.form;
    var helper = button && button.closest("[data-ann-helper]");
    if (!f || !helper || !window.fetch || !window.FormData) return;
    event.preventDefault();
    var body = new FormData(f);
    body.set(button.name, button.value);
    button.disabled = true;
    // Not f.action: the form's buttons named "action" shadow that property.
    fetch(f.getAttribute("action"), { method: "POST", body: body, credentials: "same-origin", headers: { "HX-Request": "true" } })
      .then(function (response) {
        if (response.status !== 200 && response.status !== 422) throw new Error(String(response.status));
        return response.text();
      })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("[data-ann-helper]");
        if (!fresh) throw new Error("no helper");
        helper.replaceWith(fresh);
        var result = fresh.querySelector("[data-ann-result]");
        if (result) fill(f, result);
        var first = result || fresh.querySelector(".errorlist");
        if (first) {
          if (first === result) result.focus({ preventScroll: true });
          first.scrollIntoView({ block: "center", behavior: "smooth" });
        }
      })
      .catch(function (error) {
        button.disabled = false;
        var offline = helper.querySelector("[data-ann-offline]");
        if (offline && (navigator.onLine === false || error instanceof TypeError)) {
          // No network (issue 12): a post would meet the offline page and
          // lose what was typed; the page says so and keeps it.
          offline.hidden = false;
          return;
        }
        plainSubmit(f, button);
      });
  });
})();

// One-screen entry: the phone's keyboard opens (the viewport shrinks) while a
// field of the hand form has the focus: keep that field in sight above the
// sticky bar (html's scroll-padding-bottom). Where the keyboard only covers
// the page (iOS Safari: the visual viewport shrinks, the layout one does not),
// lift the bar by the covered height, so that the preview and "Valider" stay
// above the keyboard.
(function () {
  "use strict";
  // A field being typed in (what a keyboard opens for), not a radio nor a
  // checkbox: the taker given the focus after a save must not pull the page
  // back down to the form when the entry bar then changes size.
  function focusedField() {
    var f = document.getElementById("hand-form");
    var el = document.activeElement;
    if (!f || !el || !f.contains(el)) return null;
    if (el.tagName === "SELECT") return el;
    return el.tagName === "INPUT" && el.type !== "radio" && el.type !== "checkbox" ? el : null;
  }
  function keepInView() {
    var el = focusedField();
    if (!el) return;
    // The points' whole block if it fits (the 81 chip, the other team's
    // points), the field itself in any case.
    var block = el.closest(".points-block");
    if (block) block.scrollIntoView({ block: "nearest" });
    el.scrollIntoView({ block: "nearest" });
  }
  var viewport = window.visualViewport;
  function lift() {
    var bar = document.querySelector("[data-entry-bar]");
    if (!bar) return;
    // A field brought into view stops above the bar, whatever its height.
    document.documentElement.style.scrollPaddingBottom = bar.offsetHeight + 12 + "px";
    if (!viewport) return;
    // (a pinch-zoom shrinks the visual viewport too: no lift then)
    var covered = viewport.scale > 1.01 ? 0 : Math.max(0, window.innerHeight - viewport.height - viewport.offsetTop);
    bar.style.bottom = covered > 1 ? covered + "px" : "";
  }
  function resized() { lift(); keepInView(); }
  // The bar grows with the preview (a note, a problem): the typed field must
  // not end up under it.
  var observer = window.ResizeObserver ? new ResizeObserver(function () {
    lift();
    var el = focusedField();
    if (el) el.scrollIntoView({ block: "nearest" });
  }) : null;
  var observed = null;
  function watch() {
    var bar = document.querySelector("[data-entry-bar]");
    if (observer && bar !== observed) {
      if (observed) observer.unobserve(observed);
      if (bar) observer.observe(bar);
      observed = bar;
    }
    lift();
  }
  document.addEventListener("DOMContentLoaded", watch);
  document.addEventListener("htmx:afterSettle", watch);
  window.addEventListener("resize", resized);
  if (!viewport) return;
  viewport.addEventListener("resize", resized);
  viewport.addEventListener("scroll", lift);
})();
