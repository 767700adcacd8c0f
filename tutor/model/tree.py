"""The study tree: every line a learner has explored from one start position.

A tree is an immutable value. Each node keeps the engine state it reaches, so
moving around the tree or adding a variation never replays moves from the
root (the cost python-chess users keep tripping over). Operations return a
new tree; the ``Study`` model reassigns its ``tree`` parameter, which is also
what lets Panel notice the change.

Order matters like in a chess study: a node's first child continues its line
(the *main line*, when followed from the root); the other children are
variations, shown indented after it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from lessons.model import action_key
from rules.core import GameState
from rules.refs import Event, Verdict

ROOT = 0


class TreeError(ValueError):
    """A tree operation that cannot be done (unknown node, deleting the root
    or a lesson step); the message says why and nothing changes."""


@dataclass(frozen=True, eq=False)
class Node:
    """One position in the study.

    ``action`` (the engine's action value) and ``text`` (its notation) are how
    the position was reached from ``parent``; ``verdict`` is the engine's check
    that allowed it and ``events`` what happened, for narration. ``steps``
    lists the lesson steps shown at this position (several when a lesson
    pauses to explain without playing). ``note`` is the learner's own text.
    ``actor`` is the seat that made the move (None when the engine does not say).
    """

    id: int
    parent: int | None
    state: GameState[Any]
    action: Any = None
    text: str = ""
    verdict: Verdict | None = None
    events: tuple[Event, ...] = ()
    children: tuple[int, ...] = ()
    steps: tuple[int, ...] = ()
    note: str = ""
    actor: int | None = None
    before: GameState[Any] | None = None
    """The parent's position, kept (not copied: states are immutable) so the move can be
    said in words as it was made."""

    @property
    def is_root(self) -> bool:
        return self.parent is None

    def label(self, seat: int | None = None) -> str:
        """The move as ``seat`` may read it: its notation for the teaching view
        (``None``) and for the player who made it; for anyone else the action's
        ``public_text`` where the engine gives one (a card folded face down in
        King's Pot is ``fold a card``)."""
        if seat is None or seat == self.actor or self.action is None:
            return self.text
        return getattr(self.action, "public_text", self.text)

    def words(self, seat: int | None = None) -> str:
        """The move in plain words, as ``seat`` may read it, with who made it: "Ann: play
        the 10♠" (the engine's ``describe``; its notation is for links and files)."""
        if self.before is None or self.action is None:
            return self.label(seat)
        said = self.before.describe(self.action, seat)
        if self.actor is None:
            return said
        return f"{self.before.names[self.actor]}: {said}"


@dataclass(frozen=True)
class Row:
    """One line of the tree as displayed: main line first, variations indented."""

    node: Node
    depth: int          # 0 on the main line, +1 per level of variation
    starts_variation: bool  # first move of a variation (shown with a marker)
    ply: int            # moves from the root


@dataclass(frozen=True, eq=False)
class StudyTree:
    """An immutable tree of :class:`Node` keyed by id; the root has id 0."""

    nodes: Mapping[int, Node]
    next_id: int = 1

    # -- construction ---------------------------------------------------------
    @classmethod
    def start(cls, state: GameState[Any], *, steps: tuple[int, ...] = ()) -> "StudyTree":
        root = Node(id=ROOT, parent=None, state=state, steps=steps)
        return cls(MappingProxyType({ROOT: root}))

    def _with(self, changed: dict[int, Node | None], next_id: int | None = None) -> "StudyTree":
        nodes = dict(self.nodes)
        for node_id, node in changed.items():
            if node is None:
                del nodes[node_id]
            else:
                nodes[node_id] = node
        return StudyTree(MappingProxyType(nodes), self.next_id if next_id is None else next_id)

    # -- queries --------------------------------------------------------------
    @property
    def root(self) -> Node:
        return self.nodes[ROOT]

    def __getitem__(self, node_id: int) -> Node:
        try:
            return self.nodes[node_id]
        except KeyError:
            raise TreeError(f"there is no position #{node_id} in this study") from None

    def __contains__(self, node_id: object) -> bool:
        return node_id in self.nodes

    def __len__(self) -> int:
        return len(self.nodes)

    def child_with(self, parent_id: int, action: Any) -> Node | None:
        """The child of ``parent_id`` reached by ``action``, if it exists. Moves
        are compared by canonical notation without the actor's name (the actor
        is the same for every move from one position), so ``Christine: buy``
        finds the child that ``buy`` made."""
        key = action_key(action)
        for child_id in self[parent_id].children:
            child = self.nodes[child_id]
            if child.action == action or action_key(child.action) == key:
                return child
        return None

    def path(self, node_id: int) -> tuple[int, ...]:
        """Node ids from the root to ``node_id``, both included."""
        out = []
        node: Node | None = self[node_id]
        while node is not None:
            out.append(node.id)
            node = None if node.parent is None else self.nodes[node.parent]
        return tuple(reversed(out))

    def depth(self, node_id: int) -> int:
        """Moves from the root to ``node_id``."""
        return len(self.path(node_id)) - 1

    def main_line(self, from_id: int = ROOT) -> tuple[int, ...]:
        """``from_id`` and then the first child of each node, to the end."""
        out = [from_id]
        node = self[from_id]
        while node.children:
            node = self.nodes[node.children[0]]
            out.append(node.id)
        return tuple(out)

    def line(self, node_id: int) -> tuple[int, ...]:
        """The whole line through ``node_id``: its path, then its main continuation."""
        return self.path(node_id) + self.main_line(node_id)[1:]

    def on_main_line(self, node_id: int) -> bool:
        return self.main_line_ancestor(node_id) == node_id

    def main_line_ancestor(self, node_id: int) -> int:
        """The last node of ``node_id``'s path that is on the main line (the
        point where its variation leaves the main line; itself if on it)."""
        path = self.path(node_id)
        last = ROOT
        for parent, child in zip(path, path[1:]):
            if self.nodes[parent].children[0] != child:
                break
            last = child
        return last

    def subtree(self, node_id: int) -> tuple[int, ...]:
        """``node_id`` and all its descendants, in preorder."""
        out, todo = [], [node_id]
        while todo:
            current = todo.pop()
            out.append(current)
            todo.extend(reversed(self.nodes[current].children))
        return tuple(out)

    def preorder(self) -> tuple[int, ...]:
        """Every node, parents before children, children in order (the order
        the share codec writes and reads)."""
        return self.subtree(ROOT)

    def rows(self) -> tuple[Row, ...]:
        """The tree as displayed, PGN style: a node's main continuation comes
        right after it at the same depth, then its alternatives (variations)
        each indented one level, then the continuation's own line resumes."""
        out: list[Row] = []
        # a stack of line generators instead of recursion: variations can nest
        # deeper than Python's recursion limit in a long study
        stack = [self._line(ROOT, 0, False, 0)]
        while stack:
            item = next(stack[-1], None)
            if item is None:
                stack.pop()
            elif isinstance(item, Row):
                out.append(item)
            else:
                stack.append(self._line(*item))
        return tuple(out)

    def _line(self, start: int, depth: int, starts: bool, ply: int) -> Iterator[Row | tuple[int, int, bool, int]]:
        node = self.nodes[start]
        yield Row(node, depth, starts, ply)
        while node.children:
            first, *others = node.children
            ply += 1
            yield Row(self.nodes[first], depth, False, ply)
            for alt in others:
                yield (alt, depth + 1, True, ply)
            node = self.nodes[first]

    # -- edits (each returns a new tree) --------------------------------------
    def add(self, parent_id: int, action: Any, text: str, state: GameState[Any],
            verdict: Verdict | None = None, events: tuple[Event, ...] = (),
            steps: tuple[int, ...] = ()) -> tuple["StudyTree", Node]:
        """Add the position reached by ``action`` from ``parent_id``; if that
        child already exists, return it unchanged (no duplicate lines)."""
        existing = self.child_with(parent_id, action)
        if existing is not None:
            return self, existing
        node, parent = self._new_child(parent_id, action, text, state, verdict, events, steps)
        return self._with({node.id: node, parent_id: parent}, next_id=self.next_id + 1), node

    def _new_child(self, parent_id: int, action: Any, text: str, state: GameState[Any], verdict: Verdict | None,
                   events: tuple[Event, ...], steps: tuple[int, ...]) -> tuple[Node, Node]:
        """The node ``action`` reaches from ``parent_id``, as the next id, and the parent with it as
        its last child."""
        parent = self[parent_id]
        node = Node(id=self.next_id, parent=parent_id, state=state, action=action, text=text,
                    verdict=verdict, events=events, steps=steps, actor=parent.state.mover,
                    before=parent.state)
        return node, replace(parent, children=parent.children + (node.id,))

    def promote(self, node_id: int) -> "StudyTree":
        """Move ``node_id``'s variation one level up: the nearest point on its
        path where it is not the first choice becomes the first choice. Repeated,
        this makes it the main line. Promoting a main-line node changes nothing."""
        path = self.path(node_id)
        for parent_id, child_id in reversed(tuple(zip(path, path[1:]))):
            parent = self.nodes[parent_id]
            if parent.children[0] != child_id:
                return self._with({parent_id: replace(parent, children=_to_front(parent.children, child_id))})
        return self

    def make_main_line(self, node_id: int) -> "StudyTree":
        """Promote ``node_id``'s line all the way: it becomes the main line."""
        path = self.path(node_id)
        changed: dict[int, Node | None] = {}
        for parent_id, child_id in zip(path, path[1:]):
            parent = self.nodes[parent_id]
            if parent.children[0] != child_id:
                changed[parent_id] = replace(parent, children=_to_front(parent.children, child_id))
        return self._with(changed) if changed else self

    def delete(self, node_id: int) -> "StudyTree":
        """Remove ``node_id`` and everything after it. The root and lesson steps
        cannot be deleted (the lesson would lose its line)."""
        node = self[node_id]
        if node.is_root:
            raise TreeError("the start position cannot be deleted")
        doomed = self.subtree(node_id)
        lesson = [i for i in doomed if self.nodes[i].steps]
        if lesson:
            steps = self.nodes[lesson[0]].steps
            raise TreeError(f"position #{node_id} leads to lesson step {steps[0] + 1}; "
                            "only your own variations can be deleted")
        assert node.parent is not None  # the root was refused above
        parent = self.nodes[node.parent]
        changed: dict[int, Node | None] = {i: None for i in doomed}
        changed[parent.id] = replace(parent, children=tuple(c for c in parent.children if c != node_id))
        return self._with(changed)

    def with_note(self, node_id: int, note: str) -> "StudyTree":
        node = self[node_id]
        return self if node.note == note else self._with({node_id: replace(node, note=note)})

    def with_steps(self, node_id: int, steps: tuple[int, ...]) -> "StudyTree":
        node = self[node_id]
        return self if node.steps == steps else self._with({node_id: replace(node, steps=steps)})

    def nodes_with_steps(self) -> Iterator[Node]:
        return (n for n in self.nodes.values() if n.steps)


class GrowingTree:
    """A tree built position by position, in place: a link's replay adds up to thousands
    of positions, and :meth:`StudyTree.add` copies the whole tree at each (2,000 moves
    were 2 million copied entries). Reads and adds as a :class:`StudyTree` does;
    :meth:`done` gives the immutable tree."""

    def __init__(self, start: StudyTree):
        self._nodes = dict(start.nodes)
        self._view = StudyTree(MappingProxyType(self._nodes), start.next_id)

    def __getitem__(self, node_id: int) -> Node:
        return self._view[node_id]

    def add(self, parent_id: int, action: Any, text: str, state: GameState[Any], verdict: Verdict | None = None,
            events: tuple[Event, ...] = ()) -> Node:
        """As :meth:`StudyTree.add` (a child that exists is returned unchanged)."""
        existing = self._view.child_with(parent_id, action)
        if existing is not None:
            return existing
        node, parent = self._view._new_child(parent_id, action, text, state, verdict, events, ())
        self._nodes[node.id] = node
        self._nodes[parent_id] = parent
        self._view = StudyTree(self._view.nodes, node.id + 1)
        return node

    def done(self) -> StudyTree:
        return StudyTree(MappingProxyType(dict(self._nodes)), self._view.next_id)


def _to_front(children: tuple[int, ...], child_id: int) -> tuple[int, ...]:
    return (child_id,) + tuple(c for c in children if c != child_id)
