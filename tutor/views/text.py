"""HTML building with every piece of text escaped.

All text shown by the views goes through :func:`esc` (or is set with
``textContent`` by the components), so a player name like
``<img src=x onerror=...>`` is displayed as those characters and never
becomes markup. Build HTML only with these helpers.
"""

from __future__ import annotations

import html
from typing import Any

_escape = html.escape
_ATTR_NAMES: dict[str, str] = {}


def esc(value: Any) -> str:
    """The text of ``value``, safe to place in HTML content or a quoted attribute."""
    return _escape(value if type(value) is str else str(value), True)


def _attr_name(key: str) -> str:
    # python-safe keyword -> attribute name: aria_label -> aria-label, class_ -> class
    name = _ATTR_NAMES.get(key)
    if name is None:
        name = _ATTR_NAMES[key] = key.rstrip("_").replace("_", "-")
    return name


def tag(name: str, text: Any = "", cls: str = "", raw: str = "", **attrs: Any) -> str:
    """``<name class=cls attrs>escaped text + raw</name>``; ``raw`` must itself
    be built from these helpers. (Called thousands of times per step by the
    tables, hence the plain string building.)"""
    head = f'{name} class="{_escape(cls, True)}"' if cls else name
    if attrs:
        head += "".join(f' {_attr_name(k)}="{esc(v)}"' for k, v in attrs.items())
    return f"<{head}>{esc(text) if text != '' else ''}{raw}</{name}>"
