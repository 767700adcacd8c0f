"""The built offline site itself (no browser needed, but it uses the session's build)."""

import json

from palace_tutor.site import lock, pins
from palace_tutor.site.build import read_build_info


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
    assert sorted(entry["imports"]) == ["lessons", "rules", "tutor"]
