// Durak: what reading the other player costs per action inside Pyodide under Node.
//
//   node bench/durak_reader_pyodide.mjs [--games 10] [--preset podkidnoy]
//
// Runs bench/durak_reader_timing.py in Pyodide (bench/pyodide_node.mjs): the same
// games and actions as on CPython.
import { runBenchInPyodide } from "./pyodide_node.mjs";

await runBenchInPyodide({
  packages: ["durak", "cardkit"],
  benchFiles: ["durak_reader_timing.py"],
  module: "durak_reader_timing",
  argv: process.argv.slice(2),
});
