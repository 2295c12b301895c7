// Compile the .py files of an unpacked wheel to bytecode for the page's Python.
//
//   node scripts/compile_pyc.mjs NODE_MODULES/pyodide DIR
//
// The page's interpreter (Pyodide, Python 3.14) would otherwise compile every
// module of the page's wheel from source at each page load, in the main thread
// and again in the worker. Running the very same Pyodide here under Node writes
// DIR/**/<module>.pyc beside each <module>.py (the layout Python's zipimport
// reads: the page imports straight from the wheel), without docstrings,
// hash-based and unchecked (no file times to compare in an archive): the
// compiling is scripts/bytecode.py's compile_dir, run here in the page's Python.
// Then it imports every module of the wheel and writes the code of the methods
// their dataclasses create to DIR/cardkit/dataclass_code.marshal
// (cardkit/dataclass_code.py: the page runs it instead of compiling them).
import { readFileSync } from "node:fs";
import path from "node:path";

const [pyodideDir, dir] = process.argv.slice(2);
if (!pyodideDir || !dir) {
  console.error("usage: node scripts/compile_pyc.mjs PYODIDE_DIR WHEEL_DIR");
  process.exit(2);
}
const { loadPyodide } = await import(path.resolve(pyodideDir, "pyodide.mjs"));
const py = await loadPyodide({ indexURL: path.resolve(pyodideDir) + path.sep });
py.FS.mkdirTree("/wheel");
py.FS.mount(py.FS.filesystems.NODEFS, { root: path.resolve(dir) }, "/wheel");
// scripts/bytecode.py, beside this script, as a module of the page's Python.
py.FS.mkdirTree("/build");
py.FS.writeFile("/build/bytecode.py", readFileSync(new URL("./bytecode.py", import.meta.url)));
const ok = py.runPython(`
import pathlib, sys
sys.dont_write_bytecode = True  # nothing but the wheel's own files in DIR
sys.path.insert(0, "/build")
from bytecode import compile_dir
compile_dir(pathlib.Path("/wheel"), "/home/pyodide/napoleon.whl") > 0
`);
if (!ok) process.exit(1);
const texts = py.runPython(`
import importlib, pathlib, sys
sys.path.insert(0, "/wheel")
from cardkit.dataclass_code import FILE, dump, recording
root = pathlib.Path("/wheel")
modules = sorted(
    ".".join(p.relative_to(root).with_suffix("").parts).removesuffix(".__init__")
    for package in ("cardkit", "napoleon", "durak")
    for p in (root / package).rglob("*.py")
    if p.name != "__main__.py"
)
with recording() as table:
    for name in modules:
        importlib.import_module(name)
(root / "cardkit" / FILE).write_bytes(dump(table))
len(table)
`);
process.exit(texts > 0 ? 0 : 1);
