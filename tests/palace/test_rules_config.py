"""The three rule sets as data: every option cites its section; nothing keys on a preset's name."""

import ast
import dataclasses
import random
import re
from pathlib import Path

import pytest

from rules.cards import Rank
from rules.errors import NotationError
from rules.palace import PRESETS, PalaceRules, rules_for, start
from palace_support import ok, position

R = Rank
OPTION_FIELDS = [f.name for f in dataclasses.fields(PalaceRules)
                 if f.name not in ("name", "source", "refs", "alternates", "order_ruling", "order_ruled",
                                   "placement_ruling", "min_players", "max_players", "short_game_cards",
                                   "short_game_stock")]


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_option_of_every_preset_cites_a_section_of_its_own_document(name):
    rules = PRESETS[name]
    for option in OPTION_FIELDS + ["players", "beat", "pickup", "refill", "multiples", "table_cards"]:
        ref = rules.ref(option)
        assert ref.source == rules.source and ref.summary, option


# What each document says, option by option (read from the documents, not from the code).
EXPECTED = {
    "wild": {"house": {R.ACE, R.TWO, R.TEN, R.JOKER}, "caron": {R.THREE, R.TWO, R.TEN}, "bga": {R.TWO}},
    "clear": {"house": {R.TEN, R.JOKER}, "caron": {R.TEN}, "bga": {R.TEN}},
    "clear_extra_turn": {"house": True, "caron": False, "bga": True},
    "reset": {"house": {R.TWO}, "caron": {R.TWO}, "bga": set()},
    "force_pickup": {"house": {R.ACE}, "caron": set(), "bga": set()},
    "lower_after": {"house": set(), "caron": {R.SEVEN}, "bga": {R.NINE}},
    "flash": {"house": set(), "caron": {R.THREE}, "bga": set()},
    "four_anytime": {"house": True, "caron": False, "bga": False},
    "chance": {"house": True, "caron": True, "bga": False},
    "quick_play": {"house": True, "caron": True, "bga": False},
    "voluntary_pickup": {"house": True, "caron": False, "bga": True},
    "face_up_to_hand": {"house": "must", "caron": "may", "bga": "never"},
    "last_face_down_returns": {"house": True, "caron": True, "bga": False},
    "ending": {"house": "first-out-wins", "caron": "first-out-wins", "bga": "last-player-loses"},
    "jokers_per_pack": {"house": 2, "caron": 0, "bga": 0},
    "face_up_choice": {"house": "choose-from-dealt", "caron": "choose-from-dealt", "bga": "swap"},
    "starter": {"house": "worst-face-up", "caron": "worst-face-up", "bga": "lowest-in-hand"},
    "first_card_from_stock": {"house": True, "caron": False, "bga": False},
}


@pytest.mark.parametrize("option", sorted(EXPECTED))
def test_preset_values_follow_the_documents(option):
    for name, want in EXPECTED[option].items():
        got = getattr(PRESETS[name], option)
        assert (set(got) if isinstance(got, frozenset) else got) == want, (name, option)


def test_rank_orders_per_document():
    house, caron, bga = (PRESETS[n] for n in ("house", "caron", "bga"))
    assert house.value(R.KING) > house.value(R.QUEEN) > house.value(R.THREE)  # Kings high, 3s low
    assert house.value(R.ACE) > house.value(R.TEN) == house.value(R.JOKER) > house.value(R.TWO)
    assert caron.value(R.THREE) > caron.value(R.TWO) > caron.value(R.TEN) > caron.value(R.ACE)
    assert caron.value(R.FOUR) == 0
    assert [bga.value(r) for r in (R.TWO, R.THREE, R.TEN, R.KING, R.ACE)] == [0, 1, 8, 11, 12]  # Ace high


def test_alternates_switch_options_and_their_references():
    rules = rules_for("house", ["jokers-reverse", "last-card"])
    assert rules.name == "house+jokers-reverse+last-card"
    assert rules.clear == {R.TEN} and rules.reverse == {R.JOKER} and rules.last_card_call
    assert rules.ref("reverse").section == "Alternate Rules 2"
    assert PRESETS["house"].alternate_names == ("ace-like-two", "jokers-reverse", "last-card", "dealer-left")
    with pytest.raises(NotationError, match="wild-jacks"):
        rules_for("bga", ["wild-jacks"])


ENGINE = Path(__file__).resolve().parents[2] / "rules" / "palace"
PRESET_WORDS = {"house", "caron", "bga"}


def _literals_and_name_tests(tree: ast.AST) -> list[str]:
    """Preset names written in code (docstrings aside), and comparisons that read a rule set's
    ``name`` or ``source`` or a document's file name: the ways code could ask which preset it plays."""
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body
                  and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    called = {id(node.func) for node in ast.walk(tree) if isinstance(node, ast.Call)}  # st.source(): a method
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            if node.value.lower() in PRESET_WORDS or node.value.endswith(".txt"):
                found.append(f"line {node.lineno}: literal {node.value!r}")
        if isinstance(node, (ast.Compare, ast.Match, ast.Subscript)):
            for sub in ast.walk(node):
                if (isinstance(sub, ast.Attribute) and sub.attr in ("name", "source") and id(sub) not in called
                        and not isinstance(node, ast.Subscript)):
                    found.append(f"line {node.lineno}: compares .{sub.attr}")
                if isinstance(sub, ast.Name) and sub.id in ("HOUSE", "CARON", "BGA", "PRESETS"):
                    found.append(f"line {node.lineno}: uses {sub.id}")
    return found


@pytest.mark.parametrize("module", sorted(p.name for p in ENGINE.glob("*.py")
                                          if p.name not in ("config.py", "sections.py", "__init__.py")))
def test_engine_reads_options_not_preset_names(module):
    """Issue 4: nothing is special-cased by preset name. Only config.py (the presets) and
    sections.py (the documents' sections) may name a preset or a document."""
    tree = ast.parse((ENGINE / module).read_text(encoding="utf-8"))
    found = _literals_and_name_tests(tree)
    if module == "checker.py":  # it lists the presets to compare, and describes one by its name
        found = [f for f in found if "PRESETS" not in f]
    assert not found, found


def test_the_name_check_catches_a_special_case():
    sneaky = ast.parse('def f(rules):\n    if rules.name == "caron":\n        return 1\n')
    assert len(_literals_and_name_tests(sneaky)) == 2
    assert _literals_and_name_tests(ast.parse('x = rules.source.endswith("palace-bga.txt")'))


@pytest.mark.parametrize("name", list(PRESETS))
def test_renamed_preset_plays_the_same_games(name):
    """The behavioural side of the same check: a preset under another name (and citing no
    document by file name) plays exactly the same seeded games, action list by action list."""
    anonymous = dataclasses.replace(PRESETS[name], name="anonymous", source="some-document.txt")

    def transcript(rules) -> list[str]:
        lines = []
        for seed in range(6):
            state = start(rules, {"players": 3, "seed": seed})
            rng = random.Random(seed)
            while not state.is_over and len(lines) < 600 * (seed + 1):
                actions = state.legal_actions()
                lines.append(" | ".join(map(str, actions)))
                state = state.apply(actions[int(rng.random() * len(actions))])
            lines.append(str(state.winner if state.winner is not None else state.loser))
        return lines

    assert transcript(anonymous) == transcript(PRESETS[name])


def test_a_custom_rule_set_changes_play_without_touching_the_engine():
    # the house rules, but with the BGA nine: the engine follows the data
    custom = dataclasses.replace(PRESETS["house"], name="house-with-nines", lower_after=frozenset({R.NINE}))
    state = position(custom, ["Kd 5h", "3c"], pile="8c 9c", down=["", "3d"])
    assert ok(state, "play 5h") and not ok(state, "play Kd")


def test_rule_set_validation():
    with pytest.raises(ValueError):
        dataclasses.replace(PRESETS["bga"], starter="youngest")
    with pytest.raises(ValueError):
        dataclasses.replace(PRESETS["bga"], packs=(1,))
