"""A first visit's dataclass methods from the build's compiled table (``dataclass_code.py``).

Checked under CPython, which runs the same three pieces of Python as the build's
probe and the worker: the recorder and the table in one interpreter, the loader
in a fresh one that defines the same classes. A method from the table must act
as a compiled one does; a table of another Python, a damaged one or none at all
must leave every class compiled as usual.
"""

from __future__ import annotations

import json
import marshal
import subprocess
import sys

import pytest

from palace_tutor.site import dataclass_code

# frozen, slotted, ordered, with defaults and a default factory: the kinds of method dataclasses writes
CLASSES = '''
from dataclasses import dataclass, field

@dataclass(frozen=True)
class Card:
    rank: int
    suit: str = "s"

@dataclass(frozen=True, slots=True, order=True)
class Seat:
    number: int
    name: str = "Ann"

@dataclass
class Pile:
    cards: list = field(default_factory=list)
'''

USE = '''
import dataclasses
out = {"cards": [repr(Card(5)), Card(5) == Card(5, "s"), Card(5) != Card(6), hash(Card(5)) == hash(Card(5, "s"))],
       "seats": [repr(Seat(2)), Seat(1) < Seat(2), sorted([Seat(3), Seat(1)])[0].number],
       "pile": [repr(Pile()), Pile().cards is not Pile().cards]}
try:
    Card(5).rank = 6
except dataclasses.FrozenInstanceError as e:
    out["frozen"] = str(e)
'''


def _python(code: str) -> dict:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def _table(tmp_path):
    """What CLASSES and USE give under the recorder, and the table TABLE makes of it (written
    where the loader will read it). TABLE ends with the call whose value the probe keeps."""
    definition, call = dataclass_code.TABLE.strip().rsplit("\n\n\n", 1)
    code = "\n".join([dataclass_code.RECORDER, CLASSES, USE, definition, f"table = {call}",
                      f"open({str(tmp_path / 'table')!r}, 'wb').write(table)",
                      "import json; print(json.dumps(out))"])
    return _python(code), tmp_path / "table"


def _with_loader(path) -> dict:
    loader = dataclass_code.LOADER % {"path": str(path)}
    counting = ("\nimport dataclasses\nhits = []\nif hasattr(dataclasses, 'exec'):\n"
                "    _compiled = dataclasses.exec\n"
                "    def _counted(source, g=None, l=None):\n"
                "        hits.append(not isinstance(source, str) or source in _codes)\n"
                "        return _compiled(source, g, l)\n"
                "    _codes = dataclasses.exec.__closure__[0].cell_contents\n"
                "    dataclasses.exec = _counted\n")
    return _python(loader + counting + CLASSES + USE
                   + "\nout['hits'] = hits\nout['patched'] = hasattr(dataclasses, 'exec')\n"
                   + "import json; print(json.dumps(out))")


def test_the_recorded_table_gives_every_method_and_each_acts_as_compiled(tmp_path):
    recorded, path = _table(tmp_path)
    table = marshal.loads(path.read_bytes())
    assert table["python"] == sys.version
    # Card: init repr eq hash setattr delattr; Seat: the same and four comparisons; Pile: init repr eq
    assert len(table["codes"]) == 6 + 10 + 3
    loaded = _with_loader(path)
    assert loaded.pop("patched") is True
    hits = loaded.pop("hits")
    assert hits and all(hits), hits  # every method came from the table
    assert loaded == recorded
    assert recorded["frozen"] == "cannot assign to field 'rank'"


@pytest.mark.parametrize("damage", ["no table", "cut short", "another Python"])
def test_without_a_table_this_python_can_use_dataclasses_compile_as_usual(tmp_path, damage):
    recorded, path = _table(tmp_path)
    if damage == "no table":
        path.unlink()
    elif damage == "cut short":
        path.write_bytes(path.read_bytes()[:100])
    else:
        table = marshal.loads(path.read_bytes())
        path.write_bytes(marshal.dumps({**table, "python": "3.0.0 (elsewhere)"}))
    loaded = _with_loader(path)
    assert loaded.pop("patched") is False and loaded.pop("hits") == []
    assert loaded == recorded


def test_the_pieces_can_go_into_the_worker_script():
    # they go into a JavaScript template literal (localize._python_before)
    for source in (dataclass_code.RECORDER, dataclass_code.TABLE, dataclass_code.loader_source()):
        assert source.isascii() and not any(c in source for c in ("\\", "`", "${"))
    assert dataclass_code.loader_source().count(dataclass_code.FILE) == 1
