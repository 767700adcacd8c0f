"""A table's own rules travel inside the share link and the study file (issue 16):
the setup's ``options`` and ``rules_name`` are part of the custom setup the link
carries, and opening the link replays every move under those rules.

The position: Caron, four fives on a king. Under the table's reading
four-of-a-kind=anytime (palace-of-caron.txt § Playing the game 4, "acts like a
10 and a 2") they go down and clear the pile; under the presets' reading they
would be refused, so the replay only succeeds with the rules carried whole.
"""

from __future__ import annotations

import base64
import hashlib
import json
import zlib

import pytest

from rules.palace import FAMILY
from rules.palace import actions as A
from tutor.model.share import ShareError, _payload, decode_link, encode_link, export_text, import_text
from tutor.model.study import Study

from .tables_support import catalog

SETUP = {"seats": ["Ann", "Ben"], "hands": ["5c 5d 5h 5s 9c", "Kd"], "face_down": ["", "6s"], "pile": "Kc",
         "to_move": 0, "options": {"four-of-a-kind": "anytime"}, "rules_name": "Our kitchen table"}


def _study():
    study = Study.from_setup(FAMILY, "caron", SETUP)
    state = study.state
    verdict = study.play(A.Play(tuple(c for c in state.hands[0] if c.rank.char == "5")))
    assert verdict.legal
    return study


def test_a_custom_rule_set_travels_in_the_share_link():
    study = _study()
    again = decode_link(encode_link(study), catalog()).study()
    assert again.setup == SETUP
    assert again.state.rules.four_anytime and again.state.rules == study.state.rules
    assert again.state.pile == () and again.current == study.current


def test_a_custom_rule_set_travels_in_the_study_file():
    study = _study()
    again = import_text(export_text(study), catalog()).study()
    assert again.setup["options"] == {"four-of-a-kind": "anytime"}
    assert again.setup["rules_name"] == "Our kitchen table"
    assert again.state.rules == study.state.rules


def _link(payload: dict) -> str:
    packed = zlib.compress(json.dumps(payload).encode())
    body = hashlib.sha256(packed).digest()[:6] + packed
    return "pt1." + base64.urlsafe_b64encode(body).rstrip(b"=").decode()


def test_without_the_rules_the_same_moves_are_refused():
    payload = _payload(_study())
    payload["s"] = {k: v for k, v in payload["s"].items() if k != "options"}
    with pytest.raises(ShareError):
        decode_link(_link(payload), catalog())


def test_a_link_with_an_unknown_choice_is_refused_naming_it():
    payload = _payload(_study())
    payload["s"] = {**payload["s"], "options": {"four-of-a-kind": "sometimes"}}
    with pytest.raises(ShareError) as err:
        decode_link(_link(payload), catalog())
    assert "sometimes" in str(err.value)
