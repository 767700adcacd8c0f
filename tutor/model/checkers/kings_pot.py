"""King's Pot's checker form: a deal settled whole (``palace-tutor check kings-pot``): the
tableau, the King's hand, each player's cards (still held, and folded) and the two pots; with
no player's cards given, which of the thirteen hands is best. The engine loads when it is
first judged."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import param

from rules.cards import ALL_CARDS, format_cards, shuffled
from rules.errors import NotationError

from ..check_form import CheckForm, Field

MIN_PLAYERS, MAX_PLAYERS = 3, 10  # § Players and cards: three or more; ten fit a phone's form


class TableauForm(CheckForm):
    """A King's Pot deal (``palace-tutor check kings-pot``): the tableau and the King's hand,
    then, to say who takes each pot, every player's cards in turn order from the dealer's
    left (the dealer last) and the pots."""

    players = param.Integer(default=MIN_PLAYERS, bounds=(MIN_PLAYERS, MAX_PLAYERS),
                            doc="How many players are in the deal.")

    title = "King's Pot: who takes the pots"
    game = "kings-pot"
    key = "kings-pot"
    mode_title = "King's Pot"
    verdict_kind = "tableau"
    shape = ("players",)
    actions = (("Deal 30 cards at random", "checker-deal", "deal_at_random"),
               ("Add a player", "checker-add", "add_player"),
               ("Remove the last player", "checker-remove", "remove_player"))
    _TOP = (Field("tableau", "Tableau", 25, 25, placeholder="25 cards, row by row from the top left"),
            Field("kings", "King's hand", 5, 5))
    _POTS = (Field("pot", "Betting pot (chips)", kind="text", placeholder="chips in the betting pot, e.g. 40"),
             Field("kings_pot", "King's pot (chips)", kind="text", placeholder="chips in the King's pot, e.g. 30"))

    def __init__(self, **params: Any):
        if "texts" not in params:
            count = params.get("players", MIN_PLAYERS)
            params["texts"] = {"tableau": "", "kings": "", "pot": "", "kings_pot": "",
                               **{k: v for i in range(1, count + 1) for k, v in self._player_blank(i).items()}}
        super().__init__(**params)

    def fields(self) -> tuple[Field, ...]:
        out = list(self._TOP)
        for i in range(1, self.players + 1):
            who = "the dealer" if i == self.players else f"player {i} from the dealer's left"
            out += [Field(f"p{i}.name", f"Player {i}'s name", 1, kind="name", group=f"p{i}"),
                    Field(f"p{i}.cards", f"Player {i}'s cards", group=f"p{i}",
                          placeholder=f"cards {who} still holds, e.g. Ad 7c"),
                    Field(f"p{i}.folded", f"Player {i}'s folded cards", group=f"p{i}",
                          placeholder="cards folded, if any")]
        return tuple(out + list(self._POTS))

    def _blank(self, f: Field) -> str:
        if f.key.startswith("p") and "." in f.key:
            return self._player_blank(int(f.key[1:].split(".")[0]))[f.key]
        return ""

    @staticmethod
    def _player_blank(i: int) -> dict[str, str]:
        return {f"p{i}.name": f"Player {i}", f"p{i}.cards": "", f"p{i}.folded": ""}

    def _read_name(self, f: Field, text: str) -> str:
        """A pot is a whole number of chips, named by its field ("Betting pot (chips)")."""
        if f.key not in ("pot", "kings_pot"):
            return super()._read_name(f, text)
        chips = text.strip()
        if chips and not (chips.isascii() and chips.isdigit() and len(chips) <= 9):
            raise NotationError(f"{f.label}: {chips[:20]!r} is not a whole number of chips (like 40)",
                                token=chips[:20], expected="a whole number of chips")
        return chips

    def copies_rule(self) -> str:
        from rules.kings_pot import PLAYERS_AND_CARDS, ref
        return f"one pack holds each card once ({ref(PLAYERS_AND_CARDS).words})"

    def settled_whole(self, texts: Mapping[str, str]) -> bool:
        """Whether the players' cards are given (then the verdict says who takes each pot)."""
        return any(texts.get(f"p{i}.{part}", "").strip() for i in range(1, self.players + 1)
                   for part in ("cards", "folded"))

    def _deal_args(self, texts: Mapping[str, str]) -> list[str]:
        args: list[str] = []
        for i in range(1, self.players + 1):
            name = texts.get(f"p{i}.name", "").strip()
            args += ["--player", f"{name}: {texts.get(f'p{i}.cards', '')}".rstrip()]
        for i in range(1, self.players + 1):
            if texts.get(f"p{i}.folded", "").strip():
                args += ["--folded", f"{texts.get(f'p{i}.name', '').strip()}: {texts[f'p{i}.folded']}"]
        for key, flag in (("pot", "--pot"), ("kings_pot", "--kings-pot")):
            if texts.get(key, "").strip():
                args += [flag, texts[key].strip()]
        return args

    def command(self, texts: Mapping[str, str] | None = None) -> list[list[str]]:
        texts = texts or self.canonical_texts()
        args = ["check", "kings-pot", "--tableau", texts["tableau"], "--kings-hand", texts["kings"]]
        if not self.settled_whole(texts):
            return [args + self.rule_args()]
        variant = ["--variant", self.rules_variant] if self.rules_variant not in ("", "standard") else []
        return [args + self._deal_args(texts) + variant + self.rule_args()]

    def _judge(self, texts: Mapping[str, str]) -> Any:
        from rules.kings_pot import check_deal, check_tableau
        options = self.rules_options or None
        if not self.settled_whole(texts):
            return check_tableau(texts["tableau"], texts["kings"], options=options)
        n = self.players
        players = [f"{texts[f'p{i}.name']}: {texts[f'p{i}.cards']}" for i in range(1, n + 1)]
        folded = [f"{texts[f'p{i}.name']}: {texts[f'p{i}.folded']}" for i in range(1, n + 1)
                  if texts[f"p{i}.folded"].strip()]
        return check_deal(texts["tableau"], texts["kings"], players, folded=folded,
                          pot=texts.get("pot", "").strip() or 0, kings_pot=texts.get("kings_pot", "").strip() or 0,
                          variant=self.rules_variant or "standard", options=options)

    def headline(self) -> str:
        from ..verdict_words import deal_headline, tableau_headline
        if self.verdict is None:
            return ""
        return deal_headline(self.verdict) if hasattr(self.verdict, "pot_lines") else tableau_headline(self.verdict)

    def add_player(self) -> bool:
        return self._add_player_row(MAX_PLAYERS, f"This form takes at most {MAX_PLAYERS} players.")

    def remove_player(self) -> bool:
        """Take away the last player."""
        from rules.kings_pot import PLAYERS_AND_CARDS, ref
        return self._remove_player_row(
            MIN_PLAYERS, f"King's Pot is played by at least {MIN_PLAYERS} players ({ref(PLAYERS_AND_CARDS).words}).",
            "tableau")

    def deal(self, seed: int) -> None:
        """Lay out 30 cards of a shuffled pack (quicker than 30 taps); the players' cards stay."""
        cards = shuffled(ALL_CARDS, seed)
        self._accept({**self.texts, "tableau": format_cards(cards[:25]), "kings": format_cards(cards[25:30])},
                     "tableau")

    def deal_at_random(self) -> None:
        """Deal another 30 cards (the first deal of a form is shuffled by 1, the next by 2...)."""
        self._dealt = getattr(self, "_dealt", 0) + 1
        self.deal(self._dealt)

    def example(self) -> None:
        self.deal(1)


FORMS = (TableauForm,)
