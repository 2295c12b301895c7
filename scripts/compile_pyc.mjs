// Compile the .py files of an unpacked wheel to bytecode for the page's Python.
//
//   node scripts/compile_pyc.mjs NODE_MODULES/pyodide DIR
//
// The page's interpreter (Pyodide, Python 3.14) would otherwise compile every
// module of napoleon from source at each page load, in the main thread and
// again in the worker. Running the very same Pyodide here under Node writes
// DIR/**/<module>.pyc beside each <module>.py (the layout Python's zipimport
// reads: the page imports straight from the wheel, scripts/bytecode.py),
// hash-based and unchecked (no file times to compare in an archive).
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
const ok = py.runPython(`
import compileall, py_compile
compileall.compile_dir(
    "/wheel", ddir="/home/pyodide/napoleon.whl", quiet=1, workers=1, legacy=True,
    invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
)
`);
process.exit(ok ? 0 : 1);
