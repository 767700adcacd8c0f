"""Share a study as a link or a text file, and open one safely.

Link format, version 1 (the part after ``#`` in the address)::

    pt1.<base64url( checksum[6 bytes] + zlib( JSON payload ) )>

* ``pt1``: the format name and version; a link of another version is refused
  with a message saying so, never half-read.
* the checksum is the first 6 bytes of SHA-256 of the compressed payload: a
  link cut short when copied, or with a character changed, is caught before
  anything is decoded (it guards against accidents; the replay below guards
  against anything deliberate).
* the payload is compact JSON (``_payload``): game ``g``, variant ``r``,
  lesson id ``l`` or custom setup ``s``, title ``n``, the tree ``t`` as
  ``[parent, action]`` pairs in preorder (node *i* of the list is position
  *i*; the start is 0, so parents always come first and the order of
  siblings, main line first, is kept), notes ``o``, cursor ``c`` and lesson
  step ``p``.

The text file carries the same payload as readable ``key: value`` lines and
one line per position (``3 (after 1): <action>``).

Opening either is all-or-nothing: :func:`restore` rebuilds the whole study
from the start position, parsing every action with the engine and playing it
through the engine's one check, and only returns a :class:`Snapshot` when all
of it holds. Any flaw raises :class:`ShareError` with a message for the
learner; the caller's current study is never touched before that.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from lessons.loader import initial_state
from rules.errors import NotationError
from rules.jsontext import JsonBoundsError, read_json

from .catalog import Catalog
from .study import Study, _stops
from .tree import ROOT, GrowingTree, StudyTree

FORMAT = 1
PREFIX = "pt"
CHECK_BYTES = 6
MAX_LINK_CHARS = 200_000
MAX_PAYLOAD_BYTES = 2_000_000
MAX_POSITIONS = 5_000
MAX_TEXT = 2_000  # characters in a title or a note
FILE_HEADER = "Palace Tutor study"

_KEYS = {"v", "g", "r", "l", "s", "n", "t", "o", "c", "p"}
# a number written in a link or file (format, position, step): ASCII digits
# only (str.isdigit() also passes superscripts, which int() refuses, and \d
# matches other scripts' digits, which int() reads) and short enough for int()
_DIGITS = "[0-9]{1,9}"
_NUMBER = re.compile(_DIGITS)
SHOWN_CHARS = 40  # at most this much of a bad token is echoed in a message


class ShareError(NotationError):
    """A link or study file that cannot be opened; ``what`` is ``link`` or
    ``file``. The message is meant for the learner and says nothing changed."""

    def __init__(self, message: str, *, what: str = "link", token: str | None = None):
        super().__init__(message, token=token, expected=f"a Palace Tutor study {what}")
        self.what = what


@dataclass(frozen=True, eq=False)
class Snapshot:
    """A complete, validated study, ready to replace the current one."""

    game: str
    variant: str
    lesson: Any
    setup: Mapping[str, Any]
    tree: StudyTree
    current: int
    step: int | None
    title: str = ""

    def study(self) -> Study:
        return Study(game=self.game, variant=self.variant, lesson=self.lesson, setup=dict(self.setup),
                     title=self.title, tree=self.tree, current=self.current, step=self.step)


# -- the payload ---------------------------------------------------------------------
def _parent(tree: StudyTree, node_id: int) -> int:
    parent = tree[node_id].parent
    assert parent is not None  # every position but the start has one
    return parent


def _payload(study: Study) -> dict[str, Any]:
    tree = study.tree
    order = tree.preorder()
    index = {node_id: i for i, node_id in enumerate(order)}
    data: dict[str, Any] = {"v": FORMAT, "g": study.game, "r": study.variant}
    if study.lesson is not None:
        data["l"] = study.lesson.id
    else:
        data["s"] = dict(study.setup)
    if study.title:
        data["n"] = study.title
    data["t"] = [[index[_parent(tree, i)], tree[i].text] for i in order[1:]]
    notes = {str(index[i]): tree[i].note for i in order if tree[i].note}
    if notes:
        data["o"] = notes
    data["c"] = index[study.current]
    if study.step is not None:
        data["p"] = study.step
    return data


def _fail(message: str, what: str, token: str | None = None) -> ShareError:
    return ShareError(f"{message} Nothing was changed.", what=what,
                      token=None if token is None else _cut(token))


def _cut(text: str, limit: int = SHOWN_CHARS) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


def cut(text: str, limit: int = SHOWN_CHARS) -> str:
    """A bad token as a message echoes it: at most ``limit`` characters."""
    return _cut(text, limit)


def is_tagged_link(text: str, tag: str) -> bool:
    """The address or fragment is a link of the kind ``tag`` starts (``rl1.``, ``rs1.``)."""
    return text.strip().rsplit("#", 1)[-1].startswith(tag)


def read_tagged(text: str, tag: str, noun: str, keys: frozenset[str] | set[str], fmt: int,
                error: type[NotationError]) -> dict[str, Any]:
    """The content of a link of the kind ``tag`` (the whole address or its fragment): the packed
    JSON object, with no part but ``keys`` and the format ``fmt`` at ``v``. ``noun`` names the
    kind in messages ("rule set", "ruling"); each refusal is an ``error(message, token=...)``."""
    fragment = text.strip().rsplit("#", 1)[-1]
    if not fragment.startswith(tag):
        raise error(f"This is not a {noun} link (it should start with #{tag}).", token=_cut(fragment))
    try:
        data = unpack(fragment[len(tag):])
    except ShareError as err:
        raise error(str(err).replace(" Nothing was changed.", "").replace("The link", f"The {noun} link")) from None
    if not isinstance(data, dict):
        raise error(f"The {noun} link's content is not in the expected form.")
    unknown = sorted(set(data) - set(keys))
    if unknown:
        raise error(f"The {noun} link has parts this version does not know ({_cut(', '.join(unknown))}): "
                    "it may come from a newer version of Palace Tutor.", token=unknown[0])
    if type(data.get("v")) is not int or data["v"] != fmt:
        shown = _cut(repr(data.get("v")))
        raise error(f"The {noun} link is in format {shown}; this version of Palace Tutor reads format {fmt}.",
                    token=shown)
    return data


def _shown(value: Any) -> str:
    """A bad value as a message quotes it: its repr, cut short."""
    return _cut(repr(value))


def _number(text: str) -> int | None:
    """A plain whole number written in a link or file, or None."""
    return int(text) if _NUMBER.fullmatch(text) else None


def _expect(value: Any, kind: type | tuple[type, ...], name: str, what: str) -> Any:
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise _fail(f"The {what}'s {name} is not in the expected form.", what)
    return value


def restore(data: Any, catalog: Catalog, *, what: str = "link") -> Snapshot:
    """Validate a payload by rebuilding the study through the engine."""
    _expect(data, dict, "content", what)
    unknown = set(data) - _KEYS
    if unknown:
        names = _cut(", ".join(sorted(map(_shown, unknown))), 2 * SHOWN_CHARS)
        raise _fail(f"The {what} has fields this version does not know ({names}): "
                    "it may come from a newer version of Palace Tutor.", what, token=sorted(unknown)[0])
    version = data.get("v")
    if type(version) is not int or version != FORMAT:  # True and 1.0 equal 1 but are not format 1
        raise _fail(f"The {what} is in format {_shown(version)}; this version of Palace Tutor reads format "
                    f"{FORMAT}.", what, token=str(version))
    game = _expect(data.get("g"), str, "game", what)
    variant = _expect(data.get("r"), str, "variant", what)
    try:
        family = catalog.family(game)
        family.presets[variant]
    except NotationError as err:
        raise _fail(f"The {what} names {_cut(str(err), 200)}.", what, token=err.token) from None
    lesson = None
    setup: dict[str, Any] = {}
    if "l" in data:
        try:
            lesson = catalog.lesson(_expect(data["l"], str, "lesson", what))
        except NotationError as err:
            raise _fail(f"The {what} is for a lesson this version does not have: {_cut(str(err), 200)}.", what,
                        token=err.token) from None
        except ValueError as err:  # LessonError: the lesson is listed but does not load
            raise _fail(f"The {what} is for a lesson that could not be opened: {_cut(str(err), 200)}.", what,
                        token=data["l"]) from None
        if lesson.game != game or lesson.variant != variant:
            raise _fail(f"The {what} says {game}/{variant} but lesson {lesson.id!r} is "
                        f"{lesson.game}/{lesson.variant}.", what, token=lesson.id)
    else:
        setup = _expect(data.get("s", {}), dict, "setup", what)
    title = _expect(data.get("n", ""), str, "title", what)[:MAX_TEXT]
    moves = _expect(data.get("t", []), list, "list of positions", what)
    if len(moves) >= MAX_POSITIONS:
        raise _fail(f"The {what} holds {len(moves)} positions; the limit is {MAX_POSITIONS}.", what)
    try:
        # a lesson starts after its prelude (lessons.initial_state), not at start(setup)
        start = (initial_state(lesson, families=lambda _game: family) if lesson
                 else family.start(variant, setup))
    except Exception as err:  # noqa: BLE001 - whatever a crafted setup makes the engine raise
        raise _fail(f"The {what}'s starting position is not valid: {_cut(str(err), 200)}.", what,
                    token=getattr(err, "token", None)) from None
    growing = GrowingTree(StudyTree.start(start))
    for number, move in enumerate(moves, 1):
        if (not isinstance(move, list) or len(move) != 2 or not isinstance(move[0], int)
                or isinstance(move[0], bool) or not isinstance(move[1], str)):
            raise _fail(f"Position {number} of the {what} is not in the expected form.", what)
        parent, text = move
        if not 0 <= parent < number:
            raise _fail(f"Position {number} of the {what} follows position {parent}, which does not "
                        "come before it.", what, token=str(parent))
        state = growing[parent].state
        try:
            action = state.parse_action(text)
        except Exception as err:  # noqa: BLE001 - NotationError, or anything crafted text provokes
            raise _fail(f"Position {number} of the {what}: {_cut(str(err), 200)}.", what, token=text) from None
        tried = state.try_play(action)  # the engine checks and plays in one call
        verdict = tried.verdict
        if not tried.legal:
            raise _fail(f"Position {number} of the {what}: {_shown(text)} is not allowed there: "
                        f"{verdict.reason} [{verdict.ref}].", what, token=text)
        assert tried.state is not None  # a legal action's try has the position it reaches
        node = growing.add(parent, action, str(action), tried.state, verdict, tried.events)
        if node.id != number:
            raise _fail(f"Position {number} of the {what} repeats another line.", what, token=text)
    tree = growing.done()
    notes = _expect(data.get("o", {}), dict, "notes", what)
    for key, note in notes.items():
        position = _number(key) if isinstance(key, str) else None
        # written as str(position): "01" would be a second key for position 1
        if position is None or str(position) != key or position not in tree or not isinstance(note, str):
            raise _fail(f"The {what} has a note on position {_shown(key)}, which it does not contain.", what,
                        token=str(key))
        tree = tree.with_note(position, note[:MAX_TEXT])
    if lesson is not None:
        tree = _mark_lesson(tree, lesson, what)
    current = _expect(data.get("c", ROOT), int, "current position", what)
    if current not in tree:
        raise _fail(f"The {what} points at position {current}, which it does not contain.", what,
                    token=str(current))
    step = data.get("p")
    if step is not None and (type(step) is not int or step not in tree[current].steps):
        raise _fail(f"The {what} points at lesson step {step!r}, which is not at its position.", what,
                    token=str(step))
    if step is None and lesson is not None:
        step = _stops(tree[current], True)[0]
    return Snapshot(game, variant, lesson, setup, tree, current, step, title)


def _mark_lesson(tree: StudyTree, lesson: Any, what: str) -> StudyTree:
    """Find the lesson's line in a replayed tree and mark its steps; a link from
    another version of the lesson does not contain it and is refused."""
    node = tree.root
    marks: dict[int, list[int]] = {}
    for index, step in enumerate(lesson.steps):
        if step.action is not None:
            child = tree.child_with(node.id, node.state.parse_action(step.action))
            if child is None:
                raise _fail(f"The {what} was made with another version of lesson {lesson.id!r} "
                            f"(its step {index + 1} is missing).", what, token=lesson.id)
            node = child
        marks.setdefault(node.id, []).append(index)
    for node_id, steps in marks.items():
        tree = tree.with_steps(node_id, tuple(steps))
    return tree


# -- links ----------------------------------------------------------------------------
# The last study's JSON without its cursor: Next only moves the cursor, and the tree part
# (every move of the study) was rebuilt and re-serialized on every step (bench study_scale).
_last_head: tuple[tuple[Any, ...], StudyTree, dict[int, int], str] | None = None


def _payload_json(study: Study) -> str:
    """``json.dumps(_payload(study))``, compact, with the part before the cursor kept while the
    tree and the study's other fields stay the same (the cursor and step come last)."""
    global _last_head
    tree = study.tree
    key = (study.game, study.variant, study.lesson.id if study.lesson is not None else None,
           json.dumps(dict(study.setup), sort_keys=True, default=str), study.title)
    if _last_head is None or _last_head[1] is not tree or _last_head[0] != key:
        data = _payload(study)
        data.pop("c")
        data.pop("p", None)
        order = tree.preorder()
        _last_head = (key, tree, {node_id: i for i, node_id in enumerate(order)},
                      json.dumps(data, separators=(",", ":"), ensure_ascii=False)[:-1])
    _key, _tree, index, head = _last_head
    tail = f',"c":{index[study.current]}' + ("" if study.step is None else f',"p":{int(study.step)}')
    return head + tail + "}"


def encode_link(study: Study) -> str:
    """The study as a URL fragment (without the ``#``)."""
    return f"{PREFIX}{FORMAT}." + pack(_payload_json(study))


def pack(text: str) -> str:
    """Text as a link's data: base64url(checksum + zlib(text)), the checksum the first
    6 bytes of SHA-256 of the compressed text (study links, ruling links)."""
    packed = zlib.compress(text.encode(), 6)  # level 9 took 4x as long for a 2% shorter link
    body = hashlib.sha256(packed).digest()[:CHECK_BYTES] + packed
    return base64.urlsafe_b64encode(body).rstrip(b"=").decode("ascii")


_LINK = re.compile(rf"^([A-Za-z]+)({_DIGITS})\.(.*)$", re.S)


def decode_link(text: str, catalog: Catalog) -> Snapshot:
    """Open a shared link (the whole address or just its fragment)."""
    fragment = text.strip()
    if "#" in fragment:
        fragment = fragment.split("#", 1)[1]
    if not fragment:
        raise _fail("The link has no study in it (nothing after '#').", "link")
    if len(fragment) > MAX_LINK_CHARS:
        raise _fail(f"The link is {len(fragment):,} characters long; the limit is {MAX_LINK_CHARS:,}.", "link")
    match = _LINK.match(fragment)
    if not match or match.group(1) != PREFIX:
        raise _fail(f"This is not a Palace Tutor study link (it should start with #{PREFIX}{FORMAT}.).",
                    "link", token=fragment[:12])
    version = int(match.group(2))  # a short run of ASCII digits (_DIGITS)
    if version != FORMAT:
        newer = "a newer" if version > FORMAT else "an older"
        raise _fail(f"This link was made by {newer} version of Palace Tutor (link format {version}); "
                    f"this version reads format {FORMAT}.", "link", token=f"{PREFIX}{version}")
    return restore(unpack(match.group(3)), catalog, what="link")


def unpack(body_text: str, what: str = "link") -> Any:
    """The JSON a link's data holds (:func:`pack`), every step checked: only base64url
    characters, the checksum before anything is decoded, decompression capped, JSON bounded.
    Raises :class:`ShareError` saying what is wrong."""
    bad = re.search(r"[^A-Za-z0-9_-]", body_text)
    if bad:
        raise _fail(f"The link contains {bad.group()!r} at character {bad.start() + 1} of its data, "
                    "which a Palace Tutor link never does: it was changed or cut.", what, token=bad.group())
    try:
        body = base64.urlsafe_b64decode(body_text + "=" * (-len(body_text) % 4))
    except (binascii.Error, ValueError):
        raise _fail("The link is incomplete: it was probably cut short when copied.", what) from None
    check, packed = body[:CHECK_BYTES], body[CHECK_BYTES:]
    if len(check) < CHECK_BYTES or not packed or hashlib.sha256(packed).digest()[:CHECK_BYTES] != check:
        raise _fail("The link is damaged or incomplete (its checksum does not match): "
                    "it was cut short or changed after it was made.", what)
    unpacker = zlib.decompressobj()
    try:
        raw = unpacker.decompress(packed, MAX_PAYLOAD_BYTES)
    except zlib.error:
        raise _fail("The link's content is damaged and cannot be read.", what) from None
    if unpacker.unconsumed_tail:
        raise _fail("The link's content is too large to open.", what)
    try:
        data = read_json(raw.decode("utf-8"), what="its content", max_chars=MAX_PAYLOAD_BYTES)
    except UnicodeDecodeError:
        raise _fail("The link's content is damaged and cannot be read.", what) from None
    except NotationError as err:  # too deep or not JSON: never handed to a recursive parser
        raise _fail(f"The link cannot be read: {err}.", what) from None
    return data



# -- text files -----------------------------------------------------------------------
_MOVE = re.compile(rf"^({_DIGITS}) \(after ({_DIGITS})\): (.+)$")
_NOTE = re.compile(rf"^note ({_DIGITS}): (.+)$")
_FIELD = re.compile(r"^([a-z]+): (.*)$")
_FIELDS = {"format": "v", "game": "g", "variant": "r", "lesson": "l", "title": "n", "setup": "s",
           "current": "c", "step": "p"}


def export_text(study: Study) -> str:
    """The study as a readable text file (imported back by :func:`import_text`)."""
    data = _payload(study)
    lines = [f"# {FILE_HEADER}: open it with the Import button of Palace Tutor.",
             "# The tutor replays every line through the rules when it opens this file",
             "# and refuses the whole file if any line is wrong.",
             f"format: {FORMAT}", f"game: {data['g']}", f"variant: {data['r']}"]
    if "l" in data:
        lines.append(f"lesson: {data['l']}")
    if "s" in data:
        lines.append("setup: " + json.dumps(data["s"], ensure_ascii=False, sort_keys=True))
    if "n" in data:
        lines.append("title: " + json.dumps(data["n"], ensure_ascii=False))
    lines.append(f"current: {data['c']}")
    if "p" in data:
        lines.append(f"step: {data['p'] + 1}")
    lines.append("# positions: number (after the position it follows): action; 0 is the start")
    lines += [f"{i} (after {parent}): {text}" for i, (parent, text) in enumerate(data["t"], 1)]
    for key, note in data.get("o", {}).items():
        lines.append(f"note {key}: " + json.dumps(note, ensure_ascii=False))
    return "\n".join(lines) + "\n"


def import_text(text: str, catalog: Catalog) -> Snapshot:
    """Open a study file written by :func:`export_text`."""
    if not isinstance(text, str):
        raise _fail("The file is not text.", "file")
    if len(text) > MAX_PAYLOAD_BYTES:
        raise _fail("The file is too large to be a study.", "file")
    data: dict[str, Any] = {"t": [], "o": {}}
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        where = f"Line {number} of the file"
        move = _MOVE.match(line)
        if move:
            if int(move.group(1)) != len(data["t"]) + 1:
                raise _fail(f"{where}: positions must be numbered 1, 2, 3... in order; "
                            f"expected {len(data['t']) + 1}.", "file", token=move.group(1))
            data["t"].append([int(move.group(2)), move.group(3).strip()])
            continue
        note = _NOTE.match(line)
        if note:
            data["o"][note.group(1)] = _json_field(note.group(2), str, where, "note")
            continue
        found = _FIELD.match(line)
        if not found or found.group(1) not in _FIELDS:
            raise _fail(f"{where} is not a field, a position or a note: {_shown(line)}.", "file",
                        token=line)
        name, value = found.group(1), found.group(2).strip()
        key = _FIELDS[name]
        if key in data:
            raise _fail(f"{where} repeats the field {name!r}.", "file", token=name)
        if key in ("v", "c", "p"):
            read = _number(value)
            if read is None:
                raise _fail(f"{where}: {name} must be a whole number, not {_shown(value)}.", "file", token=value)
            data[key] = read - (1 if key == "p" else 0)
        elif key == "s":
            data[key] = _json_field(value, dict, where, "setup")
        elif key == "n":
            data[key] = _json_field(value, str, where, "title")
        else:
            data[key] = value
    if "v" not in data:
        raise _fail(f"This is not a {FILE_HEADER} file (it has no 'format:' line).", "file")
    if not data["o"]:
        del data["o"]
    return restore(data, catalog, what="file")


def _json_field(text: str, kind: type, where: str, name: str) -> Any:
    try:
        value = read_json(text, what=f"the {name}", max_chars=MAX_PAYLOAD_BYTES)
    except JsonBoundsError as err:
        raise _fail(f"{where}: {err}.", "file", token=text) from None
    except NotationError:
        value = None
    if not isinstance(value, kind):
        raise _fail(f"{where}: the {name} is not written as {'a quoted text' if kind is str else 'JSON'}.",
                    "file", token=text)
    return value
