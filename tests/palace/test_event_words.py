"""What happened, as people read it (issue 13: no engine notation in front of a person).

Every event a Palace turn narrates goes to the step list, the narration and the
computer's coach. Random games of every preset, with the alternate rules that add
events of their own, are played with narration on; no event text may hold a card in
the engine's notation (``Qc``, ``Ts``: a rank letter or digit and a suit letter),
which is how the links and files write cards, not how the table says them.
"""

import re

from palace_support import narrated_random_play
from rules.palace import start

# a card in notation, standing alone: "Qc", "Ts", "9h" (never a word of English in these
# texts: names come from the games' seats, "PlayerA" ... or "Ann" ...)
NOTATION = re.compile(r"(?<![A-Za-z0-9])[2-9TJQKA][cdhs](?![A-Za-z0-9])")
TABLES = [("house", ()), ("caron", ()), ("bga", ()), ("house", ("last-card", "jokers-reverse")),
          ("caron", ("five-skips",))]


def narrated_games(variant, alternates, games=6, players=3):
    for seed in range(games):
        state = start(variant, {"players": players, "seed": seed, "alternates": list(alternates)})
        yield from state.notes  # the deal: the online game's first card of the pile
        for _, _, events in narrated_random_play(state, seed, 600):
            yield from events


def test_no_event_text_shows_a_card_in_notation():
    seen = set()
    for variant, alternates in TABLES:
        for event in narrated_games(variant, alternates):
            seen.add(event.kind)
            assert not NOTATION.search(event.text), f"{variant}: {event.kind}: {event.text!r}"
    # the events that named a card in notation before, each met at least once (else this proves nothing)
    assert {"flip", "swap", "returned", "quick", "check-stock", "play", "choose", "first-card"} <= seen, sorted(seen)
