"""The built site's code left for later (``palace_tutor/site/lazy.py``), inside real Pyodide under
Node: the site's packages as a first visit installs them, the finder from the site's own worker
script, and a synchronous request answered from the site's folder (as the worker's would be).
Importing what waits (a numpy extension module, a package nothing imported at start, a module
of the standard library) fetches the archive once and works; the answers come from CPython."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

PROBE = r"""
import json, sys
before = "numpy.random" in sys.modules or "markdown" in sys.modules
import numpy.random
import markdown
import pydoc
json.dumps({"before": before, "rng": numpy.random.default_rng(7).integers(0, 1000, size=5).tolist(),
            "markdown": markdown.markdown("*hi*"), "pydoc": pydoc.__name__})
"""

RUN = r"""
const [dir, codeFile, packagesFile, probeFile] = process.argv.slice(2);
const fs = require("fs"), path = require("path");
let fetched = [];
globalThis.XMLHttpRequest = class {  // synchronous, from the site's folder (the worker's own is a real one)
  open(method, url, async) { this.url = url; if (async !== false) throw new Error("expected a synchronous request"); }
  send() {
    fetched.push(this.url);
    const data = fs.readFileSync(path.join(dir, this.url));
    this.status = 200;
    this.response = data.buffer.slice(data.byteOffset, data.byteOffset + data.length);
  }
};
(async () => {
  const { loadPyodide } = require(path.join(dir, "pyodide", "pyodide.js"));
  const py = await loadPyodide({ indexURL: path.join(dir, "pyodide") + "/", stdout: () => {}, stderr: () => {} });
  await py.loadPackage(JSON.parse(fs.readFileSync(packagesFile, "utf8")), { messageCallback: () => {} });
  py.runPython(fs.readFileSync(codeFile, "utf8"));
  const out = JSON.parse(py.runPython(fs.readFileSync(probeFile, "utf8")));
  out.fetched = fetched;
  console.log(JSON.stringify(out));
})().catch((e) => { console.error(e); process.exit(1); });
"""


# every module of the app's own packages (another game's engine opens with its first lesson)
OWN = r"""
import importlib, json, pkgutil
names = []
for top in ("rules", "players", "lessons", "tutor"):
    for info in pkgutil.walk_packages(importlib.import_module(top).__path__, top + "."):
        importlib.import_module(info.name)
        names.append(info.name)
json.dumps({"imported": len(names), "engines": [m for m in ("rules.palace", "rules.kings_pot") if m in names]})
"""


def _run_in_pyodide(site_dir, tmp_path, probe: str, until: str = "del _pt_sys, _PalaceLater") -> tuple[dict, str]:
    """``probe``'s JSON (and the archive's URL) after the site's packages and its finder of the code
    left for later are in place, as in a first visit, and the worker's own code has run up to the
    line ``until``."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is needed (apt-get install -y nodejs)")
    worker = (site_dir / "app.js").read_text()
    match = re.search(r"\\nimport sys as _pt_sys\\n.*?" + re.escape(until) + r"\\n", worker, re.S)
    assert match, "the worker script has no finder for the code left for later"
    finder = match.group(0).replace("\\n", "\n")
    archive = re.search(r'_PalaceLater\("([^"]+)"', finder).group(1)
    assert (site_dir / archive).is_file()
    lock = json.loads((site_dir / "pyodide" / "pyodide-lock.json").read_text())
    packages = sorted(p for p in lock["packages"] if p not in ("micropip", "packaging"))
    (tmp_path / "finder.py").write_text(finder)
    (tmp_path / "packages.json").write_text(json.dumps(packages))
    (tmp_path / "probe.py").write_text(probe)
    (tmp_path / "run.js").write_text(RUN)
    proc = subprocess.run([node, str(tmp_path / "run.js"), str(site_dir), str(tmp_path / "finder.py"),
                           str(tmp_path / "packages.json"), str(tmp_path / "probe.py")],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1]), archive


def test_code_left_for_later_arrives_at_its_first_import(site_dir, tmp_path):
    out, archive = _run_in_pyodide(site_dir, tmp_path, PROBE)
    import numpy

    assert out["before"] is False
    assert out["rng"] == numpy.random.default_rng(7).integers(0, 1000, size=5).tolist()
    assert out["markdown"] == "<p><em>hi</em></p>"
    assert out["pydoc"] == "pydoc"
    assert out["fetched"] == [archive]  # once, for all three


def test_the_apps_own_code_never_waits_for_the_code_left_for_later(site_dir, tmp_path):
    """A start opens one game; the first lesson of another imports its engine, which must come
    from the files a first visit has, not from a 3 MB archive fetched right then."""
    out, _ = _run_in_pyodide(site_dir, tmp_path, OWN, until="del _pt_import_panel")  # what runs before the app's code
    assert out["imported"] > 100 and out["engines"] == ["rules.palace", "rules.kings_pot"]
    assert out["fetched"] == []


# numpy as the site ships it (first_use_edits.py): numpy.linalg waits for its first use. Read after
# the app's modules are imported (the page is not built here: that needs the browser's page)
NUMPY_LATER = r"""
import json, sys
import numpy as np
import panel
from tutor.views.app import build
at_start = sorted(m for m in ("numpy.linalg", "yaml", "xyzservices") if m in sys.modules)
from numpy.matrixlib import defmatrix
json.dumps({"at_start": at_start,
            "polyfit": np.polyfit([0, 1, 2, 3], [1, 3, 5, 7], 1).round(9).tolist(),
            "roots": sorted(np.roots([1, -3, 2]).round(9).tolist()),
            "matrix": (np.matrix([[1, 2], [3, 4]]) ** 2).tolist(),
            "matrix_power": defmatrix.matrix_power.__module__})
"""


def test_numpy_parts_the_start_does_not_use_work_at_their_first_use(site_dir, tmp_path):
    """The site's numpy imports numpy.linalg where it is used, not when numpy is imported
    (palace_tutor/site/first_use_edits.py); what needs them still works, with answers from CPython."""
    import numpy as np

    out, archive = _run_in_pyodide(site_dir, tmp_path, NUMPY_LATER, until="del _pt_import_panel")
    assert out["at_start"] == []  # nor PyYAML or xyzservices, which Bokeh imports at first use too
    assert out["polyfit"] == np.polyfit([0, 1, 2, 3], [1, 3, 5, 7], 1).round(9).tolist()
    assert out["roots"] == sorted(np.roots([1, -3, 2]).round(9).tolist()) == [1.0, 2.0]
    assert out["matrix"] == [[7, 10], [15, 22]]
    assert out["matrix_power"] == np.linalg.matrix_power.__module__ == "numpy.linalg"
    assert out["fetched"] == [archive]  # numpy.linalg's code waited in the archive
