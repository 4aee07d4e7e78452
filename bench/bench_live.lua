-- The phones of bench/bench_live.py, for wrk (one connection = one phone).
--
--   wrk -t1 -c<phones> -d<s> --timeout 5s -s bench/bench_live.lua http://127.0.0.1:<port> \
--       -- <versions file> <threads>
--
-- The versions file has one line per table, "<token> <version>", in table
-- order; bench_live.py rewrites it (atomically) after every hand it enters.
-- Like poll.js, a phone asks /m/<token>/poll/?v=<its version> and waits 2 s
-- after each answer (the first poll at a random moment of the first 2 s).
-- wrk cannot tell which connection an answer belongs to, so a phone learns a
-- table's new version from the file, as it sends the poll that will get the
-- sheet (a 200): its next poll carries the new version and gets a 204.
-- The phones of a table are served by one wrk thread; a request goes to the
-- thread's phones in turn, so each phone polls about every 2 s.

local ffi = require("ffi")
ffi.cdef([[
typedef struct { long tv_sec; long tv_nsec; } bench_timespec;
int clock_gettime(int clock_id, bench_timespec *tp);
]])
local ts = ffi.new("bench_timespec")
local function now()
  ffi.C.clock_gettime(1, ts) -- CLOCK_MONOTONIC
  return tonumber(ts.tv_sec) + tonumber(ts.tv_nsec) * 1e-9
end

local threads = {}
local counter = 0

function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
  table.insert(threads, thread)
end

-- Per thread (globals, so that done() can read them with thread:get).
n200, n204, nother, expected = 0, 0, 0, 0
local versions_file
local phones = {}
local current = {}
local cursor = 0
local delays = 0
local last_read = 0
local headers

local function read_versions()
  local f = io.open(versions_file, "r")
  if not f then return nil end
  local order = {}
  for line in f:lines() do
    local token, version = line:match("^(%S+) (%d+)$")
    if token then
      current[token] = tonumber(version)
      order[#order + 1] = token
    end
  end
  f:close()
  last_read = now()
  return order
end

function init(args)
  versions_file = args[1]
  local nthreads = tonumber(args[2])
  local order = read_versions()
  for i, token in ipairs(order) do
    if (i - 1) % nthreads == id then
      for _ = 1, 4 do
        phones[#phones + 1] = { token = token, version = current[token] }
      end
    end
  end
  headers = {}
  for k, v in pairs(wrk.headers) do headers[k] = v end
  headers["Accept-Encoding"] = "gzip"
  headers["HX-Request"] = "true"
  math.randomseed(1000 + id)
end

function delay()
  delays = delays + 1
  if delays <= #phones then return math.random(0, 2000) end
  return 2000
end

function request()
  if now() - last_read > 0.2 then read_versions() end
  cursor = cursor % #phones + 1
  local phone = phones[cursor]
  local sent = phone.version
  local latest = current[phone.token]
  if latest > sent then
    -- This poll gets the sheet; the phone then knows the new version.
    phone.version = latest
    expected = expected + 1
  end
  return wrk.format("GET", "/m/" .. phone.token .. "/poll/?v=" .. sent, headers)
end

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
  local t = { n200 = 0, n204 = 0, nother = 0, expected = 0 }
  for _, thread in ipairs(threads) do
    for k, _ in pairs(t) do t[k] = t[k] + thread:get(k) end
  end
  local e = summary.errors
  io.write(string.format(
    'BENCH_JSON {"requests": %d, "duration_us": %d, "p50_us": %d, "p95_us": %d, ' ..
    '"p99_us": %d, "max_us": %d, "errors": %d, "timeouts": %d, "n200": %d, ' ..
    '"n204": %d, "nother": %d, "expected200": %d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95),
    latency:percentile(99), latency.max,
    e.connect + e.read + e.write + e.status + e.timeout, e.timeout,
    t.n200, t.n204, t.nother, t.expected))
end
