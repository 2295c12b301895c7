// Restores a built site's memory snapshot in that site's own Pyodide under Node, as
// the page does (web/runtime.mjs), writes a wheel where PyScript writes the page's,
// and runs what web/main.py runs first; prints JSON. Used by tests/test_snapshot_build.py.
//
//   node snapshot_restore.mjs SITE_DIR SNAPSHOT_FILE WHEEL MODULE [MODULE ...]
// Prints {"restored": bool, "before": [MODULEs imported before main.py's imports],
//         "after": [MODULEs imported after them], "random": float, "marker": str|null}.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";

const [site, snapshotFile, wheel, ...modules] = process.argv.slice(2);
const pyodideDir = path.resolve(site, "pyodide");
const { loadPyodide } = await import(path.join(pyodideDir, "pyodide.mjs"));
const memory = gunzipSync(readFileSync(path.resolve(site, snapshotFile)));
const py = await loadPyodide({ indexURL: pyodideDir + path.sep, _loadSnapshot: memory });
py.FS.writeFile("/home/pyodide/napoleon.whl", readFileSync(wheel));
const out = py.runPython(`
import json, os, random, sys
WHEEL = os.path.abspath("napoleon.whl")
MODULES = ${JSON.stringify(modules)}
# web/main.py's first steps, then its imports, as the page makes them
if WHEEL not in sys.path:
    sys.path.insert(0, WHEEL)
from cardkit.snapshot import start
restored = start(WHEEL)
before = [m for m in MODULES if m in sys.modules]
import importlib
for name in MODULES:
    importlib.import_module(name)
try:
    from cardkit import snapshot_marker
    marker = snapshot_marker.BUILD
except ImportError:
    marker = None
json.dumps({"restored": restored, "before": before, "after": [m for m in MODULES if m in sys.modules],
            "random": random.random(), "marker": marker})
`);
process.stdout.write(out);
