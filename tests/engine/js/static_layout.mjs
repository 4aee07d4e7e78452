// Run before a test's node script (`node --import ./static_layout.mjs`; the
// Python side: tests/node.py): node then reads the static files as the
// browser is served them (./static_hooks.mjs), and the phone's scorer knows
// every game, as static/js/scoring/games.js makes it on a page. The layout
// comes from the environment, REBELOTE_STATIC (JSON: {folders: [[prefix,
// folder], ...], games: [served name of each game's scorer, ...]}), which
// tests/node.py derives from the settings' own source
// (scoresheets/games/assets.py).

import { register } from "node:module";
import { pathToFileURL } from "node:url";

const layout = JSON.parse(process.env.REBELOTE_STATIC || '{"folders": [], "games": []}');
const folders = layout.folders.map(([prefix, folder]) => [prefix, pathToFileURL(folder).href]);
register("./static_hooks.mjs", import.meta.url, { data: folders });

function urlOf(name) {
  const sorted = [...folders].sort((a, b) => b[0].length - a[0].length);
  for (const [prefix, url] of sorted) {
    const head = prefix ? `${prefix}/` : "";
    if (name.startsWith(head)) return `${url}/${name.slice(head.length)}`;
  }
  throw new Error(`no static folder serves ${name}`);
}

const { addEngine } = await import(urlOf("js/scoring/document.js"));
const modules = await Promise.all(layout.games.map((name) => import(urlOf(name))));
modules.forEach((module) => addEngine(module.ENGINE));
