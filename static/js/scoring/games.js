// The games this phone scores: each game's package has its own scorer
// (scoresheets/games/<name>/static/scoring.js, served as
// games/<name>/scoring.js, exporting ENGINE); the server lists their URLs
// from its registry (scoresheets/sync/pwa.py, sync_config "games", the default
// first: hashed names in production), and this module loads them all once
// and adds them to ./document.js's ENGINES, in that order. Import it before
// scoring (scores.js does, before sync/pending.js). No game is named here.

import { config } from "../sync/config.js";
import { addEngine } from "./document.js";

const urls = (config && config.games) || [];
const modules = await Promise.all(urls.map((url) => import(url)));
modules.forEach((module) => addEngine(module.ENGINE));
