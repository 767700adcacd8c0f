"""The link's JSON keeps its tree part from one Next to the next (``share._payload_json``):
it must equal the plain serialization of the payload at every cursor, and follow any change
to the tree or the study's fields."""

from __future__ import annotations

import json
import random

from tutor.model.catalog import Catalog
from tutor.model.share import _payload, _payload_json, decode_link, encode_link
from tutor.model.study import Study
from tutor.model.tree import ROOT


def _plain(study: Study) -> str:
    return json.dumps(_payload(study), separators=(",", ":"), ensure_ascii=False)


def _free_study(catalog: Catalog, moves: int, seed: int) -> Study:
    family = catalog.family("palace")
    study = Study.from_setup(family, "house", {family.players_key: ["Ann", "Ben", "Cleo"], "seed": seed})
    rng = random.Random(seed)
    for _ in range(moves):
        actions = study.state.legal_actions()
        if not actions:
            break
        study.play(actions[int(rng.random() * len(actions))])
    return study


def test_the_kept_tree_part_gives_the_plain_json_at_every_cursor_and_after_edits():
    catalog = Catalog.load()
    study = _free_study(catalog, 40, 3)
    study.goto(ROOT)
    while True:
        assert _payload_json(study) == _plain(study)
        if not study.forward():
            break
    study.goto(ROOT)
    study.set_note("a note")  # a new tree: the kept part must not be reused
    assert _payload_json(study) == _plain(study)
    study.play(study.state.legal_actions()[0])  # a branch
    assert _payload_json(study) == _plain(study)
    other = _free_study(catalog, 10, 4)  # another study altogether
    assert _payload_json(other) == _plain(other)


def test_a_lesson_link_round_trips_with_its_step():
    catalog = Catalog.load()
    lesson = catalog.lessons[0]
    study = Study.from_lesson(lesson, catalog.family(lesson.game))
    for _ in range(3):
        study.forward()
        assert _payload_json(study) == _plain(study)
        opened = decode_link(encode_link(study), catalog)
        assert (opened.current, opened.step) == (study.current, study.step)
