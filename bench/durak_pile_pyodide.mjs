// Durak's pile games: decision time per computer level inside Pyodide under Node.
//
//   node bench/durak_pile_pyodide.mjs [--mode heap] [--games 3] [--levels normal,strong] [--caps]
//
// Like bench/durak_ai_pyodide.mjs: copies the durak and cardkit packages and
// bench/durak_pile_timing.py into Pyodide's file system and runs
// `python -m bench.durak_pile_timing` there: the same positions as on CPython.
import { runBenchInPyodide } from "./pyodide_node.mjs";

await runBenchInPyodide({
  packages: ["durak", "cardkit"],
  benchFiles: ["decision_timing.py", "durak_pile_timing.py"],
  module: "durak_pile_timing",
  argv: process.argv.slice(2),
});
