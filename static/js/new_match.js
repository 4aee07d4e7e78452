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
