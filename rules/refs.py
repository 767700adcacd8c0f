"""Rule references and rulings.

Every explanation the engines give carries a :class:`RuleRef` naming the source
document and the section it relies on, so the tutor can point the learner at
it. Where a source is silent or ambiguous, the engine applies a :class:`Ruling`:
the question, what the source says (paraphrased, with its reference) and how
this tutor reads it. Rulings are data so the app can show them next to a
verdict and ``docs/rulings.md`` can be checked against them.

Sources and their sections are registered by the game packages
(``register_source``, ``register_sections``);
``RuleRef`` refuses a section that was never registered, so a typo in a
reference fails at import time rather than in front of a learner.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

# source file name -> human title of the document; each game registers its own
# sources (``register_source``, in its ``sections`` module), so adding a game or
# a source touches that game's package only
SOURCE_TITLES: dict[str, str] = {}

# source -> section title -> our one-line summary of what the section covers
SECTIONS: dict[str, dict[str, str]] = {}


def register_source(source: str, title: str) -> None:
    """Declare a source document (its file name under ``sources/``) and its title.
    Registering one file twice under another title is an error."""
    if SOURCE_TITLES.get(source, title) != title:
        raise ValueError(f"source {source!r} registered twice with different titles")
    SOURCE_TITLES[source] = title
    SECTIONS.setdefault(source, {})


def register_sections(source: str, sections: dict[str, str]) -> None:
    """Declare the sections of ``source`` that references may cite.

    ``sections`` maps the section title (as the source names it, or a short
    name of ours where the document lost its heading) to a summary in our own
    words. Registering the same title twice with another summary is an error.
    """
    if source not in SOURCE_TITLES:
        raise KeyError(f"unknown source {source!r}; register it first (known: {', '.join(SOURCE_TITLES)})")
    known = SECTIONS[source]
    for title, summary in sections.items():
        if title in known and known[title] != summary:
            raise ValueError(f"section {title!r} of {source} registered twice with different summaries")
        known[title] = summary


@dataclass(frozen=True, order=True)
class RuleRef:
    """A pointer into a source document: file, section, and an optional clause."""

    source: str
    section: str
    clause: str = ""

    def __post_init__(self) -> None:
        if self.source not in SOURCE_TITLES:
            raise ValueError(f"RuleRef: unknown source {self.source!r}")
        if self.section not in SECTIONS[self.source]:
            raise ValueError(
                f"RuleRef: section {self.section!r} is not registered for {self.source}; "
                f"registered: {sorted(SECTIONS[self.source])}"
            )

    def __str__(self) -> str:
        text = f"{self.source} § {self.section}"
        return f"{text} ({self.clause})" if self.clause else text

    @property
    def words(self) -> str:
        """The section as a person reads it, by its name and the rules it is in, not the
        source's file name: ``§ The Cards — Palace Poker``."""
        where = f"§ {self.section}" + (f" ({self.clause})" if self.clause else "")
        return f"{where} \u2014 {self.source_title}"

    @property
    def summary(self) -> str:
        """Our summary of the cited section (never the source's own words)."""
        return SECTIONS[self.source][self.section]

    @property
    def source_title(self) -> str:
        return SOURCE_TITLES[self.source]


@dataclass(frozen=True)
class Ruling:
    """How this tutor reads a passage the source leaves open.

    ``key`` is a stable identifier (also the heading anchor in docs/rulings.md);
    ``source_says`` paraphrases the passage; ``reading`` is what the engine does.
    """

    key: str
    ref: RuleRef
    question: str
    source_says: str
    reading: str

    def __str__(self) -> str:
        return f"The source ({self.ref}) {self.source_says}; this tutor reads it as: {self.reading}"


RULINGS: dict[str, Ruling] = {}


def ruling(key: str, ref: RuleRef, question: str, source_says: str, reading: str) -> Ruling:
    """Create and register a ruling. Keys are unique across all games."""
    made = Ruling(key, ref, question, source_says, reading)
    if key in RULINGS and RULINGS[key] != made:
        raise ValueError(f"ruling {key!r} defined twice")
    RULINGS[key] = made
    return made


@dataclass(frozen=True)
class Verdict:
    """The outcome of the one legality check: allowed or not, why, and on what rule.

    ``ruling`` is set when the decision rests on one of this tutor's rulings,
    so the UI can say "the source says X; this tutor reads it as Y".
    ``options`` names the table options (``rules.options``) the decision rests
    on besides the one standing for ``ruling``: another choice of one of them
    may decide otherwise (``rules.options.other_readings``).
    """

    legal: bool
    reason: str
    ref: RuleRef
    ruling: Ruling | None = None
    options: tuple[str, ...] = ()

    def __bool__(self) -> bool:  # pragma: no cover - guard against `if verdict:` mistakes
        raise TypeError("use verdict.legal, not the verdict's truth value")


@dataclass(frozen=True)
class Event:
    """Something that happened when an action was applied, for narration.

    ``kind`` is a short machine word ("burn", "pickup", "battle-won",
    "excluded", ...); ``text`` is a sentence for the learner; ``data`` holds
    extra facts the UI may use (seats, cards, amounts) as a tuple of pairs so
    events stay hashable.
    """

    kind: str
    text: str
    ref: RuleRef | None = None
    data: tuple[tuple[str, object], ...] = field(default=())
    # Hidden information (DESIGN: through a view): the ``secret`` keys of
    # ``data`` (a card bought or folded face down) are for ``private_to`` only,
    # the seat or name the engine's ``view()`` takes. ``text`` never holds a
    # secret, so it is safe to narrate to anyone.
    private_to: object = None
    secret: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.secret and self.private_to is None:
            raise ValueError(f"event {self.kind!r}: secret data needs private_to")

    def get(self, key: str, default: object = None) -> object:
        return dict(self.data).get(key, default)

    def seen_by(self, viewer: object) -> "Event | None":
        """This event as ``viewer`` may learn it: the secret data dropped unless
        ``viewer`` is ``private_to``; ``None`` is the teaching view (everything).
        An engine's subclass may override this, returning ``None`` for an event
        the viewer must not learn of at all."""
        if viewer is None or not self.secret or viewer == self.private_to:
            return self
        return replace(self, data=tuple(kv for kv in self.data if kv[0] not in self.secret))


def events_seen_by(events: Iterable[Event], viewer: object) -> tuple[Event, ...]:
    """``events`` as ``viewer`` may learn them, for narration: the one call for
    every engine (see :meth:`Event.seen_by`); events hidden entirely are left out."""
    return tuple(seen for seen in (e.seen_by(viewer) for e in events) if seen is not None)
