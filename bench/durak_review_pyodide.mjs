// Durak: a whole game's review time inside Pyodide under Node (the browser's interpreter).
//
//   node bench/durak_review_pyodide.mjs [--games 6] [--players 2]
//
// Runs `python -m bench.durak_review_timing` there (bench/pyodide_node.mjs): the same
// records as on CPython, reviewed step by step as the page's worker does it.
import { runBenchInPyodide } from "./pyodide_node.mjs";

await runBenchInPyodide({
  packages: ["durak", "cardkit", "lab"],
  benchFiles: ["decision_timing.py", "durak_review_timing.py"],
  module: "durak_review_timing",
  argv: process.argv.slice(2),
});
