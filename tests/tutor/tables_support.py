"""Reading the tables' HTML in tests: a tiny DOM from the standard library's parser,
and the lesson positions every table must draw."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID = {"input", "br", "img", "hr", "meta", "link"}


@dataclass
class Element:
    tag: str
    attrs: dict[str, str]
    children: list["Element | str"] = field(default_factory=list)
    parent: "Element | None" = None

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    @property
    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text for c in self.children)

    def walk(self):
        yield self
        for c in self.children:
            if isinstance(c, Element):
                yield from c.walk()

    def find_all(self, cls: str | None = None, tag: str | None = None, **attrs: str) -> list["Element"]:
        out = []
        for el in self.walk():
            if cls is not None and cls not in el.classes:
                continue
            if tag is not None and el.tag != tag:
                continue
            if any(el.attrs.get(k.replace("_", "-")) != v for k, v in attrs.items()):
                continue
            out.append(el)
        return out

    def find(self, cls: str | None = None, tag: str | None = None, **attrs: str) -> "Element | None":
        found = self.find_all(cls, tag, **attrs)
        return found[0] if found else None

    def ancestors(self):
        node = self.parent
        while node is not None:
            yield node
            node = node.parent


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("root", {})
        self.stack = [self.root]

    def handle_starttag(self, tag, attrs):
        el = Element(tag, {k: (v or "") for k, v in attrs}, parent=self.stack[-1])
        self.stack[-1].children.append(el)
        if tag not in VOID:
            self.stack.append(el)

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                return
        raise AssertionError(f"unbalanced </{tag}>")

    def handle_data(self, data):
        self.stack[-1].children.append(data)


def parse(html: str) -> Element:
    builder = _Builder()
    builder.feed(html)
    builder.close()
    assert len(builder.stack) == 1, f"unclosed elements: {[e.tag for e in builder.stack[1:]]}"
    return builder.root


_CATALOG = None


def catalog():
    global _CATALOG
    if _CATALOG is None:
        from tutor.model.catalog import Catalog
        _CATALOG = Catalog.load()
    return _CATALOG


def lesson_ids(game: str) -> list[str]:
    """Every shipped lesson of ``game`` (a lesson that fails to load fails here)."""
    found = catalog()
    assert not found.problems, found.problems
    return [lesson.id for lesson in found.lessons_for(game)]


def lesson_study(lesson_id: str, answered: bool = True):
    """A fresh Study of a shipped lesson, at its start. ``answered``: as if every question
    of the lesson had been answered already (the tables hold back their moves, marks and
    verdicts while one is open; tests/tutor/test_quiz_tables.py checks that)."""
    from tutor.model.quiz import SHOWN
    from tutor.model.study import Study

    found = catalog()
    lesson = found.lesson(lesson_id)
    study = Study.from_lesson(lesson, found.family(lesson.game))
    if answered:
        study.scores = {i: SHOWN for i, step in enumerate(lesson.steps) if step.quiz is not None}
        study.to_start()  # ask again: the question at the start comes back answered
    return study


def stops(study):
    """Put the cursor on every stop of the lesson's main line in turn (yields nothing)."""
    study.to_start()
    yield
    while study.forward():
        yield


def expected_playable(state) -> Counter:
    """Cards the engine lets the mover put down now, asked card by card through ``is_legal``:
    a card is playable if some number of cards of its rank, including it, from the zone it
    lies in, makes a legal play (or flash at someone, reflect, or quick throw)."""
    from rules.palace import actions as A
    from rules.palace.state import Phase

    seat = state.to_move
    if state.phase is Phase.REVEAL:
        card = state.drawn
        ok = state.is_legal(A.Play((card,))) or any(
            state.is_legal(A.Flash((card,), t)) for t in range(state.players) if t != seat)
        return Counter([card] if ok else [])
    if state.phase is Phase.AFTER:
        zone = state.window.fresh
        make = [lambda cs: A.Quick(cs)]
    elif state.phase is Phase.FLASH:
        zone = state.source_cards()
        make = [lambda cs: A.Reflect(cs)]
    elif state.phase is Phase.PLAY:
        zone = state.source_cards()
        make = [lambda cs: A.Play(cs)] + [lambda cs, t=t: A.Flash(cs, t) for t in range(state.players) if t != seat]
    else:
        return Counter()
    out = Counter()
    for card in zone:
        others = list(zone)
        others.remove(card)  # one copy: two packs may hold the same card twice
        same = [c for c in others if c.rank is card.rank]
        for k in range(len(same) + 1):
            cards = (card, *same[:k])
            if any(state.is_legal(m(cards)) for m in make):
                out[card] += 1
                break
    return out
