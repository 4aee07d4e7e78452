// Rebelote's service worker (issue 12), written by hand: no build step, no CDN.
// Served by Django at /sw.js (scoresheets/pwa.py), whose scope is the whole site.
//
// - Static files: cache first. In production whitenoise names each file after
//   its content (app.3f2a1b4c5d6e.css): a stored copy is never stale, and a
//   new deployment changes these names, so this text, so VERSION. Unversioned
//   names (DEBUG) go to the network first.
// - Pages a phone may reread offline (home, a match, its read link, a hand's
//   correction page, a table and its pages): the network first, for
//   NETWORK_TIMEOUT_MS, then the copy this phone stored, marked as such (the
//   page's banner says how old it is); each answer from the network refreshes
//   the copy. PAGES_MAX pages are kept, and apart from them HANDS_MAX
//   correction pages.
// - Any other page (new match, import, a table's forms) goes to the network;
//   without it, the offline page says what needs the network.
// - Never stored: anything not a GET (a POST's answer), polls, previews,
//   exports (JSON, CSV: not pages), answers that are not a 200 HTML page.
//   The Cache Storage is this browser profile's own: another phone, another
//   person, never reads it.
//
// Offline entry: the match page's script (static/js/queue.js) keeps a hand
// it could not send in the page's localStorage, which a worker cannot read;
// so POSTs still go straight to the network here, and the "sync" handler
// (Background Sync, where the browser has it) wakes the open pages, which
// resend what they kept, each with its one-time key.
"use strict";

var VERSION = "{{ version }}";
var STATIC_CACHE = "rebelote-static-" + VERSION;
var PAGES_CACHE = "rebelote-pages-v1"; // kept across versions: the copies stay readable
var PRECACHE = {{ precache|safe }};
var OFFLINE_URL = {{ offline_url|safe }};
var STATIC_PREFIX = {{ static_prefix|safe }};
var NETWORK_TIMEOUT_MS = 4000;
var PAGES_MAX = 40;
// A hand's correction page, kept apart (a few), so that they never push the
// pages to read out of PAGES_CACHE.
var HANDS_CACHE = "rebelote-hands-v1";
var HANDS_MAX = 6;
var HAND_PAGE = /^\/m\/[^/]+\/donnes\/\d+\/$/;
// Page key -> the copy being kept from the page's own sheet (a message of
// the page), which a load of that page without the network waits for.
var keeping = {};
var SAVED_AT = "X-Rebelote-Saved-At"; // when the copy was stored (this phone's clock, ms)
var TITLE = "X-Rebelote-Title"; // the page's <title>, for the list of pages kept offline
var COPY_MARK = '<meta name="rebelote-copy" content="live">';
var HASHED = /\.[0-9a-f]{12}\.[A-Za-z0-9]+$/;
var READABLE = [
  /^\/$/,
  /^\/m\/[^/]+\/$/,
  HAND_PAGE,
  /^\/voir\/[^/]+\/$/,
  /^\/t\/[^/]+\/(classement\/|joueurs\/\d+\/)?$/,
  /^\/voir\/table\/[^/]+\/(classement\/|joueurs\/\d+\/)?$/
];

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
// file names) move into this version's cache before the old caches go, so
// that a copy opened offline is still styled and still keeps a hand typed on
// it (static/js/queue.js) instead of posting it to no network.
function carryOver(oldCaches) {
  if (!oldCaches.length) return Promise.resolve();
  return namedByCopies().then(function (urls) {
    return caches.open(STATIC_CACHE).then(function (cache) {
      return Promise.all(urls.map(function (url) {
        return cache.match(url).then(function (have) {
          return have ? null : firstCopy(oldCaches, url).then(function (copy) {
            return copy ? cache.put(url, copy) : null;
          });
        });
      }));
    });
  });
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
    // (A hand typed with the script is kept by static/js/queue.js instead.)
    if (request.mode === "navigate") {
      event.respondWith(fetch(request).catch(offlinePage));
    }
    return;
  }
  if (url.pathname.indexOf(STATIC_PREFIX) === 0) {
    event.respondWith(staticFile(event, request, url));
  } else if (request.mode === "navigate") {
    event.respondWith(readable(url) ? page(event, request, url) : otherPage(request));
  }
  // Polls, previews, exports: the network alone, as if there were no worker.
});

// Background Sync: the network is back; the pages of this site that are open
// send the hands they keep (static/js/queue.js listens for this message).
self.addEventListener("sync", function (event) {
  if (event.tag !== "rebelote-queue") return;
  event.waitUntil(self.clients.matchAll({ type: "window" }).then(function (clients) {
    clients.forEach(function (client) { client.postMessage({ type: "rebelote-queue" }); });
  }));
});

// A live match page asks for a copy of a page (static/js/queue.js): its last
// hand's correction page, so that the hand can be corrected offline too, or
// itself when it is hidden or left with a newer sheet than its copy. Then it
// sends its sheet too: without the network (or past NETWORK_TIMEOUT_MS), the
// sheet goes into the copy it has (putSheet); a late answer still replaces it.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type !== "rebelote-keep" || typeof data.url !== "string") return;
  var url = new URL(data.url, self.location.origin);
  if (url.origin !== self.location.origin || !readable(url)) return;
  var key = pageKey(url);
  var stored = fetch(url.href, { credentials: "same-origin" })
    .then(function (response) { return storable(response) ? store(key, response) : null; });
  var kept = withTimeout(stored, NETWORK_TIMEOUT_MS)
    .catch(function () { return data.sheet ? putSheet(key, data.sheet) : null; })
    .catch(function () { /* the copy stays as it was */ });
  // The page asked before it goes (a reload): its next load reads the copy
  // once this is done (page()).
  keeping[key] = kept;
  kept.then(function () { if (keeping[key] === kept) delete keeping[key]; });
  event.waitUntil(kept.then(function () { return stored; }).catch(function () { /* no network */ }));
});

// Put a page's live sheet into the copy kept at ``key``, if it is newer than
// the copy's: ``sheet`` = {version, parts: {id: outerHTML} (the sections
// #scoreboard and #hands, as the server rendered them), fields: {name: value}
// (the hand form's hidden fields that follow the sheet), at: when the page
// last heard from the server (ms)}. The copy's own head, scripts and nonce
// stay as they were served.
var SECTION_ID = /^<section id="([a-z-]+)"/;
var SHEET_VERSION = /<section id="scoreboard"[^>]*data-version="(\d+)"/;
function putSheet(key, sheet) {
  var cache;
  return caches.open(cacheOf(key)[0]).then(function (opened) {
    cache = opened;
    return cache.match(key);
  }).then(function (copy) {
    if (!copy) return null;
    return copy.text().then(function (html) {
      var kept = SHEET_VERSION.exec(html);
      if (!kept || !(Number(kept[1]) < Number(sheet.version))) return null;
      var parts = sheet.parts || {};
      Object.keys(parts).forEach(function (id) {
        html = html === null ? null : replaceSection(html, id, String(parts[id]));
      });
      if (html === null) return null;
      var fields = sheet.fields || {};
      Object.keys(fields).forEach(function (name) {
        var hidden = new RegExp('(<input type="hidden" name="' + name.replace(/\W/g, "") + '" value=")[^"]*"');
        html = html.replace(hidden, "$1" + String(fields[name]).replace(/[^\w-]/g, "") + '"');
      });
      var headers = new Headers(copy.headers);
      headers.set(SAVED_AT, String(Number(sheet.at) || Date.now()));
      return cache.put(key, new Response(html, { status: 200, headers: headers }));
    });
  });
}

// ``html`` with its section of id ``id`` replaced by ``part`` (one section of
// that id, holding none); null when either is not what it should be.
function replaceSection(html, id, part) {
  var named = SECTION_ID.exec(part);
  if (!named || named[1] !== id || part.indexOf("</section>") !== part.length - "</section>".length) return null;
  var start = html.indexOf('<section id="' + id + '"');
  var end = start < 0 ? -1 : html.indexOf("</section>", start);
  if (end < 0) return null;
  return html.slice(0, start) + part + html.slice(end + "</section>".length);
}

function readable(url) {
  return READABLE.some(function (pattern) { return pattern.test(url.pathname); });
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
    return Promise.resolve(keeping[key]).then(function () { return storedCopy(key); }).then(function (copy) {
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

function store(key, response) {
  var where = cacheOf(key);
  return response.text().then(function (html) {
    var headers = plainHeaders(response.headers);
    headers.set(SAVED_AT, String(Date.now()));
    var title = /<title>([^<]*)<\/title>/.exec(html);
    if (title) headers.set(TITLE, encodeURIComponent(title[1].trim()));
    return caches.open(where[0]).then(function (cache) {
      return cache.put(key, new Response(html, { status: 200, headers: headers }))
        .then(function () { return cache.keys(); })
        .then(function (keys) {
          // Oldest first (a stored page goes to the end): drop beyond the cache's max.
          return Promise.all(keys.slice(0, Math.max(0, keys.length - where[1])).map(function (old) {
            return cache.delete(old);
          }));
        });
    });
  });
}

// The stored copy of a page, marked for its banner: the page's
// <meta name="rebelote-copy"> says "live" from the server, the time of the
// copy (ms) from here (static/js/offline.js reads it).
function storedCopy(key) {
  return caches.open(cacheOf(key)[0]).then(function (cache) { return cache.match(key); }).then(function (copy) {
    if (!copy) return null;
    return copy.text().then(function (html) {
      var mark = '<meta name="rebelote-copy" content="' + (copy.headers.get(SAVED_AT) || "0") + '">';
      return new Response(html.replace(COPY_MARK, mark), { status: 200, headers: copy.headers });
    });
  });
}
