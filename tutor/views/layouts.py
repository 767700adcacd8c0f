"""Small Panel layouts of our own."""

from __future__ import annotations

from typing import Any

import panel as pn


def wrapping_row(*objects: Any, gap: str = "6px", **params: Any) -> pn.Row:
    """A row of small parts that wraps on a narrow screen. Not Panel's ``FlexBox``: that is a
    ``ReactiveHTML``, whose first drawing imports an HTML sanitizer (bleach: about 40 ms under
    CPython, and in the browser a fetch of the code left for later) for parameters ours never have."""
    params["styles"] = {"flex-wrap": "wrap", "gap": gap, **params.get("styles", {})}
    params.setdefault("sizing_mode", "stretch_width")
    return pn.Row(*objects, **params)
