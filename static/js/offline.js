// Rebelote offline (issue 12), on every page: register the service worker
// (its script's URL: this tag's data-sw), say how old a page is when it may
// not be current (sync/freshness.js), and on the home and offline pages list
// the pages this phone keeps for reading offline (the worker's Cache
// Storage, #offline-pages), when offline.

import { config, copyTime, isHistoryLoad } from "./sync/config.js";
import { ago, isOffline } from "./sync/freshness.js";

const tag = document.querySelector("script[data-sw]");
if ("serviceWorker" in navigator && tag) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register(tag.dataset.sw, { scope: "/" })
      .catch(() => { /* no worker (private mode...): the site works without */ });
  });
}

// A copy's undo bar is the one of the moment it was kept: long gone. So may
// be the one of a page that Back shows from the HTTP cache (docs/sync.md,
// "Back"): the offer of its first load, replaced by any save since.
if (copyTime() !== null || isHistoryLoad()) {
  const undoBar = document.getElementById("undo-bar");
  if (undoBar) undoBar.replaceChildren();
}

// The text of an HTML title as the server escaped it ("Alice &amp; Claire").
function text(html) {
  return new DOMParser().parseFromString(html, "text/html").documentElement.textContent;
}

// Every {key, copy} of the cache ``name``.
function copies(name) {
  return caches.open(name).then((cache) => cache.keys().then((keys) =>
    Promise.all(keys.map((key) => cache.match(key).then((copy) => ({ key: key, copy: copy }))))));
}

function listPages() {
  const section = document.getElementById("offline-pages");
  if (!section || !window.caches || !config || !(isOffline() || section.dataset.always)) return;
  const headers = config.headers;
  Promise.all([copies(config.caches.pages), copies(config.caches.sheets)])
    .then(([pages, sheets]) => {
      // A sheet kept since the copy (keep.js) is as old as it says.
      const sheetAt = {};
      return Promise.all(sheets.map((entry) => entry.copy.json().then((sheet) => {
        sheetAt[entry.key.url] = Number(sheet.at) || 0;
      }, () => null))).then(() => pages.filter((entry) =>
        // (A hand's correction page is kept in a cache of its own: not listed.)
        entry.copy && new URL(entry.key.url).pathname !== "/"
      ).map((entry) => ({
        url: entry.key.url,
        title: text(decodeURIComponent(entry.copy.headers.get(headers.title) || "")).replace(/ · Rebelote$/, ""),
        at: Math.max(Number(entry.copy.headers.get(headers.saved_at)) || 0, sheetAt[entry.key.url] || 0),
      })).sort((a, b) => b.at - a.at));
    })
    .then((pages) => {
      const list = section.querySelector("ul");
      const banner = document.getElementById("freshness");
      pages.forEach((p) => {
        const link = document.createElement("a");
        link.className = "match-link";
        link.href = p.url;
        const title = document.createElement("span");
        title.className = "match-teams";
        title.textContent = p.title || p.url;
        const when = document.createElement("span");
        when.className = "match-status";
        when.textContent = banner ? banner.dataset.behind.replace("{ago}", ago(Date.now() - p.at)) : "";
        link.append(title, when);
        const item = document.createElement("li");
        item.append(link);
        list.append(item);
      });
      section.hidden = !pages.length;
    })
    .catch(() => { /* no Cache Storage: nothing to list */ });
}

document.addEventListener("DOMContentLoaded", listPages);
