// Pyodide under Node for the decision-time benches (bench/ai_pyodide.mjs,
// bench/durak_ai_pyodide.mjs): boots the npm `pyodide` package from
// node_modules (npm ci), copies the given Python packages and bench modules
// into Pyodide's file system and runs a bench module's `main(argv)` there,
// so the same code runs on CPython and in the browser's interpreter.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const work = "/home/pyodide/work";

/**
 * Boot Pyodide, copy `packages` (directories under the repository root, their
 * .py files) and `benchFiles` (files in bench/), then run
 * `from bench.<module> import main; main(argv)`.
 */
export async function runBenchInPyodide({ packages, benchFiles, module, argv }) {
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
  for (const pkg of packages) copyTree(path.join(root, pkg), `${work}/${pkg}`);
  py.FS.mkdirTree(`${work}/bench`);
  for (const f of ["__init__.py", ...benchFiles]) {
    py.FS.writeFile(`${work}/bench/${f}`, fs.readFileSync(path.join(root, "bench", f)));
  }
  console.log(
    `Pyodide ${py.version} booted in ${(bootMs / 1000).toFixed(2)} s; ` +
      `node ${process.version}; load average ${os.loadavg().map((x) => x.toFixed(2)).join(" ")}`,
  );
  py.globals.set("bench_args", py.toPy(argv));
  py.runPython(`
import sys
sys.path.insert(0, "${work}")
from bench.${module} import main
main(list(bench_args))
`);
}
