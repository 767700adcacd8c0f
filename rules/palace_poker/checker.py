"""The ``palace-tutor check battle|showdown`` checkers (a stable contract).

One check: each question is set up as a position of a hand (:mod:`.position`) and played on
through the engine (the bet and the call, or the stay that ends the run), so the verdict is
the engine's own under the table's rules, and so is what the hand does next: a tie between
the last two splits the pot, or goes to a showdown under the No Pot Sharing Rule read that
way, or ends with nobody scoring in the points game. Where another reading of a table option
would decide differently, the verdict carries that answer too (``others``).

Both return a frozen verdict with ``describe()`` (plain words) and ``as_dict()`` (the JSON
object). Bad input raises a ``ValueError`` (:class:`~rules.errors.NotationError` or
:class:`~rules.errors.IllegalActionError`) whose message is one line naming the offending
token and the rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Mapping, Sequence

from ..cards import Card, counted, parse_cards
from ..errors import IllegalActionError, NotationError
from ..options import other_outcomes
from ..refs import RuleRef, Ruling
from .battle import BattleVerdict, Outcome
from .config import PRESETS, PokerRules
from .hands import MAX_SOLDIERS, PALACE_SIZE, Holding, SideHand
from .model import HandResult, Phase
from .position import battle_position, play_out, showdown_position
from .sections import ref
from .showdown import ShowdownVerdict


def _sentence(text: str) -> str:
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


@dataclass(frozen=True)
class BattleCheck:
    """A battle the engine settled: its :class:`~.battle.BattleVerdict` (both hands, every
    card's mark, who wins), and, where the battle ended the hand, the hand's result (a split,
    a showdown, nobody scoring). ``others``: (option, other choice, its meaning, the check
    under it) where another reading decides differently."""

    battle: BattleVerdict
    result: HandResult | None
    rules: PokerRules
    others: tuple[tuple[str, str, str, "BattleCheck"], ...] = field(default=())

    # the battle's own fields, as the verdict has them
    attacker: SideHand = field(init=False)
    defender: SideHand = field(init=False)
    outcome: Outcome = field(init=False)
    decided_by: str = field(init=False)
    reason: str = field(init=False)
    ref: RuleRef = field(init=False)
    ruling: Ruling | None = field(init=False)
    last_two: bool = field(init=False)

    def __post_init__(self) -> None:
        b = self.battle
        for name in ("attacker", "defender", "outcome", "decided_by", "reason", "ref", "ruling", "last_two"):
            object.__setattr__(self, name, getattr(b, name))

    @property
    def winner(self) -> SideHand | None:
        return self.battle.winner

    @property
    def loser(self) -> SideHand | None:
        return self.battle.loser

    @property
    def then(self) -> str:
        """What the hand does after a tie of the last two: ``split``, ``showdown`` or ``no winner``
        (in the points game); ``""`` when the battle did not end the hand that way."""
        if self.result is None or self.outcome is not Outcome.SPLIT:
            return ""
        return {"battle split": "split", "tie showdown": "showdown", "no winner": "no winner"}.get(self.result.how, "")

    def key(self) -> tuple[Any, ...]:
        """What decides the question: the battle's outcome and, after a tie, what the hand does."""
        r = self.result
        return self.outcome, self.then, (r.winners, r.shares, r.points) if r is not None and self.then else ()

    def then_words(self) -> str:
        """What the hand does after a tie of the last two, in plain words ("" otherwise)."""
        r = self.result
        if not self.then or r is None:
            return ""
        if self.then == "split":
            return "As the last two players in the hand, they split the pot."
        if self.then == "no winner":
            return "In the points game nobody scores this hand."
        shown = r.showdown
        tail = f" {_sentence(shown.reason)}" if shown is not None else ""
        return f"At this table the last two then show down for the pot, every card counting.{tail}"

    def describe(self) -> str:
        lines = [self.battle.describe()]
        if self.then and self.result is not None:
            lines.append(f"{self.then_words()} [{self.result.ref}]")
        for option, token, meaning, other in self.others:
            lines.append(f"Under the other reading of {option} ({token}: {meaning}): {other.summary()}")
        return "\n".join(lines)

    def summary(self) -> str:
        return self.then_words() or _sentence(self.reason)

    def as_dict(self) -> dict[str, Any]:
        out = self.battle.as_dict()
        if self.then and self.result is not None:
            out["then"] = self.then
            out["hand"] = {"winners": list(self.result.winner_names), "reason": self.result.reason}
        if self.others:
            out["other_readings"] = [{"option": o, "choice": t, "winner": v.outcome.value, "then": v.then}
                                     for o, t, _, v in self.others]
        return out


@dataclass(frozen=True)
class ShowdownCheck:
    """A showdown the engine held (or the split that replaced it: players who all hold one
    banner suit split the pot without one, § Winning the Pot): the hand's result, and the
    :class:`~.showdown.ShowdownVerdict` when cards were compared."""

    result: HandResult
    rules: PokerRules
    others: tuple[tuple[str, str, str, "ShowdownCheck"], ...] = field(default=())

    @property
    def showdown(self) -> ShowdownVerdict | None:
        return self.result.showdown

    @property
    def hands(self) -> tuple[SideHand, ...]:
        return self.showdown.hands if self.showdown is not None else ()

    def hand(self, name: str) -> SideHand:
        return next(h for h in self.hands if h.name == name)

    @property
    def winners(self) -> tuple[str, ...]:
        """Who the cards favour (the showdown's winners); in the points game a tie has them all
        and nobody scores (``result.winners`` is empty)."""
        return self.showdown.winners if self.showdown is not None else self.result.winner_names

    @property
    def decided_by(self) -> str:
        return self.showdown.decided_by if self.showdown is not None else "same suit"

    @property
    def reason(self) -> str:
        return self.showdown.reason if self.showdown is not None else self.result.reason

    @property
    def ref(self) -> RuleRef:
        return self.showdown.ref if self.showdown is not None else self.result.ref

    @property
    def ruling(self) -> Ruling | None:
        return self.showdown.ruling if self.showdown is not None else self.result.ruling

    def key(self) -> tuple[Any, ...]:
        return self.winners, self.result.winners, self.result.shares, self.result.points

    def then_words(self) -> str:
        """What the hand's result adds to the cards' verdict: points scored, nobody scoring, or
        the split that replaces a showdown among one banner suit ("" when nothing)."""
        r = self.result
        if self.showdown is None:
            return (f"Everyone shown holds a banner of one suit, so at this table they split the pot without a "
                    f"showdown ({r.ref}).")
        if self.rules.points:
            if not r.points:
                return "In the points game a complete tie scores nobody."
            name, pts = r.named_points[0]
            return f"{name} scores {counted(pts, 'point')} ({self.rules.win_points} less the soldiers held)."
        if len(r.winners) > 1:
            return "They split the pot."
        return ""

    def summary(self) -> str:
        return " ".join(t for t in (_sentence(self.reason) if self.showdown is not None else "", self.then_words()) if t)

    def describe(self) -> str:
        lines = [self.showdown.describe()] if self.showdown is not None else []
        if self.then_words():
            lines.append(self.then_words())
        for option, token, meaning, other in self.others:
            lines.append(f"Under the other reading of {option} ({token}: {meaning}): {other.summary()}")
        return "\n".join(lines)

    def as_dict(self) -> dict[str, Any]:
        if self.showdown is not None:
            out = self.showdown.as_dict()
        else:
            out = {"winner": list(self.result.winner_names), "players": {}}
        if list(self.result.winner_names) != out["winner"]:
            out["takes_the_pot"] = list(self.result.winner_names)
        if self.others:
            out["other_readings"] = [{"option": o, "choice": t, "winner": list(v.winners)}
                                     for o, t, _, v in self.others]
        return out


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
                 last_two: bool = False, options: Mapping[str, str] | None = None,
                 others: bool = True) -> BattleCheck:
    """Who wins a battle between two hands written ``BANNER | PALACE | SOLDIERS``,
    each optionally named first (``Dave: Jd | Js Jh 5d | Jc``): the verdict's
    reasons then say the players' names instead of "the attacker".

    ``last_two``: the two are the only players left in the hand, so a complete
    tie splits the pot instead of knocking both out (§ Ties). ``options``: the table's
    options by name and choice (``PokerRules.OPTIONS``). ``others``: also judge under every
    other reading of an option and keep those that decide differently.
    """
    rules = _rules(variant, options)
    a_name, a = _battle_side(attacker, "attacker")
    d_name, d = _battle_side(defender, "defender")
    if a_name.casefold() == d_name.casefold():
        raise NotationError(f"both sides are called {a_name!r}; give the attacker and the defender "
                            "different names", token=d_name, expected="two different names")
    _no_card_twice([(a_name, a), (d_name, d)])
    name = variant or "limit"

    def judge(r: PokerRules) -> BattleCheck:
        return _battle((a_name, a), (d_name, d), r, name, last_two)

    verdict = judge(rules)
    if not others:
        return verdict
    found = other_outcomes(rules, judge, BattleCheck.key, verdict)
    return replace(verdict, others=tuple((o.name, o.token(v), o.meaning(v), c) for o, v, c in found))


def _battle(a: tuple[str, Holding], d: tuple[str, Holding], rules: PokerRules, variant: str,
            last_two: bool) -> BattleCheck:
    """The bet and the call played through the engine from the battle's position."""
    if a[1].suit is d[1].suit:
        raise IllegalActionError(
            f"no battle between {a[0]}'s {a[1].banner} and {d[0]}'s {d[1].banner}: both banners are "
            f"{a[1].suit.word} and players of one banner suit never battle ({ref('Bet (or battle)')})")
    state, actions = battle_position(rules, variant, a, d, last_two=last_two)
    end = play_out(state, actions)
    if end.last_battle is None:
        raise IllegalActionError("the engine did not settle this battle", state=end)
    return BattleCheck(end.last_battle, end.result if end.phase is Phase.OVER else None, rules)


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
                   options: Mapping[str, str] | None = None, others: bool = True) -> ShowdownCheck:
    """Who wins a showdown between hands written ``NAME: BANNER | OTHER CARDS``
    (or ``NAME: BANNER | PALACE | SOLDIERS``), in the order they show. ``others`` as for
    :func:`check_battle`."""
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
    name = variant or "limit"

    def judge(r: PokerRules) -> ShowdownCheck:
        end = play_out(*showdown_position(r, name, named))
        if end.result is None:
            raise IllegalActionError("the engine did not end this hand", state=end)
        return ShowdownCheck(end.result, r)

    verdict = judge(rules)
    if not others:
        return verdict
    found = other_outcomes(rules, judge, ShowdownCheck.key, verdict)
    return replace(verdict, others=tuple((o.name, o.token(v), o.meaning(v), c) for o, v, c in found))
