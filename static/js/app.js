// Rebelote: small helpers for every page (no build step, no dependency).
// Copy a field's text to the clipboard; share a link through the Web Share API;
// let a confirmation ("Donne 3 corrigée", "Ce téléphone est celui de Léa") go
// after a few seconds instead of staying pinned above the scores.
(function () {
  "use strict";

  function flash(button, text) {
    var before = button.textContent;
    button.textContent = text;
    setTimeout(function () { button.textContent = before; }, 1800);
  }

  document.addEventListener("click", function (event) {
    var copy = event.target.closest("[data-copy]");
    if (copy) {
      var field = document.getElementById(copy.dataset.copy);
      if (!field) return;
      var done = function () { flash(copy, copy.dataset.copied || "OK"); };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(field.value).then(done, function () {
          field.select();
        });
      } else {
        field.select();
        try { if (document.execCommand("copy")) done(); } catch (e) { /* the text stays selected */ }
      }
      return;
    }
    var share = event.target.closest("[data-share]");
    if (share && navigator.share) {
      navigator.share({ title: share.dataset.shareTitle, url: share.dataset.share })
        .catch(function () { /* the user closed the share sheet */ });
    }
  });

  var CONFIRMATION_MS = 5000;
  var STILL_MS = 200; // no scroll for this long: the page is at rest

  // A confirmation leaves 5 s after its page loads, but not while the page
  // scrolls: the lines under it would move up beneath a scroll whose end is
  // already set (a smooth scroll to the conflict panel came to rest 71 px
  // short, the panel out of view: stop 43). At rest, the browser's scroll
  // anchoring keeps what is on screen in place.
  var scrolled = 0;
  window.addEventListener("scroll", function () { scrolled = Date.now(); }, { passive: true });
  function leave() {
    if (Date.now() - scrolled < STILL_MS) {
      setTimeout(leave, STILL_MS);
      return;
    }
    document.querySelectorAll(".messages .message-success").forEach(function (item) {
      var list = item.parentNode;
      item.remove();
      if (list && !list.children.length) list.remove();
    });
  }
  document.addEventListener("DOMContentLoaded", function () {
    setTimeout(leave, CONFIRMATION_MS);
  });

  document.addEventListener("DOMContentLoaded", function () {
    if (!navigator.share) return;
    document.querySelectorAll("[data-share]").forEach(function (button) {
      button.hidden = false;
    });
  });
})();
