// The decision snapshot (tests/ai/decision_snapshot.py) inside Pyodide under
// Node, the browser's interpreter: the same golden digests as under CPython?
//
//   node scripts/decision_snapshot_pyodide.mjs [--show CASE] [--write: its 3.12+ digests]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const work = "/home/pyodide/work";
const pyodideDir = path.join(root, "node_modules", "pyodide");
const { loadPyodide } = await import(path.join(pyodideDir, "pyodide.mjs"));
const py = await loadPyodide({ indexURL: pyodideDir + path.sep });

function copyTree(src, dst, keep) {
  py.FS.mkdirTree(dst);
  for (const e of fs.readdirSync(src, { withFileTypes: true })) {
    const s = path.join(src, e.name);
    if (e.isDirectory()) {
      if (e.name !== "__pycache__") copyTree(s, `${dst}/${e.name}`, keep);
    } else if (keep(e.name)) {
      py.FS.writeFile(`${dst}/${e.name}`, fs.readFileSync(s));
    }
  }
}
for (const pkg of ["napoleon", "cardkit", "lab"]) {  // lab: the decision streams
  copyTree(path.join(root, pkg), `${work}/${pkg}`, (n) => n.endsWith(".py"));
}
py.FS.mkdirTree(`${work}/bench`);
for (const f of ["__init__.py", "first_bids.py"]) {
  py.FS.writeFile(`${work}/bench/${f}`, fs.readFileSync(path.join(root, "bench", f)));
}
py.FS.mkdirTree(`${work}/tests/ai`);
for (const f of ["decision_snapshot.py", "decision_snapshot.json", "helpers.py"]) {
  py.FS.writeFile(`${work}/tests/ai/${f}`, fs.readFileSync(path.join(root, "tests", "ai", f)));
}
console.log(
  `Pyodide ${py.version}; node ${process.version}; ` +
    `load average ${os.loadavg().map((x) => x.toFixed(2)).join(" ")}`,
);
py.globals.set("snapshot_args", py.toPy(process.argv.slice(2)));
const failed = py.runPython(`
import sys
sys.path.insert(0, "${work}")
from tests.ai.decision_snapshot import main
main(list(snapshot_args))
`);
process.exitCode = failed ? 1 : 0;
if (process.argv.includes("--write")) {
  // the digests were written inside Pyodide's file system: bring them home
  const golden = path.join(root, "tests", "ai", "decision_snapshot.json");
  fs.writeFileSync(golden, py.FS.readFile(`${work}/tests/ai/decision_snapshot.json`));
  console.log(`copied to ${golden}`);
}
