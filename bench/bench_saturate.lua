-- wrk as fast as it can on one URL (bench_live.py --ratio and --slow): counts
-- the answers by status and prints the figures as one BENCH_JSON line.

local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

n200, n204, nother = 0, 0, 0

function response(status, _, _)
  if status == 204 then
    n204 = n204 + 1
  elseif status == 200 then
    n200 = n200 + 1
  else
    nother = nother + 1
  end
end

function done(summary, latency, _)
  local t = { n200 = 0, n204 = 0, nother = 0 }
  for _, thread in ipairs(threads) do
    for k, _ in pairs(t) do t[k] = t[k] + thread:get(k) end
  end
  local e = summary.errors
  io.write(string.format(
    'BENCH_JSON {"requests": %d, "duration_us": %d, "p50_us": %d, "p95_us": %d, ' ..
    '"p99_us": %d, "max_us": %d, "errors": %d, "timeouts": %d, "n200": %d, ' ..
    '"n204": %d, "nother": %d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95),
    latency:percentile(99), latency.max,
    e.connect + e.read + e.write + e.status + e.timeout, e.timeout,
    t.n200, t.n204, t.nother))
end
