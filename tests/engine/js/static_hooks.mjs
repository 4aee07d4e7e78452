// Node's module resolution as the browser meets the static files
// (registered by ./static_layout.mjs): a relative import from a file of one
// static folder resolves against that file's served name, then back to the
// folder that serves the target. So a game's scorer
// (scoresheets/games/<name>/static/scoring.js, served as
// games/<name>/scoring.js) imports "../../js/scoring/kernel.js" as the page
// does: static/js/scoring/kernel.js.

let folders = []; // [[served prefix ("" or "games/belote/"), folder's file URL ending in "/"]]

export async function initialize(data) {
  folders = data.map(([prefix, url]) => [prefix ? `${prefix}/` : "", url.endsWith("/") ? url : `${url}/`]);
  // The longest prefixes first: a game's folder before the project's (prefix "").
  folders.sort((a, b) => b[0].length - a[0].length);
}

function servedName(url) {
  for (const [prefix, folder] of folders) if (url.startsWith(folder)) return prefix + url.slice(folder.length);
  return null;
}

function sourceOf(name) {
  for (const [prefix, folder] of folders) if (name.startsWith(prefix)) return folder + name.slice(prefix.length);
  return null;
}

export async function resolve(specifier, context, next) {
  const relative = specifier.startsWith("./") || specifier.startsWith("../");
  const name = relative && context.parentURL ? servedName(context.parentURL) : null;
  if (name !== null) {
    const target = new URL(specifier, `http://static/${name}`).pathname.slice(1);
    const url = sourceOf(target);
    if (url !== null) return next(url, context);
  }
  return next(specifier, context);
}
