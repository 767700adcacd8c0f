"""Data for the node tests (tests/js/*.test.mjs), made by the Python side of the app.

    python tests/js/fixtures.py links|tables|frame|strip|review

prints one JSON document: ``links``, share links made by the Python encoder
(``tutor.model.share.encode_link``) with the payload each was made from; ``tables``,
the game table's markup (the Board's ``html``) at every stop of a lesson of each game,
in order; ``frame``, the page's frame markup and what its selects offer; ``strip``, Play's
players strip (``PlayStrip.html``) of a dealt table, before and after the computer's pace is
changed (the redraw the person's pick of the pace causes); ``review``, the strip at the end of a
game and after going back to its fourth move.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tutor.model.catalog import Catalog  # noqa: E402
from tutor.model.study import Study  # noqa: E402

NAMES = ["Ann", "Bo", "Cy"]
# titles and notes a person may type: scripts, emoji, markup, quotes, a long one
TEXTS = ["Friday's game", "Ünïcode ♠♥ 漢字 🂡", '<img src=x onerror="alert(1)">', "a \"quoted\" & 'odd' one",
         "x" * 2000]


def _walk(study: Study, rnd: random.Random, moves: int) -> None:
    """Play up to ``moves`` legal moves, some of them off the main line."""
    for _ in range(moves):
        legal = [c.action for c in study.choices() if c.verdict.legal]
        if not legal:
            return
        study.play(rnd.choice(legal))


def links() -> list[dict]:
    from tutor.model.share import _payload_json, encode_link

    catalog = Catalog.load()
    rnd = random.Random(7)
    studies: list[Study] = []
    for lesson in catalog.lessons:
        study = Study.from_lesson(lesson, catalog.family(lesson.game))
        studies.append(study)
        branched = Study.from_lesson(lesson, catalog.family(lesson.game))
        branched.jump(len(lesson.steps) // 2)
        _walk(branched, rnd, 3)
        branched.title = rnd.choice(TEXTS)
        branched.set_note(rnd.choice(TEXTS))
        studies.append(branched)
    for family in map(catalog.family, catalog.game_ids()):
        for variant in family.presets:
            study = Study.from_setup(family, variant, {family.players_key: NAMES, "seed": rnd.randrange(10**6)})
            _walk(study, rnd, 40)
            study.title = rnd.choice(TEXTS)
            studies.append(study)
    return [{"link": encode_link(s), "payload": json.loads(_payload_json(s))} for s in studies]


def tables() -> list[dict]:
    from tutor.views.renderer import renderer_for

    catalog = Catalog.load()
    out = []
    for family in map(catalog.family, catalog.game_ids()):
        lesson = catalog.lesson(catalog.lessons_for(family.id)[0].id)
        study = Study.from_lesson(lesson, family)
        table = renderer_for(family.id)(study=study)
        htmls = [table.board.html]
        while study.forward():
            htmls.append(table.board.html)
        out.append({"lesson": lesson.id, "htmls": htmls})
    return out


def frame() -> dict:
    from tutor.model.app import TutorApp
    from tutor.views.app import frame_data
    from tutor.views.frame import frame_html

    catalog = Catalog.load()
    return {"frame": frame_html(frame_data(TutorApp(catalog))), "lessons": [lesson.id for lesson in catalog.lessons],
            "games": list(catalog.game_ids())}


def strip() -> dict:
    from tutor.model.app import TutorApp
    from tutor.views.players import PlayersPane

    app = TutorApp(Catalog.load())
    app.new_deal(game="palace", variant="house", names=["Ann", "Ben", "Cleo"], seed=4)
    pane = PlayersPane(model=app.versus)
    before = pane.strip.html
    pane._pressed("pace", "slow", [])
    return {"before": before, "after": pane.strip.html, "levels": app.versus.levels()}


def review() -> dict:
    """The strip at the end of a game of Palace against the computer (the review), and again
    after going back to the position after its fourth move."""
    from tutor.model.app import TutorApp
    from tutor.model.versus import PERSON
    from tutor.views.players import PlayersPane

    app = TutorApp(Catalog.load())
    app.new_deal(game="palace", variant="house", names=["Ann", "Ben"], seed=4)
    mode = app.versus
    mode.start([PERSON, "beginner"])
    pane = PlayersPane(model=mode)
    study = app.study
    for _ in range(3000):
        if mode.turn.kind == "over":
            break
        if mode.turn.kind == "computer":
            mode.auto(study.current)
        else:
            study.play(study.state.view(0).legal_actions()[0])
    end = pane.strip.html
    mode.review.goto(3)
    return {"end": end, "back": pane.strip.html, "moves": len(mode.review.moves)}


if __name__ == "__main__":
    print(json.dumps({"links": links, "tables": tables, "frame": frame, "strip": strip,
                      "review": review}[sys.argv[1]]()))
