"""Parameter types param lacks: a tuple of any length whose items have one type.

``param.Tuple`` fixes the length (from its default), and ``param.List`` holds a
mutable list; the models keep immutable tuples (undo stacks, saved entries,
picks), so :class:`TupleOf` checks the container and every item, naming the
first item of the wrong type.
"""

from __future__ import annotations

from typing import Any

import param


class TupleOf(param.ClassSelector):
    """A tuple (of any length) of ``item_type`` values (a class or a tuple of classes)."""

    __slots__ = ["item_type"]

    def __init__(self, item_type: type | tuple[type, ...], default: tuple[Any, ...] | None = (),
                 **params: Any) -> None:
        self.item_type = item_type
        params.setdefault("instantiate", False)  # tuples are never changed in place
        super().__init__(class_=tuple, default=default, **params)

    def _validate(self, val: Any) -> None:
        super()._validate(val)
        if val is None:
            return
        for index, item in enumerate(val):
            if not isinstance(item, self.item_type):
                kinds = self.item_type if isinstance(self.item_type, tuple) else (self.item_type,)
                raise ValueError(f"TupleOf parameter {self.name!r}: item {index} must be a "
                                 f"{' or '.join(k.__name__ for k in kinds)}, not {item!r}")
