// How long the client waits (static/js/sync/backoff.js), without a browser.

import test from "node:test";
import assert from "node:assert/strict";

import { pollDelay, retryDelay, sendTimeout, streamDelay } from "../../../static/js/sync/backoff.js";

// The production timings (scoresheets/sync/pwa.py, TIMINGS_MS).
const T = {
  poll_visible: 2000, poll_backoff_max: 30000,
  save_timeout: 10000, retry_min: 2000, retry_max: 60000,
  stream_retry: 4000, stream_retry_max: 60000,
};

test("polls: every 2 s; failing, twice as long each time up to 30 s", () => {
  assert.equal(pollDelay(0, T), 2000);
  assert.deepEqual([1, 2, 3, 4, 5].map((n) => pollDelay(n, T)), [4000, 8000, 16000, 30000, 30000]);
});

test("a lost stream comes back after 2 to 4 s, then twice as long each time up to 60 s, with jitter", () => {
  assert.deepEqual([1, 2, 3, 4, 5].map((n) => streamDelay(n, T, 1)), [4000, 8000, 16000, 32000, 60000]);
  assert.deepEqual([1, 6].map((n) => streamDelay(n, T, 0)), [2000, 30000]);
  assert.equal(streamDelay(1, T, 0.5), 3000);
});

test("the outbox retries after 2 s, then twice as long each time, up to 60 s", () => {
  assert.deepEqual([1, 2, 3, 4, 5, 6, 7].map((n) => retryDelay(n, T)), [2000, 4000, 8000, 16000, 32000, 60000, 60000]);
  assert.equal(retryDelay(0, T), 2000);
});

test("each send waits longer for its answer: 10, 20, 40, then 60 s", () => {
  assert.deepEqual([0, 1, 2, 3, 4].map((n) => sendTimeout(n, T)), [10000, 20000, 40000, 60000, 60000]);
});

test("shortened timings (a test's) keep their shape", () => {
  const short = Object.assign({}, T, { poll_visible: 100, poll_backoff_max: 1000, save_timeout: 500, retry_max: 300 });
  assert.deepEqual([0, 1, 2, 3, 4].map((n) => pollDelay(n, short)), [100, 200, 400, 800, 1000]);
  // A first wait longer than retry_max is never shortened.
  assert.deepEqual([0, 1].map((n) => sendTimeout(n, short)), [500, 500]);
});
