"""A QR code of any link, for the phones round the table (issue 35, point 2).

:class:`QrBox` is one browser component: "Show QR code" opens a dialog with the code of
the link (made by :func:`tutor.model.qr.make_qr` in the page's own Python, so offline),
large enough to scan across a room; "Share..." hands the link to the phone's own share
sheet (the Web Share API) where the browser has it, and "Copy link" where it has not
(``offer_copy=False`` where a copy button is already beside it). A link too long for one
code says so in the dialog and offers the study as a file (``file_maker``).

Reuse it for anything with a link: set ``fragment`` (the part after ``#``; the page's own
address is put before it in the browser) and ``label`` (what it
opens, in words: "this step", "this rule set"). The code is made only while the dialog is
open (and again when ``fragment`` changes meanwhile), so stepping through a lesson costs
nothing while nobody is scanning.

With ``show_link`` the link itself is shown too, in a read-only field with "Copy link"
(``.share-link``, ``.copy-link``, ``.copied``), where nothing else on the page shows it.

Markup read by the browser tests: ``.qr-show``, ``.qr-share``, ``.qr-copy``, ``dialog.qr-dialog``
with ``.qr-code`` (its ``data-text`` is the text the code holds, ``data-made-ms`` how long the
page's Python took to make it), ``.qr-note``, ``.qr-file``
and ``.qr-close``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import param

from tutor.model.qr import QrTooLongError, make_qr

from .esm import PlainJSComponent, module_text


class QrBox(PlainJSComponent):
    """See the module docstring."""

    fragment = param.String(default="", doc="The link after '#' (the page's address goes before it).")
    label = param.String(default="this study", doc="What the link opens, in words (plain text).")
    share_title = param.String(default="Palace Tutor", doc="The title the share sheet shows.")
    offer_copy = param.Boolean(default=True, doc="Show Copy link where the browser cannot share.")
    show_link = param.Boolean(default=False, doc=(
        "Show the link itself (a read-only field) with Copy link above the buttons, where nothing "
        "else on the page shows it: one component per link, so a new link is one message to the page."))
    svg = param.String(default="", doc="The code's markup (segno's SVG), while the dialog is open.")
    text = param.String(default="", doc="The whole address the code holds.")
    note = param.String(default="", doc="Why there is no code (the link is too long), in words.")
    file_name = param.String(default="", doc="The study file offered instead of a code too long.")
    file_text = param.String(default="", doc="Its content (set only when the link is too long).")
    made_ms = param.Number(default=0.0, doc="How long making the last code took, in ms (the bench reads it).")

    _esm = module_text(Path(__file__).with_name("qr.mjs"))

    _stylesheets = ["""
    :host { display: block; }
    .qr-row { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
    .linkbox { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin-bottom: 6px; }
    .share-link { flex: 1 1 16em; min-height: 40px; font: inherit; font-size: 0.9em; padding: 0 8px;
                  border: 1px solid #b8bec7; border-radius: 6px; }
    .qr-btn.copy-link { background: #1f5fbf; color: white; }
    .copied { color: #2f6b3a; }
    .qr-btn { font: inherit; min-height: 44px; min-width: 44px; padding: 0 14px; border-radius: 6px;
              border: 1px solid #1f5fbf; background: white; color: #1a4f9e; cursor: pointer; }
    .qr-btn.primary { background: #1f5fbf; color: white; }
    .qr-btn:focus-visible, .qr-file:focus-visible { outline: 3px solid #1f5fbf; outline-offset: 2px; }
    .qr-said { color: #1e5b30; }
    .qr-dialog { border: none; border-radius: 12px; padding: 16px; max-width: min(96vw, 720px);
                 box-sizing: border-box; color: #1d2430; background: white; }
    .qr-dialog::backdrop { background: rgba(15, 20, 28, 0.72); }
    .qr-heading { font-size: 1.3rem; margin: 0 0 8px 0; }
    .qr-code { width: min(86vw, 70vh, 640px); aspect-ratio: 1; margin: 0 auto; }
    .qr-code:empty { display: none; }
    .qr-code svg { width: 100%; height: 100%; display: block; shape-rendering: crispEdges; }
    .qr-note { margin: 8px 0; }
    .qr-note:empty { display: none; }
    .qr-file { display: inline-flex; align-items: center; min-height: 44px; padding: 0 14px; border-radius: 6px;
               background: #1f5fbf; color: white; text-decoration: none; }
    .qr-file[hidden] { display: none; }
    .qr-foot { display: flex; flex-wrap: wrap; gap: 8px; justify-content: flex-end; margin-top: 10px; }
    """]

    def __init__(self, file_maker: Callable[[], tuple[str, str]] | None = None, **params: Any):
        super().__init__(**params)
        self._file_maker = file_maker  # (name, text) of the study file offered for a link too long
        self._base = ""
        self._open = False
        self.param.watch(lambda _e: self._make(), ["fragment"])

    def show(self, base: str) -> None:
        """The dialog opened, on the page at ``base`` (its address without the fragment)."""
        self._base, self._open = base, True
        self._make()

    def hide(self) -> None:
        """The dialog closed: no code is made until it opens again (and the old one goes)."""
        self._open = False
        self.param.update(svg="", text="", note="", file_name="", file_text="")

    def _make(self) -> None:
        if not self._open:
            return
        text = self._base + ("#" + self.fragment if self.fragment else "")
        start = time.perf_counter()
        try:
            code = make_qr(text)
        except QrTooLongError as err:
            name, content = self._file_maker() if self._file_maker is not None else ("", "")
            self.param.update(svg="", text=text, note=str(err), file_name=name, file_text=content,
                              made_ms=(time.perf_counter() - start) * 1000)
            return
        except ValueError as err:
            self.param.update(svg="", text=text, note=f"No QR code: {err}.", file_name="", file_text="")
            return
        self.param.update(svg=code.svg, text=text, note="", file_name="", file_text="",
                          made_ms=(time.perf_counter() - start) * 1000)

    def _handle_msg(self, msg: Any) -> None:
        if not isinstance(msg, dict):
            return
        if msg.get("kind") == "open" and isinstance(msg.get("base"), str) and len(msg["base"]) <= 2000:
            self.show(msg["base"])
        elif msg.get("kind") == "close":
            self.hide()
