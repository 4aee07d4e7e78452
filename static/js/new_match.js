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

    form.addEventListener("change", function (event) {
      if (event.target.name !== "preset") return;
      var values = presets[event.target.value] || {};
      Object.keys(values).forEach(function (name) { setField(form, name, values[name]); });
    });

    form.addEventListener("click", function (event) {
      var button = event.target.closest("[data-target-value]");
      if (button) setField(form, "target", button.dataset.targetValue);
    });

    // Team name placeholders follow the partners' names.
    function placeholders() {
      var name = function (seat) {
        var input = form.querySelector('[name="player_' + seat + '"]');
        return input && input.value.trim() ? input.value.trim() : "?";
      };
      var a = form.querySelector('[name="team_a_name"]');
      var b = form.querySelector('[name="team_b_name"]');
      if (a) a.placeholder = name(1) + " & " + name(3);
      if (b) b.placeholder = name(2) + " & " + name(4);
    }
    form.addEventListener("input", placeholders);
    placeholders();
  });
})();
