// The match page's announcement helper, fetched when opened (issue 21,
// "Cheaper hands"): the page carries only its disclosure
// (details[data-ann-lazy], its URL: hand_views.hand_helper); opening it asks
// the server for the helper of the entry form's hand (?number=), swapped in
// open. The helper names the players in playing order from that hand's
// dealer (issue 20: "parle en premier" is the current hand's), so when the
// live sheet moves the untouched form to another hand (sync/sheet.js), a
// helper already fetched is fetched again for it. Hand.js posts its
// "Comparer les annonces" as before. Without the script, the disclosure's
// button posts the form and the page comes back with the helper open.
import { onSheet } from "./sync/sheet.js";
import { input } from "./form.js";

function form() { return document.getElementById("hand-form"); }
function helper() { const f = form(); return f && f.querySelector("[data-ann-helper]"); }

let loading = null; // the helper being fetched (one at a time)

function load(details, url, open) {
  const f = form();
  const number = f && input(f, "number");
  if (!f || !number || loading === details) return;
  loading = details;
  const offline = details.querySelector("[data-ann-offline]");
  fetch(url + "?number=" + encodeURIComponent(number.value), {
    headers: { "HX-Request": "true" },
    credentials: "same-origin",
  })
    .then((response) => {
      if (response.status !== 200) throw new Error(String(response.status));
      return response.text();
    })
    .then((html) => {
      const fresh = new DOMParser().parseFromString(html, "text/html").querySelector("[data-ann-helper]");
      if (!fresh || !details.isConnected) return;
      fresh.open = open;
      details.replaceWith(fresh);
      loading = null;
      follow(); // the sheet may have moved on while it came
    })
    .catch(() => {
      if (offline) offline.hidden = false;
      const wait = details.querySelector("[data-ann-loading]");
      if (wait) wait.hidden = true;
    })
    .then(() => { if (loading === details) loading = null; });
}

// <details> fire "toggle" on themselves only: listened for in the capture phase.
document.addEventListener("toggle", (event) => {
  const details = event.target;
  if (!details.matches || !details.matches("details[data-ann-lazy]") || !details.open) return;
  load(details, details.dataset.annLazy, true);
}, true);

// The sheet moved: a helper already shown follows the form's hand, unless
// something is picked in it (then the form is this phone's entry, and keeps
// its number: sync/sheet.js).
function follow() {
  const f = form();
  const h = helper();
  const number = f && input(f, "number");
  if (!h || !number || h.dataset.annLazy || !h.dataset.annUrl) return;
  if (h.dataset.annNumber === number.value) return;
  if (h.querySelector('[name^="annh-"]:checked:not([value=""]), select[name^="annh-"] option:checked:not([value=""])')) return;
  load(h, h.dataset.annUrl, h.open);
}
onSheet(follow);
