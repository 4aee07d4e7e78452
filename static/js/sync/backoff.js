// How long the client waits, from the server's timings (scoresheets/sync/pwa.py,
// TIMINGS_MS: ``t`` below). PURE (tests/engine/js/backoff.test.mjs).

// The wait before the next poll (only while visible and without a live
// stream), ``failures`` polls having failed in a row: poll_visible, or while
// polls fail twice as long each time (4, 8, 16 s...), up to poll_backoff_max.
export function pollDelay(failures, t) {
  const delay = t.poll_visible;
  if (!failures) return delay;
  return Math.min(Math.max(delay, t.poll_visible * Math.pow(2, failures)), t.poll_backoff_max);
}

// The wait before the event stream is opened again after its ``failures``-th
// loss in a row (1, 2...): stream_retry, then twice as long each time up to
// stream_retry_max, scaled by ``draw`` (0 to 1, Math.random()) between half
// and all of it, so that the phones of a restarted server spread out.
export function streamDelay(failures, t, draw) {
  const full = Math.min(t.stream_retry * Math.pow(2, Math.max(0, failures - 1)), t.stream_retry_max);
  return Math.round(full * (0.5 + draw / 2));
}

// The wait before the outbox tries again, after its ``failures``-th failure
// in a row (1, 2...): retry_min, then twice as long each time, up to retry_max.
export function retryDelay(failures, t) {
  return Math.min(t.retry_min * Math.pow(2, Math.max(0, failures - 1)), t.retry_max);
}

// How long a send waits for its answer, ``failures`` sends having failed
// before it: save_timeout, then twice as long each time, up to retry_max (on a
// network slower than the first wait, a later one gets through).
export function sendTimeout(failures, t) {
  return Math.min(t.save_timeout * Math.pow(2, failures), Math.max(t.retry_max, t.save_timeout));
}
