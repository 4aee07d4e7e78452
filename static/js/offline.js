// Rebelote offline (issue 12): register the service worker, and say how old a
// page is when it may not be current.
// - A copy the worker served without the network (its <meta name="rebelote-copy">
//   holds the copy's time): "Hors ligne · dernière mise à jour il y a 2 min".
// - A live sheet whose polls fail (poll.js calls Rebelote.freshness.failed()):
//   after BEHIND_MS, "Dernière mise à jour il y a 40 s"; the next poll that
//   answers (fresh()) hides it.
// - The browser says it is offline: the same banner, counted from the page's load.
// On the home and offline pages, #offline-pages lists the pages this phone
// keeps for reading offline (the worker's Cache Storage), when offline.
(function () {
  "use strict";
  var PAGES_CACHE = "rebelote-pages-v1"; // templates/pwa/sw.js
  var SAVED_AT = "X-Rebelote-Saved-At";
  var TITLE = "X-Rebelote-Title";
  var BEHIND_MS = 10000;
  var TICK_MS = 5000;

  var script = document.currentScript;
  if ("serviceWorker" in navigator && script && script.dataset.sw) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register(script.dataset.sw, { scope: "/" })
        .catch(function () { /* no worker (private mode...): the site works without */ });
    });
  }

  var mark = document.querySelector('meta[name="rebelote-copy"]');
  var copyAt = mark && mark.content !== "live" ? Number(mark.content) || 0 : null;
  var lastFresh = copyAt !== null ? copyAt : Date.now();
  // A copy's undo bar is the one of the moment it was kept: long gone.
  if (copyAt !== null) {
    var undoBar = document.getElementById("undo-bar");
    if (undoBar) while (undoBar.firstChild) undoBar.removeChild(undoBar.firstChild);
  }
  var failing = false;

  function banner() { return document.getElementById("freshness"); }

  function ago(ms) {
    var el = banner();
    if (!el) return "";
    var s = Math.max(0, Math.round(ms / 1000));
    var pick = s < 60 ? [el.dataset.agoS, s]
      : s < 3600 ? [el.dataset.agoMin, Math.floor(s / 60)]
      : s < 86400 ? [el.dataset.agoH, Math.floor(s / 3600)]
      : [el.dataset.agoD, Math.floor(s / 86400)];
    return pick[0].replace("{n}", pick[1]);
  }

  function offline() { return copyAt !== null || navigator.onLine === false; }

  function render() {
    var el = banner();
    if (!el) return;
    var behind = Date.now() - lastFresh;
    // The offline page (data-quiet) says it itself, and has no age.
    var show = !el.dataset.quiet && (offline() || (failing && behind >= BEHIND_MS));
    el.hidden = !show;
    el.classList.toggle("freshness-offline", offline());
    if (show) {
      el.textContent = (offline() ? el.dataset.offline : el.dataset.behind).replace("{ago}", ago(behind));
    }
  }

  // What poll.js tells: the sheet is current (fresh), or a poll failed.
  window.Rebelote = window.Rebelote || {};
  window.Rebelote.freshness = {
    fresh: function () {
      lastFresh = Date.now();
      failing = false;
      copyAt = null;
      render();
    },
    failed: function () {
      failing = true;
      render();
    },
    // When the page last heard from the server (ms): the load, or the
    // last poll that answered (a copy's: when it was kept).
    at: function () { return lastFresh; }
  };

  // The text of an HTML title as the server escaped it ("Alice &amp; Claire").
  function text(html) {
    return new DOMParser().parseFromString(html, "text/html").documentElement.textContent;
  }

  function listPages() {
    var section = document.getElementById("offline-pages");
    if (!section || !window.caches || !(offline() || section.dataset.always)) return;
    caches.open(PAGES_CACHE)
      .then(function (cache) {
        return cache.keys().then(function (keys) {
          return Promise.all(keys.map(function (key) {
            return cache.match(key).then(function (copy) { return { key: key, copy: copy }; });
          }));
        });
      })
      .then(function (entries) {
        var list = section.querySelector("ul");
        var pages = entries.filter(function (entry) {
          // (A hand's correction page is kept in a cache of its own: not listed.)
          return entry.copy && new URL(entry.key.url).pathname !== "/";
        }).map(function (entry) {
          var copy = entry.copy;
          return {
            url: entry.key.url,
            title: text(decodeURIComponent(copy.headers.get(TITLE) || "")).replace(/ · Rebelote$/, ""),
            at: Number(copy.headers.get(SAVED_AT)) || 0
          };
        }).sort(function (a, b) { return b.at - a.at; });
        pages.forEach(function (p) {
          var link = document.createElement("a");
          link.className = "match-link";
          link.href = p.url;
          var title = document.createElement("span");
          title.className = "match-teams";
          title.textContent = p.title || p.url;
          var when = document.createElement("span");
          when.className = "match-status";
          when.textContent = banner() ? banner().dataset.behind.replace("{ago}", ago(Date.now() - p.at)) : "";
          link.append(title, when);
          var item = document.createElement("li");
          item.append(link);
          list.append(item);
        });
        section.hidden = !pages.length;
      })
      .catch(function () { /* no Cache Storage: nothing to list */ });
  }

  window.addEventListener("online", render);
  window.addEventListener("offline", render);
  setInterval(render, TICK_MS);
  document.addEventListener("DOMContentLoaded", function () {
    render();
    listPages();
  });
})();
