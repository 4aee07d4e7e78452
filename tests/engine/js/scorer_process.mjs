// The phone's scorer (static/js/scoring/) as a process, for
// tests/engine/test_js_scorer.py: each line read is a JSON array of requests
// {doc, reserve?}; each line written, the array of their answers:
// {match, document} (scoreMatch's and scoreDocument's; {match} alone with a
// reserve carried in), {problems} (a
// MatchError's), {range} (a RangeError's message) or {crash} (anything else
// thrown: a bug). One process scores every document of a test run.

import { createInterface } from "node:readline";

import { MatchError, scoreDocument, scoreMatch } from "../../../static/js/scoring/document.js";
// Every game's scorer is loaded before this runs (./static_layout.mjs, tests/node.py).

function answer({ doc, reserve }) {
  try {
    if (reserve !== undefined) return { match: scoreMatch(doc, { reserve }) };
    return { match: scoreMatch(doc), document: scoreDocument(doc) };
  } catch (error) {
    if (error instanceof MatchError) return { problems: error.problems };
    if (error instanceof RangeError) return { range: error.message };
    return { crash: String(error && error.stack) };
  }
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  process.stdout.write(JSON.stringify(JSON.parse(line).map(answer)) + "\n");
}
