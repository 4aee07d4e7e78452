// New match: the game chosen shows its presets and rules only (each game has
// its own target, so switching the game switches the target too); a preset
// fills in its game's rule fields (all stay editable), and the usual targets
// are one tap away; a game of three or two players asks for their names only.
// Without this script every game's rules show, the fields as shown are sent,
// and the game chosen decides which rules and which seats the match gets.
(function () {
  "use strict";

  function setField(form, name, value) {
    var inputs = form.querySelectorAll('[name="' + name + '"]');
    inputs.forEach(function (input) {
      if (input.type === "checkbox") input.checked = Boolean(value);
      else if (input.type === "radio") input.checked = input.value === (value === null ? "" : String(value));
      else input.value = value;
    });
  }

  // Only the chosen game's presets and rules show (belote when none is checked).
  function showGame(form, players) {
    var checked = form.querySelector("[data-game]:checked");
    var game = checked ? checked.value : "belote";
    form.querySelectorAll("[data-game-rules]").forEach(function (fieldset) {
      fieldset.hidden = fieldset.dataset.gameRules !== game;
    });
    showSeats(form, players[game] || 4);
  }

  // A game scored per player (belote for three or two) asks for 3 or 2
  // players, each his own side: the other seats and the team names go (off,
  // so not sent), and the first dealer is one of them.
  function showSeats(form, count) {
    var seats = form.querySelector("[data-players]");
    if (seats) seats.dataset.players = String(count);
    form.querySelectorAll("[data-seat-number]").forEach(function (seat) {
      var off = Number(seat.dataset.seatNumber) > count;
      seat.hidden = off;
      seat.querySelectorAll("input, select").forEach(function (field) { field.disabled = off; });
    });
    if (!form.querySelector('[name="first_dealer"]:checked')) {
      var first = form.querySelector('[name="first_dealer"][value="1"]');
      if (first) first.checked = true;
    }
    form.querySelectorAll("[data-for-teams]").forEach(function (el) {
      el.hidden = count !== 4;
      el.querySelectorAll("input").forEach(function (field) { field.disabled = count !== 4; });
    });
    form.querySelectorAll("[data-for-players]").forEach(function (el) { el.hidden = count === 4; });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var data = document.getElementById("presets");
    var form = document.querySelector("form.new-match");
    if (!data || !form) return;
    var presets = JSON.parse(data.textContent);
    var counts = document.getElementById("game-players");
    var players = counts ? JSON.parse(counts.textContent) : {};
    var scripted = form.querySelector("[data-scripted]");
    if (scripted) scripted.value = "1";  // the rule fields follow the preset here

    form.addEventListener("change", function (event) {
      if (event.target.hasAttribute("data-game")) showGame(form, players);
      if (!event.target.hasAttribute("data-preset")) return;
      var values = presets[event.target.value] || {};
      Object.keys(values).forEach(function (name) { setField(form, name, values[name]); });
    });
    showGame(form, players);

    // A usual target fills the target field beside it (each game has its own).
    form.addEventListener("click", function (event) {
      var button = event.target.closest("[data-target-value]");
      if (!button) return;
      var input = button.closest(".field").querySelector('input[type="number"]');
      if (input) input.value = button.dataset.targetValue;
    });

    // Team name placeholders show the default: the partners' names. Each seat
    // says its team (data-team); partners come in seat order.
    function placeholders() {
      ["A", "B"].forEach(function (team) {
        var input = form.querySelector('[name="team_' + team.toLowerCase() + '_name"]');
        var names = [];
        form.querySelectorAll('[data-team="' + team + '"] input[name^="player_"]').forEach(function (field) {
          names.push(field.value.trim());
        });
        if (input && names.length === 2 && names[0] && names[1]) input.placeholder = names.join(" & ");
      });
    }
    form.addEventListener("input", placeholders);
    placeholders();
  });
})();
