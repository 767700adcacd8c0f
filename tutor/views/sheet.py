"""The table's rules on one printed page (issue 35, point 3): :func:`sheet_html` makes a whole,
self-contained HTML page of a :class:`~tutor.model.rules_sheet.RuleSheet` (print layout: one
A4 or Letter page, whichever the printer has); ``palace-tutor sheet`` writes it to a file and
the app opens it from Play's table setup (:class:`SheetLink`), offline, to print or show.

Every text is escaped (:mod:`.text`): a rule set's name is the table's own.
"""

from __future__ import annotations

from pathlib import Path
import param

from rules.sheet import SheetLine
from tutor.model.rules_sheet import RuleSheet

from .esm import PlainJSComponent, module_text
from .text import esc, tag

SHEET_CSS = """
@page { margin: 12mm; }
* { box-sizing: border-box; }
html { color: #111; background: #fff; }
body { font: 9.5pt/1.3 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
       margin: 0 auto; padding: 16px; max-width: 186mm; }
h1 { font-size: 17pt; margin: 0 0 2px 0; overflow-wrap: anywhere; }
.sub { margin: 0 0 6px 0; color: #333; }
h2 { font-size: 11.5pt; margin: 10px 0 3px 0; padding-bottom: 1px; border-bottom: 1px solid #888; }
ul { margin: 0; padding-left: 1.1em; }
li { margin: 2px 0; break-inside: avoid; }
.cite { color: #3a3a3a; font-size: 8.5pt; }
.yours { font-weight: 700; font-size: 8.5pt; border: 1px solid #333; border-radius: 3px; padding: 0 3px; }
.foot { margin-top: 10px; color: #444; font-size: 8.5pt; }
.actions { margin: 8px 0; }
.actions button { font: inherit; min-height: 44px; padding: 0 16px; border-radius: 6px; border: 1px solid #1f5fbf;
                  background: #1f5fbf; color: #fff; cursor: pointer; }
.topics { column-gap: 7mm; }
h2 { break-after: avoid-column; }
.topics h2:first-child { margin-top: 0; }
@media print { .actions { display: none; } body { padding: 0; max-width: none; } .topics { column-count: 2; } }
@media screen and (min-width: 900px) { .topics { column-count: 2; } }
"""


def _cite(sheet: RuleSheet, line: SheetLine) -> str:
    """The section of a line; its rule book named too when it is not the sheet's own."""
    section = f"\u00a7 {line.ref.section}"
    return section if line.ref.source_title == sheet.source_title else f"{line.ref.source_title}, {section}"


def sheet_title(sheet: RuleSheet) -> str:
    return f"{sheet.game_title}: {sheet.rules_title}"


def sheet_html(sheet: RuleSheet) -> str:
    """The whole page (a complete HTML document)."""
    sub = f"Rule book: {sheet.source_title}" if sheet.source_title else ""
    if sheet.rules_title != sheet.preset_title:
        sub = f"Built on {sheet.preset_title}. " + sub
    body = tag("h1", sheet_title(sheet)) + tag("p", sub, "sub")
    body += tag("div", "", "actions", raw=tag("button", "Print this page", "", type="button",
                                                onclick="window.print()"))
    topics = ""
    for topic, lines in sheet.sections:
        items = "".join(tag("li", line.text + " ", "", raw=(tag("span", "your table", "yours") + " "
                                                             if line.changed else "")
                            + tag("span", f"({_cite(sheet, line)})", "cite"))
                        for line in lines)
        topics += tag("section", "", "", raw=tag("h2", topic) + tag("ul", "", "", raw=items))
    body += tag("div", "", "topics", raw=topics)
    body += tag("p", "Made by Palace Tutor from the rules it plays by. The sections cited are in the rule "
                     "books; where a book is unclear, the tutor's reading is its default.", "foot")
    return ("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{esc(sheet_title(sheet))}: the rules on one page</title><style>{SHEET_CSS}</style></head>"
            f"<body><main>{body}</main></body></html>\n")


def sheet_text(sheet: RuleSheet) -> str:
    """The sheet as plain lines (``palace-tutor sheet`` without ``--out``)."""
    out = [sheet_title(sheet)]
    if sheet.source_title:
        out.append(f"Rule book: {sheet.source_title}")
    for topic, lines in sheet.sections:
        out.append("")
        out.append(topic)
        for line in lines:
            mark = "[your table] " if line.changed else ""
            out.append(f"- {mark}{line.text} ({_cite(sheet, line)})")
    return "\n".join(out) + "\n"


class SheetLink(PlainJSComponent):
    """A link that opens the rules sheet (``html``) in a new tab, made in the browser from
    the page's own text: offline, nothing fetched. Markup: ``a.sheet-link``."""

    html = param.String(default="", doc="The sheet's whole page (sheet_html).")
    label = param.String(default="The rules on one page (to print)", doc="The link's words.")

    _esm = module_text(Path(__file__).with_name("sheet.mjs"))

    _stylesheets = ["""
    :host { display: block; }
    .sheet-link { display: inline-flex; align-items: center; min-height: 44px; padding: 0 12px; border-radius: 6px;
                  border: 1px solid #1f5fbf; color: #1a4f9e; background: white; text-decoration: none; font: inherit; }
    .sheet-link:focus-visible { outline: 3px solid #1f5fbf; outline-offset: 1px; }
    .sheet-link[aria-disabled="true"] { display: none; }
    """]
