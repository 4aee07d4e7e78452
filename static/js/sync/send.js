// Sending an entry (entries.js) to the server: its fields POSTed to its url
// as the form would post them.

// With htmx's header (the server answers with the sheet, or a refusal with
// its status), or ``direct``: as the browser would post the form (its
// redirect is not followed; a redirect is then status 303). Gives up after
// ``timeoutMs`` (an error, as without network). Resolves to {status, html}.
export function post(entry, direct, timeoutMs) {
  const controller = window.AbortController ? new AbortController() : null;
  const timer = setTimeout(() => { if (controller) controller.abort(); }, timeoutMs);
  const body = new URLSearchParams();
  entry.fields.forEach((pair) => body.append(pair[0], pair[1]));
  return fetch(entry.url, {
    method: "POST", body: body, credentials: "same-origin", cache: "no-store",
    headers: direct ? {} : { "HX-Request": "true" }, redirect: direct ? "manual" : "follow",
    signal: controller ? controller.signal : undefined,
  }).then((response) => {
    if (response.type === "opaqueredirect") return { status: 303, html: "" };
    return response.text().then((html) => ({ status: response.status, html: html }));
  }).finally(() => clearTimeout(timer));
}

// An answer's HTML as a document (for its sheet, or why it was refused).
export function parse(html) {
  return new DOMParser().parseFromString(html || "", "text/html");
}

// Why the server refused a change (its answer's conflict panel or first error).
export function problemOf(doc) {
  const why = doc.querySelector("#conflict .conflict-message, .errorlist li");
  return why ? why.textContent.trim() : "";
}
