// Palace Tutor start-up snapshot: shared by the build (Node, which makes it;
// palace_tutor/site/make_snapshot.mjs), the site's worker (which restores it: on
// a first visit fetched from the site, later from the service worker's cache) and
// the service worker (which stores it). The build copies this file into both scripts.
//
// A Pyodide memory snapshot holds the WebAssembly memory and nothing else.
// What lives outside that memory is rebuilt here before the memory goes back:
//  * the shared libraries Python opened (numpy's): their code and function-table
//    slots are not in memory. They are loaded in a preRun hook, before the
//    runtime starts, in the same order at build and at restore, so they land
//    at the same addresses and table slots both times;
//  * the files of site-packages (Emscripten's file system lives in JS), from
//    one image of the folder, and the standard library's zip. Everything Python
//    needed to start is already in memory, so they are written while the page
//    draws (filesReady); Pyodide is given an empty zip to start with;
//  * JS objects that Python held when the snapshot was taken: Pyodide finds
//    globals again by their path (js.JSON ...); functions defined from source
//    (pyodide.code.run_js) are defined again from it.
(function (root) {
  "use strict";
  const SITE_PACKAGES = "/lib/python3.12/site-packages";
  const STDLIB_ZIP = "/lib/python312.zip";  // where Pyodide puts python_stdlib.zip (on sys.path)
  // site files of a snapshot
  const FILES = {meta: "pyodide/snapshot.json", memory: "pyodide/snapshot-memory.bin",
                 libs: "pyodide/snapshot-libs.img", image: "pyodide/snapshot-site-packages.img"};
  // where the service worker stores them decoded (the memory whole, the description
  // saying so): paths the site never serves, so that its answers to the site's own
  // requests stay the site's files
  const stored = (file) => file.replace("pyodide/", "pyodide/stored/");
  // the Python global holding what write_doc() returned when the snapshot was taken
  const RESULT = "_pt_rendered";

  // every file below dir (absolute paths, sorted)
  function listTree(FS, dir = SITE_PACKAGES) {
    const out = [];
    (function walk(d) {
      for (const name of FS.readdir(d).sort()) {
        if (name === "." || name === "..") continue;
        const path = d + "/" + name;
        if (FS.isDir(FS.stat(path).mode)) walk(path);
        else out.push(path);
      }
    })(dir);
    return out;
  }

  // image: u32 header length, header (JSON [[path, offset, size], ...]), file bytes.
  // Of the whole folder, or of the files ``only`` (absolute paths).
  function packTree(FS, dir = SITE_PACKAGES, only = null) {
    const files = [], chunks = [];
    let size = 0;
    const add = (path) => {
      const data = FS.readFile(path);
      files.push([path.slice(dir.length + 1), size, data.length]);
      chunks.push(data);
      size += data.length;
    };
    (only || listTree(FS, dir)).forEach(add);
    const header = new TextEncoder().encode(JSON.stringify(files));
    const out = new Uint8Array(4 + header.length + size);
    new DataView(out.buffer).setUint32(0, header.length, true);
    out.set(header, 4);
    let at = 4 + header.length;
    for (const c of chunks) { out.set(c, at); at += c.length; }
    return out;
  }

  // the image's file list, checked against its length (a damaged image fails here, before Pyodide starts)
  function readImage(image) {
    const headerLength = new DataView(image.buffer, image.byteOffset).getUint32(0, true);
    const files = JSON.parse(new TextDecoder().decode(image.subarray(4, 4 + headerLength)));
    const base = 4 + headerLength;
    if (!filesFit(files, image.length - base)) throw new Error("damaged site-packages image");
    return {files, base};
  }

  // an image's file list: relative paths inside it, each within ``room`` bytes
  function filesFit(files, room) {
    return Array.isArray(files) && files.every(([rel, offset, size]) =>
      typeof rel === "string" && !rel.startsWith("/") && !rel.includes("..") && offset >= 0 && size >= 0
      && offset + size <= room);
  }

  function unpackTree(FS, image, dir = SITE_PACKAGES, listing = readImage(image)) {
    const made = new Set();
    for (const [rel, offset, size] of listing.files) {
      const path = dir + "/" + rel, parent = path.slice(0, path.lastIndexOf("/"));
      if (!made.has(parent)) { FS.mkdirTree(parent); made.add(parent); }
      // canOwn: the file system keeps a view into the image instead of a copy
      const at = listing.base + offset;
      FS.writeFile(path, image.subarray(at, at + size), {canOwn: true});
    }
    return listing.files.length;
  }

  // the bytes of the shared libraries ``libs`` (absolute paths) in the image
  function libBytes(image, listing, libs) {
    const at = new Map(listing.files.map(([rel, offset, size]) => [SITE_PACKAGES + "/" + rel, [offset, size]]));
    return libs.map((path) => {
      if (!at.has(path)) throw new Error("the image has no " + path);
      const [offset, size] = at.get(path);
      return image.subarray(listing.base + offset, listing.base + offset + size);
    });
  }

  // What Emscripten's loadDynamicLibrary does for a first load with local symbols,
  // never unloaded (as Pyodide's loadDynlib asks), synchronous so that it finishes
  // inside preRun, from bytes or an already compiled WebAssembly.Module.
  function loadLibs(Module, libs, binaries) {
    libs.forEach((path, i) => {
      const dso = Module.newDSO(path, undefined, "loading");
      dso.refcount = Infinity;
      dso.global = false;
      const exports = Module.loadWebAssemblyModule(binaries[i], {loadAsync: false, global: false, nodelete: true,
                                                                 allowUndefined: true}, path, {});
      dso.exports = exports;
      const base = path.slice(path.lastIndexOf("/") + 1);
      Module.LDSO.loadedLibsByName[base] ||= dso;
    });
  }

  // Run start() (which calls loadPyodide) with hook(Module) added to Emscripten's
  // preRun. An error in the hook rejects loadPyodide (Emscripten would only log it
  // and never finish starting). ``wasm``: a promise of pyodide.asm.wasm already
  // compiled, instantiated instead of Pyodide's own fetch and compile; if that
  // fails, loadPyodide rejects (Pyodide's own would only warn and never finish).
  // With ``wasm``, Pyodide must not fetch the file itself: it starts that fetch
  // when it makes its settings, before _createPyodideModule, unless a global
  // WasmOffsetConverter exists (a debugging build's; pyodide.asm.js never reads
  // it). Unread, that response still streamed 10 MB through the service worker
  // while the memory was restored.
  async function withPreRun(hook, start, wasm = null) {
    const create = root._createPyodideModule;
    if (typeof create !== "function") throw new Error("pyodide.asm.js must be loaded first");
    let failed = null;
    const guarded = (M) => { try { hook(M); } catch (e) { failed = e; } };
    root._createPyodideModule = async (settings) => {
      root._createPyodideModule = create;  // once: a later loadPyodide is a normal one
      settings.preRun = [guarded, ...(settings.preRun || [])];  // preRun hooks run last to first
      let notStarted;
      const failedToStart = new Promise((_, reject) => { notStarted = reject; });
      if (wasm) {
        settings.instantiateWasm = (imports, success) => {
          wasm.then((module) => WebAssembly.instantiate(module, imports).then((instance) => success(instance, module)))
            .catch((e) => notStarted(new Error("Pyodide's WebAssembly did not start: " + (e && e.message || e))));
          return {};
        };
      }
      const Module = await Promise.race([create(settings), failedToStart]);
      if (failed) throw failed;
      return Module;
    };
    const hadConverter = "WasmOffsetConverter" in root;
    if (wasm && !hadConverter) root.WasmOffsetConverter = function WasmOffsetConverter() {};
    try {
      return await start();
    } finally {
      if (wasm && !hadConverter) delete root.WasmOffsetConverter;
      root._createPyodideModule = create;
    }
  }

  // A fast 32-bit checksum of every byte, with the length: the build records it
  // for each part and a visit restores only parts that match, so a damaged or
  // truncated cache entry is caught before Pyodide sees it (a memory shorter
  // than the WebAssembly module's minimum would make Pyodide wait forever).
  function checksum(bytes) {
    const words = Math.floor(bytes.length / 4);
    const w = bytes.byteOffset % 4 === 0 ? new Uint32Array(bytes.buffer, bytes.byteOffset, words)
                                          : new Uint32Array(bytes.slice(0, words * 4).buffer);
    let h = 0x811c9dc5 | 0;
    for (let i = 0; i < words; i++) h = Math.imul(h ^ w[i], 0x01000193);
    for (let i = words * 4; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
    return (h >>> 0).toString(16).padStart(8, "0") + ":" + bytes.length;
  }

  function checkSums(meta, parts) {
    for (const [name, bytes] of Object.entries(parts)) {
      const want = meta.sums && meta.sums[name], got = checksum(bytes);
      if (want !== got) throw new Error(`damaged snapshot: ${name} is ${got}, the build made ${want}`);
    }
  }

  // The memory a snapshot holds starts as the WebAssembly's one data segment, which
  // pyodide.asm.wasm brings anyway: the build sends the memory XORed with that segment
  // (where Python left it unchanged, zeros, which compress to nothing: 1 MB less with
  // brotli) and a visit XORs it back with the segment of the WebAssembly it runs.
  // meta.basis: where the segment lies in memory and its checksum (another WebAssembly:
  // refused, and the visit starts the normal way).
  function dataSegment(wasmBytes) {
    const b = wasmBytes;
    let i = 8;
    const leb = () => {
      let result = 0, shift = 0, byte;
      do { byte = b[i++]; result += (byte & 0x7f) * 2 ** shift; shift += 7; } while (byte & 0x80);
      return result;
    };
    if (b.length < 8 || b[0] !== 0 || b[1] !== 0x61 || b[2] !== 0x73 || b[3] !== 0x6d) throw new Error("not WebAssembly");
    while (i < b.length) {
      const id = b[i++], size = leb(), end = i + size;
      if (id === 11) {  // the data section: one active segment of memory 0, at an offset from a constant or global
        if (leb() !== 1 || leb() !== 0) throw new Error("the WebAssembly's data is not one active segment");
        const op = b[i++];
        if (op !== 0x41 && op !== 0x23) throw new Error("the data segment's offset is not a constant or a global");
        leb();
        if (b[i++] !== 0x0b) throw new Error("the data segment's offset is not one instruction");
        const length = leb();
        if (i + length > end) throw new Error("the data segment runs past its section");
        return b.subarray(i, i + length);
      }
      i = end;
    }
    throw new Error("the WebAssembly has no data section");
  }

  // XOR the data segment into the snapshot's memory (Pyodide's snapshot: a header, then the
  // memory). The same call undoes itself: the build makes the delta with it, a visit restores.
  function xorBasis(snapshot, basis, wasmBytes) {
    const segment = dataSegment(wasmBytes);
    if (!basis || checksum(segment) !== basis.sum) throw new Error("the snapshot was made for another pyodide.asm.wasm");
    const header = new DataView(snapshot.buffer, snapshot.byteOffset).getUint32(4, true);
    const at = snapshot.byteOffset + header + basis.at;
    if (header + basis.at + segment.length > snapshot.length) throw new Error("damaged snapshot: shorter than its memory");
    const words = at % 4 === 0 ? Math.floor(segment.length / 4) : 0;
    if (words) {  // as words (the segment copied: it need not be aligned in the file)
      const seg32 = new Uint32Array(segment.slice(0, words * 4).buffer), mem32 = new Uint32Array(snapshot.buffer, at, words);
      for (let k = 0; k < words; k++) mem32[k] ^= seg32[k];
    }
    for (let k = words * 4; k < segment.length; k++) snapshot[header + basis.at + k] ^= segment[k];
    return snapshot;
  }

  // pyodide.asm.wasm fetched once: compiled as it streams in, and with ``withBytes`` its
  // bytes (for xorBasis). Without, the response goes to the compiler whole, which lets
  // Chromium use the compiled code it cached for it (a clone of it made a repeat visit
  // compile again: 1 s more)
  // Pyodide's JS, loaded once in the worker. A second try before giving up: a load that
  // failed once (seen once in a CI run, from 127.0.0.1 under load) must not cost the
  // snapshot start, which would then start normally, seconds slower.
  function loadPyodideJs(indexURL) {
    if (typeof root._createPyodideModule === "function") return;
    try {
      root.importScripts(indexURL + "pyodide.asm.js");
    } catch (e) {
      console.warn("Palace Tutor: loading pyodide.asm.js again (" + (e && e.message || e) + ")");
      root.importScripts(indexURL + "pyodide.asm.js");
    }
  }

  function fetchWasm(url, withBytes) {
    const response = fetch(url).then((r) => { if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`); return r; });
    const bytes = withBytes ? response.then((r) => r.clone().arrayBuffer()).then((b) => new Uint8Array(b)) : null;
    const compileBytes = () => (bytes || fetch(url).then((r) => r.arrayBuffer())).then((b) => WebAssembly.compile(b));
    const module = response.then((r) => WebAssembly.compileStreaming(r)).catch(compileBytes);
    module.catch(() => {});  // a failure shows where it is awaited
    if (bytes) bytes.catch(() => {});
    return {module, bytes};
  }

  // A snapshot part as the site serves it: ``url`` with brotli or gzip on the wire, which
  // the browser decodes (palace-tutor serve and the documented hosts pick the precompressed
  // copy); from a host that sends it plain, its gzipped copy ``url``.gz instead, unzipped here.
  async function fetchPart(url, init = {}) {
    const resp = await fetch(url, init);
    if (!resp.ok) throw new Error(`${url}: HTTP ${resp.status}`);
    const coding = resp.headers.get("Content-Encoding");
    if (coding && coding !== "identity") return new Uint8Array(await resp.arrayBuffer());
    if (resp.body) resp.body.cancel().catch(() => {});
    if (typeof DecompressionStream === "undefined") throw new Error(`${url}: sent plain, and no DecompressionStream`);
    const gz = await fetch(url + ".gz", init);
    if (!gz.ok) throw new Error(`${url}.gz: HTTP ${gz.status}`);
    const bytes = new Uint8Array(await gz.arrayBuffer());
    if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;  // a host that sent it as gzip encoding: decoded already
    return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  }

  function serialize(obj) {
    const source = typeof obj === "function" ? Function.prototype.toString.call(obj) : "";
    if (/^\s*(\(|function\b|async\b|[A-Za-z_$][\w$]*\s*=>)/.test(source) && !/\[native code\]/.test(source)) {
      return {source};
    }
    throw new Error("the snapshot cannot hold this JS object: " + String(obj).slice(0, 120));
  }

  function deserialize(data) {
    return (0, eval)("(" + data.source + ")");
  }

  // dlopen handles Python got at build time, for dlsym after the restore
  function dlopenHandles(Module) {
    const out = {};
    for (const [handle, dso] of Object.entries(Module.LDSO.loadedLibsByHandle)) {
      if (Number(handle) !== 0) out[handle] = dso.name;
    }
    return out;
  }

  // Pyodide as the snapshot left it. ``libs``: the image of the shared libraries;
  // ``image``: the image of site-packages (without those libraries: their files
  // come from ``libs``); ``readStdlib()``: a promise of python_stdlib.zip's bytes
  // (null for both: the caller makes those files itself, as onDemandFiles does).
  // Everything Python needed to start is in memory, so the files are written
  // after the rendered page is sent, while the page draws: nothing may make
  // Python import a module before api.filesReady. Until then the standard
  // library is an empty file from ``emptyStdlib`` (a URL or path Pyodide can
  // read): Pyodide waits for that file before it starts, and the real one is
  // 7 MB more to read on the way to the first page. Python's zip importer keeps
  // the archive's directory from the snapshot and opens the file only to import.
  async function restore(loadPyodide, meta, libs, memory, image, readStdlib, emptyStdlib, wasm = null) {
    // compiling the libraries in the background, before Pyodide starts, shortens the preRun
    const compiled = await Promise.all(libBytes(libs, readImage(libs), meta.libs).map((b) => WebAssembly.compile(b)));
    let Module = null;
    const py = await withPreRun((M) => { Module = M; loadLibs(M, meta.libs, compiled); },
                                () => loadPyodide({_loadSnapshot: memory, _snapshotDeserializer: deserialize,
                                                   stdLibURL: emptyStdlib}), wasm);
    for (const [handle, name] of Object.entries(meta.handles || {})) {
      Module.LDSO.loadedLibsByHandle[handle] = Module.LDSO.loadedLibsByName[name];
    }
    Object.assign(py.loadedPackages, meta.loaded_packages);
    if (!py.globals.has(RESULT)) throw new Error("the snapshot holds no rendered app");
    // the snapshot fixed the random module's state: give this visit its own
    py.runPython("import sys\nif 'random' in sys.modules: sys.modules['random'].seed()");
    // after a turn of the event loop: the worker first sends the rendered page
    // (the libraries' files first: an image that cannot be read leaves the rest in place)
    api.filesReady = new Promise((r) => setTimeout(r, 0))
      .then(() => { unpackTree(py.FS, libs); })
      .then(() => image)  // bytes, or null (a first visit's: onDemandFiles)
      .then((bytes) => { if (bytes !== null) unpackTree(py.FS, bytes); })
      .catch((e) => console.error("Palace Tutor: site-packages files not written:", e))
      .then(readStdlib)
      .then((zip) => { if (zip !== null) py.FS.writeFile(STDLIB_ZIP, zip, {canOwn: true}); })
      .catch((e) => console.error("Palace Tutor: the standard library zip not written:", e));
    return py;
  }

  // restore() in the site's worker: the standard library comes from the site
  // (the service worker's cache on a repeat visit) once the page is rendered
  // (``image`` null: the caller makes the files, site-packages' and the standard library's)
  async function restoreInWorker(loadPyodide, meta, libs, memory, image, indexURL, wasm) {
    const empty = URL.createObjectURL(new Blob([]));
    const readStdlib = image === null ? async () => null : async () => {
      const resp = await fetch(indexURL + "python_stdlib.zip");
      if (!resp.ok) throw new Error(`python_stdlib.zip: HTTP ${resp.status}`);
      return new Uint8Array(await resp.arrayBuffer());
    };
    try {
      return await restore(loadPyodide, meta, libs, memory, image, readStdlib, empty, wasm);
    } finally {
      URL.revokeObjectURL(empty);
    }
  }

  // A first visit's files after a restore, on demand: site-packages' image and the
  // standard library zip are not fetched on the way to the page. Their files are in
  // the file system at once (names and sizes from snapshot.json), each filled at its
  // first read: by then the worker has fetched them in the background (prefetchFiles,
  // called once the page has drawn and speaks), or it fetches them there and then,
  // synchronously (a worker may), as the code left for later is (lazy.py).
  function onDemandFiles(FS, meta, indexURL) {
    const image = FILES.image.slice(FILES.image.lastIndexOf("/") + 1);
    // one download of each, checked; a failed check is kept (every later read fails at once)
    const source = (url, name) => {
      let bytes = null, failed = null, pending = null;
      const take = (b) => {
        try {
          checkSums(meta, {[name]: b});
          bytes = b;
        } catch (e) {
          failed = e;
        }
      };
      return {
        now() {
          if (bytes === null && failed === null) take(fetchSync(indexURL + url));
          if (failed !== null) throw failed;
          return bytes;
        },
        soon() {
          pending ||= fetchPart(indexURL + url).then((b) => { if (bytes === null && failed === null) take(b); })
            .catch((e) => console.warn(`Palace Tutor: ${url} not fetched ahead (${e && e.message || e}); at first use instead`));
          return pending;
        },
      };
    };
    const listing = meta.image_listing;
    const imageSource = source(image, "image"), stdlibSource = source("python_stdlib.zip", "stdlib");
    for (const [rel, offset, size] of listing.files) {
      const path = SITE_PACKAGES + "/" + rel;
      FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      if (size === 0) FS.writeFile(path, new Uint8Array(0));  // nothing to wait for
      else lazyFile(FS, path, size, () => imageSource.now().subarray(listing.base + offset, listing.base + offset + size));
    }
    lazyFile(FS, STDLIB_ZIP, meta.stdlib_size, () => stdlibSource.now());
    return () => Promise.all([imageSource.soon(), stdlibSource.soon()]);
  }

  // what onDemandFiles needs from snapshot.json, checked before Pyodide starts
  function checkListing(meta) {
    const listing = meta.image_listing;
    if (!listing || typeof listing.base !== "number" || typeof meta.stdlib_size !== "number"
        || !(meta.sums && meta.sums.image && meta.sums.stdlib)) {
      throw new Error("snapshot.json does not list the files");
    }
    if (!filesFit(listing.files, Infinity)) throw new Error("snapshot.json lists a file wrongly");
  }

  function fetchSync(url) {
    const xhr = new XMLHttpRequest();
    xhr.open("GET", url, false);
    xhr.responseType = "arraybuffer";
    xhr.send();
    if (xhr.status !== 200) throw new Error(`${url}: HTTP ${xhr.status}`);
    return new Uint8Array(xhr.response);
  }

  // A file whose bytes come from ``load()`` (synchronous) at their first use; until then it
  // has its size. Once loaded (or written) it is a plain MEMFS file again. A failure is an
  // I/O error for Python, and a console error.
  function lazyFile(FS, path, size, load) {
    FS.writeFile(path, new Uint8Array(0));
    const node = FS.lookupPath(path).node;
    const settle = (data) => {  // a plain MEMFS node from here on
      Object.defineProperty(node, "contents", {configurable: true, enumerable: true, writable: true, value: data});
      Object.defineProperty(node, "usedBytes", {configurable: true, enumerable: true, writable: true,
                                                value: data ? data.length : 0});
    };
    const loaded = () => {
      let data;
      try {
        data = load();
      } catch (e) {
        console.error(`Palace Tutor: ${path} could not be read:`, e);
        throw new FS.ErrnoError(29);  // EIO
      }
      settle(data);
      return data;
    };
    // Emscripten's MEMFS reads these two properties of the node (as its own lazy files do);
    // new contents (MEMFS sets them to grow, shrink or empty a file) replace the old unread
    Object.defineProperty(node, "contents", {configurable: true, enumerable: true, get: loaded,
                                             set(v) { settle(v); }});
    Object.defineProperty(node, "usedBytes", {configurable: true, enumerable: true, get: () => size,
                                              set(v) { loaded(); node.usedBytes = v; }});
  }

  // In the site's worker: Pyodide restored from THIS build's snapshot, if a
  // previous visit left it in the service worker's cache; null otherwise (a
  // first visit, no service worker) or when anything fails (a warning; the
  // caller then starts Pyodide the normal way).
  async function fromCache(cacheName, build, loadPyodide, indexURL) {
    try {
      if (typeof caches === "undefined" || !(await caches.has(cacheName))) return null;
      const cache = await caches.open(cacheName);
      const found = await Promise.all([FILES.meta, FILES.libs, FILES.memory, FILES.image]
                                      .map((f) => cache.match(stored(f))));
      if (found.some((r) => !r)) return null;
      const [m, l, s, i] = found;
      const meta = await m.json();
      if (meta.build !== build) throw new Error(`snapshot of build ${meta.build}, this is build ${build}`);
      // Pyodide's WebAssembly compiles in the background while the disk reads run,
      // Pyodide's JS loads and the checksums are computed
      // (the service worker stored the memory whole: no basis)
      const wasm = fetchWasm(indexURL + "pyodide.asm.wasm", !!meta.basis);
      const read = Promise.all([l, s, i].map((r) => r.arrayBuffer().then((b) => new Uint8Array(b))));
      loadPyodideJs(indexURL);
      const [libs, memory, image] = await read;
      checkSums(meta, {memory, libs, image});
      if (meta.basis) xorBasis(memory, meta.basis, await wasm.bytes);
      const py = await restoreInWorker(loadPyodide, meta, libs, memory, image, indexURL, wasm.module);
      console.log("Restored from snapshot (cached)");
      return py;
    } catch (e) {
      console.warn("Palace Tutor: not starting from the snapshot (" + (e && e.message || e) + "); starting normally");
      return null;
    }
  }

  // A first visit (the cold_snapshot option, on in the shipped site): the snapshot from the
  // site itself, with brotli on the wire (fetchPart), restored as a repeat visit does:
  // no package install, no imports. What the memory does not hold (the rest of
  // site-packages, the standard library) comes after the page, or at its first read
  // (onDemandFiles).
  async function fromSite(build, loadPyodide, indexURL) {
    try {
      const meta = await (await fetch(indexURL + "snapshot.json")).json();
      if (meta.build !== build) throw new Error(`snapshot of build ${meta.build}, this is build ${build}`);
      const wasm = fetchWasm(indexURL + "pyodide.asm.wasm", true);
      const part = (file) => fetchPart(indexURL + file.slice(file.lastIndexOf("/") + 1));
      const read = Promise.all([part(FILES.libs), part(FILES.memory)]);
      loadPyodideJs(indexURL);
      const [libs, memory] = await read;
      checkSums(meta, {memory, libs});
      checkListing(meta);
      xorBasis(memory, meta.basis, await wasm.bytes);
      const py = await restoreInWorker(loadPyodide, meta, libs, memory, null, indexURL, wasm.module);
      const prefetch = onDemandFiles(py.FS, meta, indexURL);
      api.prefetchFiles = () => { api.prefetchFiles = () => {}; prefetch(); };
      console.log("Restored from snapshot (fetched)");
      return py;
    } catch (e) {
      console.warn("Palace Tutor: not starting from the snapshot (" + (e && e.message || e) + "); starting normally");
      return null;
    }
  }

  // A first visit's site-packages as one image (palace_tutor/site/site_image.py), fetched
  // while Pyodide starts: its bytes, or null (and a warning) if it cannot be had or is not
  // the build's (its sha256 differs), so that the caller installs the wheels instead.
  async function fetchImage(url, sha256) {
    try {
      // a page served over plain http from another machine has no crypto.subtle: do not fetch what cannot be checked
      if (!(root.crypto && root.crypto.subtle)) throw new Error("no crypto.subtle to check it (not a secure origin)");
      const resp = await fetch(url);
      if (!resp.ok) throw new Error(`HTTP ${resp.status}`);
      const bytes = new Uint8Array(await resp.arrayBuffer());
      const digest = new Uint8Array(await root.crypto.subtle.digest("SHA-256", bytes));
      if (Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("") !== sha256) {
        throw new Error("damaged (its sha256 differs from the build's)");
      }
      readImage(bytes);  // its file list, checked against its length
      return bytes;
    } catch (e) {
      console.warn(`Palace Tutor: no site-packages image (${url}: ${e && e.message || e}); installing the wheels`);
      return null;
    }
  }

  // Write site-packages from the image that ``image`` (a promise of fetchImage) gives, or,
  // without one, run ``install`` (loadPackage of the lock's wheels).
  async function installImage(py, image, install) {
    const bytes = await image;
    if (bytes === null) return install();
    try {
      unpackTree(py.FS, bytes);
    } catch (e) {  // the wheels then write over whatever got written
      console.warn(`Palace Tutor: the site-packages image could not be written (${e && e.message || e}); installing the wheels`);
      return install();
    }
    // the import system listed site-packages when Pyodide started, before these files
    py.runPython("import importlib; importlib.invalidate_caches()");
  }

  const api = {SITE_PACKAGES, STDLIB_ZIP, FILES, stored, RESULT, checksum, checkSums, dataSegment, xorBasis, fetchWasm, fetchPart, listTree, packTree, readImage, unpackTree, libBytes, loadLibs, withPreRun, serialize,
               deserialize, dlopenHandles, restore, onDemandFiles, fromCache, fromSite, fetchImage, installImage,
               // resolved once the files of site-packages and the standard library zip are in
               // place after a restore (at once without one)
               filesReady: Promise.resolve(),
               // the worker calls it when the page first speaks (drawn): a first visit from the
               // snapshot then fetches what its files need (onDemandFiles); otherwise nothing
               prefetchFiles: () => {}};
  root.PalaceSnapshot = api;
})(globalThis);
