"""A smoke run of the rules and lessons inside real Pyodide 0.27.7 (Python 3.12 on
WebAssembly, under Node), from the same wheel the site ships.

``rules_probe.py`` runs once under CPython and once in Pyodide: every output
must be identical, so any difference between the host and the browser's
Python (3.11 vs 3.12, no threads, WebAssembly) shows up here without a
browser. A few expectations are also checked on their own: the hand
categories below are textbook poker, not the code's output.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from palace_tutor.site import fetch, wheels

pytestmark = pytest.mark.pyodide
HERE = Path(__file__).parent
ROOT = HERE.parents[1]


@pytest.fixture(scope="module")
def project_wheel(tmp_path_factory) -> Path:
    cache = fetch.default_cache_dir(ROOT)
    return wheels.build_project_wheel(ROOT, tmp_path_factory.mktemp("wheel"), fetch.build_requirements(cache))


@pytest.fixture(scope="module")
def pyodide_result(project_wheel) -> dict:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is needed for the Pyodide smoke run (apt-get install -y nodejs)")
    core = fetch.pyodide_core(fetch.default_cache_dir(ROOT))
    proc = subprocess.run([node, str(HERE / "run_in_pyodide.mjs"), str(core), str(project_wheel),
                           str(HERE / "rules_probe.py")],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    print(proc.stderr.strip())
    return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def cpython_result(project_wheel, tmp_path_factory) -> dict:
    """The same probe under CPython, importing from the same wheel (unpacked), so both
    interpreters run the very same code even while the working tree changes."""
    unpacked = tmp_path_factory.mktemp("unpacked")
    with zipfile.ZipFile(project_wheel) as z:
        z.extractall(unpacked)
    # the probe's result is its last expression: print it the way Pyodide returns it
    source = (HERE / "rules_probe.py").read_text()
    body, last = source.rstrip().rsplit("\njson.dumps(", 1)
    script = body + "\nprint(json.dumps(" + last + ")\n"
    proc = subprocess.run([sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(unpacked)!r})\n" + script],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_pyodide_runs_python_3_12(pyodide_result):
    assert pyodide_result["python"] == [3, 12]


def test_hand_categories_in_pyodide_are_textbook_poker(pyodide_result):
    hands = pyodide_result["hands"]
    assert hands["Ah Kh Qh Jh Th 2c 3d"] == "royal flush"
    assert hands["9s 9h 9d 9c 2h 3h 4h"].startswith("four of a kind, nines")
    assert hands["7c 7d 7h Kc Kd 2s 3s"] == "full house, sevens over kings"
    assert hands["2h 5h 9h Jh Kh 3c 4d"].startswith("flush")
    assert hands["5c 4d 3h 2s Ah Kd Kc"] == "straight to the five"
    assert hands["Qs Qd 8c 8h 4s 3d 2c"] == "two pair, queens and eights"


def test_lessons_replay_in_pyodide(pyodide_result):
    # whether every lesson is right is tests/lessons' job (under CPython); here: the
    # lesson files ship inside the wheel and replay through the engines in Pyodide
    check = pyodide_result["lessons_check"]
    assert any(line.startswith("ok ") for line in check["out"]), check


def test_pyodide_and_cpython_agree_on_everything(pyodide_result, cpython_result):
    assert pyodide_result["python"] != cpython_result["python"]  # two different interpreters ran
    for key in ("notation", "hands", "shuffle_seed_7", "families", "lessons_check", "bots", "drills"):
        assert pyodide_result[key] == cpython_result[key], key


def test_computer_players_play_in_pyodide(pyodide_result):
    # issue 15: play runs in the page; the moves are compared with CPython's above, and each
    # level's slowest decision in Pyodide is printed for the record (a bench figure, not a bound)
    for game, moves in pyodide_result["bots"].items():
        assert len(moves) > 10, game
    print("slowest decision in Pyodide (ms):", pyodide_result["bots_slowest_ms"])
