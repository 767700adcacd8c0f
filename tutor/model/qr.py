"""QR codes of links: any lesson step, study, rule set or quiz, for the phones at the table.

Made with ``segno`` (pure Python, shipped in the site's wheels), in the browser's own
Python, so it works offline. A QR code holds at most 2,953 bytes (version 40, the lowest
error correction); a longer link cannot be one code, and :class:`QrTooLongError` says so,
so the page can offer the study file instead. Shorter links get the strongest error
correction that fits in the same size (``boost_error``), which helps a camera across a
room.

A code is made once per text (:func:`make_qr` keeps the last 64): in the page's Pyodide,
segno's choice of the mask (the standard's lowest penalty of eight) is most of the time of a
code (``python -m bench qr_page``), so a code opened again, on the same step, rule set or
quiz, is drawn without making it again.

This module knows nothing of Panel: :func:`make_qr` returns plain data (the SVG markup
and the code's size); ``tutor.views.qr`` shows it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import segno

MAX_BYTES = 2953  # byte mode, version 40, error correction L (ISO/IEC 18004 table 7)
BORDER = 4        # the quiet zone the standard asks for, in modules


class QrTooLongError(ValueError):
    """A text too long for one QR code; ``length`` is its size in bytes (UTF-8)."""

    def __init__(self, length: int):
        super().__init__(f"This link is {length:,} characters long; one QR code holds at most {MAX_BYTES:,}. "
                         "Send the study as a file instead.")
        self.length = length


@dataclass(frozen=True)
class QrCode:
    """One QR code: the ``text`` it holds, its ``version`` (1-40), ``modules`` per side
    (with the quiet zone) and ``svg``: scalable markup (a ``viewBox``, no fixed size),
    black on white, with no text of the link in it."""

    text: str
    version: int
    error: str
    modules: int
    svg: str


@lru_cache(maxsize=64)
def make_qr(text: str) -> QrCode:
    """The QR code of ``text`` (a whole address). Raises :class:`QrTooLongError` when it
    does not fit in one code, ``ValueError`` for empty text."""
    if not text:
        raise ValueError("a QR code needs some text")
    size = len(text.encode("utf-8"))
    if size > MAX_BYTES:
        raise QrTooLongError(size)
    try:
        code = segno.make(text, error="l", boost_error=True, micro=False)
    except segno.DataOverflowError:  # a mode segno packs less tightly than bytes
        raise QrTooLongError(size) from None
    svg = code.svg_inline(scale=1, border=BORDER, omitsize=True, svgclass="qr-svg", lineclass=None,
                          dark="#000", light="#fff")
    width, _ = code.symbol_size(scale=1, border=BORDER)
    return QrCode(text, int(code.version), str(code.error).upper(), int(width), svg)
