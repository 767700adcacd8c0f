"""``palace-tutor build``: the static site, offline (default) or for CDN hosting.

Offline, the site holds every byte the app needs (see ``localize`` for the
layout) and ``build-info.json`` records a hash of everything it was built
from, so tests and benchmarks can reuse a site built from the same sources.
``--cdn`` is the stock ``panel convert`` output with the project's wheel
beside it.
"""

from __future__ import annotations

import dataclasses
import fcntl
import hashlib
import importlib.metadata
import importlib.util
import json
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

from . import (compress, dataclass_code, deferred_imports, fetch, first_screen, first_use_edits, lazy, lock, localize,
               page, pins, pyc, quick_import, site_image, snapshot, wheels)
from .report import SizeReport, site_sizes

BUILD_INFO = "build-info.json"
SW_CACHE_PREFIX = "palace-tutor-"  # + build id: the service worker's cache (sw.js)


@dataclass(frozen=True)
class SiteOptions:
    """The load-time levers of issue 8; the defaults are the shipped site.

    ``bench load`` builds variants with one lever changed to measure each.
    """

    # "lock": one loadPackage() of the site's lock; "stock": panel convert's micropip loop
    loader: str = "lock"
    # panel and bokeh wheels without the JS/CSS the page already loads from the site
    strip_assets: bool = True
    # packages in the dependency closure that the app never imports (checked by the
    # browser test: an import of one of them fails the app)
    drop: tuple[str, ...] = ("pandas", "pillow", "contourpy", "python-dateutil", "pytz", "six", "tzdata")
    # start the Pyodide worker first thing in the page
    early_worker: bool = True
    # no cyclic GC during startup; what startup made is frozen afterwards
    pause_gc: bool = True
    # a service worker that caches the site: warm loads from cache, works offline
    service_worker: bool = True
    # Python 3.12 bytecode compiled at build time (inside Pyodide under Node)
    pyc: bool = True
    # a memory snapshot of the started app (made at build time under Node), which the
    # service worker caches after a first visit and later visits start from (a first
    # one too, fetched from the site, with cold_snapshot)
    snapshot: bool = True
    # install the project's wheel (False only for the bench's trivial anchor app)
    with_project: bool = True
    # brotli and gzip copies of every file worth it, served by Accept-Encoding (compress.py)
    precompress: bool = True
    # wheels and the standard library zipped without compression, so that the download's
    # brotli/gzip sees across files (needs precompress: served raw they are 2.7x larger)
    stored_zips: bool = True
    # our page (page.py): the first screen as plain HTML painted before any large script,
    # BokehJS loaded after it, the live app handed over in place; off: panel convert's page
    first_screen: bool = True
    # the page's title (and the installed app's name)
    title: str = "Palace Tutor"
    # what starting the app does not import waits in one archive, fetched at its first import (lazy.py)
    lazy: bool = True
    # with the snapshot, a first visit fetches it from the site and starts from it instead of
    # installing the packages and running the app: less than half the time to interactive,
    # 11.5 MB over the wire before it instead of 9.1 (docs/speed.md); off: the normal start
    cold_snapshot: bool = True
    # a first visit writes site-packages from one image fetched while Pyodide starts, instead
    # of installing each wheel after it (site_image.py; needs precompress: 24 MB raw)
    site_image: bool = True
    # bokeh's model classes skip their IDE help (__init__ signatures) while Panel imports (quick_import.py)
    quick_import: bool = True
    # a first visit runs the dataclass methods the start defines from code compiled at build
    # time, carried in the site-packages image (dataclass_code.py)
    dataclass_code: bool = True
    # Panel's panes, widgets and layouts that the app never uses are imported at first use, not
    # by ``import panel`` (deferred_imports.py: a rewrite of four of Panel's __init__ files)
    deferred_imports: bool = True
    # Bokeh's and Panel's templates compiled, and PyYAML, xyzservices and numpy.linalg imported,
    # at first use instead of while Panel imports (first_use_edits.py: exact edits of eight of
    # their files)
    first_use_edits: bool = True

    @classmethod
    def stock(cls) -> "SiteOptions":
        """No lever: ``panel convert`` output only made self-hosted (the bench's anchor)."""
        return cls(loader="stock", strip_assets=False, drop=(), early_worker=False, service_worker=False,
                   pyc=False, pause_gc=False, snapshot=False, precompress=False, stored_zips=False,
                   first_screen=False, lazy=False, site_image=False, quick_import=False, dataclass_code=False,
                   deferred_imports=False, first_use_edits=False)

    @classmethod
    def plain_host(cls) -> "SiteOptions":
        """For a host that cannot serve precompressed copies (``build --plain-host``)."""
        # (a first visit the normal way: such a host would send the snapshot's files plain)
        return cls(precompress=False, stored_zips=False, site_image=False, dataclass_code=False,
                   cold_snapshot=False)

    def __post_init__(self) -> None:
        if self.loader not in ("lock", "stock"):
            raise ValueError(f"loader must be 'lock' or 'stock', not {self.loader!r}")
        if self.loader == "stock" and self.drop:
            # micropip resolves each wheel's own Requires-Dist and would fetch the left-out
            # packages from PyPI: only the lock loader installs exactly what the lock lists
            raise ValueError("leaving packages out (drop) needs the lock loader")
        if self.snapshot and (self.loader != "lock" or not self.service_worker):
            # the snapshot is made from the lock's packages and reaches a visit through the service worker's cache
            raise ValueError("the start-up snapshot needs the lock loader and the service worker")
        if self.lazy and self.loader != "lock":
            raise ValueError("leaving files for later needs the lock loader (micropip installs whole wheels)")
        if self.site_image and self.loader != "lock":
            raise ValueError("the site-packages image needs the lock loader (it is made from the lock's wheels)")
        if self.site_image and not self.precompress:
            raise ValueError("the site-packages image needs the precompressed copies (served raw it is 4.5x larger)")
        if self.dataclass_code and not self.site_image:
            raise ValueError("the compiled dataclass methods ride in the site-packages image")
        if self.stored_zips and not self.precompress:
            raise ValueError("uncompressed zips need the precompressed copies (served raw they are 2.7x larger)")

    def replace(self, **changes) -> "SiteOptions":
        return dataclasses.replace(self, **changes)


def _cpu_s() -> float:
    """CPU seconds of this process (every thread) and of the children it has waited for."""
    return sum(r.ru_utime + r.ru_stime for r in (resource.getrusage(resource.RUSAGE_SELF),
                                                 resource.getrusage(resource.RUSAGE_CHILDREN)))


class _Steps:
    """How long each step of a build took, printed at its end: in seconds and in CPU seconds used
    meanwhile (the compressing that runs ahead in the background included), which on a busy
    machine say better what a step costs."""

    def __init__(self) -> None:
        self.t, self.cpu = time.perf_counter(), _cpu_s()
        self.spent: dict[str, tuple[float, float]] = {}

    def done(self, what: str) -> None:
        now, cpu = time.perf_counter(), _cpu_s()
        wall, used = self.spent.get(what, (0.0, 0.0))
        self.spent[what] = (round(wall + now - self.t, 1), round(used + cpu - self.cpu, 1))
        self.t, self.cpu = now, cpu

    def line(self) -> str:
        return "steps (s, CPU s): " + ", ".join(f"{what} {wall:.1f}/{cpu:.1f}" for what, (wall, cpu) in self.spent.items())


def _repo_root(app: Path) -> Path:
    for d in (app.parent, *app.parent.parents):
        if (d / "pyproject.toml").is_file():
            return d
    raise RuntimeError(f"no pyproject.toml above {app}")


def content_hash(app: Path, cdn: bool, options: SiteOptions, root: Path | None = None) -> str:
    """A hash of every input of the build: the app, the shipped packages, this build code, the pins."""
    root = root or _repo_root(app)
    h = hashlib.sha256()
    files = [app, root / "pyproject.toml", *[f for f in [root / "package-lock.json"] if f.is_file()]]
    for d in (*wheels.BROWSER_PACKAGES, "palace_tutor/site"):
        files += sorted(p for p in (root / d).rglob("*")
                        if p.is_file() and "__pycache__" not in p.parts and not p.name.startswith("."))
    for f in files:
        h.update(str(f.relative_to(root) if f.is_relative_to(root) else f.name).encode() + b"\0")
        h.update(f.read_bytes() + b"\0")
    # BokehJS and Panel's JS/CSS are copied from the installed packages (their versions read
    # without importing them: a check that a site is up to date takes a fraction of a second)
    h.update(json.dumps([cdn, dataclasses.asdict(options), importlib.metadata.version("panel"),
                         importlib.metadata.version("bokeh")], sort_keys=True).encode())
    return h.hexdigest()[:16]


def read_build_info(out: Path) -> dict | None:
    try:
        return json.loads((Path(out) / BUILD_INFO).read_text())
    except (OSError, ValueError):
        return None


class _Convert:
    """``panel convert`` in a subprocess: started first, since it needs only the app and the
    installed packages, and waited for when the worker script is needed."""

    def __init__(self, app: Path, dest: Path, requirements: list[str], title: str):
        cmd = [sys.executable, "-m", "panel", "convert", str(app), "--to", "pyodide-worker",
               "--out", str(dest), "--title", title]
        if requirements:
            cmd += ["--requirements", *requirements]
        print("  $ panel convert", app.name, "--to pyodide-worker", flush=True)
        self.app, self.dest = app, dest
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=app.parent)

    def wait(self) -> tuple[str, str]:
        """The converted page and worker script."""
        output, _ = self.proc.communicate()
        page_file, js_file = (self.dest / f"{self.app.stem}.{ext}" for ext in ("html", "js"))
        if self.proc.returncode or not page_file.is_file():
            raise RuntimeError(f"panel convert failed:\n{output[-4000:]}")
        return page_file.read_text(encoding="utf-8"), js_file.read_text(encoding="utf-8")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.communicate()


def _package_dir(name: str) -> Path:
    """Where an installed package is, without importing it."""
    return Path(importlib.util.find_spec(name).origin).parent


def _copy_static(out: Path) -> None:
    """BokehJS and Panel's JS/CSS from the installed packages (the versions the wheels hold)."""
    pn_dist = _package_dir("panel") / "dist"
    # source maps, unminified bundles and TypeScript output are never requested by the page
    shutil.copytree(pn_dist, out / localize.PANEL_DIST_DIR,
                    ignore=shutil.ignore_patterns("*.map", "panel.js", "panel.json", "lib", "*.d.ts"))
    bk_js = _package_dir("bokeh") / "server" / "static" / "js"
    (out / localize.BOKEH_JS_DIR).mkdir(parents=True)
    for f in bk_js.glob("bokeh*.min.js"):
        shutil.copy2(f, out / localize.BOKEH_JS_DIR / f.name)


def _pyodide_dir(out: Path, cache: Path, project_wheel: Path | None, options: SiteOptions, tmp: Path,
                 steps: _Steps) -> list[str]:
    """Write ``out/pyodide``; returns the names of the packages it holds."""
    core = fetch.pyodide_core(cache)
    site, rejected = lock.start_lock(core, fetch.wasm_bundle(cache))
    for name in rejected:
        print(f"  rejected (sha256 differs from the official lock): {name}")
    pure = fetch.pure_wheels(cache)
    steps.done("downloads")
    stripped_dir = cache / "stripped-wheels"
    stripped_dir.mkdir(exist_ok=True)
    for w in sorted(pure.glob("*.whl")):
        if options.strip_assets and w.name.startswith(("panel-", "bokeh-")):
            slim = stripped_dir / w.name
            if not slim.is_file() or slim.stat().st_mtime < w.stat().st_mtime:
                wheels.strip_bundled_assets(w, slim)
            w = slim
        lock.add_wheel(site, w)
    roots = list(pins.SITE_ROOTS) + (list(pins.STOCK_LOADER_ROOTS) if options.loader == "stock" else [])
    if project_wheel is not None:
        lock.add_wheel(site, project_wheel)
    else:
        roots.remove("palace-tutor")
    lock.restrict(site, roots, drop=options.drop)
    for name, entry in site.packages.items():
        if entry["file_name"].endswith(".whl"):
            edited = _edited_wheel(site.sources[name], cache, options)
            if edited != site.sources[name]:
                site.sources[name] = edited
                entry["sha256"] = lock.sha256_file(edited)
    core_files = {}
    if options.pyc:
        jobs = [(site.sources[name], "beside" if name == "palace-tutor" else "sourceless", pyc.SITE_PACKAGES)
                for name, entry in site.packages.items() if entry["file_name"].endswith(".whl")]
        jobs.append((core / "python_stdlib.zip", "sourceless", pyc.STDLIB_ZIP))
        steps.done("wheels edited")
        compiled = pyc.compile_archives(core, cache, jobs)
        steps.done("bytecode")
        for name, entry in site.packages.items():
            src = site.sources[name]
            if src in compiled:
                site.sources[name] = compiled[src]
                entry["sha256"] = lock.sha256_file(compiled[src])
        core_files["python_stdlib.zip"] = compiled[core / "python_stdlib.zip"]
    if options.stored_zips:
        stored = tmp / "stored"
        stored.mkdir()
        for name, entry in site.packages.items():
            if entry["file_name"].endswith(".whl"):
                site.sources[name] = wheels.stored_copy(site.sources[name], stored / entry["file_name"])
                entry["sha256"] = lock.sha256_file(site.sources[name])
        core_files["python_stdlib.zip"] = wheels.stored_copy(
            core_files.get("python_stdlib.zip", core / "python_stdlib.zip"), stored / "python_stdlib.zip")
    lock.write_pyodide_dir(site, core, out / "pyodide", core_files)
    lock.check_pyodide_dir(out / "pyodide")
    return sorted(site.packages)


def _edited_wheel(wheel: Path, cache: Path, options: SiteOptions) -> Path:
    """``wheel`` with the edits the options ask for made (Panel's unused features imported at
    first use, deferred_imports.py; Bokeh's and Panel's start-up steps moved to first use,
    first_use_edits.py), cached by the input wheel, the options and the edits' code; the wheel
    itself if there is nothing to edit."""
    transforms, why = [], []
    if options.deferred_imports and wheel.name.startswith("panel-"):
        t = deferred_imports.panel_transform(wheel)
        if t is None:
            print(f"  Panel is not {deferred_imports.DEFERRED_FOR}: its imports are left as they are", flush=True)
        else:
            transforms.append(t)
            why.append(Path(deferred_imports.__file__))
    project = first_use_edits.project_of(wheel) if options.first_use_edits else None
    if project is not None:
        transforms.append(first_use_edits.transform_for(project))
        why.append(Path(first_use_edits.__file__))
    if not transforms:
        return wheel
    key = hashlib.sha256(wheel.read_bytes() + b"".join(p.read_bytes() for p in why)).hexdigest()[:16]
    out = cache / "edited-wheels" / key / wheel.name
    if not out.is_file():
        out.parent.mkdir(parents=True, exist_ok=True)
        if project is not None:
            with zipfile.ZipFile(wheel) as z:
                first_use_edits.check_all_present(z.namelist(), project)

        def transform(name: str, data: bytes) -> bytes:
            for t in transforms:
                data = t(name, data)
            return data

        wheels.rewrite_wheel(wheel, out, lambda name: True, transform)
    return out


def _probe(stage: Path, cache: Path, worker_js: str, packages: list[str]) -> "lazy.Probe | None":
    """The app started once under Node (lazy.probe); None (with a warning) if it cannot be."""
    try:
        return lazy.probe(stage / "pyodide", worker_js, packages, cache)
    except RuntimeError as e:
        print(f"  WARNING: every file goes into the first visit and its dataclasses compile there: "
              f"{str(e)[-600:]}", flush=True)
        return None


def _lazy_split(stage: Path, imported: frozenset[str], stored: bool) -> "lazy.Split | None":
    """Leave what starting the app does not import for later (lazy.py)."""
    split = lazy.split(stage / "pyodide", imported, stored, whole=frozenset({"palace-tutor"}))
    if split is not None:
        print(f"  left for later: {split.moved / 1e6:.1f} MB of code ({len(split.roots)} module trees; nothing "
              f"imported from {', '.join(split.untouched)}), fetched at the first import of one", flush=True)
    return split


def _snapshot(stage: Path, cache: Path, worker_js: str, packages: list[str], version: str) -> tuple[list[str], str]:
    """Make (or reuse) the start-up snapshot and put it in the site; ([], why) if it cannot be made.

    A failure leaves a site that starts the normal way every visit, and says so,
    rather than failing the build: the browser test of the warm start reports it."""
    try:
        made = snapshot.make_snapshot(stage / "pyodide", worker_js, packages, cache)
    except RuntimeError as e:
        print(f"  WARNING: no start-up snapshot, repeat visits start the slow way: {e}", flush=True)
        return [], f"not made: {str(e)[-600:]}"
    return snapshot.install_snapshot(made, stage / "pyodide", version), "made"


def _start_paths(stage: Path, cache: Path, js: str, installed: list[str], version: str, options: SiteOptions,
                 dataclass_table: bytes | None, steps: _Steps, compressor: "compress.Compressor | None"
                 ) -> tuple[str, "site_image.SiteImage | None", list[str], str | None]:
    """The worker's ways to start besides installing the wheels: the site-packages image (a first
    visit, with ``dataclass_table`` if given) and the start-up snapshot (a repeat visit). Returns
    the worker script, the image, the snapshot's files and what became of the snapshot."""
    extra = [(dataclass_code.FILE, dataclass_table)] if dataclass_table is not None else []
    image = site_image.make(stage / "pyodide", installed, extra) if options.site_image else None
    if compressor is not None:  # the wheels, the standard library, the image: final from here on
        compressor.ahead(stage, [stage / "pyodide"])
    steps.done("site-packages image")
    if options.snapshot or image is not None:
        js = localize.boot_helpers(js, snapshot.boot_js())
    snapshot_files: list[str] = []
    snapshot_note = None
    if options.snapshot:
        snapshot_files, snapshot_note = _snapshot(stage, cache, js, installed, version)
        steps.done("snapshot")
        if snapshot_files:
            js = localize.snapshot_boot(js, SW_CACHE_PREFIX + version, version, cold=options.cold_snapshot)
    if image is not None:
        js = localize.site_image(js, image.path, image.sha256)
        print(f"  site-packages image: {image.files} files, {image.size / 1e6:.1f} MB raw", flush=True)
    return js, image, snapshot_files, snapshot_note


MANIFEST_ICONS = ("icon-192.png", "icon-512.png", "icon.svg")
DESCRIPTION = ("Learn Palace Poker, Palace and King's Pot step by step, play them, and settle a "
               "disputed hand: the rules explained, in the browser, offline.")


def _manifest(out: Path, title: str) -> str:
    """``manifest.webmanifest``: installable on a phone, opens standalone; every URL relative
    to the manifest, so the site works under any sub-path."""
    here = Path(__file__).parent
    for icon in MANIFEST_ICONS:
        shutil.copy2(here / icon, out / icon)
    manifest = {
        "name": title, "short_name": title, "description": DESCRIPTION,
        "start_url": "./", "scope": "./", "display": "standalone",
        "background_color": "#ffffff", "theme_color": "#1b4f9c",
        "icons": [{"src": "icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any maskable"},
                  {"src": "icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any maskable"},
                  {"src": "icon.svg", "sizes": "any", "type": "image/svg+xml"}],
    }
    (out / "manifest.webmanifest").write_text(json.dumps(manifest, indent=1) + "\n")
    return "manifest.webmanifest"


def _head_links(manifest: bool) -> str:
    links = ['<link rel="icon" href="favicon.svg" type="image/svg+xml">']
    if manifest:
        links += ['<link rel="manifest" href="manifest.webmanifest">', '<link rel="apple-touch-icon" href="icon-192.png">']
    return "\n".join(links)


def _service_worker(out: Path, version: str, page: str, js: str, packages_files: list[str],
                    snapshot_files: list[str] = (), page_files: list[str] = ()) -> str:
    """``sw.js``: precache what a visit loads, then answer from the cache (warm + offline visits);
    the start-up snapshot's files, decoded, once the rest is in. ``page_files``: what the page
    loads besides the worker (scripts, manifest, icons)."""
    static = sorted(set(
        [page, js, "./", "favicon.svg", *page_files]
        + [f"pyodide/{f}" for f in (*lock.CORE_FILES, "pyodide-lock.json")]
        + [f"pyodide/{f}" for f in packages_files]
        # stylesheets Panel asks for at run time (small; a first visit must leave them cached)
        + [f.relative_to(out).as_posix() for d in ("panel-dist/css", "panel-dist/bundled/theme")
           for f in sorted((out / d).rglob("*")) if f.is_file() and not f.name.endswith((".br", ".gz"))]))
    sw = (Path(__file__).parent / "sw.js").read_text()
    meta = [f for f in snapshot_files if f.endswith(".json")]
    parts = [f for f in snapshot_files if f not in meta]
    sw = (sw.replace("__VERSION__", version).replace("__CACHE_PREFIX__", SW_CACHE_PREFIX)
          .replace("__STATE_KEY__", "state.json")
          .replace("__PRECACHE__", json.dumps(static, indent=1))
          .replace("__SNAPSHOT_PARTS__", json.dumps(parts)).replace("__SNAPSHOT_LAST__", json.dumps(meta))
          .replace("__SNAPSHOT_HELPERS__", snapshot.boot_js() if parts else ""))
    (out / "sw.js").write_text(sw)
    return "sw.js"


def _sw_client(version: str) -> str:
    """The page's script that registers the service worker once the app is interactive."""
    js = (Path(__file__).parent / "sw_client.js").read_text(encoding="utf-8")
    return "<script>\n" + js.replace("__VERSION__", version) + "</script>"


def _static_refs(html: str) -> list[str]:
    """The scripts and stylesheets of panel convert's page (they are in its HTML)."""
    return re.findall(r"(?:src|href)=\"((?:panel-dist|bokeh)/[^\"]+)\"", html)


def _legacy_page(converted_html: str, options: SiteOptions, worker_url: str, version: str) -> str:
    """panel convert's own page made self-hosted (``first_screen=False``: the bench's stock anchor)."""
    html = localize.localize_page(converted_html)
    if options.early_worker:
        html = localize.early_worker(html, worker_url)
    html = html.replace("<head>", "<head>\n" + _head_links(False), 1)
    if options.service_worker:
        rendered = "pyodideWorker.postMessage({'type': 'rendered'})"
        if rendered not in html:
            raise ValueError("cannot register the service worker: the converted page changed shape")
        html = html.replace(rendered, rendered + "\n          window.__ptInteractive()", 1)
        html = html.replace("</body>", _sw_client(version) + "\n</body>", 1)
    return html


def build_site(out: str | Path = "site", cdn: bool = False, app: str | Path = "app.py",
               options: SiteOptions | None = None, cache: Path | None = None) -> SizeReport:
    """Build the site from ``app`` into ``out`` (replaced); prints and returns its size by part."""
    t0, cpu0 = time.perf_counter(), _cpu_s()
    steps = _Steps()
    app = Path(app).resolve()
    out = Path(out).resolve()
    options = options or SiteOptions()
    root = _repo_root(app)
    cache = cache or fetch.default_cache_dir(root)
    version = content_hash(app, cdn, options, root)
    print(f"building {'CDN' if cdn else 'offline'} site from {app.name} into {out} (build {version})")
    compressor = compress.Compressor(cache / "compressed") if options.precompress and not cdn else None
    convert = None
    try:
        with tempfile.TemporaryDirectory(prefix="palace-tutor-site-") as tmp:
            tmp = Path(tmp)
            stage = tmp / "site"
            stage.mkdir()
            if not cdn:  # the offline page asks for the project by name: convert meanwhile
                convert = _Convert(app, tmp / "converted", ["palace-tutor"] if options.with_project else [],
                                   options.title)
            project_wheel = (wheels.build_project_wheel(root, tmp / "wheel", fetch.build_requirements(cache))
                             if options.with_project or cdn else None)
            steps.done("project wheel")
            snapshot_note: str | None = None
            if cdn:
                convert = _Convert(app, tmp / "converted", [f"./{project_wheel.name}"], options.title)
                html, js = convert.wait()
                (stage / "index.html").write_text(html, encoding="utf-8")
                (stage / f"{app.stem}.js").write_text(js, encoding="utf-8")
                shutil.copy2(project_wheel, stage / project_wheel.name)
            else:
                snapshot_note = _offline_site(app, stage, tmp, cache, project_wheel, options, version, steps,
                                              compressor, convert)
            info = {"build": version, "cdn": cdn, "app": app.name, "options": dataclasses.asdict(options),
                    "snapshot": snapshot_note,
                    "pyodide": pins.PYODIDE_VERSION, "project_wheel": project_wheel and project_wheel.name,
                    "built_in_s": round(time.perf_counter() - t0, 1), "cpu_s": round(_cpu_s() - cpu0, 1)}
            (stage / BUILD_INFO).write_text(json.dumps(info, indent=1) + "\n")
            if compressor is not None:
                done = compress.precompress(stage, cache / "compressed", compressor=compressor)
                steps.done(f"compressing ({compressor.workers} threads)")
                print(f"  precompressed {done.files} files: {done.raw / 1e6:.1f} MB -> brotli {done.br / 1e6:.1f} MB, "
                      f"gzip {done.gz / 1e6:.1f} MB", flush=True)
            if out.exists():
                shutil.rmtree(out)
            shutil.move(str(stage), out)
    finally:
        if convert is not None:
            convert.stop()
        if compressor is not None:
            compressor.close()
    report = site_sizes(out)
    print(report.table())
    print(f"  {steps.line()}")
    print(f"built in {time.perf_counter() - t0:.1f} s ({_cpu_s() - cpu0:.1f} CPU s): {out}")
    return report


def build_if_changed(out: str | Path, app: str | Path = "app.py", options: SiteOptions | None = None,
                     cache: Path | None = None) -> bool:
    """Build unless ``out`` holds a build of the same inputs (``build-info.json``'s content hash);
    returns whether it built. Under a file lock per ``out``: callers at the same time (test
    workers, ``./dev test`` building ahead of them) build once, the others wait and reuse it."""
    app, out = Path(app).resolve(), Path(out).resolve()
    options = options or SiteOptions()
    root = _repo_root(app)
    cache = cache or fetch.default_cache_dir(root)
    locks = cache / "locks"
    locks.mkdir(parents=True, exist_ok=True)
    with open(locks / f"build-{hashlib.sha256(str(out).encode()).hexdigest()[:16]}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        info = read_build_info(out)
        if info and info.get("build") == content_hash(app, False, options, root):
            print(f"{out} holds a build of these sources ({info['build']}): reused", flush=True)
            return False
        build_site(out=out, app=app, options=options, cache=cache)
        return True


def _offline_site(app: Path, stage: Path, tmp: Path, cache: Path, project_wheel: Path | None, options: SiteOptions,
                  version: str, steps: _Steps, compressor: "compress.Compressor | None", convert: _Convert) -> str | None:
    """Write the offline site into ``stage``; returns what became of the start-up snapshot."""
    root = _repo_root(app)
    _copy_static(stage)  # BokehJS and Panel's JS/CSS: final at once, compressed while the rest is made
    shutil.copy2(Path(__file__).parent / "favicon.svg", stage / "favicon.svg")
    if compressor is not None:
        compressor.ahead(stage, [stage / localize.BOKEH_JS_DIR, stage / localize.PANEL_DIST_DIR])
    packages = _pyodide_dir(stage, cache, project_wheel, options, tmp, steps)
    converted_html, js = convert.wait()
    steps.done("panel convert (what was left of it)")
    js = localize.localize_urls(js)
    js = localize.ordered_messages(js)  # a correctness fix, not a lever: always
    js = localize.idle_after_errors(js)  # likewise: one error must not freeze the page
    installed = [p for p in packages if p not in ("micropip", "packaging")]
    if options.quick_import:
        js = localize.quick_panel_import(js, quick_import.source())
    later = table = None
    probed = (_probe(stage, cache, localize.lock_loader(js, installed), installed)
              if options.lazy or options.dataclass_code else None)
    if options.lazy and probed is not None:
        later = _lazy_split(stage, probed.modules, options.stored_zips)
        if later is not None:
            js = localize.lazy_finder(js, lazy.finder_source(later))
    if options.dataclass_code and probed is not None:
        table = probed.dataclass_table
        js = localize.compiled_dataclasses(js, dataclass_code.loader_source())
    steps.done("what the start imports")
    if options.loader == "lock":
        js = localize.lock_loader(js, installed)
    if options.pause_gc:
        js = localize.pause_gc(js)
    js, image, snapshot_files, snapshot_note = _start_paths(stage, cache, js, installed, version, options, table,
                                                            steps, compressor)
    worker_url = f"./{app.stem}.js"
    page_files: list[str] = []
    if options.first_screen:
        fetch.node_tools(root, cache)  # the pre-render runs the page's own code under Node (jsdom)
        first_html, first_css = first_screen.first_screen(root)
        (stage / first_screen.LINK_INDEX).write_text(
            json.dumps(first_screen.link_index(), ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
        html = page.compose(converted_html, worker_url=worker_url, first_html=first_html,
                            first_css=first_css, build=version, early_worker=options.early_worker,
                            links=_head_links(True), title=options.title, description=DESCRIPTION,
                            after_js=_sw_client(version) if options.service_worker else "",
                            link_index=first_screen.LINK_INDEX)
        page_files = [*page.read_converted(converted_html).scripts, _manifest(stage, options.title),
                      *MANIFEST_ICONS, first_screen.LINK_INDEX]
    else:
        html = _legacy_page(converted_html, options, worker_url, version)
        page_files = _static_refs(html)
    if later is not None:
        page_files.append(later.archive)
    for name, text in (("index.html", html), (f"{app.stem}.js", js)):
        left = localize.remaining_outside_urls(text)
        if left:
            raise RuntimeError(f"{name} still names outside URLs: {left}")
        (stage / name).write_text(text, encoding="utf-8")
    if options.service_worker:
        lock_data = json.loads((stage / "pyodide" / "pyodide-lock.json").read_text())
        # a visit installs from the image; the wheels are only its fallback (fetched then)
        files = ([Path(image.path).name] if image is not None
                 else [e["file_name"] for e in lock_data["packages"].values()])
        _service_worker(stage, version, "index.html", f"{app.stem}.js", files, snapshot_files, page_files)
    steps.done("page")
    return snapshot_note
