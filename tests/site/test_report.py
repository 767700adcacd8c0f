"""The site-size table (``report.py``) and the README's copy of it, checked against a build."""

from palace_tutor.site import report

BUILT = report.SizeReport((("Pyodide core + lock", 17_690_000, 6, 4_350_000),
                           ("start-up snapshot (every visit starts from it)", 53_000_000, 4, 10_020_000)))


def _readme(table: str) -> str:
    return f"# X\n\n## Site size\n\nPrinted by every build:\n\n```\n{table}\n```\n\n## Publish it\n"


def test_a_readme_with_the_builds_table_is_current_and_one_with_an_old_table_is_not():
    assert report.stale_rows(_readme(BUILT.table()), BUILT) == []
    old = BUILT.table().replace("53.00     10.02      4", "19.77     19.77      4")
    assert report.stale_rows(_readme(old), BUILT) == [
        "start-up snapshot (every visit starts from it): README 19.77 MB / 19.77 served / 4 files, "
        "the build 53.00 / 10.02 / 4"]


def test_an_edit_of_the_app_moves_the_figures_a_little_and_the_table_stays_current():
    near = report.SizeReport((BUILT.parts[0], ("start-up snapshot (every visit starts from it)", 53_400_000, 4, 10_110_000)))
    assert report.stale_rows(_readme(BUILT.table()), near) == []


def test_a_day_of_edits_is_current_and_a_fifth_more_is_stale():
    # the project's wheel served 0.98 MB in the README and 1.05 in a build of the same evening (+7%)
    day = report.SizeReport((("Pyodide core + lock", 17_690_000 * 107 // 100, 6, 4_350_000 * 107 // 100),
                             BUILT.parts[1]))
    fifth = report.SizeReport((("Pyodide core + lock", 17_690_000 * 6 // 5, 6, 4_350_000), BUILT.parts[1]))
    assert report.stale_rows(_readme(BUILT.table()), day) == []
    assert [row.split(":")[0] for row in report.stale_rows(_readme(BUILT.table()), fifth)] == ["Pyodide core + lock"]


def test_a_part_added_or_a_file_more_is_stale():
    more = report.SizeReport((("Pyodide core + lock", 17_690_000, 7, 4_350_000), BUILT.parts[1]))
    assert len(report.stale_rows(_readme(BUILT.table()), more)) == 2  # the row and the total


def test_writing_the_table_replaces_only_the_block(tmp_path):
    path = tmp_path / "README.md"
    path.write_text(_readme("part MB\nold 1.00 1.00 1"))
    report.write_readme_table(path, BUILT)
    assert path.read_text() == _readme(BUILT.table())
