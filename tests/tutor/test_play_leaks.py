"""Hidden stays hidden in Play (issue 33, item 1), at the level of the page model and its
views under CPython, over seeded games of every game, rule preset and mode (one person
against the computer; pass-and-play for every seat):

* from the first card of every deal the table shows the seat of the person holding the
  device, never every card;
* at every position, what the page would put in front of that person (the table's HTML with
  every attribute and aria-label, Play's strip, the Shell's state, the narration, the lines
  of the study, the others' moves listed, the coach's hint) names no card the person's seat
  cannot place (``view.unseen()``, the engine's own account of what the seat does not know),
  in any of the forms a card is written (``data-card="Qs"``, ``Q♠``, ``queen of spades``);
* while the device changes hands (pass-and-play) nothing names a card unseen by any person
  at the table, and the table draws no card at all;
* until the game is over, the link, the exported file and the seed of the deal are nowhere
  (the page model gives no link, no file and saves nothing).

The expected values are the engine's (``unseen()``) and the deal's (its seed), not the
page's. Costs about a minute.
"""

from __future__ import annotations

import json
import random
import re

from collections import Counter

import pytest

from rules.cards import Card
from rules.refs import events_seen_by
from tutor.model.app import TutorApp
from tutor.model.catalog import Catalog
from tutor.model.versus import PERSON

NAMES = ("Ann", "Ben", "Cleo")
SEEDS = 2  # deals per game, preset and mode
STEPS = 70  # positions looked at per deal, at most


@pytest.fixture(scope="module")
def view():
    from tutor.views.app import TutorView

    page = TutorView(app=TutorApp(Catalog.load()))
    page.app._rng = random.Random(33)  # the deals' seeds: big numbers, as a device draws them
    page.app.open_job("play")
    return page


def _configs():
    catalog = Catalog.load()
    for game in catalog.game_ids():
        for preset in catalog.family(game).presets:
            for mode in ("computer", "pass-and-play"):
                yield pytest.param(game, preset, mode, id=f"{game}-{preset}-{mode}")


def _forms(card) -> tuple[str, ...]:
    """How the page may write a card: its data attribute, its face and its name."""
    return (f'data-card="{card}"', card.label, card.words)


def _named(texts: list[str], cards) -> list[str]:
    said = "\n".join(texts)
    low = said.lower()
    found = []
    for card in set(cards):
        for form in _forms(card):
            hit = (re.search(rf"(?<![\w]){re.escape(form.lower())}(?![\w])", low) if form == card.words
                   else re.search(rf"(?<![\w]){re.escape(form)}(?![\w])", said))
            if hit:
                found.append(f"{form!r} in …{said[max(0, hit.start() - 80):hit.end() + 40]}…")
    return found


def _page_texts(page) -> list[str]:
    from tutor.views.tree import row_item

    app, study = page.app, page.app.study
    texts = [page.table.renderer().board.html, page.players.strip.html, page.shell.ui,
             page.versus.hint_text, *page.versus.recent]
    said = study.narration()
    texts += [said.heading, said.text, *(said.more or ()), *(e.text for e in said.events)]
    texts += [row_item(row, study.viewer)["label"] for row in study.tree.rows()]
    return [t for t in texts if t]


CARD_FACE = re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣]")


class Known:
    """What the people at the table were told along the line (a move's words and its events as
    their seat may read them: the engine's own account of what is public), and how many
    copies of each card the deck holds (two packs at a table of three in Palace)."""

    def __init__(self, study) -> None:
        self.copies = max(Counter(study.state.view(0).unseen()).values())
        self._told: dict[tuple[int, int], frozenset] = {}

    def told(self, study, node_id: int, seat: int) -> frozenset:
        key = (node_id, seat)
        if key not in self._told:
            node = study.tree[node_id]
            known = frozenset() if node.parent is None else self.told(study, node.parent, seat)
            texts = [node.words(seat), *(e.text for e in events_seen_by(node.events, seat))]
            cards = {Card.parse(face) for text in texts for face in CARD_FACE.findall(text)}
            cards |= {value for e in events_seen_by(node.events, seat) for _key, value in e.data
                      if isinstance(value, Card)}
            cards |= {c for e in events_seen_by(node.events, seat) for _key, value in e.data
                      if isinstance(value, tuple) for c in value if isinstance(c, Card)}
            self._told[key] = known | cards
        return self._told[key]

    def hidden(self, study, seats, frontier: int) -> set:
        """The cards the seats cannot place at the cursor nor at the furthest point the game
        reached (after Back, the moves ahead were watched by everyone), of which every copy is
        unseen and which no one told them of. Jokers are left out (several alike)."""
        hidden: set = set()
        ahead = study.tree[frontier].state
        for seat in seats:
            now = Counter(study.state.view(seat).unseen())
            later = set(ahead.view(seat).unseen())
            told = self.told(study, frontier, seat) | _battle_cards(study.state.view(seat))
            hidden |= {c for c, n in now.items() if n == self.copies and c in later and c not in told}
        return {card for card in hidden if not card.is_joker}


def _battle_cards(view) -> set:
    """Palace Poker: the last battle, both sides' cards, which its view shows every seat
    (ruling palace-poker-odds-unseen keeps them out of what it counts as known)."""
    last = getattr(view, "last_battle", None)
    if last is None:
        return set()
    return {m.card for side in (last.attacker, last.defender) for m in side.marks}


def _check(page, known: Known, frontier: int | None = None) -> None:
    app, study, mode = page.app, page.app.study, page.versus
    persons = mode.opponents.persons()
    texts = _page_texts(page)
    if study.covered:
        assert mode.turn.kind == "pass" and json.loads(page.shell.ui)["handover"] == mode.turn.name
        assert "data-card=" not in page.table.renderer().board.html  # no card drawn, not even a back
        looking = persons
    else:
        holder = mode.opponents.last_person
        assert holder in persons and study.seat == holder, "the table shows whoever holds the device"
        looking = (holder,)
    frontier = study.current if frontier is None else frontier
    leaks = _named(texts, known.hidden(study, looking, frontier))
    assert not leaks, f"at node {study.current}, seen by seat(s) {looking}: {leaks[:3]}"
    if not study.tree[frontier].state.is_over:  # (once it is over, the whole game is a study)
        seed = str(study.setup["seed"])
        assert app.game_in_progress() and app.link() == "" and app.export_file() == ""
        assert not any(re.search(rf"(?<!\d){seed}(?!\d)", t) for t in texts), "the deal's seed is shown"


def _act(page, known: Known, rng: random.Random) -> None:
    mode, study = page.versus, page.app.study
    kind = mode.turn.kind
    if kind == "pass":
        mode.taken()
    elif kind == "computer":
        mode.auto(study.current)
    else:
        if rng.random() < 0.1:
            mode.hint()
            _check(page, known)  # the hint is the holder's and names only what they know
        legal = study.state.view(study.state.mover).legal_actions()
        assert study.play(rng.choice(legal)).legal


@pytest.mark.parametrize("game,preset,mode_name", list(_configs()))
def test_no_card_a_person_cannot_see_reaches_the_page(view, game, preset, mode_name):
    app, mode = view.app, view.versus
    rng = random.Random(f"{game}/{preset}/{mode_name}")
    players = 3 if game == "kings-pot" else 2 + (mode_name == "pass-and-play")
    for _ in range(SEEDS):
        assert app.new_deal(game=game, variant=preset, names=NAMES[:players])
        if mode_name == "computer":
            mode.start([PERSON] + ["beginner"] * (players - 1))
        else:
            mode.start([PERSON] * players)
        mode.set_pace("fast")
        study = app.study
        known = Known(study)
        assert int(study.setup["seed"]) > 10**9  # a seed drawn from fresh entropy, from far too many to try
        assert study.seat is not None or study.covered, "a new deal opens on the holder's seat, not every card"
        for _ in range(STEPS):
            _check(view, known)
            if study.state.is_over:
                break
            _act(view, known, rng)
            if mode_name == "pass-and-play" and rng.random() < 0.15 and study.can_back:
                frontier = study.current
                study.back()  # Back never shows the previous person's cards to the next one
                _check(view, known, frontier)
                study.forward()
        if study.state.is_over:
            assert not app.game_in_progress() and app.link() != ""  # the whole game is a study now
