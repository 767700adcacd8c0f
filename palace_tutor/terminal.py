"""Printing to whatever terminal runs ``palace-tutor``.

* Any encoding: a terminal that is not UTF-8 (``PYTHONIOENCODING=ascii``, a
  Windows cp1252 console) gets readable text, not ``UnicodeEncodeError``: a
  suit symbol becomes the notation's letter (``Q♦`` -> ``Qd``), ``§`` the
  word ``section``, an accented letter its plain letter, anything else a
  ``\\uXXXX`` escape. JSON is written with ``\\u`` escapes instead, which is
  lossless.
* Echoed input is safe: control characters (a newline, the escape sequences
  a terminal obeys, Unicode line separators and direction overrides) are
  shown escaped, and a huge token is cut, so an error is one short line.
"""

from __future__ import annotations

import codecs
import re
import sys
import unicodedata
from typing import TextIO

PLAIN = "palace-tutor-plain"  # the codec error handler below
_SPELLED = {"♠": "s", "♥": "h", "♦": "d", "♣": "c", "♤": "s", "♡": "h", "♢": "d", "♧": "c", "🃏": "Jk",
            "§": "section", "—": "-", "–": "-", "·": "-", "…": "...", "‘": "'", "’": "'", "“": '"', "”": '"',
            "×": "x", "→": "->", "←": "<-", "≥": ">=", "≤": "<=", "\u00a0": " "}
# C0 and C1 controls, DEL, line and paragraph separators, bidirectional marks and overrides
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]")
LONG_RUN = 80    # a run of non-spaces longer than this is cut ...
KEPT = 40        # ... to this many characters
MAX_LINE = 800   # and an error line to this many


def _plain(err: UnicodeError) -> tuple[str, int]:
    if not isinstance(err, UnicodeEncodeError):
        raise err
    out = []
    for ch in err.object[err.start:err.end]:
        spelled = _SPELLED.get(ch)
        if spelled is None:
            spelled = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode("ascii")
        out.append(spelled or ch.encode("ascii", "backslashreplace").decode("ascii"))
    return "".join(out), err.end


codecs.register_error(PLAIN, _plain)


def safe_streams(*streams: TextIO) -> None:
    """Let stdout and stderr print anything on any terminal encoding."""
    for stream in streams or (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors=PLAIN)
        except (AttributeError, ValueError, OSError):  # not a text stream we can reconfigure
            pass


def can_print(text: str, stream: TextIO | None = None) -> bool:
    """Whether ``text`` goes to ``stream`` unchanged (its encoding holds every character)."""
    encoding = getattr(stream or sys.stdout, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def escape_controls(text: str) -> str:
    return CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


def one_line(message: str) -> str:
    """A message safe to echo: control characters escaped, long runs and the whole cut."""
    text = escape_controls(message)
    text = re.sub(rf"\S{{{LONG_RUN + 1},}}", lambda m: f"{m.group()[:KEPT]}... ({len(m.group()):,} characters)",
                  text)
    if len(text) > MAX_LINE:
        text = f"{text[:MAX_LINE]}... ({len(text):,} characters)"
    return text
