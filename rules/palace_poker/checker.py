"""The ``palace-tutor check battle|showdown`` checkers (a stable contract).

Both return a frozen verdict with ``describe()`` (plain words) and
``as_dict()`` (the JSON object). Bad input raises a ``ValueError``
(:class:`~rules.errors.NotationError` or
:class:`~rules.errors.IllegalActionError`) whose message is one line naming
the offending token and the rule.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from ..cards import Card, counted, parse_cards
from ..errors import NotationError
from .battle import BattleVerdict, resolve_battle
from .config import PRESETS, PokerRules
from .hands import MAX_SOLDIERS, PALACE_SIZE, Holding
from .sections import ref
from .showdown import ShowdownVerdict, resolve_showdown


def _rules(variant: str | None, options: Mapping[str, str] | None = None) -> PokerRules:
    """The preset (``limit`` unless named) with the table's options (name -> choice) set."""
    rules: PokerRules = PRESETS["limit" if variant is None else variant]
    return rules.with_options(options, where="--rule") if options else rules


def _no_card_twice(named: Sequence[tuple[str, Holding]]) -> None:
    seen: dict[Card, str] = {}
    for who, holding in named:
        for c in holding.cards:
            if c in seen:
                raise NotationError(
                    f"{c} is given to both {seen[c]} and {who}; one 52-card pack holds it once "
                    f"({ref('The Cards')})", token=str(c), expected="each card once")
            seen[c] = who


def _battle_side(text: str, role: str) -> tuple[str, Holding]:
    """``[NAME:] BANNER | PALACE | SOLDIERS``; without a name the side is called by its role."""
    if not isinstance(text, str):
        return f"the {role}", Holding.parse(text, what=role)
    name, colon, cards = text.partition(":")
    if not colon:
        return f"the {role}", Holding.parse(text, what=role)
    name = name.strip()
    if not name or "|" in name:
        raise NotationError(f"{role}: {text.strip()!r}: a name before the colon, like 'Dave: Jd | Js Jh 5d | Jc'",
                            token=text.strip(), expected="[NAME:] BANNER | PALACE | SOLDIERS")
    return name, Holding.parse(cards, what=f"{role} {name}")


def check_battle(attacker: str, defender: str, *, variant: str | None = None,
                 last_two: bool = False, options: Mapping[str, str] | None = None) -> BattleVerdict:
    """Who wins a battle between two hands written ``BANNER | PALACE | SOLDIERS``,
    each optionally named first (``Dave: Jd | Js Jh 5d | Jc``): the verdict's
    reasons then say the players' names instead of "the attacker".

    ``last_two``: the two are the only players left in the hand, so a complete
    tie splits the pot instead of knocking both out (§ Ties). ``options``: the table's
    options by name and choice (``PokerRules.OPTIONS``).
    """
    rules = _rules(variant, options)
    a_name, a = _battle_side(attacker, "attacker")
    d_name, d = _battle_side(defender, "defender")
    if a_name.casefold() == d_name.casefold():
        raise NotationError(f"both sides are called {a_name!r}; give the attacker and the defender "
                            "different names", token=d_name, expected="two different names")
    _no_card_twice([(a_name, a), (d_name, d)])
    return resolve_battle(a, d, rules, last_two=last_two, attacker_name=a_name, defender_name=d_name)


def _parse_showdown_hand(text: str, rules: PokerRules) -> tuple[str, Holding]:
    name, colon, cards = text.partition(":")
    name = name.strip()
    if not colon or not name:
        raise NotationError(f"showdown hand {text.strip()!r}: start with the player's name and a colon, "
                            "like 'Elena: Jh | Kh Kc 9d 8h'", token=text.strip(), expected="NAME: BANNER | CARDS")
    fields = cards.split("|")
    what = f"{name}'s hand"
    if len(fields) == 3:
        return name, Holding.parse(cards, what=what)
    if len(fields) != 2:
        raise NotationError(f"{what}: {cards.strip()!r} has {counted(len(fields), 'field')}; write BANNER | OTHER CARDS "
                            "or BANNER | PALACE | SOLDIERS", token=cards.strip(), expected="BANNER | CARDS")
    if rules.kings_in_the_house:
        raise NotationError(f"{what}: {cards.strip()!r} does not say which cards are palace cards, and with "
                            "kings-in-the-house only palace cards can be wild; write BANNER | PALACE | SOLDIERS "
                            f"({ref('Kings in the House Rule')})",
                            token=cards.strip(), expected="BANNER | PALACE | SOLDIERS")
    banner = parse_cards(fields[0], what=f"{what} banner")
    if len(banner) != 1:
        raise NotationError(f"{what}: the banner field {fields[0].strip()!r} must be exactly one card "
                            f"({ref('The Deal')})", token=fields[0].strip(), expected="one card")
    others = parse_cards(fields[1], what=f"{what} cards")
    if not PALACE_SIZE <= len(others) <= PALACE_SIZE + MAX_SOLDIERS:
        raise NotationError(f"{what}: {fields[1].strip()!r} has {counted(len(others), 'card')}; a player shows three "
                            f"palace cards and up to five soldiers ({ref('Palace Cards')})",
                            token=fields[1].strip(), expected="3 to 8 cards")
    holding = Holding(banner[0], others, ())
    holding.check_unique(what)
    return name, holding


# keys of the showdown JSON object besides the players' names
RESERVED_NAMES = ("winner", "players")


def check_showdown(hands: Sequence[str], *, variant: str | None = None,
                   options: Mapping[str, str] | None = None) -> ShowdownVerdict:
    """Who wins a showdown between hands written ``NAME: BANNER | OTHER CARDS``
    (or ``NAME: BANNER | PALACE | SOLDIERS``), in the order they show."""
    rules = _rules(variant, options)
    if isinstance(hands, str):
        hands = [hands]
    if len(hands) < 2:
        given = "; ".join(repr(h) for h in hands) or "none"
        raise NotationError(f"a showdown needs at least two hands, got {len(hands)} ({given}) ({ref('Showdown')})",
                            token=" ".join(hands), expected="two or more --hand")
    named = [_parse_showdown_hand(h, rules) for h in hands]
    seen: set[str] = set()
    for name, _ in named:
        if name.casefold() in RESERVED_NAMES:
            raise NotationError(f"player name {name!r} is a key of the checker's output; choose another name",
                                token=name, expected="a name other than winner or players")
        if name.casefold() in seen:
            raise NotationError(f"player name {name!r} is given twice; each hand needs its own name",
                                token=name, expected="distinct names")
        seen.add(name.casefold())
    _no_card_twice(named)
    return resolve_showdown(named, rules)
