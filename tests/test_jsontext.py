"""rules.jsontext: JSON from outside is measured before it is parsed (issue 35, point 7)."""

from __future__ import annotations

import json

import pytest

from rules.errors import NotationError
from rules.jsontext import MAX_DEPTH, nesting, read_json


@pytest.mark.parametrize("text, depth", [
    ("", 0), ("7", 0), ("[]", 1), ('{"a": [1, {"b": []}]}', 4),
    ('"[[[["', 0),                      # brackets inside a string do not nest
    ('["\\"[[", [1]]', 2),              # nor after an escaped quote inside one
    ("[" * 20_000, 20_000),
])
def test_nesting_counts_brackets_outside_strings(text, depth):
    assert nesting(text) == depth


def test_twenty_thousand_brackets_are_refused_before_parsing():
    with pytest.raises(NotationError, match="nests brackets 20,000 deep; the limit is 32"):
        read_json("[" * 20_000 + "]" * 20_000, what="the setup", max_chars=100_000)


def test_the_limit_itself_still_reads():
    text = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert read_json(text, what="x", max_chars=1000) == json.loads(text)
    with pytest.raises(NotationError, match="33 deep"):
        read_json("[" + text + "]", what="x", max_chars=1000)


def test_too_long_is_refused_by_its_length():
    with pytest.raises(NotationError, match="is 1,001 characters long; the limit is 1,000"):
        read_json('"' + "a" * 999 + '"', what="the setup", max_chars=1000)


@pytest.mark.parametrize("text", ["[1, 2", "{'a': 1}", "NaN x", "\x00", "1" * 5000])
def test_malformed_json_is_a_notation_error(text):
    with pytest.raises(NotationError, match="not valid JSON"):
        read_json(text, what="the setup", max_chars=10_000)


def test_not_text_is_refused():
    with pytest.raises(NotationError, match="not text"):
        read_json(b"[]", what="the setup", max_chars=10)  # type: ignore[arg-type]
