// Build step (host side, offline): which modules does the app import to start?
// usage: node probe_imports.mjs PYODIDE_DIR WORKER_JS PACKAGES_JSON OUT_JSON [BEFORE_PY AFTER_PY OUT_BIN [ALSO_PY]]
//
// Installs the site's packages under Node, runs the app's code from the worker
// script up to its first render, and writes the sorted names in sys.modules.
// lazy.py keeps those in the files a first visit loads and moves the rest into
// one archive that the worker fetches at the first import of any of it.
// With BEFORE_PY and AFTER_PY, runs the one before the app and writes the bytes
// the other's last expression gives to OUT_BIN (dataclass_code.py's table).
// With ALSO_PY, runs it after that and before the names are written (what else
// must stay in the files a first visit loads).
import fs from "node:fs";
import path from "node:path";
import url from "node:url";
import { createRequire } from "node:module";

const [dir, workerJs, packagesJson, out, beforePy, afterPy, outBin, alsoPy] = process.argv.slice(2).map((p) => path.resolve(p));
globalThis.XMLHttpRequest ??= class XMLHttpRequest {};  // looked up by name at import (pyodide_http)
await import(url.pathToFileURL(path.join(dir, "pyodide.asm.js")).href);
const { loadPyodide } = createRequire(import.meta.url)(path.join(dir, "pyodide.js"));
const py = await loadPyodide({ indexURL: dir + "/", stdout: () => {}, stderr: (m) => console.error(m) });
await py.loadPackage(JSON.parse(fs.readFileSync(packagesJson, "utf8")), { checkIntegrity: true, messageCallback: () => {} });
const source = fs.readFileSync(workerJs, "utf8");
const literal = source.match(/const code = `([\s\S]*?)`\n/);
if (!literal) throw new Error("no `const code` in the worker script");
if (beforePy) py.runPython(fs.readFileSync(beforePy, "utf8"));
await py.runPythonAsync((0, eval)("`" + literal[1] + "`"));
if (afterPy) fs.writeFileSync(outBin, py.runPython(fs.readFileSync(afterPy, "utf8")).toJs());
if (alsoPy) py.runPython(fs.readFileSync(alsoPy, "utf8"));
fs.writeFileSync(out, py.runPython("import json, sys\njson.dumps(sorted(sys.modules))"));
process.exit(0);
