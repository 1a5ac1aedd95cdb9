-- Prints "$" and then a JSON summary in the shape of the-benchmarker's
-- wrk-report.lua (integers; times in microseconds), so that the importer for
-- wrk Lua done() JSON is tested on real output. Written for Benchscope.
done = function(summary, latency, requests)
  local e = summary.errors
  io.write("$")
  io.write(string.format(
    '{"latency":{"min":%d,"max":%d,"mean":%d,"stdev":%d},"requests":%d,"bytes":%d,"duration":%d,' ..
    '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}}\n',
    latency.min, latency.max, latency.mean, latency.stdev, summary.requests, summary.bytes,
    summary.duration, e.connect, e.read, e.write, e.status, e.timeout))
end
