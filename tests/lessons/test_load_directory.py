"""Loading a folder of lessons: one broken lesson never stops the others
(issue 6 'Loader'; issue 9: a malformed lesson is reported, the others load)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons import load_lessons


def write(root: Path, rel: str, text: str | bytes) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")


def variant_of(good: str, new_id: str) -> str:
    return good.replace('id = "count-basics"', f'id = "{new_id}"')


@pytest.fixture
def folder(tmp_path, good_text):
    write(tmp_path, "count/count-basics.toml", good_text)
    write(tmp_path, "count/count-again.toml", variant_of(good_text, "count-again"))
    return tmp_path


def test_every_good_lesson_loads_in_file_order(folder, families):
    report = load_lessons(folder, families=families)
    assert report.ok and report.problems == ()
    assert [lesson.id for lesson in report.lessons] == ["count-again", "count-basics"]
    assert report.by_id("count-basics").origin == "count/count-basics.toml"
    assert report.for_game("count") == report.lessons
    with pytest.raises(KeyError):
        report.by_id("nope")


def test_a_string_path_works_too(folder, families):
    assert len(load_lessons(str(folder), families=families).lessons) == 2


@pytest.mark.parametrize("broken", [
    'id = "count-broken"\ntitle = ',                        # bad TOML
    'id = "count-broken"\nsubtitle = "x"\n',                # unknown field
    "\xff\xfe".encode("latin-1"),                          # not UTF-8
])
def test_a_broken_lesson_is_reported_and_the_others_load(folder, families, broken):
    write(folder, "count/count-broken.toml", broken)
    report = load_lessons(folder, families=families)
    assert [lesson.id for lesson in report.lessons] == ["count-again", "count-basics"]
    assert len(report.problems) == 1 and not report.ok
    problem = report.problems[0]
    assert problem.name == "count/count-broken.toml"
    assert "count/count-broken.toml" in problem.message


def test_a_failing_step_is_reported_with_lesson_and_step(folder, families, good_text):
    write(folder, "count/count-bad-step.toml",
          variant_of(good_text, "count-bad-step").replace("equals = 5", "equals = 7"))
    report = load_lessons(folder, families=families)
    assert len(report.lessons) == 2
    (problem,) = report.problems
    assert (problem.lesson, problem.step) == ("count-bad-step", 2)
    assert "step 2" in problem.message and "total is 7" in problem.message


def test_an_engine_crash_is_reported_and_the_others_load(folder, families, good_text):
    write(folder, "broken/count-crash.toml",
          variant_of(good_text, "count-crash").replace('game = "count"', 'game = "broken"'))
    report = load_lessons(folder, families=families)
    assert len(report.lessons) == 2
    (problem,) = report.problems
    assert "RuntimeError: engine bug" in problem.message


def test_an_id_used_by_two_games_is_refused_the_second_time(folder, families, good_text):
    write(folder, "count2/count-basics.toml", good_text.replace('game = "count"', 'game = "count2"'))
    report = load_lessons(folder, families=families)
    assert [lesson.game for lesson in report.lessons] == ["count", "count"]
    (problem,) = report.problems
    assert problem.name == "count2/count-basics.toml"
    assert "'count-basics' is already used by count/count-basics.toml" in problem.message


def test_a_lesson_must_live_in_its_game_folder_under_its_id(tmp_path, families, good_text):
    write(tmp_path, "palace/count-basics.toml", good_text)
    write(tmp_path, "count/basics.toml", good_text)
    report = load_lessons(tmp_path, families=families)
    assert report.lessons == ()
    messages = sorted(p.message for p in report.problems)
    assert "should be named count-basics.toml" in messages[0]
    assert "belongs in the count/ folder, not palace/" in messages[1]


def test_only_one_folder_level_is_read(tmp_path, families, good_text):
    write(tmp_path, "count/count-basics.toml", good_text)
    write(tmp_path, "count/sub/ignored.toml", "not a lesson")  # only one level down is read
    report = load_lessons(tmp_path, families=families)
    assert [lesson.id for lesson in report.lessons] == ["count-basics"] and report.ok


def test_files_that_are_not_lessons_are_ignored(folder, families):
    write(folder, "count/README.md", "notes")
    write(folder, "_drafts/count-x.toml", "junk")
    write(folder, "top.toml", "junk")
    report = load_lessons(folder, families=families)
    assert len(report.lessons) == 2 and report.ok


def test_the_shipped_folder_is_read_through_importlib_resources():
    from importlib.resources.abc import Traversable

    from lessons.loader import data_directory

    root = data_directory()
    assert isinstance(root, Traversable) and root.is_dir()


def test_a_missing_folder_is_one_clear_error(tmp_path, families):
    from lessons import LessonError

    with pytest.raises(LessonError, match="no folder of lessons"):
        load_lessons(tmp_path / "nope", families=families)


def test_lessons_come_out_by_game_then_order_then_file(folder, families, good_text):
    write(folder, "count/count-first.toml",
          variant_of(good_text, "count-first").replace('variant = "plain"', 'variant = "plain"\norder = 1'))
    report = load_lessons(folder, families=families)
    assert [lesson.id for lesson in report.lessons] == ["count-first", "count-again", "count-basics"]
    assert report.by_id("count-basics").order == 100
