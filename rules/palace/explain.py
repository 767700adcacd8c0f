"""Words for the decisions of :mod:`rules.palace.decide`: our sentence, the section, the ruling."""

from __future__ import annotations

from dataclasses import replace

from ..refs import Verdict
from . import actions as A
from . import legality
from .decide import CHANCE_EMPTY, CHANCE_VS_ACE, FLASH_CHECK, NO_VOLUNTARY, RESET_CHOICES
from .starter import LOWEST_TIE
from .turns import FACE_DOWN_THREE
from .state import AFTER, CHOOSE, FLASH, OVER, PLAY, REVEAL, SWAP, PalaceState

# -- words ------------------------------------------------------------------
_PHASE_WORDS = {
    CHOOSE: "players are choosing their face-up cards",
    SWAP: "players are swapping hand and face-up cards",
    PLAY: "it is an ordinary turn",
    REVEAL: "the card just turned up must be dealt with first",
    FLASH: "a flashed card is waiting for its answer",
    AFTER: "the last player may still throw a just-drawn card or announce their last card",
    OVER: "the game is over",
}
_PHASE_REF = {CHOOSE: "face_up_choice", SWAP: "face_up_choice", PLAY: "no_skip",
              REVEAL: "chance_only", FLASH: "flash", AFTER: "quick_play",
              OVER: "win"}


def explain(st: PalaceState, a: A.Action, legal: bool, code: str, d: tuple) -> Verdict:
    """The verdict for a :func:`decide` result: our words, the section, the ruling if any."""
    rules = st.rules
    if code[0] == "+" or code in ("force-blocked", "lower-blocked", "too-low", "clear-too-low"):
        top, rank, count = d
        verdict = legality.verdict(rules, code, top, rank, count)
        if legal and type(a) is A.Flash and st.phase is REVEAL and st.drawn_from == "face-down":
            verdict = replace(verdict, ruling=FACE_DOWN_THREE)  # its owner picks the target
        return verdict
    ruling_ = None
    if code == "over":
        text, key = "the game is over", "aim"
    elif code == "wrong-phase":
        text, key = f"'{d[0]}' is not possible now: {_PHASE_WORDS[d[1]]}", _PHASE_REF[d[1]]
    elif code == "mixed-ranks":
        text, key = f"{d[0]} is another rank: one play is one or more cards of a single rank", "multiples"
    elif code == "table-locked":
        text = (f"{d[0]} is on the table: face-up cards wait until your hand and the stock are "
                f"both empty")
        key = "table_cards"
    elif code == "hand-and-table":
        text = (f"{d[0]} is on the table: one play takes its cards from the hand or from the face-up "
                f"cards, never from both")
        key = "multiples"
    elif code == "not-held":
        text, key = f"{d[0]} is not among your {d[1]} cards", "multiples"
    elif code == "use-flip":
        text, key = "only face-down cards are left: turn one over with 'flip'", "face_down"
    elif code == "needs-target":
        text, key = (f"a {legality.rank_of(d[0]).word} is shown to a chosen player: name one, as in "
                     f"'flash ... @1'"), "flash"
    elif code == "bad-target":
        text, key = f"@{d[0]} is not another player still in the game", "flash"
    elif code == "not-flash-rank":
        text, key = (f"only flash cards are shown to a player, and a {legality.rank_of(d[0]).word} is "
                     f"not one"), "flash"
    elif code == "opening":
        text, key = f"the opening play must include your lowest card, a {d[0].word}", "starter"
        ruling_ = LOWEST_TIE
    elif code == "flip":
        text = ("turn over your next face-down card, unseen: it is played if it can be, otherwise "
                "you take it with the pile")
        key = "face_down_one_at_a_time"
    elif code == "flip-not-yet":
        seat = st.to_move
        if st.stock:
            text, key = "face-down cards stay untouched while the stock lasts", "table_cards"
        elif st.face_up[seat] or len(st.face_down[seat]) >= st.size:
            text, key = ("face-down cards come only once your face-up cards, and any cards picked up "
                         "since, are gone"), "face_down_after_face_up"
        else:
            text, key = "no further face-down card while your hand still holds cards", "face_down_wait"
    elif code == "pickup-empty":
        text, key = "the pile is empty: there is nothing to take, and a turn cannot be skipped", "no_skip"
    elif code == "pickup-forced":
        text, key = "nothing you can play goes on this pile, so you take it", "pickup"
        top = st.top
        if top is not None and top in rules.force_pickup:
            text, key = f"the {top.word} on top makes you take the pile unless you answer it", "force_pickup"
    elif code == "pickup-voluntary":
        text, key = "you may take the pile even though you could play", "voluntary_pickup"
    elif code == "pickup-not-voluntary":
        text, key, ruling_ = ("you have a card that can be played, and in this rule set the pile is "
                              "taken only when nothing can be (try a chance instead)"), "voluntary_pickup", NO_VOLUNTARY
    elif code == "pickup-reset":
        text, key, ruling_ = ("after your own 2 you play again, or take a chance on the stock's top "
                              "card (keeping it means taking the pile)"), "reset", RESET_CHOICES
    elif code == "chance-off":
        text, key = "this rule set has no chance: play or take the pile", "chance"
    elif code == "chance-empty":
        text, key, ruling_ = "the stock is empty, so there is nothing to chance", "chance", CHANCE_EMPTY
    elif code == "chance":
        text, key = ("draw the stock's top card, then play it if it can go or keep it with the pile; "
                     "nothing else is played this turn"), "chance_only"
        top = st.top
        if top is not None and top in rules.force_pickup:
            ruling_ = CHANCE_VS_ACE
    elif code == "take-up-off":
        text, key = "face-up cards are not taken into the hand in this rule set", "face_up_to_hand"
    elif code == "take-up-not-yet":
        text, key = "the face-up cards can be taken only once your hand and the stock are empty", "table_cards"
    elif code == "take-up":
        text, key = "take your face-up cards into your hand", "face_up_to_hand"
    elif code == "last-card-off":
        text, key = "announcing the last card is not part of this rule set", "last_card_call"
    elif code == "last-card-not-owed":
        text, key = "there is nothing to announce: that is for a player down to one face-down card", \
                    "last_card_call"
    elif code == "last-card":
        text, key = "announce that you are down to your last face-down card", "last_card_call"
    elif code == "call-out-not-owed":
        text, key = f"@{d[0]} has nothing to be caught for", "last_card_call"
    elif code == "call-out":
        text, key = (f"{_name(st, d[0])} is down to one face-down card without saying so: they take "
                     f"the pile"), "last_card_call"
    elif code == "reveal-other":
        text, key = f"the card in play is the one just turned up, {d[0]}", "chance_only"
    elif code == "keep-drawn":
        text, key = "keep the drawn card and take the pile with it", "chance"
    elif code == "reveal-must-play":
        text, key = "a face-down card that can be played must be played", "face_down"
    elif code == "reflect-rank":
        text, key = f"{d[0]} cannot send a flash back: only a flash card can", "flash"
    elif code == "reflect-face-down":
        text, key = "face-down cards are played blind, one per turn: they cannot answer a flash", "flash"
    elif code == "reflect":
        text, key = f"send the flash back with your own {d[0].word}", "flash"
    elif code == "check-off":
        text, key = "this rule set does not let a flashed player try the stock", "flash"
    elif code == "check-done":
        text, key, ruling_ = "the stock has already been checked for this flash", "flash_check_stock", FLASH_CHECK
    elif code == "check-empty":
        text, key = "the stock is empty", "flash_check_stock"
    elif code == "check-has-flash":
        text, key, ruling_ = ("you hold a card that can send the flash back: the stock may be tried only "
                              "without one"), "flash_check_stock", FLASH_CHECK
    elif code == "check-stock":
        text, key, ruling_ = "look at the stock's top card: if it can send the flash back it is played", \
                             "flash_check_stock", FLASH_CHECK
    elif code == "flash-pickup":
        text, key = "take the pile instead of answering the flash", "flash"
    elif code == "quick-rank":
        text, key = f"{d[0]} is not a {d[1].word}: only the rank just played may be thrown now", "quick_play"
    elif code == "quick-not-fresh":
        text, key = (f"{d[0]} was not drawn just now: only cards from this refill may be thrown "
                     f"before the next player"), "quick_play"
    elif code == "quick-flip":
        text, key = "your next face-down card has the rank just played: throw it at once", "quick_face_down"
    elif code == "quick-flip-no":
        text, key = "your next face-down card cannot be thrown at once now", "quick_face_down"
    elif code == "pass":
        text, key = "let the next player move", "quick_play"
    elif code == "choose-count":
        text, key = f"choose exactly {d[0]} face-up cards (you named {d[1]})", "face_up_choice"
    elif code == "choose":
        text, key = "put these cards face up; the rest is your hand", "face_up_choice"
    elif code == "swap-same":
        text, key = "swapping a card for an identical one changes nothing", "face_up_choice"
    elif code == "swap":
        text, key = "swap a hand card with a face-up card", "face_up_choice"
    elif code == "ready":
        text, key = "done swapping", "face_up_choice"
    else:  # pragma: no cover - every code above is listed
        raise AssertionError(code)
    return Verdict(legal, text, rules.ref(key), ruling_)


def _name(st: PalaceState, seat: int) -> str:
    return st.names[seat] if 0 <= seat < st.players else f"@{seat}"


