"""Palace side by side: one position under each rule set, in one view.

:func:`comparison_html` renders a :class:`tutor.model.compare.Comparison`
(the checker's Palace play uses it too): one plain sentence, a column per
rule set with its legal plays, and every play they disagree on with each rule
set's verdict, reason and rule. :class:`ComparePane` shows it for the position
at the cursor of a Palace study; it is built only when opened (a collapsed
card) and follows the cursor while open.

Markup read by the browser tests: ``.compare-pane`` (the card),
``.compare-view`` (its content), ``.rule-set.rule-set-<key>`` (one column),
``.differences li`` (one disagreement), ``.compare-headline``.
"""

from __future__ import annotations

from typing import Any

import panel as pn
import param

from tutor.model.app import TutorApp
from tutor.model.compare import Comparison, position_comparison
from tutor.model.verdict_words import ruling_words

from .text import tag

COMPARE_CSS = """
.compare-view { font-size: 1rem; line-height: 1.4; color: #1d2430; }
.compare-headline { font-size: 1.05rem; font-weight: 600; color: #17407f; margin: 0 0 8px 0; }
.rule-sets { display: flex; flex-wrap: wrap; gap: 8px; }
.rule-set { flex: 1 1 200px; border: 1px solid #c4cad3; border-radius: 8px; padding: 6px 10px; background: white; }
.rule-set h4 { margin: 0 0 2px 0; font-size: 1rem; color: #1d2430; }
.rule-set .source { font-size: 0.8rem; color: #4a5563; margin-bottom: 4px; }
.rule-set ul { margin: 0; padding-left: 1.2em; }
.rule-set.impossible { background: #f6f7f9; }
.rule-set .impossible-why { color: #5b2226; font-size: 0.92rem; }
.differences { margin: 10px 0 0 0; padding: 0; list-style: none; }
.differences > li { border-top: 1px solid #e3e6ea; padding: 6px 0; }
.differences .what { font-weight: 700; }
.differences ul { margin: 2px 0 0 0; padding-left: 1.2em; }
.differences .yes::before { content: "\\2713  "; color: #1e6b34; font-weight: 700; }
.differences .no::before { content: "\\2717  "; color: #a3262d; font-weight: 700; }
.differences .ref { color: #4a5563; font-size: 0.88rem; }
.compare-note { color: #4a5563; font-size: 0.88rem; margin-top: 6px; }
.ruling-line { display: block; font-size: 0.88rem; color: #3b2f00; background: #fff7e0; border-radius: 6px;
               padding: 2px 6px; margin-top: 2px; }
"""


def comparison_html(cmp: Comparison, headline_cls: str = "") -> str:
    """The comparison: its sentence, the rule sets' legal plays side by side, the disagreements."""
    columns = []
    for r in cmp.rule_sets:
        if r.possible:
            body = tag("ul", "", raw="".join(tag("li", p) for p in r.plays)) if r.plays else \
                tag("p", "Nothing is legal here.")
        else:
            body = tag("p", f"This position cannot arise under these rules: {r.error}", "impossible-why")
        columns.append(tag("section", "", f"rule-set rule-set-{r.key}" + ("" if r.possible else " impossible"),
                           raw=tag("h4", r.title) + tag("div", r.source_title, "source") + body))
    items = []
    for d in cmp.differences:
        verdicts = []
        for v in d.verdicts:
            line = f"{cmp.title_of(v.rule_set)}: " + ("allowed" if v.legal else "not allowed") + f" — {v.reason}"
            raw = tag("span", f" ({v.ref.words})", "ref") if v.ref is not None else ""
            if v.ruling is not None:
                question, reading = ruling_words(v.ruling)
                raw += tag("span", f"Not spelled out in the rules: {question} Our reading: {reading}", "ruling-line")
            verdicts.append(tag("li", line, "yes" if v.legal else "no", raw=raw))
        items.append(tag("li", "", raw=tag("div", d.what, "what") + tag("ul", "", raw="".join(verdicts))))
    parts = [tag("p", cmp.headline, ("compare-headline " + headline_cls).strip()),
             tag("div", "", "rule-sets", raw="".join(columns))]
    if items:
        parts.append(tag("h4", "Where they differ, and why"))
        parts.append(tag("ul", "", "differences", raw="".join(items)))
    if cmp.readings:  # the engine reported verdicts resting on a table option
        parts.append(tag("h4", "Under your table's reading"))
        parts.append(tag("ul", "", "other-readings", raw="".join(tag("li", r) for r in cmp.readings)))
    if cmp.note:
        parts.append(tag("p", cmp.note, "compare-note"))
    return tag("div", "", "compare-view", raw="".join(parts))


def compares(study: Study) -> bool:
    """Whether the study's game compares a position under its rule sets (the ``compare`` part
    of its registration)."""
    from rules.games import has_part

    return has_part(study.game, "compare")


class ComparePane(pn.viewable.Viewer):
    """The position at the cursor of a Palace study under every rule set (see the module)."""

    app = param.ClassSelector(class_=TutorApp)
    rule_sets = param.List(default=None, allow_None=True,
                           doc="The rule configs to compare (None: the game's presets).")

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._html = pn.pane.HTML("", sizing_mode="stretch_width", stylesheets=[COMPARE_CSS],
                                  css_classes=["compare-body"])
        self._card = pn.Card(self._html, title="Compare the rule sets", collapsed=True,
                             sizing_mode="stretch_width", css_classes=["compare-pane"])
        self._card.param.watch(lambda _e: self._refresh(), ["collapsed"])
        # quiz_open: while a question is open here the comparison would answer it
        self._update(frozenset({"study"}))

    @param.depends("app.change", watch=True)
    def _changed(self) -> None:
        self._update(self.app.change.names)

    def _update(self, names: frozenset[str]) -> None:
        study = self.app.study
        if study is None or names.isdisjoint({"study", "current", "step", "quiz_open"}):
            return
        visible = compares(study)
        if self._card.visible != visible:
            self._card.visible = visible
        self._refresh()

    def _refresh(self) -> None:
        study = self.app.study
        if self._card.collapsed or study is None or not compares(study):
            return
        if study.quiz_open:
            self._html.object = tag("p", "Answer the question first: the rule sets' plays would answer it.",
                                    "compare-none")
            return
        self._html.object = compare_html(study.state, self.rule_sets)

    def __panel__(self):
        return self._card


def compare_html(state: Any, rule_sets: Any = None) -> str:
    """The comparison of ``state``'s position, or why it cannot be made here."""
    try:
        cmp = position_comparison(state, rule_sets)
    except ValueError as err:
        return tag("p", f"No comparison at this point: {err}.", "compare-none")
    return comparison_html(cmp)
