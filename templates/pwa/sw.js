// Rebelote's service worker (issue 12), written by hand: no build step, no CDN.
// Served by Django at /sw.js (scoresheets/sync/pwa.py), whose scope is the whole site.
//
// - Static files: cache first. In production whitenoise names each file after
//   its content (app.3f2a1b4c5d6e.css): a stored copy is never stale, and a
//   new deployment changes these names, so this text, so VERSION. Unversioned
//   names (DEBUG) go to the network first.
// - Pages a phone may reread offline (CONFIG.pages: home, a match, its read
//   link, a hand's correction page, a table and its pages): the network
//   first, for NETWORK_TIMEOUT_MS, then the copy this phone stored, marked as
//   such (the page's banner says how old it is); each answer from the
//   network refreshes the copy. A copy is the page as the server sent it,
//   never changed here. PAGES_MAX pages are kept, and apart from them
//   HANDS_MAX correction pages.
// - A live sheet's page gives its sheet, as DATA (static/js/sync/keep.js:
//   {version, parts: {id: HTML}, fields, at}), when it is hidden or left or
//   the network goes; it is kept beside the page's copy (SHEETS_CACHE), and
//   a copy opened offline asks for it and swaps it in with the same code as
//   a poll (static/js/sync/sheet.js). Nothing here patches a page's HTML.
// - Any other page (new match, import, a table's forms) goes to the network;
//   without it, the offline page says what needs the network.
// - Never stored: anything not a GET (a POST's answer), polls, previews,
//   exports (JSON, CSV: not pages), answers that are not a 200 HTML page.
//   The Cache Storage is this browser profile's own: another phone, another
//   person, never reads it.
//
// Offline entry: the pages' scripts (static/js/sync/outbox.js) keep a hand
// they could not send in localStorage, which a worker cannot read; so POSTs
// still go straight to the network here, and the "sync" handler (Background
// Sync, where the browser has it) wakes the open pages, which resend what
// they kept, each with its one-time key.
//
// CONFIG (scoresheets/sync/pwa.py, sync_config) is what the pages' scripts are
// given too: the routes of the pages to keep (from the URL configuration),
// the caches' names, the timings. Nothing of it is copied here.
"use strict";

var CONFIG = {{ config|safe }};
var VERSION = "{{ version }}";
var STATIC_CACHE = "rebelote-static-" + VERSION;
var PAGES_CACHE = CONFIG.caches.pages; // kept across versions: the copies stay readable
var SHEETS_CACHE = CONFIG.caches.sheets; // the pages' sheets, as data, by page
var PRECACHE = {{ precache|safe }};
var OFFLINE_URL = {{ offline_url|safe }};
var STATIC_PREFIX = {{ static_prefix|safe }};
var NETWORK_TIMEOUT_MS = CONFIG.timings.network_timeout;
var PAGES_MAX = 40;
// A hand's correction page, kept apart (a few), so that they never push the
// pages to read out of PAGES_CACHE.
var HANDS_CACHE = CONFIG.caches.hands;
var HANDS_MAX = 6;
var READABLE = Object.keys(CONFIG.pages).map(function (name) { return new RegExp(CONFIG.pages[name]); });
var HAND_PAGE = new RegExp(CONFIG.hand_page);
var SHEET_PAGES = CONFIG.sheet_pages.map(function (name) { return new RegExp(CONFIG.pages[name]); });
// Page key -> the sheet being kept for it (a message of the page), which
// the page's copy asking for its sheet waits for.
var keeping = {};
var SAVED_AT = CONFIG.headers.saved_at; // when the copy was stored (this phone's clock, ms)
var TITLE = CONFIG.headers.title; // the page's <title>, for the list of pages kept offline
var COPY_MARK = '<meta name="rebelote-copy" content="live">';
var HASHED = /\.[0-9a-f]{12}\.[A-Za-z0-9]+$/;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(STATIC_CACHE)
      .then(function (cache) { return cache.addAll(PRECACHE.concat([OFFLINE_URL])); })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys()
      .then(function (names) {
        var old = names.filter(function (name) {
          return name.indexOf("rebelote-static-") === 0 && name !== STATIC_CACHE;
        });
        return carryOver(old).then(function () {
          return Promise.all(old.map(function (name) { return caches.delete(name); }));
        });
      })
      .then(function () { return self.clients.claim(); })
  );
});

// After a deployment: the static files of earlier versions that the kept
// pages still name (a copy is the page as it was served, with its version's
// file names), and the modules those scripts import, move into this
// version's cache before the old caches go, so that a copy opened offline is
// still styled and still keeps a hand typed on it (static/js/queue.js)
// instead of posting it to no network.
function carryOver(oldCaches) {
  if (!oldCaches.length) return Promise.resolve();
  return namedByCopies().then(function (named) {
    return caches.open(STATIC_CACHE).then(function (cache) {
      var done = {};
      function carry(url) {
        if (done[url]) return Promise.resolve();
        done[url] = true;
        return cache.match(url).then(function (have) {
          return have || firstCopy(oldCaches, url).then(function (copy) {
            return copy ? cache.put(url, copy.clone()).then(function () { return copy; }) : null;
          });
        }).then(function (copy) {
          // A module's imports: carried too.
          if (!copy || !/\.m?js$/.test(new URL(url).pathname)) return null;
          return copy.clone().text().then(function (source) {
            return Promise.all(imported(source, url).map(carry));
          });
        });
      }
      return Promise.all(named.map(carry));
    });
  });
}

// The static files a module's ``source`` (at ``url``) imports, as URLs.
function imported(source, url) {
  var found = [];
  var pattern = /\b(?:from|import)\s*\(?\s*["']([^"']+)["']/g;
  var match;
  while ((match = pattern.exec(source))) {
    var target = new URL(match[1], url);
    if (target.origin === self.location.origin && target.pathname.indexOf(STATIC_PREFIX) === 0) {
      found.push(target.href);
    }
  }
  return found;
}

// The first copy of ``url`` in the caches ``names``, in their order, or undefined.
function firstCopy(names, url) {
  return names.reduce(function (found, name) {
    return found.then(function (copy) {
      return copy || caches.open(name).then(function (cache) { return cache.match(url); });
    });
  }, Promise.resolve(undefined));
}

// The static files' URLs that the kept pages name (src and href attributes).
function namedByCopies() {
  var urls = {};
  return Promise.all([PAGES_CACHE, HANDS_CACHE].map(function (name) {
    return caches.open(name).then(function (cache) {
      return cache.keys().then(function (keys) {
        return Promise.all(keys.map(function (key) {
          return cache.match(key).then(function (copy) {
            return copy ? copy.text() : "";
          }).then(function (html) {
            var named = /(?:src|href)="([^"]+)"/g;
            var found;
            while ((found = named.exec(html))) {
              var url = new URL(found[1], self.location.origin);
              if (url.origin === self.location.origin && url.pathname.indexOf(STATIC_PREFIX) === 0) {
                urls[url.href] = true;
              }
            }
          });
        }));
      });
    });
  })).then(function () { return Object.keys(urls); });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== "GET") {
    // A form sent without the network (new match, import, a table's forms):
    // the offline page instead of the browser's error; never stored.
    // (A hand typed with the script is kept by the page's outbox instead.)
    // Back or Forward to a page a form's answer showed (a refused form): the
    // browser asks its cache alone ("only-if-cached"), which fails; that is
    // no lost network (the offline page said "Pas de réseau" there): the
    // page is loaded again, as a GET (its form empty, as after a redirect).
    if (request.mode === "navigate") {
      event.respondWith(fetch(request).catch(function () {
        if (request.cache !== "only-if-cached") return offlinePage();
        return fetch(request.url, { credentials: "same-origin" }).catch(offlinePage);
      }));
    }
    return;
  }
  if (url.pathname.indexOf(STATIC_PREFIX) === 0) {
    event.respondWith(staticFile(event, request, url));
  } else if (request.mode === "navigate") {
    event.respondWith(matches(READABLE, url) ? page(event, request, url) : otherPage(request));
  }
  // Polls, previews, exports: the network alone, as if there were no worker.
});

// Background Sync: the network is back; the pages of this site that are open
// send the hands they keep (static/js/sync/outbox.js listens for this message).
self.addEventListener("sync", function (event) {
  if (event.tag !== "rebelote-queue") return;
  event.waitUntil(self.clients.matchAll({ type: "window" }).then(function (clients) {
    clients.forEach(function (client) { client.postMessage({ type: "rebelote-queue" }); });
  }));
});

// What the pages ask (static/js/sync/keep.js):
// - "rebelote-keep" {url}: fetch and keep a copy of that page (a live
//   sheet's last hand's correction page, so that the hand can be corrected
//   offline too);
// - "rebelote-sheet" {url, sheet}: keep the live sheet of the page at url,
//   as data, if newer than the one kept;
// - "rebelote-sheet-get" {url}, with a port: the sheet kept for the page at
//   url (or null), once a "rebelote-sheet" of that page still under way is
//   done (the page asked before a reload).
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (typeof data.url !== "string") return;
  var url = new URL(data.url, self.location.origin);
  if (url.origin !== self.location.origin) return;
  var key = pageKey(url);
  if (data.type === "rebelote-keep" && matches(READABLE, url)) {
    event.waitUntil(fetch(url.href, { credentials: "same-origin" })
      .then(function (response) { return storable(response) ? store(key, response) : null; })
      .catch(function () { /* no network: the copy stays as it was */ }));
  } else if (data.type === "rebelote-sheet" && matches(SHEET_PAGES, url)) {
    var kept = Promise.resolve(keeping[key]).then(function () { return putSheet(key, data.sheet); })
      .catch(function () { /* the sheet kept stays as it was */ });
    keeping[key] = kept;
    kept.then(function () { if (keeping[key] === kept) delete keeping[key]; });
    event.waitUntil(kept);
  } else if (data.type === "rebelote-sheet-get" && event.ports && event.ports[0]) {
    var port = event.ports[0];
    event.waitUntil(Promise.resolve(keeping[key]).then(function () { return keptSheet(key); })
      .catch(function () { return null; })
      .then(function (sheet) { port.postMessage(sheet); }));
  }
});

// Keep ``sheet`` for the page at ``key`` if it is newer than the one kept:
// {version, parts: {id: HTML}, fields: {name: value}, at: when the page last
// heard from the server (ms)}. Checked for its shape, stored as JSON.
function putSheet(key, sheet) {
  if (!sheet || typeof sheet !== "object" || !(Number(sheet.version) >= 0) || typeof sheet.parts !== "object") {
    return Promise.resolve(null);
  }
  var parts = {};
  Object.keys(sheet.parts || {}).forEach(function (id) {
    if (CONFIG.parts.indexOf(id) >= 0) parts[id] = String(sheet.parts[id]);
  });
  var fields = {};
  Object.keys(sheet.fields || {}).forEach(function (name) { fields[name] = String(sheet.fields[name]); });
  var data = { version: Number(sheet.version), parts: parts, fields: fields, at: Number(sheet.at) || Date.now() };
  return keptSheet(key).then(function (old) {
    if (old && !(old.version < data.version)) return null;
    return caches.open(SHEETS_CACHE).then(function (cache) {
      var body = JSON.stringify(data);
      return cache.put(key, new Response(body, { headers: { "Content-Type": "application/json" } }))
        .then(function () { return trim(cache, PAGES_MAX); });
    });
  });
}

function keptSheet(key) {
  return caches.open(SHEETS_CACHE).then(function (cache) { return cache.match(key); })
    .then(function (copy) { return copy ? copy.json() : null; });
}

function matches(patterns, url) {
  return patterns.some(function (pattern) { return pattern.test(url.pathname); });
}

function staticFile(event, request, url) {
  if (HASHED.test(url.pathname)) {
    return caches.match(request).then(function (copy) {
      return copy || fetch(request).then(function (response) {
        if (response.ok) {
          var stored = response.clone();
          event.waitUntil(caches.open(STATIC_CACHE).then(function (c) { return c.put(request, stored); }));
        }
        return response;
      });
    });
  }
  return fetch(request).then(function (response) {
    if (response.ok) {
      var stored = response.clone();
      event.waitUntil(caches.open(STATIC_CACHE).then(function (c) { return c.put(request, stored); }));
    }
    return response;
  }).catch(function () {
    return caches.match(request).then(function (copy) { return copy || Response.error(); });
  });
}

function otherPage(request) {
  return fetch(request).catch(offlinePage);
}

function offlinePage() {
  return caches.match(OFFLINE_URL).then(function (copy) {
    if (!copy) return Response.error();
    return copy.text().then(function (html) {
      return new Response(html, { status: 503, headers: plainHeaders(copy.headers) });
    });
  });
}

// A response's headers for a body read as text: its length and encoding
// (gzip on the wire) no longer describe it.
function plainHeaders(original) {
  var headers = new Headers(original);
  headers.delete("Content-Length");
  headers.delete("Content-Encoding");
  return headers;
}

function pageKey(url) {
  return url.origin + url.pathname + url.search;
}

function page(event, request, url) {
  var key = pageKey(url);
  var fresh = fetch(request);
  event.waitUntil(
    fresh.then(function (response) {
      return storable(response) ? store(key, response.clone()) : null;
    }).catch(function () { /* no network: nothing to store */ })
  );
  return withTimeout(fresh, NETWORK_TIMEOUT_MS).catch(function () {
    return storedCopy(key).then(function (copy) {
      return copy || fresh.catch(offlinePage);
    });
  });
}

function withTimeout(promise, ms) {
  return new Promise(function (resolve, reject) {
    var timer = setTimeout(function () { reject(new Error("timeout")); }, ms);
    promise.then(
      function (value) { clearTimeout(timer); resolve(value); },
      function (error) { clearTimeout(timer); reject(error); }
    );
  });
}

function storable(response) {
  var type = response.headers.get("Content-Type") || "";
  return response.status === 200 && response.type === "basic" &&
    type.indexOf("text/html") === 0 && !response.headers.has("Content-Disposition");
}

// Where the copy of the page at ``key`` goes, and how many that cache keeps.
function cacheOf(key) {
  return HAND_PAGE.test(new URL(key).pathname) ? [HANDS_CACHE, HANDS_MAX] : [PAGES_CACHE, PAGES_MAX];
}

// Drop the oldest entries of ``cache`` (a stored one goes to the end) beyond
// ``max``, with the sheets kept for them; the keys dropped.
function trim(cache, max) {
  return cache.keys().then(function (keys) {
    var old = keys.slice(0, Math.max(0, keys.length - max));
    return Promise.all(old.map(function (request) { return cache.delete(request); })).then(function () {
      return old;
    });
  });
}

function store(key, response) {
  var where = cacheOf(key);
  return response.text().then(function (html) {
    var headers = plainHeaders(response.headers);
    headers.set(SAVED_AT, String(Date.now()));
    var title = /<title>([^<]*)<\/title>/.exec(html);
    if (title) headers.set(TITLE, encodeURIComponent(title[1].trim()));
    return caches.open(where[0]).then(function (cache) {
      return cache.put(key, new Response(html, { status: 200, headers: headers }))
        .then(function () { return trim(cache, where[1]); })
        .then(function (dropped) {
          // A page no longer kept: its sheet neither.
          return caches.open(SHEETS_CACHE).then(function (sheets) {
            return Promise.all(dropped.map(function (request) { return sheets.delete(request.url); }));
          });
        });
    });
  });
}

// The stored copy of a page, marked for its banner: the page's
// <meta name="rebelote-copy"> says "live" from the server, the time of the
// copy (ms) from here (static/js/sync/config.js reads it).
function storedCopy(key) {
  return caches.open(cacheOf(key)[0]).then(function (cache) { return cache.match(key); }).then(function (copy) {
    if (!copy) return null;
    return copy.text().then(function (html) {
      var mark = '<meta name="rebelote-copy" content="' + (copy.headers.get(SAVED_AT) || "0") + '">';
      return new Response(html.replace(COPY_MARK, mark), { status: 200, headers: copy.headers });
    });
  });
}
