// Make the page's memory snapshot: the site's own Pyodide, started under Node,
// with the wheel on sys.path and the games' first-screen modules imported, then
// its whole memory written to a file (scripts/snapshot.py says why and how the
// page uses it).
//
//   node scripts/snapshot.mjs PYODIDE_DIR WHEEL OUT MODULE [MODULE ...]
//
// The wheel is written where PyScript writes it in the page (napoleon.whl in the
// working directory, /home/pyodide), so the paths Python keeps (sys.path, each
// module's __file__, zipimport's directory of the archive) are the page's.
// Then cardkit.snapshot.prepare() imports MODULEs and records which wheel they
// came from; nothing touches JavaScript objects (a snapshot can only keep
// references to what a new page has too).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const [pyodideDir, wheel, out, ...modules] = process.argv.slice(2);
if (!pyodideDir || !wheel || !out || modules.length === 0) {
  console.error("usage: node scripts/snapshot.mjs PYODIDE_DIR WHEEL OUT MODULE [MODULE ...]");
  process.exit(2);
}
const { loadPyodide } = await import(path.resolve(pyodideDir, "pyodide.mjs"));
const py = await loadPyodide({
  indexURL: path.resolve(pyodideDir) + path.sep,
  _makeSnapshot: true,
  // What a page's Python sees of these (Node would give its own script's path).
  _sysExecutable: "",
  env: {},
});
py.FS.writeFile("/home/pyodide/napoleon.whl", readFileSync(wheel));
// A JSON list of names is a Python literal too.
py.runPython(`
import os, sys
sys.path.insert(0, os.path.abspath("napoleon.whl"))
from cardkit.snapshot import prepare
prepare(os.path.abspath("napoleon.whl"), ${JSON.stringify(modules)})
del prepare
`);
writeFileSync(out, py.makeMemorySnapshot());
