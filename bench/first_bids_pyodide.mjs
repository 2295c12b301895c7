// The AI's import and the computers' opening bids at ?seed=1, inside Pyodide
// under Node (the browser's interpreter): bench/first_bids.py there.
//
//   node bench/first_bids_pyodide.mjs [--level normal] [--seed 1] [--repeat 5]
import { runBenchInPyodide } from "./pyodide_node.mjs";

await runBenchInPyodide({
  packages: ["napoleon", "cardkit"],
  benchFiles: ["first_bids.py"],
  module: "first_bids",
  argv: process.argv.slice(2),
});
