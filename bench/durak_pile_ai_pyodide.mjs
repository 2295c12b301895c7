// Durak's pile games (docs/rules/durak.md §3.6): decision time per computer level inside Pyodide under Node.
//
//   node bench/durak_pile_ai_pyodide.mjs --mode polish [--players 3] [--games 4] [--levels normal,strong]
//
// Like bench/durak_ai_pyodide.mjs: copies the durak and cardkit packages,
// lab/ (its statistics) and bench/durak_pile_ai_timing.py into Pyodide's file system
// and runs `python -m bench.durak_pile_ai_timing` there: the same positions as on CPython.
import { runBenchInPyodide } from "./pyodide_node.mjs";

await runBenchInPyodide({
  packages: ["durak", "cardkit", "lab"],
  benchFiles: ["decision_timing.py", "durak_pile_ai_timing.py"],
  module: "durak_pile_ai_timing",
  argv: process.argv.slice(2),
});
