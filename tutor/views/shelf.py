"""The first screen's "Kept on this device" (issue 35, point 4): the markup of
:class:`tutor.model.shelf.Shelf`, the studies and rule sets this device keeps, each with a way
to open it. The page fills the frame's ``home-saved`` part with it (its CSS is the frame's
stylesheet, ``.shelf``); presses go back as ``open-saved`` and ``use-rules``."""

from __future__ import annotations

from tutor.model.shelf import Shelf

from .text import tag


def _button(label: str, act: str, value: str, cls: str, aria_label: str) -> str:
    return tag("button", label, cls, type="button", data_act=act, data_value=value, aria_label=aria_label)


def home_saved_html(shelf: Shelf) -> str:
    """The first screen's "Kept on this device": My studies (each with Open) and the table's
    rule sets (each with Deal a game under them), newest first; nothing while the device keeps
    none. The page fills it (``home-saved``) once the device's lists are read."""
    if shelf.empty:
        return ""
    cols = ""
    if shelf.studies:
        items = "".join(tag("li", "", "shelf-item shelf-study", data_id=s.id, raw=tag(
            "span", "", "shelf-text", raw=tag("span", s.title, "shelf-name")
            + tag("span", f"{s.what} \u00b7 {s.positions} position{'' if s.positions == 1 else 's'}", "shelf-what"))
            + _button("Open", "open-saved", s.id, "shelf-open", f"Open {s.title}")) for s in shelf.studies)
        more = tag("p", f"And {shelf.more_studies} more: in a lesson or a game, open Saved.", "shelf-more") \
            if shelf.more_studies else ""
        cols += tag("section", "", "shelf-col shelf-studies", aria_labelledby="pt-shelf-studies", raw=tag(
            "h3", "My studies", "", id="pt-shelf-studies") + tag("ul", "", "shelf-list", raw=items) + more)
    if shelf.rule_sets:
        items = "".join(tag("li", "", "shelf-item shelf-rules", data_id=r.id, raw=tag(
            "span", "", "shelf-text", raw=tag("span", r.name, "shelf-name") + tag(
                "span", f"{r.game}, {r.preset}" + (f", {r.changes} change{'' if r.changes == 1 else 's'}"
                                                   if r.changes else " as written"), "shelf-what"))
            + _button("Deal a game", "use-rules", r.id, "shelf-use", f"Deal a game under {r.name}"))
            for r in shelf.rule_sets)
        more = tag("p", f"And {shelf.more_rule_sets} more: in Play, open Table setup.", "shelf-more") \
            if shelf.more_rule_sets else ""
        cols += tag("section", "", "shelf-col shelf-rule-sets", aria_labelledby="pt-shelf-rules", raw=tag(
            "h3", "Your table's rule sets", "", id="pt-shelf-rules") + tag("ul", "", "shelf-list", raw=items) + more)
    return tag("section", "", "shelf", aria_labelledby="pt-shelf-title",
               raw=tag("h2", "Kept on this device", "", id="pt-shelf-title") + tag("div", "", "shelf-cols", raw=cols))
