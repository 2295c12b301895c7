// The Pyodide benches: a bench module run inside Pyodide under Node (the
// browser's interpreter), on the same positions as on CPython.
//
//   node bench/pyodide_node.mjs MODULE [args...]      e.g. ai_timing --games 12
//   node bench/pyodide_node.mjs MODULE --help         the module's own arguments
//
// Boots the npm `pyodide` package from node_modules (npm ci), copies into
// Pyodide's file system the packages and the bench modules MODULES names for
// MODULE (their .py files), and runs `from bench.MODULE import main; main(args)`.
// Each module gets exactly the files it imports, no more: what the interpreter
// finds on its path is what it found when the figures in docs/benchmarks.md
// were taken.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const work = "/home/pyodide/work";

const NAPOLEON = ["napoleon", "cardkit", "lab"]; // lab: its statistics and level specs
const DURAK = ["durak", "cardkit", "lab"]; // lab: its statistics (bench.decision_timing)

/**
 * The bench modules this runner knows: the packages (directories under the
 * repository root) and the bench/ modules (besides __init__.py) each imports.
 */
export const MODULES = {
  ai_timing: {
    what: "Napoleon: decision time per level [--games 12] [--levels easy,normal,strong]",
    packages: NAPOLEON,
    bench: ["decision_timing.py", "ai_timing.py"],
  },
  first_bids: {
    what: "Napoleon: the AI's import and the opening bids at ?seed=1 [--level normal] [--repeat 5]",
    packages: ["napoleon", "cardkit"],
    bench: ["first_bids.py"],
  },
  review_timing: {
    what: "Napoleon: hint per decision, review of whole games [--games 6]",
    packages: NAPOLEON,
    bench: ["decision_timing.py", "review_timing.py"],
  },
  hint_drop: {
    what: "Napoleon: a dropped hint's hold on the worker [--games 6]",
    packages: NAPOLEON,
    bench: ["decision_timing.py", "review_timing.py", "hint_drop.py"],
  },
  opponent_model_cost: {
    what: "Napoleon: the opponent model's share of a decision [--matches 4] [--level strong]",
    packages: NAPOLEON,
    bench: ["decision_timing.py", "opponent_model_cost.py"],
  },
  durak_ai_timing: {
    what: "Durak: decision time per level [--games 6] [--levels easy,normal,strong,hint] [--preset P]",
    packages: DURAK,
    bench: ["decision_timing.py", "durak_ai_timing.py"],
  },
  durak_pile_ai_timing: {
    what: "Durak's pile games: decision time [--mode polish] [--players 3] [--levels normal,strong]",
    packages: DURAK,
    bench: ["decision_timing.py", "durak_pile_ai_timing.py"],
  },
  durak_suit_deal_ai_timing: {
    what: "Durak's suit_deal: decision time [--players 3] [--games 4] [--levels normal,strong]",
    packages: DURAK,
    bench: ["decision_timing.py", "durak_suit_deal_ai_timing.py"],
  },
  durak_review_timing: {
    what: "Durak: a whole game's review [--games 6] [--players 2]",
    packages: DURAK,
    bench: ["decision_timing.py", "durak_review_timing.py"],
  },
  durak_reader_timing: {
    what: "Durak: reading the other player, per action [--games 10] [--preset podkidnoy]",
    packages: ["durak", "cardkit"],
    bench: ["durak_reader_timing.py"],
  },
};

function usage() {
  const width = Math.max(...Object.keys(MODULES).map((m) => m.length));
  return [
    "usage: node bench/pyodide_node.mjs MODULE [args...]   (MODULE --help: its arguments)",
    "modules (bench/MODULE.py):",
    ...Object.entries(MODULES).map(([m, { what }]) => `  ${m.padEnd(width)}  ${what}`),
  ].join("\n");
}

/** Boot Pyodide, copy what `module` needs, run its `main(argv)`: the exit status. */
async function run(module, argv) {
  const { packages, bench } = MODULES[module];
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
  for (const f of ["__init__.py", ...bench]) {
    py.FS.writeFile(`${work}/bench/${f}`, fs.readFileSync(path.join(root, "bench", f)));
  }
  console.log(
    `Pyodide ${py.version} booted in ${(bootMs / 1000).toFixed(2)} s; ` +
      `node ${process.version}; load average ${os.loadavg().map((x) => x.toFixed(2)).join(" ")}`,
  );
  py.globals.set("bench_args", py.toPy(argv));
  // The exit status `python -m bench.MODULE` would give: main's return, or a
  // SystemExit's (argparse's --help and its errors) without Pyodide's traceback.
  return py.runPython(`
import sys
sys.path.insert(0, "${work}")
from bench.${module} import main
try:
    status = main(list(bench_args))
except SystemExit as stop:
    status = stop.code
if status is not None and not isinstance(status, int):
    print(status, file=sys.stderr)
    status = 1
status or 0
`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [module, ...argv] = process.argv.slice(2);
  if (module === "-h" || module === "--help") {
    console.log(usage());
  } else if (!Object.hasOwn(MODULES, module ?? "")) {
    if (module !== undefined) console.error(`unknown module: ${module}`);
    console.error(usage());
    process.exitCode = 2;
  } else {
    process.exitCode = await run(module, argv);
  }
}
