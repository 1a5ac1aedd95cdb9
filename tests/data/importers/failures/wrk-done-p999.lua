-- Prints "$" and a JSON summary in wrk-report.lua's shape (integers; times in
-- microseconds) plus the latency percentiles p50, p99 and p99.9, as some
-- done() scripts do. Written for Benchscope's importer tests.
done = function(summary, latency, requests)
  local e = summary.errors
  io.write("$")
  io.write(string.format(
    '{"latency":{"min":%d,"max":%d,"mean":%d,"stdev":%d,"p50":%d,"p99":%d,"p99.9":%d},"requests":%d,' ..
    '"bytes":%d,"duration":%d,"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}}\n',
    latency.min, latency.max, latency.mean, latency.stdev, latency:percentile(50), latency:percentile(99),
    latency:percentile(99.9), summary.requests, summary.bytes, summary.duration,
    e.connect, e.read, e.write, e.status, e.timeout))
end
