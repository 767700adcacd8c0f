"""One change of a browser component, cheaply.

``param.update`` reads every parameter of the object first (to return the old
values), and a Panel component has dozens: on a Next that read cost more than
the change itself. :func:`set_values` sets only the values that differ, in one
batch, so the component's watchers (its sync to the browser) run once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import param
from param.parameterized import batch_call_watchers


def set_values(obj: param.Parameterized, values: Mapping[str, Any]) -> bool:
    """Set the ``values`` that differ from ``obj``'s as one change; False if none did."""
    changed = [(name, value) for name, value in values.items() if getattr(obj, name) != value]
    if not changed:
        return False
    if len(changed) == 1:
        setattr(obj, *changed[0])
        return True
    with batch_call_watchers(obj):
        for name, value in changed:
            setattr(obj, name, value)
    return True
