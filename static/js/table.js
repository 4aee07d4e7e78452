// Tables of friends: a seat takes a roster player OR a new name (choosing one
// clears the other), the team name placeholders follow the players chosen,
// "Changer les partenaires" rotates the seats in place (keeping what was
// typed elsewhere on the page), and the history's filters apply as soon as
// they change. Without this script the
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

  // Each seat says its team (data-team); partners come in seat order.
  function placeholders(form) {
    ["A", "B"].forEach(function (team) {
      var input = form.querySelector('[name="team_' + team.toLowerCase() + '_name"]');
      var names = [];
      form.querySelectorAll('[data-seat][data-team="' + team + '"]').forEach(function (seat) {
        names.push(seatName(seat));
      });
      if (input && names.length === 2 && names[0] && names[1]) {
        input.placeholder = names.join(" & ");
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

    // The same rotation as the server's (tables.services.rotate_partners): seat 1 stays,
    // seats 2, 3 and 4 each move on one seat (4 goes to 2).
    var rotate = document.querySelector("[data-rotate-partners]");
    if (form && rotate) {
      rotate.addEventListener("click", function (event) {
        var seats = Array.prototype.slice.call(form.querySelectorAll("[data-seat]"));
        if (seats.length !== 4) return;
        event.preventDefault();
        var values = seats.map(function (seat) {
          return [seat.querySelector("select").value, seat.querySelector('input[type="text"]').value];
        });
        [0, 3, 1, 2].forEach(function (from, to) {
          seats[to].querySelector("select").value = values[from][0];
          seats[to].querySelector('input[type="text"]').value = values[from][1];
        });
        placeholders(form);
      });
    }

    document.querySelectorAll("form[data-autosubmit]").forEach(function (filter) {
      filter.addEventListener("change", function () { filter.requestSubmit ? filter.requestSubmit() : filter.submit(); });
      // Only now, with the script really running, may CSS hide the button.
      filter.classList.add("autosubmit-ready");
    });
  });
})();
