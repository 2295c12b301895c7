// Durak: decision time per computer level inside Pyodide under Node (the browser's interpreter).
//
//   node bench/durak_ai_pyodide.mjs [--games 6] [--levels easy,normal,strong] [--preset perevodnoy]
//
// Like bench/ai_pyodide.mjs (Napoleon's): loads the npm `pyodide` package from
// node_modules, copies the durak and cardkit packages and bench/durak_ai_timing.py
// into Pyodide's file system and runs `python -m bench.durak_ai_timing` there: the
// same positions as on CPython.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pyodideDir = path.join(root, "node_modules", "pyodide");
const { loadPyodide } = await import(path.join(pyodideDir, "pyodide.mjs"));

const t0 = performance.now();
const py = await loadPyodide({ indexURL: pyodideDir + path.sep });
const bootMs = performance.now() - t0;

function copyTree(src, dst) {
  py.FS.mkdirTree(dst);
  for (const e of fs.readdirSync(src, { withFileTypes: true })) {
    const s = path.join(src, e.name);
    if (e.isDirectory()) {
      if (e.name !== "__pycache__") copyTree(s, `${dst}/${e.name}`);
    } else if (e.name.endsWith(".py")) {
      py.FS.writeFile(`${dst}/${e.name}`, fs.readFileSync(s));
    }
  }
}
const work = "/home/pyodide/work";
copyTree(path.join(root, "durak"), `${work}/durak`);
copyTree(path.join(root, "cardkit"), `${work}/cardkit`);
py.FS.mkdirTree(`${work}/bench`);
for (const f of ["__init__.py", "durak_ai_timing.py"]) {
  py.FS.writeFile(`${work}/bench/${f}`, fs.readFileSync(path.join(root, "bench", f)));
}
console.log(
  `Pyodide ${py.version} booted in ${(bootMs / 1000).toFixed(2)} s; ` +
    `node ${process.version}; load average ${os.loadavg().map((x) => x.toFixed(2)).join(" ")}`,
);
py.globals.set("bench_args", py.toPy(process.argv.slice(2)));
py.runPython(`
import sys
sys.path.insert(0, "${work}")
from bench.durak_ai_timing import main
main(list(bench_args))
`);
