"""``palace-tutor lessons list | check | show ID`` (issue 6 'Commands')."""

from __future__ import annotations

import io
import subprocess
import sys
from argparse import Namespace
from pathlib import Path

import pytest

from lessons.cli import run


@pytest.fixture
def folder(tmp_path, good_text):
    (tmp_path / "count").mkdir()
    (tmp_path / "count" / "count-basics.toml").write_text(good_text, encoding="utf-8")
    return tmp_path


def call(command, families, **args):
    out, err = io.StringIO(), io.StringIO()
    code = run(command, Namespace(**args), out=out, err=err, families=families)
    return code, out.getvalue(), err.getvalue()


def break_one(folder: Path) -> None:
    (folder / "count" / "count-zz.toml").write_text('id = "count-zz"\nnope = 1\n', encoding="utf-8")


def test_list_prints_id_game_title(folder, families):
    code, out, err = call("list", families, dir=str(folder))
    assert code == 0 and err == ""
    assert out.split(None, 2) == ["count-basics", "count", "Counting to nine\n"]


def test_list_reports_a_broken_lesson_and_still_lists_the_rest(folder, families):
    break_one(folder)
    code, out, err = call("list", families, dir=str(folder))
    assert code == 1 and "count-basics" in out
    assert "count/count-zz.toml" in err and "unknown field 'nope'" in err


def test_check_replays_every_lesson(folder, families):
    code, out, err = call("check", families, dir=str(folder))
    assert code == 0 and err == ""
    assert "ok     count-basics: 3 steps replayed, 4 checks held, 2 quizzes agree" in out
    assert out.rstrip().endswith("1 lessons replayed, 0 failed")


def test_check_exits_non_zero_on_any_failure(folder, families):
    break_one(folder)
    code, out, err = call("check", families, dir=str(folder))
    assert code == 1
    assert out.rstrip().endswith("1 lessons replayed, 1 failed")
    assert err.startswith("FAILED count/count-zz.toml")


def test_show_prints_steps_narration_rules_checks_and_quizzes(folder, families):
    code, out, err = call("show", families, dir=str(folder), id="count-basics")
    assert code == 0 and err == ""
    for text in ("Counting to nine  [count-basics]", "1. (narration)", "2. play 5h",
                 "Ann opens with five.", "rule: palace-poker.txt § Counting (adding up)",
                 "check: total is 5 (five so far)", "quiz (legal-plays): What may Ann do?",
                 "accepted: Bob, the second player", "3. play 4h"):
        assert text in out, text


def test_show_an_unknown_id_names_it(folder, families):
    code, out, err = call("show", families, dir=str(folder), id="count-nope")
    assert code == 2 and out == ""
    assert "no lesson 'count-nope'; known: count-basics" in err


def test_show_a_broken_lesson_says_why(folder, families):
    break_one(folder)
    code, _, err = call("show", families, dir=str(folder), id="count-zz")
    assert code == 2 and "does not load" in err and "unknown field 'nope'" in err


def test_an_unknown_command_is_refused(folder, families):
    code, _, err = call("fly", families, dir=str(folder))
    assert code == 2 and "'fly'" in err


def test_the_shipped_lessons_check_clean_from_the_command_line():
    done = subprocess.run([sys.executable, "-m", "palace_tutor.cli", "lessons", "check"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stderr == "" and done.stdout.rstrip().endswith(" lessons replayed, 0 failed")


def test_show_a_shipped_lesson_from_the_command_line():
    done = subprocess.run([sys.executable, "-m", "palace_tutor.cli", "lessons", "show", "pp-first-round"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "starts after: ante, deal x12, shuffle, deal x18" in done.stdout
    assert "7. Brad: call" in done.stdout and "rule: palace-poker.txt § Call (who wins the battle)" in done.stdout


def test_check_of_a_missing_folder_exits_2_with_one_line(tmp_path):
    done = subprocess.run([sys.executable, "-m", "palace_tutor.cli", "lessons", "check",
                           "--dir", str(tmp_path / "nope")], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "no folder of lessons" in done.stderr


def test_check_of_a_teachers_folder_from_the_command_line(tmp_path):
    (tmp_path / "kings-pot").mkdir()
    shipped = Path(__file__).parents[2] / "lessons" / "data" / "kings-pot" / "kp-full-deal.toml"
    (tmp_path / "kings-pot" / "kp-full-deal.toml").write_text(shipped.read_text(encoding="utf-8"))
    (tmp_path / "kings-pot" / "kp-typo.toml").write_text(
        shipped.read_text(encoding="utf-8").replace('id = "kp-full-deal"', 'id = "kp-typo"')
        .replace("equals = 13\n  note = \"6 carried", "equals = 12\n  note = \"6 carried"))
    done = subprocess.run([sys.executable, "-m", "palace_tutor.cli", "lessons", "check",
                           "--dir", str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert "ok     kp-full-deal" in done.stdout
    assert "kp-typo" in done.stderr and "step 5" in done.stderr and "kings_pot is 12" in done.stderr


def test_check_names_the_files_it_skips(tmp_path):
    shipped = Path(__file__).parents[2] / "lessons" / "data" / "kings-pot" / "kp-full-deal.toml"
    text = shipped.read_text(encoding="utf-8")
    for rel in ("kings-pot/kp-full-deal.toml", "kp-top.toml", "kings-pot/old/kp-old.toml", "kings-pot/kp-x.TOML"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "palace_tutor.cli", "lessons", "check",
                           "--dir", str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr  # skipping is said, not failed
    assert "ok     kp-full-deal" in done.stdout
    skipped = [line for line in done.stderr.splitlines() if line.startswith("SKIPPED ")]
    assert sorted(line.split(":")[0] for line in skipped) == [
        "SKIPPED kings-pot/kp-x.TOML", "SKIPPED kings-pot/old/kp-old.toml", "SKIPPED kp-top.toml"]
    assert "1 lessons replayed, 0 failed, 3 files skipped" in done.stdout
