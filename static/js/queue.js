// Offline entry (issue 12): a hand entered on the match page while offline, or
// whose save fails or times out, is kept on this phone and sent again, with
// the form's ORIGINAL one-time key, number and match_version, until the server
// answers. The key makes a resend harmless: services.hand_record replays a key
// it already stored instead of saving twice.
//
// Storage: localStorage (key QUEUE), not IndexedDB. The entries are a few
// hundred bytes of form fields; localStorage is synchronous, so an entry is
// written before the request leaves (a browser closed mid-request keeps it)
// and the pending rows are drawn at once on load, from a stored copy too. It
// survives closing the browser like IndexedDB. The cost: the service worker
// cannot read it, so its "sync" event (Background Sync, where available) wakes
// the open pages (postMessage), which send; the "online" event and each page
// load send too.
//
// An entry: {url (the form's action: one match), key, number, fields
// ([[name, value], ...], as the form would post them), after (the key of this
// phone's pending hand it follows, or null), state ("sending": the request
// left and no answer came yet; "pending"; "conflict": the server said 409 or
// 422, the user decides), summary, scores ({a, b} of the preview or null), at}.
// Entries of one match go in order; one that follows a pending hand of this
// phone (typed offline, so on the same sheet version) gets the version the
// server answers for that hand before it leaves.
//
// Corrections and deletions (the correction page, templates/scoresheets/
// hand_edit.html): sent by this script too, with HX-Request (the server then
// answers the sheet, as for a new hand, or a refusal with its status). Sent
// at once when online; kept (kind "edit" or "delete", url: the correction's
// or the deletion's address, match: the match's hand_create address) when
// offline, without an answer, or behind other kept changes of the match: the
// phone goes back to the sheet, where it waits with the new hands, in order.
// A refused one waits too, with why; "Revoir la correction" opens its page
// with what was typed, to check and save again. A correction or deletion
// does not carry the sheet's version: a kept new hand typed on the sheet it
// left follows the version it made (the server answers it), as after a kept
// new hand.
//
// Without this script (or localStorage), the forms post as before.
(function () {
  "use strict";
  var QUEUE = "rebelote-queue-v1";
  var SAVE_TIMEOUT_MS = 10000;
  var RETRY_MIN_MS = 2000;
  var RETRY_MAX_MS = 60000;

  var storage = null;
  try {
    storage = window.localStorage;
    storage.setItem(QUEUE + "-probe", "1");
    storage.removeItem(QUEUE + "-probe");
  } catch (e) {
    storage = null;
  }
  if (!storage || !window.fetch || !window.FormData || !window.URLSearchParams) return;

  var flushing = false;
  var retryTimer = null;
  var failures = 0;
  var placeholder = null; // the preview's first content (its "appears here" line)
  var previewStale = false;
  var keptHand = null; // the correction page the worker was last asked to keep

  function load() {
    try { return JSON.parse(storage.getItem(QUEUE) || "[]") || []; } catch (e) { return []; }
  }
  function save(entries) {
    try { storage.setItem(QUEUE, JSON.stringify(entries)); } catch (e) { /* full: nothing more to do */ }
  }
  function form() {
    var f = document.getElementById("hand-form");
    return f && f.tagName === "FORM" && f.dataset.hxPost ? f : null;
  }
  function section() { return document.getElementById("pending-hands"); }
  function matchUrl() { var s = section(); return s ? s.dataset.url : ""; }
  function mine(entries, url) {
    url = url || matchUrl();
    return entries.filter(function (e) { return (e.match || e.url) === url; });
  }
  function isNew(e) { return !e.kind; }
  function field(fields, name) {
    for (var i = 0; i < fields.length; i++) if (fields[i][0] === name) return fields[i][1];
    return "";
  }
  function setField(fields, name, value) {
    var found = false;
    fields.forEach(function (pair) { if (pair[0] === name) { pair[1] = String(value); found = true; } });
    if (!found) fields.push([name, String(value)]);
  }
  function newKey() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }
  function input(f, name) { return f.querySelector('input[name="' + name + '"]'); }

  // What the pending row says of the hand: the taker (or "Tout le monde
  // passe"), and the preview's scores when the preview is of this very entry.
  function describe(f, submitter, words) {
    var s = words || section();
    var summary = "";
    if (submitter && submitter.name === "action" && submitter.value === "pass") {
      summary = s.dataset.redeal;
    } else {
      var taker = f.querySelector('input[name="taker"]:checked');
      var label = taker && f.querySelector('label[for="' + taker.id + '"]');
      var name = label ? label.textContent.trim() : (taker && taker.closest("label") ? taker.closest("label").textContent.trim() : "");
      var points = input(f, "points");
      summary = name ? s.dataset.takes.replace("{taker}", name) : "";
      if (points && !points.disabled && points.value) summary += " · " + points.value;
    }
    var scores = null;
    var preview = document.getElementById("preview");
    var b = preview && !previewStale ? preview.querySelectorAll(".outcome-scores b") : [];
    if (b.length === 2) scores = { a: b[0].textContent.trim(), b: b[1].textContent.trim() };
    return { summary: summary, scores: scores };
  }

  function snapshot(f, submitter) {
    var data = new FormData(f);
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    var fields = [];
    data.forEach(function (value, name) { if (typeof value === "string") fields.push([name, value]); });
    return fields;
  }

  function enqueue(f, submitter, state) {
    var fields = snapshot(f, submitter);
    var key = field(fields, "key");
    var entries = load();
    var told = describe(f, submitter);
    var existing = entries.filter(function (e) { return e.key === key; })[0];
    if (existing) {
      // The conflict panel's "Valider comme donne N", sent without the network:
      // the same entry, now for that number.
      existing.fields = fields;
      existing.number = Number(field(fields, "number")) || existing.number;
      existing.state = state;
      existing.after = null;
    } else {
      entries.push({
        url: f.getAttribute("action"), key: key, number: Number(field(fields, "number")) || 0,
        fields: fields, after: f.dataset.after || null, state: state,
        summary: told.summary, scores: told.scores, at: Date.now()
      });
    }
    save(entries);
    return key;
  }

  function drop(key) {
    save(load().filter(function (e) { return e.key !== key; }));
  }

  // The form, emptied for the next hand: the number after the one kept, a new
  // one-time key, the same sheet version (nothing came from the server).
  function nextHand(f, entry) {
    var version = field(entry.fields, "match_version");
    f.reset();
    ["dirty", "pointsTeamChosen"].forEach(function (k) { delete f.dataset[k]; });
    input(f, "number").value = String(entry.number + 1);
    input(f, "key").value = newKey();
    if (input(f, "match_version")) input(f, "match_version").value = version;
    f.dataset.after = entry.key;
    var note = f.querySelector("[data-stale-note]");
    if (note) note.hidden = true;
    var preview = document.getElementById("preview");
    if (preview && placeholder !== null) preview.innerHTML = placeholder;
    markPreview(false);
    f.querySelectorAll(".errorlist").forEach(function (el) { el.remove(); });
    f.dispatchEvent(new Event("change", { bubbles: true }));
    delete f.dataset.dirty;
  }

  // After a hand is kept: its pending row on screen, so that nobody thinks
  // the tap failed and types it again (once the rows are drawn: a hidden
  // section cannot be scrolled to).
  function showKept() {
    var s = section();
    if (s && !s.hidden) s.scrollIntoView({ block: "nearest" });
  }

  // The sheet's "Donne 5 · Alice distribue, Bob parle en premier" for the
  // hand the form is on, after the hands kept on this phone: the deal passes
  // one seat every hand (Match.dealer_seat); the names are the taker chips'.
  function syncTurn() {
    var turn = document.querySelector(".turn[data-turn-number]");
    var f = form();
    var number = f && input(f, "number") ? Number(input(f, "number").value) : 0;
    if (!turn || !number || Number(turn.dataset.shown || turn.dataset.turnNumber) === number) return;
    var seat = Number(turn.dataset.dealerSeat);
    var strongs = turn.querySelectorAll("strong");
    if (!seat || strongs.length !== 2) return;
    var dealer = (((seat - 1 + number - Number(turn.dataset.turnNumber)) % 4) + 4) % 4 + 1;
    function name(s) {
      var chip = f.querySelector('input[name="taker"][value="' + s + '"]');
      var label = chip && f.querySelector('label[for="' + chip.id + '"]');
      return label ? label.textContent.trim() : "";
    }
    if (!name(dealer)) return;
    turn.querySelector(".turn-number").textContent = turn.dataset.numberText.replace("{n}", number);
    strongs[0].textContent = name(dealer);
    strongs[1].textContent = name(dealer % 4 + 1);
    turn.dataset.shown = String(number);
  }

  function render() {
    syncTurn();
    var s = section();
    if (!s) return;
    var list = s.querySelector("ol");
    var template = document.getElementById("pending-row");
    var entries = mine(load()).filter(function (e) { return e.state !== "sending"; });
    list.textContent = "";
    entries.slice().reverse().forEach(function (e) {
      var row = template.content.firstElementChild.cloneNode(true);
      row.dataset.key = e.key;
      row.classList.toggle("is-conflict", e.state === "conflict");
      row.querySelector("[data-number]").textContent = String(e.number);
      var summary = e.summary || "";
      if (e.kind === "edit") summary = s.dataset.correction.replace("{summary}", summary);
      if (e.kind === "delete") summary = s.dataset.deletion;
      row.querySelector("[data-summary]").textContent = summary;
      row.querySelector("[data-state]").textContent = e.state === "conflict" ? (e.problem || s.dataset.conflict) : s.dataset.waiting;
      // A refused correction or deletion was made on a hand since changed:
      // sent again it is refused again; its page, with what was typed, instead.
      var open = row.querySelector("[data-pending-open]");
      var refusedChange = e.kind && e.state === "conflict";
      if (open && refusedChange) {
        open.href = e.url.replace(/supprimer\/$/, "");
        open.hidden = false;
      }
      var resend = row.querySelector("[data-pending-resend]");
      if (resend) resend.hidden = Boolean(refusedChange);
      row.querySelector("[data-score-a]").textContent = e.scores ? e.scores.a : "–";
      row.querySelector("[data-score-b]").textContent = e.scores ? e.scores.b : "–";
      list.appendChild(row);
    });
    s.hidden = !entries.length;
  }

  // The page's sheet and undo bar from a saved hand's answer (as htmx would
  // swap them out of band), unless the page already shows a newer sheet; the
  // form too when nobody is typing in it.
  function swapSaved(doc, savedKey, version) {
    var current = document.getElementById("scoreboard");
    var fresh = doc.getElementById("scoreboard");
    var newer = !current || !fresh || Number(fresh.dataset.version) >= Number(current.dataset.version);
    ["scoreboard", "hands", "undo-bar"].forEach(function (id) {
      var el = doc.getElementById(id);
      var old = document.getElementById(id);
      if (!el || !old || (!newer && id !== "undo-bar")) return;
      el.removeAttribute("data-hx-swap-oob");
      old.replaceWith(el);
      if (window.htmx) window.htmx.process(el);
    });
    var f = form();
    if (!f) return;
    if (f.dataset.after === savedKey) {
      delete f.dataset.after;
      if (input(f, "match_version") && version) input(f, "match_version").value = version;
    }
    var freshForm = doc.getElementById("hand-form");
    if (!f.dataset.dirty && !f.dataset.after && freshForm && !mine(load()).length) {
      f.replaceWith(freshForm);
      if (window.htmx) window.htmx.process(freshForm);
      freshForm.dispatchEvent(new Event("change", { bubbles: true }));
    }
  }

  // The server refused the entry (409: another phone saved that hand; 422):
  // its answer, the form with the conflict panel (both hands), takes the
  // form's place; the entry stays until the user re-sends or drops it.
  function showRefused(doc) {
    var fresh = doc.getElementById("hand-form");
    var f = document.getElementById("hand-form");
    if (!fresh || !f) return;
    f.replaceWith(fresh);
    if (window.htmx) window.htmx.process(fresh);
    fresh.dispatchEvent(new Event("change", { bubbles: true }));
    fresh.scrollIntoView({ block: "start" });
  }

  // POST an entry. With htmx's header (from the sheet: the server answers
  // the sheet), or as the browser would post the form (direct: from the
  // correction page; its redirect is not followed, the page goes there, where
  // the server's messages show): a redirect is then status 303.
  function send(entry, direct, timeoutMs) {
    var controller = window.AbortController ? new AbortController() : null;
    var timer = setTimeout(function () { if (controller) controller.abort(); }, timeoutMs || SAVE_TIMEOUT_MS);
    var body = new URLSearchParams();
    entry.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    return fetch(entry.url, {
      method: "POST", body: body, credentials: "same-origin", cache: "no-store",
      headers: direct ? {} : { "HX-Request": "true" }, redirect: direct ? "manual" : "follow",
      signal: controller ? controller.signal : undefined
    }).then(function (response) {
      if (response.type === "opaqueredirect") { clearTimeout(timer); return { status: 303, html: "" }; }
      return response.text().then(function (html) { clearTimeout(timer); return { status: response.status, html: html }; });
    }, function (error) { clearTimeout(timer); throw error; });
  }

  function retryLater() {
    clearTimeout(retryTimer);
    failures += 1;
    var delay = Math.min(RETRY_MIN_MS * Math.pow(2, failures - 1), RETRY_MAX_MS);
    retryTimer = setTimeout(flush, delay);
  }

  // A kept correction or deletion saved: the match moved from version - 1 to
  // version by this phone's own change. A kept new hand (or the form) typed
  // on version - 1 follows it; one typed on another version is left to the
  // server, which tells a conflict if the sheet changed meanwhile.
  function followChange(entries, version) {
    var before = String(Number(version) - 1);
    entries.forEach(function (e) {
      if (isNew(e) && mine([e]).length && field(e.fields, "match_version") === before) {
        setField(e.fields, "match_version", version);
      }
    });
    var f = form();
    var v = f && input(f, "match_version");
    if (v && v.value === before) v.value = String(version);
  }

  // This phone's own saved changes of each hand ({correction page: {from,
  // to}}, the hand versions the phone's changes moved it between, in a row):
  // a later change of the hand made on a page older than them (a stored copy,
  // another tab, a kept change whose earlier one left meanwhile) was made
  // knowing them, so it follows them. The server still refuses it if another
  // phone changed the hand since.
  var OWN = QUEUE + "-own";
  function ownChanges() {
    try { return JSON.parse(storage.getItem(OWN) || "{}") || {}; } catch (e) { return {}; }
  }
  function remember(entry) {
    var from = Number(field(entry.fields, "hand_version"));
    if (!entry.kind || !from) return;
    var own = ownChanges();
    var page = handPage(entry);
    var chain = own[page];
    delete own[page]; // re-added last: the oldest pages go first
    own[page] = { from: chain && chain.to === from ? chain.from : from, to: from + 1 };
    var pages = Object.keys(own);
    if (pages.length > 50) delete own[pages[0]];
    try { storage.setItem(OWN, JSON.stringify(own)); } catch (e) { /* full */ }
  }
  function rebase(entry) {
    var chain = entry.kind && ownChanges()[handPage(entry)];
    var seen = Number(field(entry.fields, "hand_version"));
    if (!chain || !seen || seen < chain.from || seen >= chain.to) return false;
    setField(entry.fields, "hand_version", chain.to);
    return true;
  }

  // The server refused ``entry`` (its answer parsed in ``doc``): it stays
  // kept, as refused; a correction or deletion with why (its row says it).
  function refuse(entry, doc) {
    var why = doc.querySelector("#conflict .conflict-message, .errorlist li");
    var entries = load();
    entries.forEach(function (e) {
      if (e.key !== entry.key) return;
      e.state = "conflict";
      if (e.kind && why) e.problem = why.textContent.trim();
    });
    save(entries);
  }

  // Send this match's entries, in order, one at a time.
  function flush() {
    if (flushing || !section()) return;
    // In order: a hand the server refused (conflict) holds the ones after it
    // until the user re-sends or drops it.
    var kept = load();
    var next = mine(kept)[0];
    if (!next || next.state === "conflict" || next.state === "sending") return;
    if (navigator.onLine === false) return;
    if (rebase(next)) save(kept);
    flushing = true;
    // Each retry waits longer for its answer (10 s, 20 s, 40 s, then 60 s):
    // on a network slower than the first wait, a later one gets through.
    send(next, false, Math.min(SAVE_TIMEOUT_MS * Math.pow(2, failures), RETRY_MAX_MS)).then(function (answer) {
      var doc = new DOMParser().parseFromString(answer.html, "text/html");
      var entries = load();
      if (answer.status >= 200 && answer.status < 300) {
        var board = doc.getElementById("scoreboard");
        var version = board ? board.dataset.version : "";
        remember(next);
        entries = entries.filter(function (e) { return e.key !== next.key; });
        // This phone's next pending hand was typed on the sheet this one
        // leaves: it now follows the sheet the server answered.
        entries.forEach(function (e) {
          if (e.after === next.key) {
            e.after = null;
            if (version) setField(e.fields, "match_version", version);
          }
        });
        if (next.kind && version) followChange(entries, version);
        save(entries);
        swapSaved(doc, next.key, version);
        failures = 0;
        if (window.Rebelote && window.Rebelote.freshness) window.Rebelote.freshness.fresh();
        return true;
      }
      if (answer.status === 409 || answer.status === 422) {
        refuse(next, doc);
        if (!next.kind) showRefused(doc);
        return false;
      }
      retryLater(); // busy (503), too many (429), a proxy's error: later
      return false;
    }).catch(function () {
      retryLater(); // no network, or too slow: later
      return false;
    }).then(function (again) {
      flushing = false;
      render();
      if (again) flush();
    });
  }

  function pendingOf(key) {
    return mine(load()).filter(function (e) { return e.key === key; })[0] || null;
  }

  // The hand form's "Valider": kept on the phone rather than sent while the
  // browser says it is offline, or while hands of this match wait to be sent
  // (they go first, in order). The conflict panel's own buttons (its entry is
  // the one waiting) go to the server as usual when online.
  document.addEventListener("submit", function (event) {
    var f = form();
    if (!f || event.target !== f || !section()) return;
    var submitter = event.submitter;
    if (submitter && submitter.name === "action" && submitter.value === "compare_announcements") return;
    var key = input(f, "key") && input(f, "key").value;
    var waiting = mine(load()).filter(function (e) { return e.key !== key; }).length > 0;
    if (navigator.onLine !== false && !waiting) {
      // Online: htmx sends it; the entry is written first, in case no answer comes.
      enqueue(f, submitter, "sending");
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    enqueue(f, submitter, "pending");
    var entry = pendingOf(key);
    nextHand(f, entry);
    render();
    showKept();
    registerSync();
    flush();
  }, true);

  function savedRequest(event) {
    var detail = event.detail || {};
    var config = detail.requestConfig || {};
    var elt = detail.elt;
    return elt && elt.id === "hand-form" && config.verb === "post" ? elt : null;
  }

  // An answer came (saved, refused, busy): htmx shows it; the entry is done.
  // (Before the swap: htmx:afterRequest fires on the form the answer just
  // replaced, out of the document, so it never reaches this listener.)
  document.addEventListener("htmx:beforeSwap", function (event) {
    var f = savedRequest(event);
    var xhr = event.detail.xhr;
    if (!f || !xhr || !xhr.status) return;
    var key = field(snapshot(f), "key");
    var params = event.detail.requestConfig.parameters;
    var sent = params && typeof params.get === "function" ? params.get("key") : (params && params.key);
    var entry = pendingOf(sent || key);
    if (!entry) return;
    if (xhr.status >= 200 && xhr.status < 300) drop(entry.key);
    else if (xhr.status === 409 || xhr.status === 422) {
      var entries = load();
      entries.forEach(function (e) { if (e.key === entry.key) e.state = entry.state === "sending" ? "sent-refused" : "conflict"; });
      // Refused at once (the form shows why): not a pending hand.
      save(entries.filter(function (e) { return e.state !== "sent-refused"; }));
    } else {
      // Busy or too many: the form keeps the entry, as before.
      if (entry.state === "sending") drop(entry.key);
    }
    render();
  });

  // No answer (the network dropped, or it took longer than SAVE_TIMEOUT_MS):
  // the entry is pending; the form moves on to the next hand.
  function lost(event) {
    var f = savedRequest(event);
    if (!f) return;
    var params = event.detail.requestConfig.parameters;
    var sent = params && typeof params.get === "function" ? params.get("key") : (params && params.key);
    var entries = load();
    var entry = null;
    entries.forEach(function (e) { if (e.key === sent) { e.state = "pending"; entry = e; } });
    if (!entry) return;
    save(entries);
    if (input(f, "key") && input(f, "key").value === sent) nextHand(f, entry);
    render();
    showKept();
    registerSync();
    retryLater();
  }
  document.addEventListener("htmx:sendError", lost);
  document.addEventListener("htmx:timeout", lost);

  // A preview that could not be asked (offline) no longer describes the entry.
  // It is greyed then: its scores are those of what was typed before. One
  // that had none yet says why none comes (review: "L'aperçu du score
  // s'affiche ici" stayed, as if it would).
  function markPreview(stale) {
    previewStale = stale;
    var preview = document.getElementById("preview");
    if (!preview) return;
    preview.classList.toggle("is-stale", stale);
    var untouched = placeholder !== null && preview.innerHTML === placeholder;
    if (stale && untouched && preview.dataset.offline) {
      var note = document.createElement("p");
      note.className = "muted";
      note.dataset.offlineNote = "1";
      note.textContent = preview.dataset.offline;
      preview.replaceChildren(note);
    } else if (!stale && preview.querySelector("[data-offline-note]") && placeholder !== null) {
      preview.innerHTML = placeholder;
    }
  }
  document.addEventListener("htmx:sendError", function (event) {
    if (event.detail && event.detail.elt && event.detail.elt.id === "preview") markPreview(true);
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail && event.detail.elt && event.detail.elt.id === "preview") markPreview(false);
  });
  document.addEventListener("input", function (event) {
    var f = kindForm(event.target.form) || form();
    if (f && f.contains(event.target) && navigator.onLine === false) markPreview(true);
  });

  // The pending rows' buttons: send again now, or drop the entry (the
  // conflict panel's "Abandonner ma saisie" drops its entry too).
  document.addEventListener("click", function (event) {
    var resend = event.target.closest("[data-pending-resend]");
    var dropButton = event.target.closest("[data-pending-drop]");
    var row = event.target.closest("[data-key]");
    if (resend && row) {
      var entries = load();
      entries.forEach(function (e) { if (e.key === row.dataset.key && e.state === "conflict") e.state = "pending"; });
      save(entries);
      failures = 0;
      flush();
    } else if (dropButton && row) {
      var s = section();
      if (!window.confirm(s.dataset.confirm)) return;
      var key = row.dataset.key;
      var entries2 = load().filter(function (e) { return e.key !== key; });
      entries2.forEach(function (e) { if (e.after === key) e.after = null; });
      save(entries2);
      render();
      flush();
    } else {
      var link = event.target.closest(".conflict-actions a");
      var f = link && link.closest("form");
      var k = f && input(f, "key") ? input(f, "key").value : "";
      if (k && pendingOf(k)) drop(k);
    }
  });

  function registerSync() {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.sync) return registration.sync.register("rebelote-queue");
    }).catch(function () { /* no Background Sync: the online event and the next load send */ });
  }

  // The worker's "sync" (templates/pwa/sw.js) and other tabs wake the queue.
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.addEventListener("message", function (event) {
      if (event.data && event.data.type === "rebelote-queue") { failures = 0; flush(); }
    });
  }
  window.addEventListener("storage", function (event) { if (event.key === QUEUE) { render(); flush(); } });
  window.addEventListener("online", function () { failures = 0; flush(); keepLastHand(); });
  // The sheet changed (a hand saved from here, or another phone's by a poll):
  // its last hand's correction page, kept again.
  document.addEventListener("htmx:afterSettle", function () { keepLastHand(); });
  document.addEventListener("rebelote:sheet", function () { keepLastHand(); syncTurn(); });

  // ---- The correction page: a correction or a deletion, kept when it
  // cannot be sent now (see the top of this file).
  function handPage(e) { return e.url.replace(/supprimer\/$/, ""); }

  function kindForm(el) {
    return el && el.tagName === "FORM" && el.dataset.queue && el.dataset.kind ? el : null;
  }

  function isCopy() {
    var mark = document.querySelector('meta[name="rebelote-copy"]');
    return Boolean(mark && mark.content !== "live");
  }

  document.addEventListener("submit", function (event) {
    var f = kindForm(event.target);
    if (!f || f.dataset.native) return;
    var submitter = event.submitter;
    if (submitter && submitter.name === "action" && submitter.value === "compare_announcements") return;
    event.preventDefault();
    event.stopImmediatePropagation();
    var fields = snapshot(f, submitter);
    var told = f.dataset.kind === "edit" ? describe(f, submitter, f) : { summary: "", scores: null };
    var entry = {
      kind: f.dataset.kind, match: f.dataset.queue, url: f.getAttribute("action"),
      key: field(fields, "key"), number: Number(f.dataset.number) || 0, fields: fields,
      after: null, state: "sending", summary: told.summary, scores: told.scores, at: Date.now()
    };
    rebase(entry);
    // The latest change of this hand (a correction or its deletion) replaces
    // one kept before it, never sent: both were made on the same version.
    var entries = load().filter(function (e) {
      return e.key !== entry.key && !(e.kind && handPage(e) === handPage(entry));
    });
    var waiting = mine(entries, entry.match).length > 0;
    entries.push(entry);
    save(entries);
    var sheet = f.dataset.sheet;
    function keep() {
      var all = load();
      all.forEach(function (e) { if (e.key === entry.key) e.state = "pending"; });
      save(all);
      registerSync();
      location.assign(sheet + "#pending-hands");
    }
    if (navigator.onLine === false || waiting) { keep(); return; }
    f.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
    f.setAttribute("aria-busy", "true");
    // A correction is sent as the browser would (the sheet then shows the
    // server's messages); a deletion with htmx's header, since without it a
    // refusal is a redirect too.
    send(entry, entry.kind === "edit").then(function (answer) {
      if (answer.status === 303 || (entry.kind === "delete" && answer.status === 200)) {
        // Saved: the sheet, with the server's messages, as without the script.
        remember(entry);
        drop(entry.key);
        location.assign(sheet + (entry.kind === "edit" && entry.number ? "#hand-" + entry.number : "#hands"));
      } else if (answer.status === 409 || answer.status === 422) {
        // Refused, nothing saved: the server's own page says why, as
        // without this script (the same post, sent by the browser). A
        // correction stays kept (refused) until that page shows (startEdit).
        if (entry.kind === "edit") {
          refuse(entry, new DOMParser().parseFromString(answer.html, "text/html"));
        } else {
          drop(entry.key);
        }
        f.querySelectorAll("button").forEach(function (b) { b.disabled = false; });
        f.dataset.native = "1";
        if (f.requestSubmit && submitter && submitter.form === f) f.requestSubmit(submitter);
        else HTMLFormElement.prototype.submit.call(f);
      } else {
        keep(); // busy (503), too many (429): the sheet sends it later
      }
    }, keep);
  }, true);

  // What was typed back in the form (a refused kept correction).
  function fill(f, fields) {
    var skip = { csrfmiddlewaretoken: 1, key: 1, hand_version: 1, replace: 1, action: 1, restore: 1 };
    var named = {};
    fields.forEach(function (pair) { named[pair[0]] = (named[pair[0]] || []).concat([pair[1]]); });
    Array.prototype.forEach.call(f.elements, function (el) {
      if (!el.name || skip[el.name] || el.type === "submit" || el.type === "button") return;
      var values = named[el.name] || [];
      if (el.type === "radio" || el.type === "checkbox") el.checked = values.indexOf(el.value) >= 0;
      else if (values.length) el.value = values[0];
      else if (el.type !== "hidden") el.value = "";
    });
  }

  function startEdit() {
    var f = kindForm(document.getElementById("hand-form"));
    var del = kindForm(document.querySelector('form[data-kind="delete"]'));
    if (!f && !del) return;
    var entries = load();
    var key = f && input(f, "key");
    // The server's page answering a kept correction (its refusal, posted by
    // the browser: the form has the same key): the page says why; the
    // entry is done.
    if (key && !isCopy() && entries.some(function (e) { return e.key === key.value && e.state === "conflict"; })) {
      drop(key.value);
      return;
    }
    // A stored copy of the page carries the key of the form it had: a new
    // one, so that a second correction is never taken for the first.
    if (key && (isCopy() || entries.some(function (e) { return e.key === key.value; }))) {
      key.value = newKey();
      if (del && input(del, "key")) input(del, "key").value = key.value + "-delete";
    }
    var refused = f && entries.filter(function (e) {
      return e.kind === "edit" && e.url === f.getAttribute("action") && e.state === "conflict";
    })[0];
    if (!refused) return;
    var redeal = field(refused.fields, "action") === "pass";
    if (redeal) {
      // A kept "tout le monde passe": offered again, to confirm, not typed.
      var details = f.querySelector("details.redeal");
      if (details) details.open = true;
    } else {
      fill(f, refused.fields);
    }
    var note = document.createElement("div");
    note.setAttribute("role", "alert");
    var list = document.createElement("ul");
    list.className = "errorlist";
    [refused.problem, redeal ? f.dataset.refusedRedeal : f.dataset.refused].forEach(function (text) {
      if (!text) return;
      var item = document.createElement("li");
      item.textContent = text;
      list.append(item);
    });
    note.append(list);
    f.prepend(note);
    f.dispatchEvent(new Event("change", { bubbles: true }));
    f.dispatchEvent(new Event("input", { bubbles: true }));
  }

  // Online, on a live sheet: the worker keeps a copy of the last hand's
  // correction page, so that it can be corrected offline too.
  // Ask the worker (templates/pwa/sw.js, "rebelote-keep") to fetch and keep
  // a copy of the page at ``url``; ``sheet`` (see liveSheet) is what the
  // worker puts into its copy when the page cannot be fetched. False when
  // there is no worker, or no network and nothing to put in.
  function workerKeep(url, sheet) {
    var controller = "serviceWorker" in navigator && navigator.serviceWorker.controller;
    if (!controller || (navigator.onLine === false && !sheet)) return false;
    controller.postMessage({ type: "rebelote-keep", url: url, sheet: sheet || null });
    return true;
  }

  function keepLastHand() {
    if (isCopy()) return;
    var rows = document.querySelectorAll('#hands li[id^="hand-"]');
    var best = null;
    var highest = 0;
    Array.prototype.forEach.call(rows, function (row) {
      var n = Number(row.id.slice(5));
      var link = row.querySelector('a[href*="/donnes/"]');
      if (link && n > highest) { highest = n; best = link; }
    });
    if (best && best.href !== keptHand && workerKeep(best.href)) keptHand = best.href;
  }

  // The worker's copy of this page is the one it stored when the page
  // loaded; the sheet moves on since (hands saved from here, other phones'
  // by the polls). When the page is hidden or left (the screen locked,
  // another app, the tab closed, a reload) with a newer sheet than that
  // copy, the worker keeps the page again: it reopens offline on the last
  // sheet it had. (Not at every change: that would be a page load a phone a
  // hand.) Without the network (gone, a poll failing, a reload offline),
  // the worker puts this page's sheet into its copy instead.
  var keptVersion = null;
  function sheetVersion() {
    var board = document.getElementById("scoreboard");
    return board ? board.dataset.version : null;
  }
  // What of this page the worker puts into its copy (sw.js, putSheet): the
  // sheet's parts as they are now (the server's HTML, swapped in by htmx or
  // the polls), the form's hidden fields that follow the sheet, and when the
  // page last heard from the server (ms).
  var SHEET_PARTS = ["scoreboard", "hands"]; // views.SHEET_PARTS
  var FOLLOWS_SHEET = ["number", "match_version", "key"];
  function liveSheet() {
    var parts = {};
    SHEET_PARTS.forEach(function (id) {
      var part = document.getElementById(id);
      if (part) parts[id] = part.outerHTML;
    });
    var fields = {};
    var f = form();
    FOLLOWS_SHEET.forEach(function (name) {
      if (f && input(f, name)) fields[name] = input(f, name).value;
    });
    var freshness = window.Rebelote && window.Rebelote.freshness;
    return {
      version: Number(sheetVersion()),
      parts: parts,
      fields: fields,
      at: freshness && freshness.at ? freshness.at() : Date.now()
    };
  }
  function keepPage() {
    var version = sheetVersion();
    if (version && version !== keptVersion && workerKeep(location.pathname + location.search, liveSheet())) {
      keptVersion = version;
    }
  }
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") keepPage();
  });
  window.addEventListener("pagehide", keepPage);
  // A reload or a link asks the worker for the next page before this one
  // is hidden: the sheet must reach it first.
  window.addEventListener("beforeunload", keepPage);
  // The network gone (or a poll failing): the sheet goes to the worker at
  // once, before the phone reloads the page without network.
  window.addEventListener("offline", keepPage);
  document.addEventListener("rebelote:poll-failed", keepPage);

  // On load: entries the last page left "sending" got no answer it saw, so
  // they are pending; the form must not reuse a kept key (a stored copy of
  // the page carries the key of the form it had) and follows the last kept hand.
  function start() {
    startEdit();
    var s = section();
    if (!s) return;
    keptVersion = sheetVersion();
    var entries = load();
    entries.forEach(function (e) { if (e.state === "sending") e.state = "pending"; });
    save(entries);
    var preview = document.getElementById("preview");
    placeholder = preview ? preview.innerHTML : null;
    var f = form();
    var kept = mine(entries);
    if (f && input(f, "key")) {
      var key = input(f, "key").value;
      if (kept.some(function (e) { return e.key === key; })) input(f, "key").value = newKey();
      var last = kept.filter(isNew).pop();
      if (last && Number(input(f, "number").value) <= last.number && !f.querySelector("#conflict")) {
        input(f, "number").value = String(last.number + 1);
        if (input(f, "match_version")) input(f, "match_version").value = field(last.fields, "match_version");
        f.dataset.after = last.key;
      }
    }
    if (window.htmx && !window.htmx.config.timeout) window.htmx.config.timeout = SAVE_TIMEOUT_MS;
    render();
    flush();
    keepLastHand();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
