// Run a Python script inside real Pyodide under Node, offline, with the project's wheel installed.
// usage: node run_in_pyodide.mjs PYODIDE_CORE_DIR WHEEL SCRIPT.py
// The script's last expression must be a str; it is printed as the last line.
import { createRequire } from "node:module";
import path from "node:path";
import fs from "node:fs";

const [dir, wheel, script] = process.argv.slice(2).map((p) => path.resolve(p));
const require = createRequire(import.meta.url);
const { loadPyodide } = require(path.join(dir, "pyodide.js"));

// no network: an http(s) fetch fails loudly instead of reaching out
const realFetch = globalThis.fetch;
globalThis.fetch = async (url, ...rest) => {
  const u = String(url?.url ?? url);
  if (/^https?:/.test(u)) throw new Error("network blocked: " + u);
  return realFetch(url, ...rest);
};

const t0 = performance.now();
const py = await loadPyodide({ indexURL: dir + "/" });
py.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel");
let out;
try {
  out = await py.runPythonAsync(fs.readFileSync(script, "utf8"));
} catch (e) {
  console.error(String(e.message ?? e));  // the Python traceback, without the JS stack
  process.exit(1);
}
console.error(`pyodide ${py.version}: booted and ran in ${((performance.now() - t0) / 1000).toFixed(2)} s`);
console.log(out);
