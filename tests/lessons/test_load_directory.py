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


def test_only_one_folder_level_is_read_and_a_nested_file_is_named(tmp_path, families, good_text):
    write(tmp_path, "count/count-basics.toml", good_text)
    write(tmp_path, "count/sub/deeper/ignored.toml", "not a lesson")  # only one level down is read
    report = load_lessons(tmp_path, families=families)
    assert [lesson.id for lesson in report.lessons] == ["count-basics"] and report.ok
    (skipped,) = report.skipped
    assert skipped.name == "count/sub/deeper/ignored.toml"
    assert "folder inside a game's folder" in skipped.reason and "count/" in skipped.reason


def test_every_skipped_file_is_named_with_the_reason(folder, families):
    # issue 18: these were skipped in silence
    write(folder, "count/README.md", "notes")
    write(folder, "_drafts/count-x.toml", "junk")
    write(folder, "top.toml", "junk")
    write(folder, "count/count-loud.TOML", "junk")
    report = load_lessons(folder, families=families)
    assert len(report.lessons) == 2 and report.ok
    reasons = {s.name: s.reason for s in report.skipped}
    assert sorted(reasons) == ["_drafts/", "count/README.md", "count/count-loud.TOML", "top.toml"]
    assert "in its game's folder" in reasons["top.toml"]
    assert "lower case" in reasons["count/count-loud.TOML"]
    assert "not a .toml file" in reasons["count/README.md"]
    assert "'_' are not read" in reasons["_drafts/"]


def test_the_shipped_lessons_skip_nothing():
    assert load_lessons().skipped == ()


@pytest.mark.parametrize("depth", [40, 600, 5000])
def test_a_deeply_nested_toml_is_a_toml_error_with_its_line(folder, families, good_text, depth):
    # 600 and 5000 levels made tomllib itself hit the recursion limit, which was then
    # reported as "the engine failed while replaying it"
    nested = "[" * depth + "]" * depth
    text = variant_of(good_text, "count-deep") + f"\n\nextra = {nested}\n"
    write(folder, "count/count-deep.toml", text)
    report = load_lessons(folder, families=families)
    assert len(report.lessons) == 2
    (problem,) = report.problems
    line = text[:text.index("extra =")].count("\n") + 1
    assert "not valid TOML" in problem.message and "nested" in problem.message
    assert f"line {line}" in problem.message and "engine" not in problem.message


def test_brackets_inside_strings_and_comments_do_not_count_as_nesting(folder, families, good_text):
    text = variant_of(good_text, "count-strings") + '\n# [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\n'
    write(folder, "count/count-strings.toml", text.replace('title = "', 'title = "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[ '))
    report = load_lessons(folder, families=families)
    assert report.ok and len(report.lessons) == 3


def test_a_file_that_is_not_utf8_names_its_line(folder, families, good_text):
    raw = variant_of(good_text, "count-latin").encode("utf-8") + b"\n# caf\xe9\n"
    write(folder, "count/count-latin.toml", raw)
    (problem,) = load_lessons(folder, families=families).problems
    assert "not UTF-8" in problem.message
    assert f"line {len(raw.splitlines())}" in problem.message


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
