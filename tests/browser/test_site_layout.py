"""The built offline site itself (no browser needed, but it uses the session's build)."""

import dataclasses
import json

from pathlib import Path

import pytest

from palace_tutor.site import lock, pins, report
from palace_tutor.site.build import SiteOptions, read_build_info

ROOT = Path(__file__).resolve().parents[2]


def test_lock_lists_exactly_the_wheels_the_site_holds(site_dir):
    lock.check_pyodide_dir(site_dir / "pyodide")  # raises on any difference


def test_official_wasm_wheels_keep_the_official_sha256(site_dir):
    core = json.loads((site_dir / "pyodide" / "pyodide-lock.json").read_text())
    assert core["info"]["version"] == pins.PYODIDE_VERSION
    numpy = core["packages"]["numpy"]
    assert numpy["file_name"].endswith("pyodide_2024_0_wasm32.whl")
    assert lock.sha256_file(site_dir / "pyodide" / numpy["file_name"]) == numpy["sha256"]


def test_browser_wheel_is_the_project_without_host_tooling(site_dir):
    info = read_build_info(site_dir)
    entry = json.loads((site_dir / "pyodide" / "pyodide-lock.json").read_text())["packages"]["palace-tutor"]
    assert entry["file_name"] == info["project_wheel"]
    assert sorted(entry["imports"]) == ["lessons", "players", "practice", "rules", "tutor"]


def test_a_second_build_needs_no_network(site_dir, tmp_path):
    """Once the cache is filled (the session's build did it), building again works in a
    network namespace with no interface at all."""
    import shutil
    import subprocess
    import sys

    import pytest

    unshare = shutil.which("unshare")
    if unshare is None or subprocess.run([unshare, "-n", "true"], capture_output=True).returncode:
        pytest.skip("needs unshare -n (root) to cut the network")
    root = site_dir.parent if (site_dir.parent / "app.py").is_file() else None
    if root is None:
        pytest.skip("PALACE_TUTOR_SITE points outside the repository")
    proc = subprocess.run([unshare, "-n", sys.executable, "-m", "palace_tutor.cli", "build", "--out", str(tmp_path / "site")],
                          cwd=root, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    lock.check_pyodide_dir(tmp_path / "site" / "pyodide")


def test_the_readmes_site_size_table_is_this_builds(site_dir):
    """README's "Site size" table is the build's own (a seventh of slack for the app's edits):
    `python -m palace_tutor.site.report _site-test --readme README.md` writes it again."""
    default = json.loads(json.dumps(dataclasses.asdict(SiteOptions())))  # as build-info.json holds them
    if read_build_info(site_dir).get("options") != default:
        pytest.skip("the README's table is the default build's")
    stale = report.stale_rows((ROOT / "README.md").read_text(encoding="utf-8"), report.site_sizes(site_dir))
    assert not stale, ("README's site size table is not this build's; write it again with "
                       "`.venv/bin/python -m palace_tutor.site.report _site-test --readme README.md`:\n"
                       + "\n".join(stale))
