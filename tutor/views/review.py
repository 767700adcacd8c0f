"""The review after a game in Play, in the players' strip: a thin rendering of
:class:`tutor.model.review.GameReview` (who won and how, with the rule, by how much; the game
as played, move by move in words; the person's own decisions to step between; trying another
move where the person decided). Every word comes from the model and the engines.

Markup contract (tests): ``.review`` holds ``.review-head`` (the headline, then how),
``.review-facts`` (``.review-rule``, ``.review-standing``, ``.review-left`` in Palace: what the
others held when the first went out, ``.review-over``: why no deal follows), ``.review-at`` ("Move 12 of 70"),
``button[data-act=review-prev|review-next|review-end]``, ``.review-here`` (what the person
played here, and that another move can be tried on the table) and ``details.review-moves``
(every move: ``button[data-act=review-goto][data-value=I]``, ``.yours`` the person's,
``aria-current`` the cursor's), ``button[data-act=review-learn]`` ("Learn from your mistakes",
until the decisions are judged), then ``.review-mistakes`` (one ``li.mistake`` each, with
``button[data-act=review-mistake][data-value=I]`` to try it again, or ``.no-mistakes``).
Off the game's line (a move tried otherwise),
``button[data-act=review-end]`` goes back to it.
"""

from __future__ import annotations

from tutor.model.review import GameReview, GameSummary, Mistake

from .text import tag

REVIEW_CSS = """
.review { flex: 1 1 100%; min-width: 0; display: grid; gap: 4px; padding: 6px 10px; border-radius: 8px;
  background: #eef6ee; border: 1px solid #9cc59c; }
.review p { margin: 0; }
.review-head strong { font-size: 1.05rem; }
.review-facts { color: #3b4452; font-size: 0.85rem; }
.review-nav { display: flex; flex-wrap: wrap; gap: 4px 10px; align-items: center; }
.review-at { font-weight: 600; }
.review-here { font-size: 0.92rem; }
.review-moves[open] { flex-basis: 100%; }
.review-moves summary { cursor: pointer; min-height: 44px; display: flex; align-items: center; color: #1f5fbf; }
.review-moves ol { margin: 0; padding-left: 2.6em; max-height: 40vh; overflow: auto; }
.review-moves li button { min-height: 36px; border: none; background: none; text-align: left; padding: 2px 4px;
  font-size: 0.92rem; width: 100%; }
.review-moves li.yours button { font-weight: 700; }
.review-moves li button[aria-current] { background: #1f5fbf; color: #fff; border-radius: 4px; }
.review-moves .who { color: #4a5563; font-weight: 400; font-size: 0.8rem; }
.review-mistakes { margin: 0; padding-left: 1.6em; display: grid; gap: 4px; }
.review-mistakes li p { margin: 0; font-size: 0.92rem; }
.review-mistakes li button { margin-top: 2px; }
.narrow-only { display: none; }
@media (max-width: 699px) { .review { padding: 2px 6px; gap: 0; } .review-facts { font-size: 0.75rem; }
  .review-nav { font-size: 0.9rem; gap: 0 6px; } .review-nav button { padding: 0 8px; }
  .review-here { font-size: 0.85rem; } .wide-only { display: none; } .narrow-only { display: inline; } }
"""


def _button(label: str, act: str, cls: str = "", **attrs: object) -> str:
    return tag("button", label, cls, type="button", data_act=act, **attrs)


def _wide(words: str) -> str:
    """Words shown on a wide screen only (a phone reads the shorter label)."""
    return tag("span", words, "wide-only")


def summary_html(summary: GameSummary, full: bool = True) -> str:
    """Who won and how, with the rule; ``full``: by how much, and why the game ends."""
    out = tag("p", "", "review-head", raw=tag("strong", summary.headline) + " " + tag("span", summary.how))
    if not full:
        return out
    facts = tag("span", f"Rule: {summary.rule.words}", "review-rule")
    if summary.standing:
        facts += " · " + tag("span", " · ".join(summary.standing), "review-standing")
    if summary.left:
        facts += " · " + tag("span", summary.left, "review-left")
    if summary.over:
        facts += " " + tag("span", summary.over, "review-over")
    return out + tag("p", "", "review-facts", raw=facts)


def _moves_html(review: GameReview) -> str:
    items = ""
    for i, move in enumerate(review.moves):
        current = {"aria_current": "step"} if i == review.at else {}
        mark = tag("span", " (you)", "who") if move.yours else ""
        items += tag("li", "", "yours" if move.yours else "",
                     raw=tag("button", move.words, type="button", data_act="review-goto", data_value=i,
                             raw=mark, **current))
    return tag("details", "", "review-moves", raw=tag("summary", f"Every move ({len(review.moves)})")
               + tag("ol", "", "", raw=items))


def _mistake_html(i: int, mistake: Mistake) -> str:
    return tag("li", "", "mistake", raw=tag("p", mistake.words) + _button(
        f"Try move {mistake.index + 1} again", "review-mistake", "review-mistake", data_value=i))


def mistakes_html(review: GameReview) -> str:
    """"Learn from your mistakes" until the person's decisions are judged; then the costliest."""
    if not any(m.yours for m in review.moves):
        return ""
    if not review.judged:
        # the judging takes the strong player seconds in a phone's browser: the button says so
        # at once (play_strip.mjs), before Python answers
        return _button("Learn from your mistakes", "review-learn", "review-learn",
                       data_busy="Judging your decisions…")
    if review.unjudged:
        return tag("p", "The strong player could not judge this game (a fault in the tutor, not in your play).",
                   "no-mistakes")
    if not review.mistakes:
        return tag("p", "No costly mistakes: the strong player would not have done much better.", "no-mistakes")
    head = tag("p", "Your costliest decisions, as the strong player judges them from what you could see:",
               "mistakes-head")
    return head + tag("ol", "", "review-mistakes",
                      raw="".join(_mistake_html(i, m) for i, m in enumerate(review.mistakes)))


def review_html(review: GameReview) -> str:
    """The review while the cursor is on the game's line (:attr:`GameReview.open`)."""
    summary = review.summary
    at_end = review.at == len(review.moves) - 1
    head = summary_html(summary) if summary is not None and at_end else ""  # back in the game: the steps only
    where = "The start" if review.at == -1 else f"Move {(review.at or 0) + 1} of {len(review.moves)}"
    nav = ""
    # on a phone the labels are shorter, so the steps take one row and the decision keeps its room
    if review.yours(-1) is not None:
        nav += _button("", "review-prev", "review-prev", raw="◀ Your previous" + _wide(" move"))
    if review.yours(+1) is not None:
        nav += _button("", "review-next", "review-next", raw="Your next" + _wide(" move") + " ▶")
    if not at_end:
        nav += _button("", "review-end", "review-end", raw=_wide("To the end »") + tag("span", "End »", "narrow-only"))
    nav += tag("span", where, "review-at")
    here = ""
    decided = review.decided_here()
    if decided is not None and review.can_branch():
        mistake = next((m for m in review.mistakes if m.index == (review.at or 0) + 1), None)
        said = mistake.brief if mistake is not None else f"Here {decided.who} chose to {decided.what}."
        here = tag("p", "", "review-here", raw=tag("span", f"{said} Try another move on the table") + _wide(
            ": the game as played stays here") + ".")
    learn = mistakes_html(review) if at_end else ""
    return tag("div", "", "review", raw=head + here + learn
               + tag("div", "", "review-nav", raw=nav + _moves_html(review)),
               role="region", aria_label="The game in review")


def off_line_html(review: GameReview, summary: GameSummary | None) -> str:
    """Off the game's line (another move tried): how this line ended, if it has, and the way back."""
    head = summary_html(summary, full=False) if summary is not None else ""
    return tag("div", "", "review off-line", raw=head + tag("div", "", "review-nav", raw=_button(
        "Back to the game as played", "review-end", "review-end")))


__all__ = ["REVIEW_CSS", "mistakes_html", "off_line_html", "review_html", "summary_html"]
