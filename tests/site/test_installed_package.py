"""The installed package can build the site (issue 18, point 4).

``pip install .`` (not editable) left out ``palace_tutor/site/*.mjs``, ``*.js``
and ``favicon.svg``: ``palace-tutor build`` then failed with ``Cannot find
module .../run_pyodide.mjs``. These tests build the project's wheel from a
clean copy of the checkout, as ``pip install .`` does.

* every file of a packaged folder that is not Python ships in the wheel (cheap:
  a new ``.css`` or ``.js`` beside the build code cannot be forgotten);
* the wheel, installed into a fresh venv, builds the site from a checkout.
  The fresh venv borrows the dependencies (panel, bokeh...) from the running
  venv through a ``.pth`` line instead of downloading them again, and the
  build reuses ``.cache/`` (``PALACE_TUTOR_CACHE``): 10-40 s with a warm
  cache (load 1-8). It is marked ``serial`` so ``./dev test`` runs it with the browser
  tests, once the test site's build has filled the cache.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from palace_tutor.site import fetch

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("rules", "players", "practice", "lessons", "tutor", "palace_tutor")  # [tool.setuptools.packages.find]


def _checkout_files() -> list[str]:
    """The checkout's files: tracked ones and new ones not ignored (a working tree in development)."""
    out = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                         check=True, stdout=subprocess.PIPE).stdout.decode()
    return sorted(f for f in out.split("\0") if f and (ROOT / f).is_file())


def _clean_checkout(dest: Path) -> Path:
    for name in _checkout_files():
        (dest / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, dest / name)
    return dest


def _build_wheel(checkout: Path, out: Path) -> Path:
    """``pip wheel .`` as ``pip install .`` builds it (no editable install, no network)."""
    backend = fetch.build_requirements(fetch.default_cache_dir(ROOT))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-index", "--find-links", str(backend),
                    "-q", "--disable-pip-version-check", "-w", str(out), str(checkout)], check=True)
    (wheel,) = out.glob("palace_tutor-*.whl")
    return wheel


@pytest.fixture(scope="module")
def checkout_and_wheel(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("installed")
    checkout = _clean_checkout(tmp / "checkout")
    wheel = _build_wheel(checkout, tmp / "dist")
    shutil.rmtree(checkout / "build", ignore_errors=True)  # setuptools builds in the tree
    for info in checkout.glob("*.egg-info"):
        shutil.rmtree(info)
    return checkout, wheel


def test_every_packaged_file_ships_in_the_wheel(checkout_and_wheel):
    _checkout, wheel = checkout_and_wheel
    shipped = set(zipfile.ZipFile(wheel).namelist())
    wanted = {f for f in _checkout_files() if f.split("/", 1)[0] in PACKAGES}
    missing = sorted(wanted - shipped)
    assert not missing, f"files of the packages that the wheel leaves out: {missing}"
    assert "palace_tutor/site/run_pyodide.mjs" in shipped  # the one the issue found missing


@pytest.mark.serial
def test_the_installed_wheel_builds_the_site_from_a_checkout(checkout_and_wheel, tmp_path):
    checkout, wheel = checkout_and_wheel
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    purelib = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                                  check=True, stdout=subprocess.PIPE, text=True).stdout.strip())
    # the dependencies from this venv; its own editable install is a .pth there, which a
    # path added by a .pth line does not run, so palace_tutor comes from the wheel only
    (purelib / "_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "--no-index",
                    "-q", "--disable-pip-version-check", str(wheel)], check=True)
    # as the console script sees it (its sys.path starts at venv/bin, not at the checkout)
    where = subprocess.run([str(python), "-I", "-c", "import palace_tutor.site.build as b; print(b.__file__)"],
                           check=True, stdout=subprocess.PIPE, text=True, cwd=checkout).stdout.strip()
    assert Path(where).is_relative_to(venv), where

    site = tmp_path / "site"
    env = {**os.environ, "PALACE_TUTOR_CACHE": str(fetch.default_cache_dir(ROOT))}
    proc = subprocess.run([str(venv / "bin" / "palace-tutor"), "build", "--out", str(site)], cwd=checkout, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=1200)
    assert proc.returncode == 0, proc.stdout[-4000:]
    for name in ("index.html", "app.js", "sw.js", "favicon.svg", "build-info.json"):
        assert (site / name).is_file(), f"{name} missing from the site built by the installed package"
    assert "snapshot" in (site / "app.js").read_text()  # the worker script took in snapshot.js
