// Undo bar and conflict panel (issue 11). The page works without this script;
// it only (1) takes the "Annuler" bar away when its time is up, or when
// another phone's change makes it impossible (the server refuses such an
// undo anyway, with a message) and clears what an undo said after a while,
// and (2) brings a conflict panel into view when another phone was faster
// (an htmx answer 409): the finger is at the bottom of the form.
import { onSheet } from "./sync/sheet.js";

(function () {
  var TOLD_MS = 10000;
  var timer = null;

  function arm() {
    clearTimeout(timer);
    var bar = document.getElementById("undo-bar");
    if (!bar) return;
    var offer = bar.querySelector("[data-undo-seconds]");
    var told = bar.querySelector(".undo-told");
    var ms = offer ? Number(offer.dataset.undoSeconds) * 1000 : told ? TOLD_MS : 0;
    if (!ms) return;
    timer = setTimeout(function () {
      // Emptied, not removed: the next htmx answer swaps it by id.
      while (bar.firstChild) bar.removeChild(bar.firstChild);
    }, ms);
  }

  // Another phone's change came in (a poll): an undo that takes a hand away
  // or brings one back would now move the hands after it; the server
  // refuses it, so the bar goes (data-undo-moves).
  onSheet(function (sheet, origin) {
    if (origin !== "poll") return;
    var bar = document.getElementById("undo-bar");
    if (bar && bar.querySelector("[data-undo-moves]")) {
      while (bar.firstChild) bar.removeChild(bar.firstChild);
    }
  });

  arm();
  document.addEventListener("htmx:afterSettle", function (event) {
    arm();
    var status = event.detail && event.detail.xhr && event.detail.xhr.status;
    var panel = document.getElementById("conflict");
    if (status === 409 && panel) {
      var reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      panel.scrollIntoView({ block: "start", behavior: reduce ? "auto" : "smooth" });
    }
  });
})();
