"""A game is one registration (issue 31): every registered game declares every part the
layers above the rules need, each part loads and is what its layer expects, and nothing
outside a game's own files spells its id.

A new kind of part joins ``REQUIRED`` with the check its layer needs."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from rules.games import PartError, Registration, game_ids, get_family, has_part, part, register, registration, unregister

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ("palace-poker", "palace", "kings-pot")


def _players(game, found):
    from players import LEVELS, OUTSIDE, players_of

    assert found is not None
    levels = set(players_of(game))
    assert set(LEVELS) <= levels, f"{game}: a computer player per level"
    assert levels - set(LEVELS) <= set(OUTSIDE), f"{game}: only our levels and the outside-style players"


def _table(game, found):
    from tutor.views.renderer import TableRenderer

    assert isinstance(found, type) and issubclass(found, TableRenderer)


def _checker(game, found):
    from tutor.model.check_form import CheckForm

    assert found and all(isinstance(form, type) and issubclass(form, CheckForm) for form in found)
    assert all(form.mode_title or form.title for form in found)


def _guide(game, found):
    from lessons.guides import Guide

    assert isinstance(found, Guide) and found.game == game


def _drills(game, found):
    # practice.catalog reads a game's clauses (each with its drill generator) from its module
    assert found.CLAUSES, f"{game}: a practice module lists its clauses"


REQUIRED = {"players": _players, "table": _table, "checker": _checker, "guide": _guide, "drills": _drills}
"""Every kind of part each game must declare, and what its layer checks of it."""


def test_the_shipped_games_are_registered_in_order():
    assert game_ids()[:3] == SHIPPED


@pytest.mark.parametrize("game", SHIPPED)
@pytest.mark.parametrize("kind", sorted(REQUIRED))
def test_every_game_declares_every_part_and_each_loads(game, kind):
    pytest.importorskip("panel")
    assert has_part(game, kind), f"{game} declares no {kind!r} part in its registration"
    REQUIRED[kind](game, part(game, kind))


@pytest.mark.parametrize("game", SHIPPED)
def test_the_engine_a_registration_names_is_the_game(game):
    family = get_family(game)
    assert family.id == game and family.title == registration(game).title


def test_a_missing_or_broken_part_is_named_with_its_game():
    register(Registration("test-bare", "Bare game", "rules.palace", {"table": "no.such.module:Table",
                                                                         "guide": "rules.palace:NO_SUCH"}))
    try:
        with pytest.raises(PartError, match=r"Bare game \(test-bare\) declares no 'players' part"):
            part("test-bare", "players")
        with pytest.raises(PartError, match="does not import"):
            part("test-bare", "table")
        with pytest.raises(PartError, match="has no 'NO_SUCH'"):
            part("test-bare", "guide")
    finally:
        unregister("test-bare")
    assert "test-bare" not in game_ids()
    with pytest.raises(ValueError, match="module:attribute"):
        Registration("bad", "Bad", "rules.palace", {"table": "tutor.views:"})


def test_a_registration_imports_nothing_and_one_game_loads_only_its_own():
    """Lazy (issue 17, 31): listing the games imports no engine; asking for one game's table and
    players imports that game's engine, never another's."""
    code = ("import sys\n"
            "from rules.games import game_ids, game_title, part\n"
            "OTHERS = ('rules.palace', 'rules.palace_poker', 'players.palace', 'players.palace_poker',\n"
            "          'tutor.views.tables.palace', 'tutor.views.tables.palace_poker')\n"
            "loaded = lambda names: sorted(n for n in sys.modules if n.startswith(names))\n"
            "[game_title(g) for g in game_ids()]\n"
            "print(loaded(OTHERS + ('rules.kings_pot',)))\n"
            "part('kings-pot', 'table'); part('kings-pot', 'players')\n"
            "print(loaded(OTHERS), 'rules.kings_pot' in sys.modules)\n")
    pytest.importorskip("panel")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.split() == ["[]", "[]", "True"], out.stdout + out.stderr


# -- no game id outside the game's own files ---------------------------------------------------
PLACES = ("tutor/model", "tutor/views", "players/__init__.py", "players/coach.py", "bench")


def _own_files() -> set[Path]:
    """Each game's own files: the modules its registration names."""
    own = set()
    for game in SHIPPED:
        for target in registration(game).parts.values():
            module = target.partition(":")[0]
            path = ROOT / Path(*module.split("."))
            own |= {p for p in (path.with_suffix(".py"), path / "__init__.py") if p.exists()}
    return own


def _files():
    for place in PLACES:
        path = ROOT / place
        yield from ([path] if path.is_file() else sorted(path.rglob("*.py")))


def test_no_game_id_is_spelt_outside_the_games_own_files():
    own = _own_files()
    found = []
    for path in _files():
        rel = path.relative_to(ROOT).as_posix()
        if path in own:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in SHIPPED:
                found.append(f"{rel}:{node.lineno}: {node.value!r}")
    assert not found, found


def test_the_check_finds_a_game_id():
    # the test above must be able to fail: a spelt id in a module is an ast.Constant it sees
    tree = ast.parse('if study.game == "palace":\n    pass\n')
    assert any(isinstance(n, ast.Constant) and n.value in SHIPPED for n in ast.walk(tree))
