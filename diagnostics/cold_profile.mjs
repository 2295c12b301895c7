// Where the page's Python spends its time before the readiness mark, inside
// Pyodide under Node (the browser's interpreter, without the browser).
//
//   node diagnostics/cold_profile.mjs [SITE_DIR] [--repeat 5] [--gc-on] [--with-ai] [--also MOD,MOD] [--classes] [--profile [--sort cumulative]]
//                               [--compile-dataclasses] [--game napoleon|durak]
//
// Each repeat boots a fresh Pyodide (a cold page has no imported module), then
//   1. unpacks a one-module wheel the way PyScript does (interpreter.unpackArchive
//      into "."), which imports Pyodide's package loader as the bare page does;
//   2. writes the site's napoleon wheel as it is and puts it on sys.path, as the
//      page does (web/pyscript.toml, web/main.py: zipimport; the part the bare
//      page lacks), and installs the dataclasses' code the build compiled, as
//      web/main.py does (cardkit.dataclass_code; --compile-dataclasses leaves it
//      out: dataclasses compile their methods at import, as before);
//   3. imports what the first screen needs (FIRST_SCREEN_IMPORTS),
//      timing every module's own import (like python -X importtime: self and
//      cumulative ms), and the time spent creating dataclasses (each one execs
//      the source of its generated methods); --with-ai adds the AI's import,
//      which the page's first computer decision makes before the human's first;
//      --classes lists each dataclass's own time; --also imports more modules after
//      them (e.g. --also hashlib: what the page's first save would add; it is made
//      after the first decision since napoleon.ui_dom.app.App._save).
// The cyclic garbage collector is paused during step 3, as web/main.py does;
// --gc-on leaves it running (what it costs there). Prints medians over the repeats. --profile adds a cProfile of step 3 (one run,
// left out of the medians), sorted by --sort (tottime, or cumulative).
// The DOM is not there, so main() itself is not run: bench.page_load measures
// the whole page in Chromium.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const VALUED = ["--repeat", "--sort", "--also", "--game"];
const positional = args.filter((a, i) => !a.startsWith("--") && !VALUED.includes(args[i - 1]));
const site = path.resolve(positional[0] ?? path.join(root, "site"));
const repeat = Number(option("--repeat", "5"));
const pyodideDir = path.join(root, "node_modules", "pyodide");
const { loadPyodide } = await import(path.join(pyodideDir, "pyodide.mjs"));

const wheelName = fs.readdirSync(site).find((n) => n.endsWith(".whl"));
const wheel = new Uint8Array(fs.readFileSync(path.join(site, wheelName)));
// The bare page's one-function wheel, written by bench.table_vs_bare's own code.
const bareWheel = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "cold-profile-")), "hello.whl");
execFileSync("python3", ["-c", `from pathlib import Path; from bench.table_vs_bare import write_bare_wheel; write_bare_wheel(Path(${JSON.stringify(bareWheel)}))`], { cwd: root });
const bare = new Uint8Array(fs.readFileSync(bareWheel));

const IMPORT_TIMER = `
import sys, time
_bootstrap = sys.modules["_frozen_importlib"]
_orig = _bootstrap._find_and_load
_stack = [0.0]
times = {}
def _timed(name, import_):
    if name in sys.modules:
        return _orig(name, import_)
    _stack.append(0.0)
    t0 = time.perf_counter()
    try:
        return _orig(name, import_)
    finally:
        total = time.perf_counter() - t0
        children = _stack.pop()
        _stack[-1] += total
        times[name] = (total - children, total)
_bootstrap._find_and_load = _timed
import dataclasses
_process_class = dataclasses._process_class
dataclass_ms = []
def _timed_class(cls, *args, **kwargs):
    t0 = time.perf_counter()
    try:
        return _process_class(cls, *args, **kwargs)
    finally:
        dataclass_ms.append((cls.__module__ + "." + cls.__qualname__, (time.perf_counter() - t0) * 1000))
dataclasses._process_class = _timed_class
import gc
collections = []
def _gc_timer(phase, info, _start=[0.0]):
    if phase == "start":
        _start[0] = time.perf_counter()
    else:
        collections.append((time.perf_counter() - _start[0]) * 1000)
gc.callbacks.append(_gc_timer)
${flag("--gc-on") ? "" : "gc.disable()  # as web/main.py does while the first screen is built"}
`;

// A Python error's stack holds the whole minified runtime: print its message only.
process.on("uncaughtException", (err) => {
  console.error(String(err.message ?? err).slice(0, 4000));
  process.exit(1);
});

// What the page imports before the readiness mark: web/main.py's import, then
// what main() imports on a first visit (the save module for the saved match,
// the settings' strings on the first lookup of a string).
// --game durak: the Durak page's (durak.ui_dom.app imports its save module).
const GAME = option("--game", "napoleon");
const FIRST_SCREEN_IMPORTS = `
import ${GAME}.ui_dom.app
import ${GAME}.ui_dom.persist
from ${GAME}.ui_dom.i18n import catalog
catalog()
${flag("--with-ai") ? `import ${GAME}.ai` : ""}
${option("--also", "").split(",").filter(Boolean).map((m) => `import ${m}`).join("\n")}
`;

const runs = [];
for (let r = 0; r < repeat; r++) {
  const py = await loadPyodide({ indexURL: pyodideDir + path.sep });
  py.FS.mkdirTree("/home/pyodide");
  py.FS.chdir("/home/pyodide");
  let t = performance.now();
  py.unpackArchive(bare, "whl", { extractDir: "." });
  const bareMs = performance.now() - t;
  t = performance.now();
  py.FS.writeFile("napoleon.whl", wheel);
  py.runPython(`import os, sys; sys.path.insert(0, os.path.abspath("napoleon.whl"))`);
  const unpackMs = performance.now() - t;
  t = performance.now();
  const texts = flag("--compile-dataclasses")
    ? 0
    : py.runPython(`from cardkit.dataclass_code import install; install()`);
  const installMs = performance.now() - t;
  py.runPython(IMPORT_TIMER);
  const profile = flag("--profile") && r === 0;
  t = performance.now();
  if (profile) {
    py.runPython(`
import cProfile, pstats, io
_sort = "${option("--sort", "tottime")}"
_p = cProfile.Profile()
_p.enable()
${FIRST_SCREEN_IMPORTS}
_p.disable()
_s = io.StringIO()
pstats.Stats(_p, stream=_s).sort_stats(_sort).print_stats(40)
print(_s.getvalue())
`);
  } else {
    py.runPython(FIRST_SCREEN_IMPORTS);
  }
  const importMs = performance.now() - t;
  const kept = flag("--compile-dataclasses") ? null : JSON.parse(py.runPython(
    "import json; from cardkit.dataclass_code import counts; json.dumps(counts)",
  ));
  const times = py.runPython(
    "import json; json.dumps({k: [round(a*1000, 2), round(b*1000, 2)] for k, (a, b) in times.items()})",
  );
  const gcMs = py.runPython("sum(collections)");
  const gcCount = py.runPython("len(collections)");
  const classMs = py.runPython("sum(ms for _, ms in dataclass_ms)");
  const classes = JSON.parse(py.runPython("json.dumps(dataclass_ms)"));
  runs.push({ bareMs, unpackMs, installMs, texts, kept, importMs, gcMs, gcCount, classMs, classes, times: JSON.parse(times), profile });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const clean = runs.filter((r) => !r.profile);
const use = clean.length ? clean : runs;
console.log(`${GAME}'s first screen; ${wheelName}: ${(wheel.length / 1024).toFixed(0)} KB; ${use.length} runs; load ${os.loadavg()[0].toFixed(2)}`);
console.log(`unpack bare wheel (first, loads the unpacker): ${median(use.map((r) => r.bareMs)).toFixed(1)} ms`);
console.log(`write napoleon wheel, on sys.path:               ${median(use.map((r) => r.unpackMs)).toFixed(1)} ms`);
console.log(
  `dataclasses' code installed (${use[0].texts} texts):    ${median(use.map((r) => r.installMs)).toFixed(1)} ms` +
    (flag("--compile-dataclasses")
      ? " (--compile-dataclasses: not installed)"
      : `; used for ${use[0].kept.kept} dataclasses, ${use[0].kept.compiled} compiled here`),
);
console.log(`first-screen imports:                            ${median(use.map((r) => r.importMs)).toFixed(1)} ms`);
console.log(
  `  of which garbage collections (${flag("--gc-on") ? "collector on" : "collector paused, as web/main.py"}): ` +
    `${median(use.map((r) => r.gcCount))} taking ${median(use.map((r) => r.gcMs)).toFixed(1)} ms`,
);
console.log(
  `  of which creating ${use[0].classes.length} dataclasses:            ${median(use.map((r) => r.classMs)).toFixed(1)} ms ` +
    `(${use[0].classes.map(([n]) => n.replace(/^.*\./, "")).join(" ")})`,
);
if (flag("--classes")) {
  for (const [i, [n]] of use[0].classes.entries()) {
    console.log(`${median(use.map((r) => r.classes[i]?.[1] ?? 0)).toFixed(2).padStart(7)}  dataclass ${n}`);
  }
}
const names = Object.keys(use[0].times);
const rows = names.map((n) => [n, median(use.map((r) => r.times[n]?.[0] ?? 0)), median(use.map((r) => r.times[n]?.[1] ?? 0))]);
rows.sort((a, b) => b[1] - a[1]);
console.log("self ms  cumulative ms  module");
for (const [n, self, cum] of rows) {
  console.log(`${self.toFixed(2).padStart(7)}  ${cum.toFixed(2).padStart(13)}  ${n}`);
}
