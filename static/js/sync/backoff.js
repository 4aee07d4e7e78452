// How long the client waits, from the server's timings (scoresheets/pwa.py,
// TIMINGS_MS: ``t`` below). PURE (tests/engine/js/backoff.test.mjs).

// The wait before the next poll, ``failures`` polls having failed in a row:
// the usual one (``visible`` or not), or while polls fail twice as long each
// time (visible: 4, 8, 16 s...), up to poll_backoff_max.
export function pollDelay(failures, visible, t) {
  const delay = visible ? t.poll_visible : t.poll_hidden;
  if (!failures) return delay;
  return Math.min(Math.max(delay, t.poll_visible * Math.pow(2, failures)), t.poll_backoff_max);
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
