// Tables of friends: a seat takes a roster player OR a new name (choosing one
// clears the other), the team name placeholders follow the players chosen, and
// the history's filters apply as soon as they change. Without this script the
// forms work the same, with their buttons.
(function () {
  "use strict";

  function seatName(seat) {
    var typed = seat.querySelector('input[type="text"]');
    var select = seat.querySelector("select");
    if (typed && typed.value.trim()) return typed.value.trim();
    if (select && select.value) return select.options[select.selectedIndex].text;
    return "";
  }

  function placeholders(form) {
    var seats = {};
    form.querySelectorAll("[data-seat]").forEach(function (seat) {
      var match = seat.className.match(/seat-(\d)/);
      if (match) seats[match[1]] = seatName(seat);
    });
    [["team_a_name", "1", "3"], ["team_b_name", "2", "4"]].forEach(function (team) {
      var input = form.querySelector('[name="' + team[0] + '"]');
      if (input && seats[team[1]] && seats[team[2]]) {
        input.placeholder = seats[team[1]] + " & " + seats[team[2]];
      }
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-seat]").forEach(function (seat) {
      var typed = seat.querySelector('input[type="text"]');
      var select = seat.querySelector("select");
      if (!typed || !select) return;
      select.addEventListener("change", function () {
        if (select.value) typed.value = "";
      });
      typed.addEventListener("input", function () {
        if (typed.value.trim()) select.value = "";
      });
    });
    var form = document.querySelector("form.new-match");
    if (form && form.querySelector("[data-seat]")) {
      form.addEventListener("input", function () { placeholders(form); });
      form.addEventListener("change", function () { placeholders(form); });
      placeholders(form);
    }

    document.querySelectorAll("form[data-autosubmit]").forEach(function (filter) {
      filter.addEventListener("change", function () { filter.requestSubmit ? filter.requestSubmit() : filter.submit(); });
      // Only now, with the script really running, may CSS hide the button.
      filter.classList.add("autosubmit-ready");
    });
  });
})();
