"""The nesting scan that runs before tomllib (``lessons.loader._nesting_past``) skips text
between the characters it cares about in one step. It must find the same line as a scan
that walks every character (below, kept as the reference), on any mix of brackets,
strings of the four TOML kinds (with escapes, left open), comments and newlines."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lessons.loader import _nesting_past, load_lessons


def _walk_every_character(text: str, limit: int) -> int | None:
    depth, line, i, n = 0, 1, 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "\n":
            line += 1
        elif ch == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        elif ch in "\"'":
            quote = ch * 3 if text.startswith(ch * 3, i) else ch
            j = i + len(quote)
            while j < n and not text.startswith(quote, j):
                if len(quote) == 1 and text[j] == "\n":
                    break
                j += 2 if ch == '"' and text[j] == "\\" else 1
            line += text.count("\n", i, min(j, n))
            i = j + (len(quote) if j < n and text.startswith(quote, j) else 0)
            continue
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return line
        elif ch in "]}":
            depth = max(0, depth - 1)
        i += 1
    return None


PIECES = st.sampled_from(["[", "]", "{", "}", "[[", "]]", "\n", "#", '"', "'", '"""', "'''", "\\", '\\"',
                          "a", "x = ", " ", "é", "\\\n"])


@settings(max_examples=2000, deadline=None)
@given(st.lists(PIECES, max_size=60), st.integers(min_value=0, max_value=6))
def test_the_scan_finds_the_line_a_walk_over_every_character_finds(pieces, limit):
    text = "".join(pieces)
    assert _nesting_past(text, limit) == _walk_every_character(text, limit)


def test_on_the_shipped_lessons_the_scan_agrees_and_finds_no_deep_nesting():
    from lessons.loader import MAX_NESTING, _lesson_files, _text_of, data_directory

    files, _ = _lesson_files(data_directory())
    assert len(files) == len(load_lessons().lessons) > 20
    for name, entry in files:
        text = _text_of(entry, name)
        for limit in (1, 2, 3, MAX_NESTING):
            assert _nesting_past(text, limit) == _walk_every_character(text, limit), (name, limit)
        assert _nesting_past(text, MAX_NESTING) is None
