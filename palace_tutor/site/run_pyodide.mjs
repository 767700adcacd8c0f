// Run a Python script inside Pyodide under Node (host-side build step, offline).
// usage: node run_pyodide.mjs PYODIDE_CORE_DIR SCRIPT.py WORK_DIR
// WORK_DIR is mounted at /work inside Pyodide; the script's last expression is printed.
import { createRequire } from "node:module";
import path from "node:path";
import fs from "node:fs";

const [dir, script, work] = process.argv.slice(2).map((p) => path.resolve(p));
const require = createRequire(import.meta.url);
const { loadPyodide } = require(path.join(dir, "pyodide.js"));
const py = await loadPyodide({ indexURL: dir + "/" });
py.FS.mkdirTree("/work");
py.FS.mount(py.FS.filesystems.NODEFS, { root: work }, "/work");
try {
  console.log(await py.runPythonAsync(fs.readFileSync(script, "utf8")));
} catch (e) {
  console.error(String(e.message ?? e));
  process.exit(1);
}
