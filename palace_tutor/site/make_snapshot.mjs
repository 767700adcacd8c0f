// Build step (host side, offline): the start-up snapshot of the site's worker.
// usage: node make_snapshot.mjs PYODIDE_DIR WORKER_JS PACKAGES_JSON OUT_DIR BUILD_ONLY_REGEX
//
// 1. Install the site's packages the normal way (loadPackage of its lock), run
//    the app once: which shared libraries does Python open? Take an image of
//    those (libs.img) and one of the rest of site-packages (site-packages.img),
//    less what a restored visit never reads: the code of the modules the app
//    has imported (in the memory already; the import system does not look for a
//    module's file again) and what only compilers and type checkers read.
// 2. Start a fresh Pyodide with those libraries loaded in preRun (as the browser
//    will) and all the files written, run the app's code from the worker script,
//    render it (write_doc), and take the memory snapshot. The app must leave
//    nothing pending (timers): what JS would do later is not in the snapshot.
// 3. Restore the snapshot in a third Pyodide, exactly as the browser will, and
//    check that the rendered app, numpy, the libraries' files and the standard
//    library zip (written after the start) are there.
// Writes OUT_DIR/memory.bin (the memory XORed with the WebAssembly's data segment:
// snapshot.js xorBasis), libs.img, site-packages.img, meta.json.
import fs from "node:fs";
import path from "node:path";
import url from "node:url";
import vm from "node:vm";
import { createRequire } from "node:module";

// a failure says what failed, without the minified line of Pyodide that Node would print
for (const event of ["uncaughtException", "unhandledRejection"]) {
  process.on(event, (e) => {
    console.error("make_snapshot failed: " + String((e && e.stack) || e).split("\n").map((l) => l.slice(0, 300)).join("\n"));
    process.exit(1);
  });
}
const [dir, workerJs, packagesJson, out] = process.argv.slice(2, 6).map((p) => path.resolve(p));
// what Python never reads at run time, below site-packages (site_image.py's BUILD_ONLY)
if (!process.argv[6]) throw new Error("usage: make_snapshot.mjs PYODIDE_DIR WORKER_JS PACKAGES_JSON OUT BUILD_ONLY_REGEX");
const BUILD_ONLY = new RegExp(process.argv[6]);
const t0 = performance.now();
const step = (what) => console.log(`  snapshot: ${what} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);

// What the worker has and Node lacks, for imports that look a name up (panel,
// pyodide_http: `from js import XMLHttpRequest`). Pyodide records the path to
// each global Python keeps and resolves it in the browser's worker on restore.
globalThis.XMLHttpRequest ??= class XMLHttpRequest {};
// timers the app leaves pending (they would never fire after a restore)
const pending = new Map();
const realSetTimeout = globalThis.setTimeout, realClearTimeout = globalThis.clearTimeout;
globalThis.setTimeout = (fn, ms, ...args) => {
  const id = realSetTimeout(() => { pending.delete(id); fn(...args); }, ms);
  pending.set(id, `${String(fn).slice(0, 60)} (${ms} ms)`);
  return id;
};
globalThis.clearTimeout = (id) => { pending.delete(id); realClearTimeout(id); };

await import(url.pathToFileURL(path.join(dir, "pyodide.asm.js")).href);
const { loadPyodide } = createRequire(import.meta.url)(path.join(dir, "pyodide.js"));
vm.runInThisContext(fs.readFileSync(new URL("./snapshot.js", import.meta.url), "utf8"));
const S = globalThis.PalaceSnapshot;
const quiet = { stdout: () => {}, stderr: (m) => console.error(m) };

// the app's Python, as the worker runs it (evaluating the template literal undoes its escapes)
const source = fs.readFileSync(workerJs, "utf8");
const literal = source.match(/const code = `([\s\S]*?)`\n/);
if (!literal) throw new Error("no `const code` in the worker script");
const code = (0, eval)("`" + literal[1] + "`");
const RENDER = "await write_doc()";
if (code.split(RENDER).length !== 2) throw new Error(`the app code must end with one ${RENDER}`);

// 1. install, and run the app once to see which shared libraries Python opens
const packages = JSON.parse(fs.readFileSync(packagesJson, "utf8"));
const first = await loadPyodide({ indexURL: dir + "/", ...quiet });
await first.loadPackage(packages, { checkIntegrity: true, messageCallback: () => {} });
const installed = S.listTree(first.FS);  // before the app runs: what the packages put there
await first.runPythonAsync(code);
const opened = Object.entries(S.dlopenHandles(first._module)).sort((a, b) => Number(a[0]) - Number(b[0]));
const libs = [...new Set(opened.map(([, name]) => name))];
const libsImage = S.packTree(first.FS, S.SITE_PACKAGES, libs);
const imported = new Set(JSON.parse(first.runPython(
  "import json, sys\njson.dumps([f for m in list(sys.modules.values()) for f in [getattr(m, '__file__', None)] if isinstance(f, str)])")));
const notLibs = installed.filter((p) => !libs.includes(p));  // their files come from libs.img
const kept = notLibs.filter((p) => !imported.has(p) && !BUILD_ONLY.test(p.slice(S.SITE_PACKAGES.length + 1)));
const image = S.packTree(first.FS, S.SITE_PACKAGES, kept);
// the run that the snapshot is taken of imports everything from the files: all of them
const allFiles = S.packTree(first.FS, S.SITE_PACKAGES, notLibs);
step(`site-packages image ${(image.length / 1e6).toFixed(1)} MB (${kept.length} of ${installed.length} files: ` +
     `${[...imported].filter((p) => p.startsWith(S.SITE_PACKAGES + "/")).length} imported); ` +
     `Python opened ${libs.length} shared libraries`);

// 2. as the browser will: those libraries in preRun, then the files; run the app, take the snapshot
// (given the WebAssembly compiled, to see its memory as instantiated: the data segment at its place, zeros elsewhere)
const wasmBytes = new Uint8Array(fs.readFileSync(path.join(dir, "pyodide.asm.wasm")));
let instantiated = null;
const instantiate = WebAssembly.instantiate;
WebAssembly.instantiate = async (...args) => {
  WebAssembly.instantiate = instantiate;
  const instance = await instantiate(...args);
  const memory = (args[1] && args[1].env && args[1].env.memory) || instance.exports.memory;
  instantiated = new Uint8Array(memory.buffer).slice();
  return instance;
};
let Module = null;
const py = await S.withPreRun((M) => { Module = M; S.loadLibs(M, libs, S.libBytes(libsImage, S.readImage(libsImage), libs)); },
                              () => loadPyodide({ indexURL: dir + "/", _makeSnapshot: true, ...quiet }),
                              WebAssembly.compile(wasmBytes));
WebAssembly.instantiate = instantiate;
// where the data segment went (a visit finds it in the WebAssembly it runs; snapshot.js xorBasis)
const segment = S.dataSegment(wasmBytes);
if (!instantiated) throw new Error("did not see Pyodide's WebAssembly instantiated");
const basisAt = instantiated.findIndex((b) => b !== 0);
const atSegment = Math.max(0, basisAt - segment.findIndex((b) => b !== 0));
if (instantiated.subarray(atSegment, atSegment + segment.length).some((b, k) => b !== segment[k])
    || instantiated.subarray(atSegment + segment.length).some((b) => b !== 0)) {
  throw new Error("the memory as instantiated is not the data segment and zeros");
}
const basis = { at: atSegment, sum: S.checksum(segment) };
S.unpackTree(py.FS, allFiles);
S.unpackTree(py.FS, libsImage);
py.runPython("import gc; gc.disable()");
await py.runPythonAsync(code.replace(RENDER, `${S.RESULT} = ${RENDER}`));
for (let i = 0; i < 50 && pending.size; i++) await new Promise((r) => realSetTimeout(r, 20));
if (pending.size) throw new Error(`the app left timers pending: ${[...pending.values()].join("; ")}`);
py.runPython("import gc; gc.enable(); gc.collect(); gc.freeze()");
const handles = S.dlopenHandles(Module);
const stray = Object.values(handles).filter((name) => !libs.includes(name));
if (stray.length) throw new Error(`Python opened libraries the first run did not: ${stray.join(", ")}`);
const rootIds = py.runPython(`${S.RESULT}[2]`);
// Pyodide checks that this object is as it was at start; the restore fills it again
const loaded = { ...py.loadedPackages };
for (const k of Object.keys(loaded)) delete py.loadedPackages[k];
const whole = py.makeMemorySnapshot({ serializer: S.serialize });
const memory = S.xorBasis(whole.slice(), basis, wasmBytes);  // what the site sends
// a first visit makes the image's files and the standard library zip before it has them
// (snapshot.js onDemandFiles): their names and sizes
const imageListing = S.readImage(image);
const stdlibBytes = new Uint8Array(fs.readFileSync(path.join(dir, "python_stdlib.zip")));
const meta = { libs, handles, loaded_packages: loaded, root_ids: JSON.parse(rootIds), basis,
               image_listing: imageListing, stdlib_size: stdlibBytes.length,
               sums: { memory: S.checksum(memory), libs: S.checksum(libsImage), image: S.checksum(image),
                       stdlib: S.checksum(stdlibBytes) } };
step(`memory ${(memory.length / 1e6).toFixed(1)} MB`);

// 3. restore it as the browser will and look. The standard library too is written after the
// start (Pyodide starts from an empty zip); the zip importer of the snapshot, which keeps the
// archive's directory, must read code from the file written then.
const emptyZip = path.join(path.dirname(workerJs), "empty.zip");
fs.writeFileSync(emptyZip, new Uint8Array(0));
const stdlib = fs.readFileSync(path.join(dir, "python_stdlib.zip"));
const restored = S.xorBasis(memory.slice(), meta.basis, wasmBytes);
if (S.checksum(restored) !== S.checksum(whole)) throw new Error("the memory sent does not give the snapshot back");
const again = await S.restore(loadPyodide, meta, libsImage, restored, image,
                              async () => new Uint8Array(stdlib), emptyZip);
if (again.FS.stat(S.STDLIB_ZIP).size !== 0) throw new Error("Pyodide did not start from the empty standard library zip");
await S.filesReady;
const check = again.runPython(`
import json, os, sys, zipfile, numpy
ids = json.loads(${S.RESULT}[2])
libs = all(os.path.isfile(p) for p in ${JSON.stringify(libs)})  # their files, from libs.img
top = sorted(n[:-4] for n in zipfile.ZipFile("${S.STDLIB_ZIP}").namelist() if n.endswith(".pyc") and "/" not in n)[0]
stdlib = sys.path_importer_cache["${S.STDLIB_ZIP}"].get_code(top).co_filename.endswith(top + ".py")
json.dumps([ids, int(numpy.arange(10).sum()), libs, stdlib], separators=(',', ':'))`);
if (check !== JSON.stringify([meta.root_ids, 45, true, true])) throw new Error(`the restored snapshot is not right: ${check}`);
step("restored and checked");

fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, "memory.bin"), memory);
fs.writeFileSync(path.join(out, "site-packages.img"), image);
fs.writeFileSync(path.join(out, "libs.img"), libsImage);
fs.writeFileSync(path.join(out, "meta.json"), JSON.stringify(meta));
process.exit(0);
