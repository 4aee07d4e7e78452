// New match: a preset fills in the rule fields (all stay editable), and the
// usual targets are one tap away. Without this script the fields as shown are sent.
(function () {
  "use strict";

  function setField(form, name, value) {
    var inputs = form.querySelectorAll('[name="' + name + '"]');
    inputs.forEach(function (input) {
      if (input.type === "checkbox") input.checked = Boolean(value);
      else if (input.type === "radio") input.checked = input.value === String(value);
      else input.value = value;
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var data = document.getElementById("presets");
    var form = document.querySelector("form.new-match");
    if (!data || !form) return;
    var presets = JSON.parse(data.textContent);
    var scripted = form.querySelector("[data-scripted]");
    if (scripted) scripted.value = "1";  // the rule fields follow the preset here

    form.addEventListener("change", function (event) {
      if (event.target.name !== "preset") return;
      var values = presets[event.target.value] || {};
      Object.keys(values).forEach(function (name) { setField(form, name, values[name]); });
    });

    form.addEventListener("click", function (event) {
      var button = event.target.closest("[data-target-value]");
      if (button) setField(form, "target", button.dataset.targetValue);
    });

    // Team name placeholders show the default: the partners' names.
    function placeholders() {
      var name = function (seat) {
        var input = form.querySelector('[name="player_' + seat + '"]');
        return input ? input.value.trim() : "";
      };
      [["team_a_name", 1, 3], ["team_b_name", 2, 4]].forEach(function (team) {
        var input = form.querySelector('[name="' + team[0] + '"]');
        var first = name(team[1]);
        var second = name(team[2]);
        if (input && first && second) input.placeholder = first + " & " + second;
      });
    }
    form.addEventListener("input", placeholders);
    placeholders();
  });
})();
