"""Play's table on the page model: a new shuffle, the next deal, the table setup form (a
preset, names, a shuffle number, or the whole setup as JSON) and the seats the table
shows (a part of :class:`~.app.TutorApp`)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.jsontext import read_json

from .page import SEEDS, PageModel
from .play import next_deal_setup, why_no_next_deal
from .study import Notice
from .table_rules import carried_rules

SETUP_CHARS = 20_000  # a table setup typed or pasted as JSON (a stacked deck for eight is under 2,000)


@dataclass(frozen=True)
class PlaySetup:
    """What Play's table setup shows: the game, its presets (id, title) and the one picked,
    and the players' names of the table in play."""

    game: str
    presets: tuple[tuple[str, str], ...]
    preset: str
    players: str


class PlayTable(PageModel):
    """What a press does at Play's table: deals, the table setup, the seats."""

    # -- deals ----------------------------------------------------------------------------------
    def play_game(self, game: str) -> bool:
        """A new table of ``game`` (an unknown id is ignored)."""
        return game in self.catalog.game_ids() and self.new_deal(game=game)

    def deal_again(self) -> bool:
        """Another shuffle of the table in play (same game, rules and players)."""
        study = self.study
        if study is not None and study.lesson is None:
            return self.new_deal(game=study.game, variant=study.variant, names=self.names() or None,
                                 extra=carried_rules(study.setup))
        return self.new_deal()

    def can_deal_next(self) -> bool:
        """Whether the study in progress is a finished deal of a game that goes on."""
        study = self.study
        return study is not None and study.state.is_over and next_deal_setup(study, probe=True) is not None

    def next_deal(self) -> bool:
        """The next deal of a finished hand, as the engine deals it (``state.next_deal``:
        stacks and pots carried over, the deal passed on, a player who cannot pay sitting
        out), dealt at once: a game after a game, a study after a study (from a link or a file)."""
        study = self.study
        if study is None:
            return False
        try:
            setup = next_deal_setup(study, seed=self._rng.randrange(1, SEEDS))
        except ValueError as err:
            self.notice = Notice("error", f"No next deal: {err}.")
            return False
        if setup is None:
            self.notice = Notice("error", f"No next deal: {why_no_next_deal(study)}.")
            return False
        return self.open_setup(study.variant, setup, game=study.game, deal=True, played=study in self._dealt)

    # -- the table setup (Play) -----------------------------------------------------------------
    def play_setup(self) -> PlaySetup:
        """What Play's table setup shows now (the game and preset of the rules being set up)."""
        rules = self.table_rules
        game = rules.game or self.game or ""
        presets = tuple((p, rules.preset_title(p) if rules.game == game else p) for p in self._presets(game))
        return PlaySetup(game, presets, rules.variant, ", ".join(self.table_names()))

    def pick_preset(self, variant: str) -> None:
        """The table setup's preset picked: the rules being set up start from it."""
        game = self.table_rules.game or self.game or ""
        if variant in self._presets(game):
            self.table_rules.rebase(game, variant)

    def setup_table(self, variant: str, players: str, seed: str, setup_json: str = "") -> bool:
        """Deal from the table setup form: the preset, the players' names (comma
        separated), the shuffle number, or the whole setup as JSON (which wins)."""
        game = self.table_rules.game or self.game or ""
        extra = self.table_rules.setup_extra() if (self.table_rules.game, self.table_rules.variant) \
            == (game, variant) else {}
        text = setup_json.strip()
        if text:
            try:
                setup = read_json(text, what="The setup", max_chars=SETUP_CHARS)
            except ValueError as err:  # too long, nested too deep, or not JSON: said as such
                self.notice = Notice("error", f"{err}. Nothing was changed.")
                return False
            if not isinstance(setup, dict):
                self.notice = Notice("error", "The setup must be a JSON object like {\"seed\": 7}. "
                                              "Nothing was changed.")
                return False
            return self.open_setup(variant, {**extra, **setup}, game=game, deal=True)
        names = [n.strip() for n in players.split(",") if n.strip()]
        number = seed.strip()
        return self.new_deal(game=game, variant=variant or None, names=names or None,
                             seed=int(number) if number.isdigit() else (number or None), extra=extra)

    # -- seats ----------------------------------------------------------------------------------
    def names(self) -> list[str]:
        """The players' names of the open study, by seat."""
        return list(self.study.state.names) if self.study is not None else []

    def table_names(self) -> list[str]:
        """The players of the table in Play (the open free study, else the one Play keeps)."""
        study = self.study if self.study is not None and self.study.lesson is None else self._parked.get("play")
        return list(study.state.names) if study is not None else []

    def seat_choices(self) -> tuple[str, ...]:
        """The seats whose view the table can show; none while playing against the computer
        (the table shows whoever holds the phone: no peeking at the computer's cards)."""
        study = self.study
        if study is None or (self.versus.opponents is not None and study.lesson is None):
            return ()
        return tuple(study.state.names)

    def choose_seat(self, value: str) -> None:
        """The seat switch: a seat number, or -1 for every card (teaching). Not in a game in
        Play: the table shows whoever holds the device (the all-cards switch is Play's own)."""
        study = self.study
        if study is not None and self.versus.opponents is not None and study.lesson is None:
            return
        try:
            number = int(value)
        except ValueError:
            return
        seat = None if number < 0 else number
        if study is not None and study.seat != seat:
            study.seat = seat
