-- wrk script for pz-web: POST /api/sudoku/solve with one of a few puzzles
-- per request (docs/BENCHMARKS.md, "pz-web"); non-2xx answers and socket
-- errors are counted in the last line.
local puzzles = {
  "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
  "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
  "........4....4.578...9.7....7..9..8....7..4.2.821.5...5.....9.12..43.....6...8...",
}
local i = 0
request = function()
  i = i + 1
  return wrk.format("POST", "/api/sudoku/solve", {["Content-Type"] = "application/json"},
                    '{"puzzle": "' .. puzzles[i % #puzzles + 1] .. '"}')
end
done = function(summary, latency, requests)
  io.write(string.format("requests %d, non-2xx or socket errors %d, p50 %.2f ms, p99 %.2f ms, %.0f req/s\n",
    summary.requests, summary.errors.status + summary.errors.connect + summary.errors.read +
    summary.errors.write + summary.errors.timeout, latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, summary.requests / (summary.duration / 1e6)))
end
