// Durak: decision time per computer level inside Pyodide under Node (the browser's interpreter).
//
//   node bench/durak_ai_pyodide.mjs [--games 6] [--levels easy,normal,strong,hint] [--preset perevodnoy]
//   (hint: the Durak hint: the strong player plus its reason)
//
// Like bench/ai_pyodide.mjs (Napoleon's): loads the npm `pyodide` package from
// node_modules, copies the durak and cardkit packages, lab/ (its statistics) and
// bench/durak_ai_timing.py into Pyodide's file system and runs
// `python -m bench.durak_ai_timing` there: the same positions as on CPython.
import { runBenchInPyodide } from "./pyodide_node.mjs";

await runBenchInPyodide({
  packages: ["durak", "cardkit", "lab"],
  benchFiles: ["decision_timing.py", "durak_ai_timing.py"],
  module: "durak_ai_timing",
  argv: process.argv.slice(2),
});
