"""Palace Poker battles and showdowns for drills, put to the game's checker: hands drawn at
random (or shaped to exercise a clause: four of a kind in the opponent's suit, a royal card of
one's own suit that could make a five-high straight) and the answers the checker gives."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from rules.cards import Card, Suit
from rules.palace_poker import Mark, check_battle, check_showdown

from .drill import Answer, Choice, Drill, Position, Said
from .palace_poker_spots import NAMES, PACK
from .spec import Ctx, Parts


def draw_cards(rng: random.Random, n: int, avoid: set[Card]) -> list[Card]:
    pool = [c for c in PACK if c not in avoid]
    out = rng.sample(pool, n)
    avoid.update(out)
    return out


def side_text(name: str, banner: Card, palace: Sequence[Card], soldiers: Sequence[Card]) -> str:
    return f"{name}: {banner} | {' '.join(map(str, palace))} | {' '.join(map(str, soldiers))}".rstrip()


def battle_hands(rng: random.Random, mirror: bool = False, shape: Callable[..., Any] | None = None) -> tuple[str, str]:
    """Two sides with banners of different suits; ``mirror``: the defender holds the attacker's
    ranks in other suits (so the hands often tie and the suits decide)."""
    used: set[Card] = set()
    a_name, d_name = rng.sample(NAMES, 2)
    if shape is not None:
        return shape(rng, a_name, d_name)
    a = draw_cards(rng, 4 + rng.randint(0, 3), used)
    a_banner, a_rest = a[0], a[1:]
    if mirror:
        d = []
        for c in a:
            others = [x for x in PACK if x.rank is c.rank and x not in used and x.suit is not a_banner.suit]
            if not others:
                return battle_hands(rng, mirror)
            pick = rng.choice(others)
            used.add(pick)
            d.append(pick)
    else:
        d = draw_cards(rng, 4 + rng.randint(0, 3), used)
    if d[0].suit is a_banner.suit:
        return battle_hands(rng, mirror)
    return (side_text(a_name, a_banner, a_rest[:3], a_rest[3:]),
            side_text(d_name, d[0], d[1:4], d[4:]))


def battle(ctx: Ctx, *, mirror: bool = False, last_two: bool | None = None, keep: Callable[[Any], bool] = lambda v: True,
           shape: Callable[..., Any] | None = None, tries: int = 300) -> Parts:
    """Who wins this battle? Hands are drawn until the engine's battle is one that exercises the
    clause (``keep``); the answer is asked of the engine again when wanted."""
    rng = ctx.rng
    for _ in range(tries):
        lt = rng.random() < 0.5 if last_two is None else last_two
        a, d = battle_hands(rng, mirror, shape)
        if keep(check_battle(a, d, variant=ctx.variant, last_two=lt, options=dict(ctx.options) or None, others=False)):
            break
    else:
        raise RuntimeError(f"{ctx.clause.id}: no battle found in {tries} tries")
    an, dn = a.split(":")[0], d.split(":")[0]
    left = (f"{an} and {dn} are the last two players in the hand." if lt else
            "Other players are still in the hand.")
    q = (f"{an} attacks {dn} and {dn} calls. {an} shows banner, palace and soldiers: {_show(a)}; "
         f"{dn}: {_show(d)}. {left} Who wins the battle?")
    choices = (Choice("attacker", f"{an} wins"), Choice("defender", f"{dn} wins"),
               Choice("both-fold", "Both are out of the hand"), Choice("split", "They share the pot"))
    pos = ctx.position({})
    pos = Position(ctx.game, ctx.variant, pos.setup_json, (), "battle", (a, d, "last-two" if lt else ""))
    return Parts("battle", q, choices, pos, (a, d, "last-two" if lt else ""))


def _show(text: str) -> str:
    banner, palace, soldiers = (f.strip() for f in text.split(":", 1)[1].split("|"))
    label = lambda cards: ", ".join(Card.parse(c).label for c in cards.split()) or "none"  # noqa: E731
    return f"banner {label(banner)}, palace {label(palace)}, soldiers {label(soldiers)}"


def answer_battle(drill: Drill) -> Answer:
    a, d, lt = drill.probe
    v = check_battle(a, d, variant=drill.variant, last_two=lt == "last-two", options=dict(drill.options) or None,
                     others=False)
    right = v.outcome.value
    said = {c.key: Said(c.key == right, v.reason if c.key == right else f"not so: {v.reason}", v.ref)
            for c in drill.choices}
    return Answer((right,), said, v.ref)


def showdown(ctx: Ctx, *, players: tuple[int, int] = (2, 3), mirror: bool = False,
             keep: Callable[[Any], bool] = lambda v: True, tries: int = 300) -> Parts:
    rng = ctx.rng
    for _ in range(tries):
        n = rng.randint(*players)
        names = rng.sample(NAMES, n)
        used: set[Card] = set()
        first = draw_cards(rng, 1 + 3 + rng.randint(0, 3), used)
        hands = [first]
        for _ in range(n - 1):
            if mirror:
                h = []
                for c in first:
                    others = [x for x in PACK if x.rank is c.rank and x not in used]
                    if not others:
                        break
                    h.append(rng.choice(others))
                    used.add(h[-1])
                if len(h) < len(first):
                    break
            else:
                h = draw_cards(rng, 1 + 3 + rng.randint(0, 3), used)
            hands.append(h)
        if len(hands) < n or len({h[0].suit for h in hands}) == 1:
            continue  # players all of one banner suit never reach a showdown (§ Winning the Pot)
        texts = [f"{nm}: {h[0]} | {' '.join(map(str, h[1:]))}" for nm, h in zip(names, hands)]
        if keep(check_showdown(texts, variant=ctx.variant, options=dict(ctx.options) or None, others=False)):
            break
    else:
        raise RuntimeError(f"{ctx.clause.id}: no showdown found in {tries} tries")
    shown = "; ".join(f"{nm}: banner {h[0].label}, {', '.join(c.label for c in h[1:])}" for nm, h in zip(names, hands))
    q = f"The hand ends and these players show their cards. {shown}. Who takes the pot?"
    choices = tuple(Choice(nm, f"{nm} takes it") for nm in names) + (Choice("split", "They split it"),)
    pos = Position(ctx.game, ctx.variant, "{}", (), "showdown", tuple(texts))
    return Parts("showdown", q, choices, pos, tuple(texts))


def answer_showdown(drill: Drill) -> Answer:
    v = check_showdown(list(drill.probe), variant=drill.variant, options=dict(drill.options) or None, others=False)
    right = v.winners[0] if len(v.winners) == 1 else "split"
    said = {c.key: Said(c.key == right, v.reason if c.key == right else f"not so: {v.reason}", v.ref)
            for c in drill.choices}
    return Answer((right,), said, v.ref)


def quads_shape(rng: Any, a_name: str, d_name: str) -> tuple[str, str]:
    """The attacker holds four of a kind, one of them in the defender's banner suit."""
    suits = rng.sample(list(Suit), 2)
    rank = rng.choice(sorted({c.rank for c in PACK}))
    quad = [c for c in PACK if c.rank is rank]
    a_banner = next(c for c in quad if c.suit is suits[0])
    d_banner = next(c for c in PACK if c.suit is suits[1] and c.rank is not rank)
    rest = [c for c in quad if c is not a_banner]
    rng.shuffle(rest)
    pool = [c for c in PACK if c.rank is not rank and c is not d_banner]
    extra = rng.sample(pool, 6)
    a = side_text(a_name, a_banner, rest[:2] + extra[:1], rest[2:] + extra[1:2])
    d = side_text(d_name, d_banner, extra[2:5], extra[5:6])
    return a, d


def tie_shape(rng: Any, a_name: str, d_name: str) -> tuple[str, str]:
    """Hands worth the same with as many cards of their own banner suit: the defender holds the
    attacker's cards with the suits swapped in two pairs (the banners' suits, and the other two),
    so what counts for one side is what counts for the other (§ Banner Suits, § Ties). Drawn at
    random, equal hands are rare: a tie drill drew hundreds of battles (issue 32's 50 ms)."""
    order = list(Suit)
    rng.shuffle(order)
    swap = {order[0]: order[1], order[1]: order[0], order[2]: order[3], order[3]: order[2]}
    image = {c: next(x for x in PACK if x.rank is c.rank and x.suit is swap[c.suit]) for c in PACK}
    banner = rng.choice([c for c in PACK if c.suit is order[0]])
    a = [banner]
    pool = [c for c in PACK if c is not banner and c is not image[banner]]
    for _ in range(3 + rng.randint(0, 3)):  # never a card and its image: the defender holds the image
        card = rng.choice(pool)
        a.append(card)
        pool = [c for c in pool if c is not card and c is not image[card]]
    d = [image[c] for c in a]
    palace, soldiers = d[1:4], d[4:]  # the same split, in another order
    return (side_text(a_name, a[0], a[1:4], a[4:]),
            side_text(d_name, d[0], rng.sample(palace, len(palace)), rng.sample(soldiers, len(soldiers))))


def wheel_shape(in_palace: bool) -> Callable[..., tuple[str, str]]:
    """A side with a 2, 3, 4 and 5 and a king, queen or jack of its own banner suit, in its palace
    (``in_palace``) or as a soldier."""
    def shape(rng: Any, a_name: str, d_name: str) -> tuple[str, str]:
        suits = rng.sample(list(Suit), 2)
        own, other = suits
        face = rng.choice("KQJ")
        royal = next(c for c in PACK if c.suit is own and c.rank.char == face)
        low = [rng.choice([c for c in PACK if c.rank.char == r and c.suit is not other]) for r in "2345"]
        banner = rng.choice([c for c in PACK if c.suit is own and c not in low and c is not royal])
        if in_palace:
            a = side_text(a_name, banner, [royal] + low[:2], low[2:])
        else:
            a = side_text(a_name, banner, low[:3], [royal, low[3]])
        used = {royal, banner, *low}
        d_banner = rng.choice([c for c in PACK if c.suit is other and c not in used])
        rest = rng.sample([c for c in PACK if c not in used and c is not d_banner], 4)
        return a, side_text(d_name, d_banner, rest[:3], rest[3:])
    return shape


def no_wheel_shape(rng: Any, a_name: str, d_name: str) -> tuple[str, str]:
    """A royal of one's own suit in the palace with no five-high straight to complete."""
    own, other = rng.sample(list(Suit), 2)
    face = rng.choice("KQJ")
    royal = next(c for c in PACK if c.suit is own and c.rank.char == face)
    pair_rank = rng.choice("6789T")
    pair = rng.sample([c for c in PACK if c.rank.char == pair_rank and c.suit is not other], 2)
    banner = rng.choice([c for c in PACK if c.suit is own and c.rank.char in "9TJQKA" and c not in (royal, *pair)])
    a = side_text(a_name, banner, [royal, *pair], [])
    used = {royal, banner, *pair}
    d_banner = rng.choice([c for c in PACK if c.suit is other and c not in used])
    rest = rng.sample([c for c in PACK if c not in used and c is not d_banner], 4)
    return a, side_text(d_name, d_banner, rest[:3], rest[3:])




# -- which cards count: the banner suit's exclusion (§ Banner Suits) ---------------------------

PLACES = ("banner", "palace card", "soldier")


def quad_kicker_shape(rng: Any, a_name: str, d_name: str) -> tuple[str, str]:
    """The attacker holds four of a kind (one of them, as every four, in the defender's banner
    suit) and her highest other card is of the defender's suit too: the four count whole
    (§ Banner Suits, four-of-a-kind exception); whether that fifth card does is the table's
    option (ruling ``palace-poker-four-of-a-kind-kicker``)."""
    own, opp = rng.sample(list(Suit), 2)
    rank = rng.choice([c.rank for c in PACK if c.suit is own and c.rank.char not in "AK2"])
    quad = [c for c in PACK if c.rank is rank]
    kicker = rng.choice([c for c in PACK if c.suit is opp and c.rank > rank])
    lower = [c for c in PACK if c.rank < kicker.rank and c.rank is not rank]
    banner = rng.choice([c for c in lower if c.suit is own])
    extra = rng.sample([c for c in lower if c is not banner], rng.randint(0, 1))
    rest = quad + [kicker] + extra
    rng.shuffle(rest)
    d_banner = rng.choice([c for c in PACK if c.suit is opp and c not in rest])
    d_rest = rng.sample([c for c in PACK if c not in rest and c is not banner and c is not d_banner], 4)
    return (side_text(a_name, banner, rest[:3], rest[3:]), side_text(d_name, d_banner, d_rest[:3], d_rest[3:]))


def side_cards(text: str) -> list[tuple[Card, str]]:
    """A side's cards in order (banner, palace cards, soldiers), each with where it lies."""
    fields = text.split(":", 1)[1].split("|")
    return [(Card.parse(c), place) for field, place in zip(fields, PLACES) for c in field.split()]


def excluded(ctx: Ctx, *, tries: int = 300) -> Parts:
    """Which of one player's cards do not count in this battle? Tap every one. Hands are drawn
    (one seed in four with a four of a kind and a kicker of the opponent's banner suit) until
    the engine's battle leaves out at least one card of the player asked about; the answer is
    asked of the engine again when wanted (:func:`answer_excluded`)."""
    rng = ctx.rng
    for _ in range(tries):
        shaped = rng.random() < 0.25
        a, d = battle_hands(rng, shape=quad_kicker_shape if shaped else None)
        side = "attacker" if shaped or rng.random() < 0.5 else "defender"
        v = check_battle(a, d, variant=ctx.variant, options=dict(ctx.options) or None, others=False)
        if (v.attacker if side == "attacker" else v.defender).excluded:
            break
    else:
        raise RuntimeError(f"{ctx.clause.id}: no battle leaving out a card found in {tries} tries")
    an, dn = a.split(":")[0], d.split(":")[0]
    (me, mine), (them, theirs) = ((an, a), (dn, d)) if side == "attacker" else ((dn, d), (an, a))
    cards = side_cards(mine)
    q = (f"{an} attacks {dn} and {dn} calls. {them}'s banner is {side_cards(theirs)[0][0].label}. "
         f"{me}'s cards: {_show(mine)}. "
         f"Which of {me}'s cards do not count in this battle? Pick every one.")
    choices = tuple(Choice(k, f"{c.label} ({place})") for k, (c, place) in zip("abcdefghij", cards))
    probe = (a, d, side, *(str(c) for c, _ in cards))
    pos = Position(ctx.game, ctx.variant, "{}", (), "battle", (a, d, ""))
    return Parts("excluded", q, choices, pos, probe, several=True)


def answer_excluded(drill: Drill) -> Answer:
    """The engine's battle: each card's mark on the side asked about (excluded by the opponent's
    banner suit, counted, counted by the four-of-a-kind exception, wild), its reason and rule."""
    a, d, side, *cards = drill.probe
    v = check_battle(a, d, variant=drill.variant, options=dict(drill.options) or None, others=False)
    hand = v.attacker if side == "attacker" else v.defender
    marks = {str(m.card): m for m in hand.marks}
    said: dict[str, Said] = {}
    for choice, card in zip(drill.choices, cards):
        m = marks[card]
        out, reason, label = m.mark is Mark.EXCLUDED, m.reason, m.card.label
        if out:
            words = f"{choice.text} does not count: {reason.removeprefix('excluded: ')}"
        elif reason.startswith(label):  # the four-of-a-kind exception, a wild card: said of the card
            words = f"{choice.text} {reason.removeprefix(label).lstrip()}"
        else:
            words = f"{choice.text} " + (reason if reason.startswith("counts") else f"counts: {reason}")
        said[choice.key] = Said(out, words, m.ref)
    right = tuple(k for k, s in said.items() if s.right)
    return Answer(right, said, next((said[k].ref for k in right), None) or drill.ref)


ASKERS = {"battle": answer_battle, "showdown": answer_showdown, "excluded": answer_excluded}
