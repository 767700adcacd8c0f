"""``palace-tutor courses list | check | show ID [--rule NAME=VALUE]`` (issue 32, item 1)."""

from __future__ import annotations

import io
import subprocess
import sys
from argparse import Namespace

import pytest
from course_support import COURSE

from lessons.course_cli import run


@pytest.fixture
def folders(tmp_path, good_text):
    (tmp_path / "courses" / "count").mkdir(parents=True)
    (tmp_path / "lessons" / "count").mkdir(parents=True)
    (tmp_path / "courses" / "count" / "count-course.toml").write_text(COURSE, encoding="utf-8")
    (tmp_path / "lessons" / "count" / "count-basics.toml").write_text(good_text, encoding="utf-8")
    return tmp_path


def call(command, families, folders, **args):
    out, err = io.StringIO(), io.StringIO()
    code = run(command, Namespace(dir=str(folders / "courses"), lessons=str(folders / "lessons"), **args),
               out=out, err=err, families=families)
    return code, out.getvalue(), err.getvalue()


def test_check_replays_every_course(folders, families):
    code, out, err = call("check", families, folders)
    assert code == 0 and err == ""
    assert "ok     count-course: 2 chapters, 5 steps replayed, 4 tasks agree with the engine" in out
    assert out.rstrip().endswith("1 courses replayed, 0 failed")


def test_check_fails_on_a_broken_course_and_names_the_place(folders, families):
    (folders / "courses" / "count" / "count-course.toml").write_text(
        COURSE.replace('"play 2c", "play 3d", "play 5h"', '"play 2c"'), encoding="utf-8")
    code, out, err = call("check", families, folders)
    assert code == 1 and "0 courses replayed, 1 failed" in out
    assert err.startswith("FAILED count/count-course.toml (course 'count-course'), chapter 'first-card', step 1:")


def test_list_and_show(folders, families):
    code, out, _ = call("list", families, folders)
    assert code == 0 and out.split() == ["count-course", "count", "plain", "Counting", "from", "zero"]
    code, out, _ = call("show", families, folders, id="count-course", rule=None)
    assert code == 0 and "1. Your first card  (turn; 2 steps; 2 tasks; palace-poker.txt § Counting)" in out
    assert "- Lay one of Ann's cards." in out and "2. Counting to nine  (example; lesson count-basics" in out


def test_show_an_unknown_course_exits_2_naming_the_known_ones(folders, families):
    code, _, err = call("show", families, folders, id="nope", rule=None)
    assert code == 2 and err.strip() == "palace-tutor: no course 'nope'; known: count-course"


def test_show_under_a_table_option_names_the_chapters_it_changes():
    out = subprocess.run([sys.executable, "-m", "palace_tutor.cli", "courses", "show", "pl-bga-course",
                          "--rule", "ten-replays=no"], capture_output=True, text=True, check=True).stdout
    ten = out[out.index("The 10 burns the pile"):]
    ten = ten[:ten.index("\n\n")]
    # the document: "10: burns the stack ... the player is also granted an additional turn"
    assert "Your table's rules change step 2 of this chapter" in " ".join(ten.split())
    assert "does its player play again? Your table: no" in " ".join(ten.split())
    aim = out[out.index("The aim: get rid of your cards"):]
    assert "Your table's rules" not in aim[:aim.index("\n\n")]


def test_show_refuses_an_unknown_option():
    done = subprocess.run([sys.executable, "-m", "palace_tutor.cli", "courses", "show", "pl-bga-course",
                           "--rule", "nope=1"], capture_output=True, text=True)
    assert done.returncode == 2 and "unknown Palace option 'nope'" in done.stderr
