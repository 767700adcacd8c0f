"""The base of the page's own custom components: their code goes to the page as it is.

Panel runs the code of every custom component through a TypeScript transform
(sucrase) in the page before importing it, unless the component names a
bundle: then it imports the code as it is. Ours is plain JavaScript (no types,
no JSX, no imports), and the transform of our components took about 30 ms
of the page's main thread at every start (in a CPU profile of a warm
visit; four times that on a phone's CPU). So each names a bundle of its own.
Panel also keys its cache of imported modules by the bundle's name: the class
and a digest of its code, so two components never share a module by mistake.
``tests/tutor/test_esm.py`` reads the pinned Panel's page code to check
that a named bundle still skips the transform.
"""

from __future__ import annotations

import hashlib
from typing import Any

from panel.custom import JSComponent

BUNDLE_PREFIX = "palace-tutor:"


class PlainJSComponent(JSComponent):
    """A custom component whose ``_esm`` is plain JavaScript (see the module's text)."""

    def _get_properties(self, doc: Any) -> dict[str, Any]:
        props = super()._get_properties(doc)
        if props.get("bundle") is None:
            esm = props.get("esm") or ""
            digest = hashlib.sha256(esm.encode("utf-8")).hexdigest()[:16]
            props["bundle"] = f"{BUNDLE_PREFIX}{type(self).__name__}:{digest}"
        return props
