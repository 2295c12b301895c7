// The part of the standard library the first screen imports: the site's own
// Pyodide, started under Node as the page starts it, with the page's wheel (its
// sources: scripts/build_site.py's slim_wheel has left out the modules the page
// never imports) on sys.path, imports MODULEs and every module the wheel's code
// names in an import (in a function too), and prints (JSON) the files of python_stdlib.zip that every
// module then loaded came from (scripts/stdlib_first.py says what the page does
// with them).
//
//   node scripts/stdlib_first.mjs PYODIDE_DIR WHEEL MODULE [MODULE ...]
import { readFileSync } from "node:fs";
import path from "node:path";

const [pyodideDir, wheel, ...modules] = process.argv.slice(2);
if (!pyodideDir || !wheel || modules.length === 0) {
  console.error("usage: node scripts/stdlib_first.mjs PYODIDE_DIR WHEEL MODULE [MODULE ...]");
  process.exit(2);
}
const { loadPyodide } = await import(path.resolve(pyodideDir, "pyodide.mjs"));
const py = await loadPyodide({ indexURL: path.resolve(pyodideDir) + path.sep, env: {} });
py.FS.writeFile("/home/pyodide/napoleon.whl", readFileSync(wheel));
// A JSON list of names is a Python literal too.
const files = py.runPython(`
import ast, importlib, json, os, sys, zipfile
sys.path.insert(0, os.path.abspath("napoleon.whl"))
for name in ${JSON.stringify(modules)}:
    importlib.import_module(name)


def imported_by(source):
    """The absolute imports a module's code names, its functions' included."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module


# What the wheel's modules import anywhere, in a function too (the first screen
# may call it): each imported here, its own imports with it.
with zipfile.ZipFile("napoleon.whl") as wheel:
    ours = {n.split("/")[0] for n in wheel.namelist() if n.endswith(".py")}
    named = {
        name
        for entry in wheel.namelist()
        if entry.endswith(".py")
        for name in imported_by(wheel.read(entry))
    }
for name in sorted(named):
    if name.split(".")[0] in ours:
        continue
    try:
        importlib.import_module(name)
    except ImportError:
        pass  # not in the archive (js, pyscript: the page's own)
stdlib = next(p for p in sys.path if p.endswith(".zip") and p.startswith("/lib/")) + "/"
json.dumps(sorted({
    module.__file__[len(stdlib):]
    for module in list(sys.modules.values())
    if (getattr(module, "__file__", None) or "").startswith(stdlib)
}))
`);
process.stdout.write(files);
