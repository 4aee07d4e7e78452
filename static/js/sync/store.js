// Where the entries live on this phone: localStorage, not IndexedDB. An
// entry is a few hundred bytes of form fields; localStorage is synchronous,
// so an entry is written before its request leaves (a browser closed
// mid-request keeps it) and the pending rows are drawn at once on load,
// from a stored copy too; it survives closing the browser like IndexedDB.
// The cost: the service worker cannot read it, so its "sync" event wakes
// the open pages, which send (outbox.js). Every tab of the site shares it:
// another tab's change comes as a "storage" event (onChange).

const QUEUE = "rebelote-queue-v1";
const OWN = QUEUE + "-own"; // entries.js, remember()

function probe() {
  try {
    const storage = window.localStorage;
    storage.setItem(QUEUE + "-probe", "1");
    storage.removeItem(QUEUE + "-probe");
    return storage;
  } catch (e) {
    return null;
  }
}
const storage = probe();

// Without localStorage (or fetch), nothing is kept: the forms post as before.
export const available = Boolean(storage && window.fetch && window.FormData && window.URLSearchParams);

const listeners = [];
// ``listener()`` after each change of the entries, this tab's or another's.
export function onChange(listener) { listeners.push(listener); }
function changed() { listeners.forEach((listener) => listener()); }

function read(name, empty) {
  if (!storage) return empty;
  try { return JSON.parse(storage.getItem(name) || "null") || empty; } catch (e) { return empty; }
}
function write(name, value) {
  if (!storage) return;
  try { storage.setItem(name, JSON.stringify(value)); } catch (e) { /* full: nothing more to do */ }
}

export function load() { return read(QUEUE, []); }

// The entries after ``transition`` (entries.js: entries in, entries out),
// written at once; the new entries.
export function update(transition) {
  const before = load();
  const after = transition(before);
  if (JSON.stringify(after) !== JSON.stringify(before)) {
    write(QUEUE, after);
    changed();
  }
  return after;
}

// This phone's own saved changes of each hand (entries.js, remember()).
export function own() { return read(OWN, {}); }
export function setOwn(value) { write(OWN, value); }

window.addEventListener("storage", (event) => { if (event.key === QUEUE) changed(); });
