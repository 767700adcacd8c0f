"""The checker model (``tutor.model.checker``): the same verdicts as the command
line, cards by tap or by typing, and bad input that changes nothing.

Expected outcomes are worked by hand from the sources (cited per test); the
CLI parity tests then show the app asks the engine exactly what
``palace-tutor check ... --json`` asks it.
"""

import json
import subprocess
import sys

import pytest

from palace_tutor.cli import main
from rules.cards import Card
from tutor.model.checker import Checker
from tutor.model.checkers.kings_pot import TableauForm
from tutor.model.checkers.palace import PlayForm
from tutor.model.checkers.palace_poker import BattleForm, ShowdownForm

DAVE = "Jd | Js Jh 5d | Jc"
FRANK = "Qs | Qc Qd 8h | 8c"
INJECTION = '<img src=x onerror="window.pwned=1">'


def cli_json(capsys, args):
    code = main(list(args) + ["--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


def cli_error(capsys, args):
    code = main(list(args))
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    return err.strip().removeprefix("palace-tutor: ")


def battle(attacker=DAVE, defender=FRANK, **options):
    form = BattleForm(**options)
    assert form.set_text("attacker.banner", attacker) and form.set_text("defender.banner", defender)
    return form


def snapshot(form):
    return (dict(form.texts), form.focus, form.verdict, form.checked, dict(form.problems))


# -- the same verdict as the command line ------------------------------------------------------
@pytest.mark.parametrize("attacker, defender, options", [
    (DAVE, FRANK, {}),                                             # the example
    ("3h | Ac Ah 9d |", "Qs | Qc Qd 8h |", {}),                    # empty soldiers
    ("Kh | Ks As Qd | 9d", "Kc | Kd Ad Qs | 9s", {}),              # complete tie: both fold
    ("Kh | Ks As Qd | 9d", "Kc | Kd Ad Qs | 9s", {"last_two": True}),  # ... or split
    ("5h | Kh 2c 3c | 4c", "Qs | Qd 9s 8s |", {"kings_in_the_house": True}),
])
def test_battle_verdict_is_the_cli_verdict(capsys, attacker, defender, options):
    form = battle(attacker, defender, **options)
    [args] = form.command()
    assert args[:2] == ["check", "battle"]
    assert form.as_dict() == cli_json(capsys, args)


def test_battle_example_outcome_worked_by_hand():
    # § Banner Suits: against a spade banner the attacker's J♠ would not count, but
    # it completes four jacks, which count whole; the defender's Q♦ does not count
    # against a diamond banner, leaving queens and eights. Four of a kind wins (§ Call).
    form = battle()
    v = form.verdict
    assert form.as_dict()["winner"] == "attacker"
    assert v.attacker.category.words == "four of a kind" and v.defender.category.words == "two pair"
    assert [str(c) for c in v.defender.excluded] == ["Qd"]
    assert [str(c) for c in v.attacker.rescued] == ["Js"]
    excluded = next(m for m in v.defender.marks if str(m.card) == "Qd")
    assert "attacker" in excluded.excluded_by and "♦" in excluded.reason


def test_showdown_verdict_is_the_cli_verdict_and_own_suit_decides(capsys):
    # § Winning the Pot: equal kings with J 9 8; Elena has two hearts (her banner suit)
    # in the five, Aaron one spade, so Elena wins.
    form = ShowdownForm()
    form.example()
    assert form.as_dict()["winner"] == ["Elena"]
    assert form.as_dict() == cli_json(capsys, form.command()[0])


def test_showdown_with_three_players_and_kings_matches_the_cli(capsys):
    form = ShowdownForm(kings_in_the_house=True)
    assert form.add_player()
    form.set_text("p1.name", "Ann: 5h | Kh 2c 3c | 4c")
    form.set_text("p2.name", "Ben: Qs | Qd 9s 8s |")
    form.set_text("p3.name", "Cy: 7d | 7c 7h 2d | Ad")
    assert form.error == "" and form.verdict is not None
    assert form.as_dict() == cli_json(capsys, form.command()[0])
    # a wheel made with the own-suit king beats two pairs of sevens and queens (§ Kings in the House)
    assert form.as_dict()["winner"] == ["Ann"]


@pytest.mark.parametrize("pile, hand", [
    ("5h 9c", "2c 9d 7s 10h"),   # a nine on top: BGA asks for lower, the others for higher
    ("", "3c 3d Ah"),            # empty pile
    ("4h", "Jk 5d"),             # a joker: only the house deck has them
    ("Kh", "3s"),                # a Caron 3 is a flash card
])
def test_each_preset_verdict_is_the_cli_verdict(capsys, pile, hand):
    form = PlayForm()
    form.set_text("pile", pile)
    assert form.set_text("hand", hand) and form.error == ""
    results = {variant: check for variant, check, _ in form.verdict.results}
    assert set(results) == {"house", "caron", "bga"}
    for args in form.command():
        variant = args[args.index("--variant") + 1]
        if results[variant] is None:   # a position that preset cannot hold: the CLI refuses it too
            assert form.as_dict()[variant] == {"error": cli_error(capsys, args)}
        else:
            assert form.as_dict()[variant] == cli_json(capsys, args)


def test_bga_nine_asks_for_lower_while_house_wants_higher():
    # palace-bga.txt § Special cards: 9: after a nine, a nine or lower; house: match or beat
    form = PlayForm()
    form.example()
    by = form.as_dict()
    assert "7s" in by["bga"]["legal"] and "7s" not in by["house"]["legal"]
    assert "Th" in by["house"]["legal"] and "Th" not in by["bga"]["legal"]


def test_a_joker_pile_is_impossible_without_jokers(capsys):
    form = PlayForm()
    form.set_text("pile", "4h")
    form.set_text("hand", "Jk 5d")
    errors = {v: e for v, check, e in form.verdict.results if check is None}
    assert set(errors) == {"caron", "bga"} and all("Jk" in e for e in errors.values())


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_tableau_verdict_is_the_cli_verdict(capsys, seed):
    form = TableauForm()
    form.deal(seed)
    assert form.as_dict() == cli_json(capsys, form.command()[0])


def test_command_line_text_runs_in_a_shell_with_the_same_answer():
    form = battle()
    line = form.command_line() + " --json"
    out = subprocess.run([sys.executable, "-m", "palace_tutor.cli", *_shell_split(line)[1:]],
                         capture_output=True, text=True, timeout=60)
    assert json.loads(out.stdout) == form.as_dict()


def _shell_split(line):
    import shlex
    return shlex.split(line)


# -- tapping cards ---------------------------------------------------------------------------
def test_taps_fill_the_focused_field_and_move_on_when_it_is_full():
    form = BattleForm()
    for card in ["Jd", "Js", "Jh", "5d", "Jc"]:
        assert form.tap(card), form.error
    assert form.texts["attacker.banner"] == "Jd"
    assert form.texts["attacker.palace"] == "Js Jh 5d"
    assert form.texts["attacker.soldiers"] == "Jc"
    assert form.focus == "attacker.soldiers"
    form.focus_on("defender.banner")
    for card in ["Qs", "Qc", "Qd", "8h", "8c"]:
        assert form.tap(Card.parse(card))
    assert form.as_dict()["winner"] == "attacker"
    assert form.texts["defender.soldiers"] == "8c"


def test_tap_again_takes_the_card_out():
    form = battle()
    form.focus_on("attacker.soldiers")
    assert form.tap("Jc") and form.texts["attacker.soldiers"] == ""
    # without the fourth jack, J♠ is just excluded: a pair of jacks loses to two pair
    assert form.as_dict()["winner"] == "defender"
    assert form.tap("Jc") and form.as_dict()["winner"] == "attacker"


def test_a_card_already_placed_elsewhere_is_refused_saying_where_and_nothing_changes():
    form = battle()
    form.focus_on("attacker.soldiers")
    before = snapshot(form)
    assert not form.tap("Qd")
    assert "Q♦" in form.error and "Defender palace" in form.error and "once" in form.error
    assert snapshot(form) == before


def test_tapping_into_a_full_form_is_refused():
    form = BattleForm()
    for card in "Jd Js Jh 5d Jc 4c 3c 2c 6c Qs Qc Qd 8h 8c 9c 9d 2d 3d".split():  # every field full
        assert form.tap(card), form.error
    spare = next(c for c in form.deck() if not form.where(c))
    before = snapshot(form)
    assert not form.tap(spare) and "full" in form.error
    assert snapshot(form)[0] == before[0] and form.verdict is before[2]


def test_a_full_tableau_and_kings_hand_send_the_next_tap_to_the_first_players_cards():
    # issue 34, point 1: the players' bought cards come after the King's hand
    form = TableauForm()
    form.deal(4)
    spare = next(c for c in form.deck() if not form.where(c))
    form.focus_on("kings")
    assert form.tap(spare) and form.texts["p1.cards"] == str(spare)
    # the others have bought nothing yet: named next to the second player, with the rule
    assert form.verdict is None and "Player 2 has no cards" in form.problems["p2.name"]
    assert "§ Buying cards" in form.problems["p2.name"]


def test_tableau_taps_move_to_the_kings_hand_after_25():
    form = TableauForm()
    cards = list(form.deck())[:30]
    for c in cards[:25]:
        form.tap(c)
    assert form.focus == "kings" and form.verdict is None
    for c in cards[25:]:
        form.tap(c)
    assert form.verdict is not None and form.error == ""


def test_a_name_field_takes_no_cards():
    form = ShowdownForm()
    form.focus = "p1.name"
    assert not form.tap("As") and "name" in form.error


# -- typing ----------------------------------------------------------------------------------
def test_typed_text_is_kept_as_typed_and_written_canonically_when_done():
    form = BattleForm()
    assert form.set_text("attacker.palace", "10h, q♠ 9C", typing=True)
    assert form.texts["attacker.palace"] == "10h, q♠ 9C"   # the box is never rewritten under the fingers
    form.commit("attacker.palace")
    assert form.texts["attacker.palace"] == "Th Qs 9c"


def test_a_whole_side_typed_in_one_box_counts_at_once_and_fills_its_fields_when_done():
    form = BattleForm()
    form.set_text("attacker.soldiers", "Dave: " + DAVE, typing=True)
    form.set_text("defender.banner", "Frank: " + FRANK, typing=True)
    assert form.as_dict()["winner"] == "attacker"          # judged before the side is spread
    form.commit("attacker.soldiers")
    assert [form.texts[f"attacker.{p}"] for p in ("name", "banner", "palace", "soldiers")] == \
        ["Dave", "Jd", "Js Jh 5d", "Jc"]
    assert form.as_dict()["winner"] == "attacker"


def test_a_bad_token_is_named_at_its_field_at_once_the_text_stays_and_the_old_verdict_goes():
    form = battle()
    assert form.verdict is not None
    assert not form.set_text("defender.palace", "Qc Qd 8x", typing=True)
    assert "'8x'" in form.problems["defender.palace"] and "Defender palace" in form.problems["defender.palace"]
    assert list(form.problems) == ["defender.palace"]
    assert form.texts["defender.palace"] == "Qc Qd 8x"     # nothing wiped
    assert form.verdict is None and form.checked is None   # no verdict for a position nobody typed
    assert form.set_text("defender.palace", "Qc Qd 8h") and form.problems == {}
    assert form.as_dict()["winner"] == "attacker"


def test_a_card_half_typed_waits_until_the_field_is_left():
    form = battle()
    form.set_text("defender.palace", "Qc Qd 8", typing=True)
    assert form.problems == {} and form.verdict is None and "'8'" in form.hint
    form.set_text("defender.palace", "Qc Qd 10", typing=True)
    assert form.problems == {}
    form.commit("defender.palace")                         # left the field with '10': now it is an error
    assert "'10'" in form.problems["defender.palace"]


def test_a_bad_side_notation_is_named_at_its_field():
    form = battle()
    assert not form.set_text("attacker.banner", "Jd | Js Jh 5d")
    assert "'Jd | Js Jh 5d'" in form.problems["attacker.banner"]
    assert "BANNER | PALACE | SOLDIERS" in form.problems["attacker.banner"]
    assert form.verdict is None


def test_a_typed_duplicate_is_named_at_the_field_being_typed_with_the_rule():
    form = battle()
    assert not form.set_text("attacker.soldiers", "Jc Qc")
    problem = form.problems["attacker.soldiers"]
    # the rule by its section and rule book, as the notices say it, never the source's file name
    assert "Q♣" in problem and "Defender palace" in problem and "§ The Cards — Palace Poker" in problem
    assert ".txt" not in problem
    assert list(form.problems) == ["attacker.soldiers"] and form.verdict is None


def test_a_position_the_engine_refuses_says_why_and_has_no_verdict():
    # § Bet (or battle): players of one banner suit never battle
    form = battle()
    assert form.set_text("defender.banner", "Qd | Qc Qs 8h | 8c")  # parses: the fields take it
    why = form.error + " ".join(form.problems.values())
    assert "Bet (or battle)" in why and "diamonds" in why
    assert form.verdict is None


def test_the_engine_names_a_wrong_count_at_its_field():
    form = battle()
    form.set_text("attacker.palace", "Js Jh 5d 2c")
    assert "'Js Jh 5d 2c'" in form.problems["attacker.palace"]
    assert "Palace Cards" in form.problems["attacker.palace"]
    assert form.verdict is None


def test_an_incomplete_position_says_what_is_missing():
    form = battle()
    form.clear("defender.palace")
    assert form.hint == "Still to fill in: Defender palace: 0 of 3 cards."
    assert form.verdict is None and form.error == ""
    assert not form.check()


def test_switching_an_option_judges_again():
    form = battle("5h | Kh 2c 3c | 4c", "Qs | Qd 9s 8s |")
    assert form.as_dict()["winner"] == "defender"
    form.kings_in_the_house = True
    # § Kings in the House: the own-suit king in the palace plays as an ace for a wheel
    assert form.as_dict()["winner"] == "attacker" and form.as_dict()["attacker"]["category"] == "straight"
    assert form.checked["kings_in_the_house"] is True


# -- the verdict in words ---------------------------------------------------------------------
def test_the_battle_verdict_leads_with_one_sentence_using_the_names():
    # worked by hand from palace-poker.txt § Banner Suits: Frank's Q♦ does not count against
    # Dave's diamond banner; Dave's J♠ (Frank's suit) counts, completing four jacks
    form = battle("Dave: " + DAVE, "Frank: " + FRANK)
    assert form.headline() == (
        "Dave wins: four jacks beat Frank's two pair (queens and eights); Frank's Q♦ doesn't count "
        "against Dave's diamond banner; Dave's J♠ counts anyway: part of a four of a kind, which counts whole.")
    assert "attacker" not in form.headline() and "defender" not in form.headline()


def test_a_named_battle_is_the_cli_verdict_and_the_cli_says_the_names(capsys):
    form = battle("Dave: " + DAVE, "Frank: " + FRANK)
    [args] = form.command()
    assert args[3] == "Dave: Jd | Js Jh 5d | Jc"
    assert form.as_dict() == cli_json(capsys, args)
    assert main(args) == 0 and "Dave wins the battle" in capsys.readouterr().out


def test_without_names_the_sides_are_called_by_their_roles():
    assert battle().headline().startswith("The attacker wins: four jacks beat the defender's two pair")


@pytest.mark.parametrize("attacker, defender, options, expected", [
    # § Ties, worked by hand: K♥ K♠ A♠ Q♦ 9♦ against K♣ K♦ A♦ Q♠ 9♠, no card of the other's banner
    # suit (clubs / hearts): a pair of kings each, one own-suit card each, so a complete tie
    ("Kh | Ks As Qd | 9d", "Kc | Kd Ad Qs | 9s", {}, "A complete tie: the attacker and the defender both make "
     "a pair of kings with 1 card of their own suit each, so both are out and their cards are discarded."),
    ("Kh | Ks As Qd | 9d", "Kc | Kd Ad Qs | 9s", {"last_two": True}, "so they share the pot, as the last two"),
    # § Kings in the House: Ann's own-suit K♥ plays as an ace with 2 3 4 5 (the 2♣ 3♣ 4♣ count: Ben's
    # banner is spades); Ben has Q♠ Q♦ and, his 9♠ 8♠ being his own suit, a pair of queens
    ("Ann: 5h | Kh 2c 3c | 4c", "Ben: Qs | Qd 9s 8s |", {"kings_in_the_house": True},
     "Ann wins: a straight to the five beats Ben's pair of queens; Ann's K♥ plays as an ace (Kings in the House)."),
])
def test_battle_sentences_for_ties_and_wild_cards(attacker, defender, options, expected):
    assert expected in battle(attacker, defender, **options).headline()


def test_a_ruling_is_shown_by_its_question_and_reading_never_its_key():
    from rules.refs import RULINGS
    from tutor.model.verdict_words import ruling_words
    ruling = RULINGS["palace-poker-four-of-a-kind-kicker"]
    question, reading = ruling_words(ruling)
    assert question.endswith("?") and ruling.key not in question + reading
    assert reading.startswith("Only the four cards")


# -- showdown players and names ----------------------------------------------------------------
def test_names_are_kept_as_typed_text():
    form = ShowdownForm()
    form.example()
    assert form.set_text("p1.name", INJECTION)
    assert form.texts["p1.name"] == INJECTION
    assert form.as_dict()["winner"] == [INJECTION]


@pytest.mark.parametrize("name, token", [("Ann: x", "':'"), ("a|b", "'a|b'")])
def test_a_name_with_notation_separators_is_named_at_its_field(name, token):
    form = ShowdownForm()
    form.example()
    assert not form.set_text("p1.name", name)
    assert token in form.problems["p1.name"] and form.texts["p1.name"] == name and form.verdict is None


def test_two_players_of_one_name_are_refused_by_the_engine_at_the_second_name():
    form = ShowdownForm()
    form.example()
    form.set_text("p2.name", "elena")
    assert "'elena'" in form.problems["p2.name"] and form.verdict is None
    form.set_text("p2.name", "Aaron")
    assert form.as_dict()["winner"] == ["Elena"]


def test_players_can_be_added_and_removed_within_the_table_size():
    form = ShowdownForm()
    assert not form.remove_player() and "two" in form.error
    for _ in range(8):
        assert form.add_player()
    assert form.players == 10 and not form.add_player()
    form.focus = "p10.banner"
    assert form.remove_player() and form.players == 9 and "p10.name" not in form.texts
    assert form.focus == "p1.banner"


def test_a_refused_row_cites_the_rule_by_its_words_not_a_file_name():
    # palace-poker.txt § Showdown: a showdown is between the hands still in (two at least);
    # § The Deal: ten players at most; kings-pot.txt § Players and cards: three players at least
    showdown = ShowdownForm()
    assert not showdown.remove_player()
    assert "§ Showdown — Palace Poker" in showdown.error and ".txt" not in showdown.error
    while showdown.add_player():
        pass
    assert "§ The Deal — Palace Poker" in showdown.error and ".txt" not in showdown.error
    tableau = TableauForm()
    while tableau.remove_player():
        pass
    assert "§ Players and cards — King's Pot" in tableau.error and ".txt" not in tableau.error


# -- Palace copies and impossible positions ----------------------------------------------------
def test_palace_takes_as_many_copies_as_the_largest_table_and_no_more():
    form = PlayForm()
    assert form.set_text("hand", "8h 8h") and form.error == ""
    # two copies: Caron plays two packs (palace-of-caron.txt § Dealing) and house adds packs as
    # the table grows (palace-house-rules.txt § Dealing); the one-pack bga game cannot hold it
    assert {v for v, check, _ in form.verdict.results if check is not None} == {"caron", "house"}
    assert not form.set_text("hand", "8h 8h 8h 8h") and "8♥" in form.problems["hand"]
    assert form.texts["hand"] == "8h 8h 8h 8h" and form.verdict is None


def test_a_pile_no_preset_can_hold_is_named_at_the_pile():
    form = PlayForm()
    form.example()
    form.set_text("pile", "Ts 4c")   # a ten clears the pile in every preset, so nothing lies on it
    assert form.verdict is None and "Ts" in form.problems["pile"]


# -- the section model ------------------------------------------------------------------------
def test_checker_keeps_one_form_per_mode():
    checker = Checker()
    assert checker.form is checker.forms["battle"]
    checker.mode = "kings-pot"
    assert isinstance(checker.form, TableauForm)


def test_the_checker_model_imports_no_panel():
    code = ("import sys, tutor.model.checker; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('panel', 'bokeh')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# -- fuzzed typing ------------------------------------------------------------------------------
from hypothesis import given, settings, strategies as st  # noqa: E402

FORMS_AND_FIELDS = [(BattleForm, k) for k in ("attacker.banner", "attacker.palace", "defender.soldiers",
                                              "defender.name")] + \
    [(ShowdownForm, k) for k in ("p1.name", "p2.palace")] + [(PlayForm, "pile"), (TableauForm, "kings")]
_GOOD = {BattleForm: lambda f: f.example(), ShowdownForm: lambda f: f.example(), PlayForm: lambda f: f.example(),
         TableauForm: lambda f: f.deal(9)}
_FORMS: dict = {}  # one form per class, reused across examples (built on first use)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(FORMS_AND_FIELDS),
       st.text(alphabet=st.sampled_from(list("AKQJT98765432cdhsxZ10|:♠♥ ,<>&\"'")), max_size=40), st.booleans())
def test_fuzzed_typing_never_raises_keeps_the_text_and_shows_no_stale_verdict(target, text, typing):
    cls, key = target
    form = _FORMS.setdefault(cls, cls())
    _GOOD[cls](form)
    ok = form.set_text(key, text, typing=typing)
    assert form.texts[key] == text                      # kept as typed, whatever it is
    assert ok == (key not in form.problems)
    assert set(form.problems) <= {f.key for f in form.fields()}
    if form.verdict is not None:                        # a verdict is only ever for what the fields say now
        assert not form.problems and form.checked["texts"] == form.canonical_texts()


def test_a_showdown_of_one_banner_suit_is_a_split_without_a_showdown_in_the_headline():
    """palace-poker.txt § Winning the Pot (same suit): when every hand shown holds a banner of the
    same suit, the pot is split and no hands are compared. The headline asked each winner's
    hand and raised StopIteration (the monkey found it in Settle)."""
    from rules.palace_poker import check_showdown
    from tutor.model.verdict_words import showdown_headline

    verdict = check_showdown(["Elena: Jh | Kd Kc 9d 8c", "Aaron: 5h | Qd Qs Jc 9s 8s"])
    assert showdown_headline(verdict) == ("Elena and Aaron split the pot without a showdown: everyone shown "
                                          "holds a banner of one suit.")
