// Hint and review time inside Pyodide under Node (the browser's interpreter).
//
//   node bench/review_pyodide.mjs [--games 6]
//
// Runs `python -m bench.review_timing` there (bench/pyodide_node.mjs): the hint
// per decision (median, p95: within the strong level's 1 s) and the review of
// whole games as the page's worker computes it (within 10 s).
import { runBenchInPyodide } from "./pyodide_node.mjs";

await runBenchInPyodide({
  packages: ["napoleon", "cardkit", "lab"],
  benchFiles: ["decision_timing.py", "review_timing.py"],
  module: "review_timing",
  argv: process.argv.slice(2),
});
