// What the opponent model costs a decision, inside Pyodide under Node.
//
//   node bench/opponent_model_pyodide.mjs [--matches 4] [--level strong]
//
// Runs bench/opponent_model_cost.py there (see its docstring).
import { runBenchInPyodide } from "./pyodide_node.mjs";

await runBenchInPyodide({
  packages: ["napoleon", "cardkit", "lab"],
  benchFiles: ["decision_timing.py", "opponent_model_cost.py"],
  module: "opponent_model_cost",
  argv: process.argv.slice(2),
});
