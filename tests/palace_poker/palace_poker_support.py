"""Helpers for the Palace Poker tests (imported by name: conftest puts this folder on sys.path).

The document's six-player example as setup data and steps. The stacked order
comes from the document (§ The Deal: the banner deal card by card; § Palace
Cards and § Example Game Continued: each player's palace cards, dealt one at a
time from the dealer's left, then the cards bought in turn).
"""

from rules.palace_poker import start

SEATS = ["Aaron", "Brad", "Christine", "Dave", "Elena", "Frank"]  # Frank deals
BANNER_DECK = ["8c", "Jc", "3h", "Ts", "2c", "5h", "Th", "Kh", "Jd", "4d", "Td", "Qs"]
PALACE = {"Aaron": "4s Ks Tc", "Brad": "Ac Ah 9d", "Christine": "6d 6c 8d", "Dave": "Js Jh 5d",
          "Elena": "9h 4h 3d", "Frank": "Qc Qd 8h"}
BOUGHT = ["5c", "7s", "9c", "2h", "Jc"]  # Aaron, Christine, Dave, Elena, then Christine again


def palace_deck():
    rounds = [[PALACE[n].split()[k] for n in SEATS] for k in range(3)]
    return [c for r in rounds for c in r] + BOUGHT


EXAMPLE_SETUP = {"seats": SEATS, "stakes": "5/10", "deck": BANNER_DECK, "palace_deck": palace_deck()}

DEAL = ["ante"] + ["deal"] * 12 + ["shuffle"] + ["deal"] * 18
ROUND_ONE = ["Aaron: buy", "Aaron: keep",
             "Brad: bet Frank", "Frank: raise", "Brad: raise", "Frank: raise", "Brad: call",
             "Frank: discard 3h",
             "Christine: buy", "Christine: keep", "Dave: buy", "Dave: keep", "Elena: buy", "Elena: keep",
             "Frank: bet Aaron", "Aaron: fold", "Frank: discard 5c"]
ROUND_TWO = ["Christine: buy", "Christine: keep", "Dave: bet Ts", "Christine: fold", "Dave: discard Ts 7s 9c",
             "Elena: stay", "Frank: bet Elena", "Elena: fold", "Frank: discard 2h 4d"]
ROUND_THREE = ["Dave: bet Frank", "Frank: call"]


def replay(state, steps):
    """Play ``steps``; returns the final state and every step's events."""
    log = []
    for text in steps:
        state, events = state.apply_text(text)
        log.append((text, events))
    return state, log


def to_play(state):
    """Deal the hand out (ante, banners, shuffle, palace) up to the first turn."""
    from rules.palace_poker import Phase

    while state.phase in (Phase.DEALER_DRAW, Phase.ANTE, Phase.BANNERS, Phase.SHUFFLE, Phase.PALACE):
        state = state.apply(state.candidate_actions()[0])
    return state


def table(variant="limit", banners=("Kh", "Qs"), palace=None, then=(), names=None, **setup):
    """A hand dealt to its first turn from a fully stacked deal.

    ``banners`` are dealt in order from the dealer's left (the last name deals);
    they must already have the suits the banner rule allows. ``palace`` maps each
    name to its three palace cards; ``then`` are the next cards of the deck.
    """
    names = list(names or "ABCDEFGHIJ"[: len(banners)])
    palace = palace or {}
    rows = [[palace[n].split()[k] for n in names] for k in range(3)] if palace else []
    deck = [c for r in rows for c in r] + list(then)
    setup = {"seats": names, "deck": list(banners), "palace_deck": deck, "seed": 1, **setup}
    return to_play(start(variant, setup))

