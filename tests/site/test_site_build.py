"""The site build's pieces, without a browser: lock assembly, wheel rewriting,
URL localization, the project wheel's contents, and the server's MIME types."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
import zipfile
from pathlib import Path

import pytest

from palace_tutor.site import fetch, localize, lock, wheels
from palace_tutor.site.serve import serve_in_thread

ROOT = Path(__file__).resolve().parents[2]


def _wheel(path: Path, name: str, files: dict[str, str], requires: tuple[str, ...] = ()) -> Path:
    meta = f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n" + "".join(f"Requires-Dist: {r}\n" for r in requires)
    dist = f"{name}-1.0.dist-info"
    with zipfile.ZipFile(path, "w") as z:
        for n, text in files.items():
            z.writestr(n, text)
        z.writestr(f"{dist}/METADATA", meta)
        z.writestr(f"{dist}/RECORD", "")
    return path


def test_wheel_info_reads_imports_and_evaluates_markers_for_pyodide(tmp_path):
    w = _wheel(tmp_path / "demo-1.0-py3-none-any.whl", "Demo_Pkg", {"demo/__init__.py": "", "solo.py": ""},
               ("numpy>=1", "tornado; sys_platform != 'emscripten'", "pytest; extra == 'test'"))
    info = lock.wheel_info(w)
    assert info.name == "demo-pkg"
    assert info.imports == ("demo", "solo")
    assert info.depends == ("numpy",)  # tornado is not for emscripten, pytest only for an extra


def test_restrict_keeps_the_closure_and_drops_what_is_left_out(tmp_path):
    site = lock.SiteLock({"packages": {}})
    for name, deps in {"app": ("ui", "pandas"), "ui": ("numpy",), "numpy": (), "pandas": ("numpy",), "extra": ()}.items():
        lock.add_wheel(site, _wheel(tmp_path / f"{name}-1.0-py3-none-any.whl", name, {f"{name}/__init__.py": ""}, deps))
    removed = lock.restrict(site, ["app"], drop=["pandas"])
    assert sorted(site.packages) == ["app", "numpy", "ui"]
    assert removed == ["extra", "pandas"]
    assert site.packages["app"]["depends"] == ["ui"]


def test_restrict_refuses_a_dependency_the_site_does_not_hold(tmp_path):
    site = lock.SiteLock({"packages": {}})
    lock.add_wheel(site, _wheel(tmp_path / "app-1.0-py3-none-any.whl", "app", {"app/__init__.py": ""}, ("missing",)))
    with pytest.raises(KeyError, match="missing"):
        lock.restrict(site, ["app"])


def test_stripped_panel_wheel_loses_only_dist_and_keeps_a_valid_record(tmp_path):
    src = _wheel(tmp_path / "panel-1.0-py3-none-any.whl", "panel",
                 {"panel/__init__.py": "x = 1\n", "panel/dist/panel.min.js": "js" * 100,
                  "panel/theme/css/x.css": "a{}"})
    dst = tmp_path / "slim" / src.name
    dst.parent.mkdir()
    dropped = wheels.strip_bundled_assets(src, dst)
    assert dropped == ["panel/dist/panel.min.js"]
    with zipfile.ZipFile(dst) as z:
        names = set(z.namelist())
        record = z.read("panel-1.0.dist-info/RECORD").decode().splitlines()
    assert "panel/theme/css/x.css" in names and "panel/dist/panel.min.js" not in names
    assert {line.split(",")[0] for line in record} == names
    # same input, same bytes: the lock's sha256 is stable across builds
    again = tmp_path / "again.whl"
    wheels.strip_bundled_assets(src, again)
    assert again.read_bytes() == dst.read_bytes()


def test_project_wheel_holds_only_the_browser_layers(tmp_path):
    w = wheels.build_project_wheel(ROOT, tmp_path, fetch.build_requirements(fetch.default_cache_dir(ROOT)))
    with zipfile.ZipFile(w) as z:
        names = z.namelist()
        meta = z.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert "Requires-Dist: panel\n" in meta and "panel==" not in meta  # the page decides the version
    # nothing the browser reads that an edit of the README or of the test tools would change
    assert "# Palace Tutor" not in meta and "extra ==" not in meta and "pytest" not in meta
    tops = {n.split("/")[0] for n in names if ".dist-info" not in n.split("/")[0]}
    assert tops == {"rules", "players", "practice", "lessons", "tutor"}
    assert not any(n.endswith("entry_points.txt") or "palace_tutor/" in n for n in names)
    assert any(n.startswith("lessons/data/") and n.endswith(".toml") for n in names)


@pytest.fixture(scope="module")
def converted(tmp_path_factory):
    app = tmp_path_factory.mktemp("app") / "probe.py"
    app.write_text("import panel as pn\npn.Column('# hi', pn.widgets.Button(name='b')).servable()\n")
    out = app.parent / "out"
    subprocess.run([sys.executable, "-m", "panel", "convert", str(app), "--to", "pyodide-worker", "--out", str(out),
                    "--requirements", "palace-tutor"], check=True, capture_output=True)
    return (out / "probe.html").read_text(), (out / "probe.js").read_text()


def test_localized_page_and_worker_name_no_outside_host(converted):
    html, js = converted
    assert localize.remaining_outside_urls(html) and localize.remaining_outside_urls(js)  # the stock output does
    page = localize.early_worker(localize.localize_page(html), "./probe.js")
    worker = localize.pause_gc(localize.lock_loader(localize.localize_urls(js), ["panel", "palace-tutor"]))
    assert localize.remaining_outside_urls(page) == []
    assert localize.remaining_outside_urls(worker) == []
    assert 'importScripts("pyodide/pyodide.js")' in worker
    assert 'loadPackage(["palace-tutor", "panel"]' in worker and "micropip" not in worker
    assert 'src="bokeh/js/bokeh.min.js"' in page
    assert "__ptLocal(msg.docs_json)" in page and "__ptLocal(msg.patch)" in page
    # the collector is paused before packages load and resumed once the app has run
    assert worker.index("gc.disable()") < worker.index("loadPackage(") < worker.index("runPythonAsync(code)") \
        < worker.index("gc.enable(); gc.freeze()")


def test_a_changed_converter_output_fails_the_build_instead_of_leaking(converted):
    _, js = converted
    with pytest.raises(ValueError, match="package loader"):
        localize.lock_loader(js.replace("micropip", "pip"), ["panel"])


def test_server_sends_the_mime_types_pyodide_needs(tmp_path):
    for name in ("index.html", "x.wasm", "x.mjs", "x.js", "x.whl"):
        (tmp_path / name).write_bytes(b"\0")
    server, url = serve_in_thread(tmp_path)
    try:
        types = {n: urllib.request.urlopen(url + n).headers["Content-Type"] for n in ("x.wasm", "x.mjs", "x.js", "x.whl")}
    finally:
        server.shutdown()
        server.server_close()
    assert url.startswith("http://127.0.0.1:")
    assert types == {"x.wasm": "application/wasm", "x.mjs": "text/javascript", "x.js": "text/javascript",
                     "x.whl": "application/zip"}


def test_cdn_build_is_the_stock_output_with_the_project_wheel_beside_it(tmp_path):
    from palace_tutor.site.build import build_site

    report = build_site(out=tmp_path / "cdn", cdn=True, app=ROOT / "app.py")
    out = tmp_path / "cdn"
    wheel = json.loads((out / "build-info.json").read_text())["project_wheel"]
    assert (out / wheel).is_file() and (out / "index.html").is_file()
    worker = (out / "app.js").read_text()
    assert f"'./{wheel}'" in worker  # micropip installs it from beside the page
    assert "https://cdn.jsdelivr.net/pyodide/" in worker  # stock: Pyodide from the CDN
    assert report.as_dict()["project wheel (rules, lessons, tutor)"] > 0


def test_options_refuse_leaving_packages_out_with_the_micropip_loader():
    from palace_tutor.site.build import SiteOptions

    with pytest.raises(ValueError, match="lock loader"):
        SiteOptions(loader="stock", drop=("pandas",))


def test_worker_runs_each_page_message_at_once_not_through_a_shared_global_later(converted):
    _, js = converted
    handler = js[js.index("self.onmessage"):]
    assert handler.count("runPythonAsync(`") == 3  # the stock race: a later message overwrites 'patch'
    ordered = localize.ordered_messages(js)
    handler = ordered[ordered.index("self.onmessage"):]
    assert "runPythonAsync(" not in handler and handler.count("self.pyodide.runPython(`") == 3
    assert ordered[:ordered.index("self.onmessage")] == js[:js.index("self.onmessage")]  # the start is untouched
    with pytest.raises(ValueError, match="message handler"):
        localize.ordered_messages(js.replace("self.onmessage = async", "self.onmessage = "))


def test_worker_says_idle_after_a_change_even_when_python_raises(converted):
    """One exception in a callback froze the page: the worker never said idle, so
    every later click only queued (issue 18, found by the monkey test). The
    handler is run under Node with a Python that raises."""
    _, js = converted
    worker = localize.idle_after_errors(localize.ordered_messages(js))
    handler = worker[worker.index("self.onmessage"):worker.rindex("startApplication()")]
    script = ("const posted = [];\n"
              "const self = {postMessage: (m) => posted.push(m.type), pyodide: {globals: {set() {}},"
              " runPython() { throw new Error('a callback raised'); }}};\n"
              + handler +
              "\nself.onmessage({data: {type: 'patch', patch: '{}'}})"
              ".then(() => console.log('no error'), (e) => console.log('raised: ' + e.message))"
              ".then(() => console.log('posted: ' + posted.join(',')));\n")
    done = subprocess.run(["node", "-e", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "raised: a callback raised" in done.stdout  # still an error, logged as before
    assert "posted: idle" in done.stdout                # and the page may send the next change
    with pytest.raises(ValueError, match="patch handler"):
        localize.idle_after_errors(js.replace("self.postMessage({type: 'idle'})", "idle()"))
