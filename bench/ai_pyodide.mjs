// Decision time per AI level inside Pyodide under Node (the browser's interpreter).
//
//   node bench/ai_pyodide.mjs [--games 12] [--levels easy,normal,strong]
//   (a level may be a spec of lab.napoleon.variants: --levels strong,strong:ismcts=adjutant)
//
// Loads the npm `pyodide` package from node_modules (npm ci), copies the
// napoleon and cardkit packages, the lab (its statistics and level specs) and
// bench/ai_timing.py into Pyodide's file system and runs
// `python -m bench.ai_timing` there: the same positions as on CPython, every
// decision through napoleon.ai.decide_json (the worker boundary).
import { runBenchInPyodide } from "./pyodide_node.mjs";

await runBenchInPyodide({
  packages: ["napoleon", "cardkit", "lab"],
  benchFiles: ["decision_timing.py", "ai_timing.py"],
  module: "ai_timing",
  argv: process.argv.slice(2),
});
