// web/runtime.mjs imported in Node beside a stand-in ./pyodide/pyodide.mjs (which
// does nothing), from a scratch folder that goes when the harness ends.
// Used by the harnesses that test runtime.mjs's own functions.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

export async function importRuntime(runtimePath, prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, "pyodide"));
  writeFileSync(join(dir, "runtime.mjs"), readFileSync(runtimePath, "utf-8"));
  writeFileSync(join(dir, "pyodide", "pyodide.mjs"),
    'export const version = "314.0.test";\nexport async function loadPyodide() {}\n');
  return import(pathToFileURL(join(dir, "runtime.mjs")).href);
}
