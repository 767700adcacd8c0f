"""Layers (BRIEF: tutor.model has no panel import; it must run without a page)."""

import importlib.util
import subprocess
import sys


def test_importing_the_models_does_not_import_panel_or_bokeh():
    code = ("import importlib, pkgutil, sys, tutor.model as m\n"
            "for info in pkgutil.iter_modules(m.__path__):\n"
            "    importlib.import_module('tutor.model.' + info.name)\n"
            "print(sorted(n for n in sys.modules if n.split('.')[0] in ('panel', 'bokeh')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


GAMES = ("palace", "palace_poker", "kings_pot")


def _is_module(name):
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


def _imports(path):
    """Every module a file imports (``from X import y`` gives X, and X.y when y is a module)."""
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module
            for alias in node.names:  # ``from rules.palace import actions`` imports a module too
                if importlib.util.find_spec(node.module) and _is_module(f"{node.module}.{alias.name}"):
                    yield f"{node.module}.{alias.name}"


def test_tutor_and_lessons_import_only_each_games_public_face():
    # issue 14: rules.<game> (its __init__) is the game's face; its modules are its own business
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    inner = []
    for folder in ("tutor", "lessons", "practice"):
        for path in sorted((root / folder).rglob("*.py")):
            for name in _imports(path):
                parts = name.split(".")
                if len(parts) > 2 and parts[0] == "rules" and parts[1] in GAMES:
                    inner.append(f"{path.relative_to(root)}: {name}")
    assert not inner, inner


def test_the_checker_model_loads_no_engine_until_a_form_is_judged():
    code = ("import sys, tutor.model.checker\n"
            "print(sorted(n for n in sys.modules if n.split('.')[:2] in "
            "(['rules', 'palace'], ['rules', 'palace_poker'], ['rules', 'kings_pot'])))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_players_import_rules_only_and_rules_know_nothing_of_players():
    # issue 15: rules <- players <- lessons <- tutor; a computer player reads each game's
    # public face like the tutor does, and no rule depends on a player
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    std = set(sys.stdlib_module_names) | {"__future__"}
    wrong = []
    for path in sorted((root / "players").rglob("*.py")):
        for name in _imports(path):
            parts = name.split(".")
            if parts[0] in std or parts[0] == "players":
                continue
            if parts[0] != "rules" or (len(parts) > 2 and parts[1] in GAMES):
                wrong.append(f"{path.relative_to(root)}: {name}")
    for path in sorted((root / "rules").rglob("*.py")):
        wrong += [f"{path.relative_to(root)}: {name}" for name in _imports(path) if name.split(".")[0] == "players"]
    assert sorted((root / "players").glob("*.py")), "the players layer is missing"
    assert not wrong, wrong


def test_practice_imports_rules_only_and_nothing_imports_it_below():
    # issue 32: rules <- practice (drills, mastery, quizzes: no param, no panel) <- tutor
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    std = set(sys.stdlib_module_names) | {"__future__"}
    allowed = {"fsrs"}  # the spaced-repetition scheduler (pure Python, shipped in the site's wheels)
    wrong = []
    for path in sorted((root / "practice").rglob("*.py")):
        for name in _imports(path):
            parts = name.split(".")
            if parts[0] in std or parts[0] in allowed or parts[0] == "practice":
                continue
            if parts[0] != "rules" or (len(parts) > 2 and parts[1] in GAMES):
                wrong.append(f"{path.relative_to(root)}: {name}")
    for folder in ("rules", "players", "lessons"):
        wrong += [f"{p.relative_to(root)}: {name}" for p in sorted((root / folder).rglob("*.py"))
                  for name in _imports(p) if name.split(".")[0] == "practice"]
    assert sorted((root / "practice").glob("*.py")), "the practice layer is missing"
    assert not wrong, wrong
