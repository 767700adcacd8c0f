"""The base of the page's own custom components, and where their code comes from.

**Their code is in files.** Each component's JavaScript is a module beside its Python
(``shell.py`` -> ``shell.mjs``), linted with eslint; pure logic that tests run under
Node (``node --test``) or that two places share is in modules of its own
(``shell_ui.mjs``, ``tables/morph.mjs``, ``link.mjs``). Panel imports a component's
code from one text, so :func:`module_text` puts each of our own modules that a file
imports (``import { a, b } from './x.mjs';``) in place, once, with its ``export``
words taken off: what reaches the page is one self-contained module, as before, and no
module is fetched on the way. Only named imports of our own ``.mjs`` files are
allowed, and an inlined module may export only ``function``, ``const``, ``let`` or
``class`` declarations; anything else is refused with the file and line.

**Their code goes to the page as it is.** Panel runs the code of every custom
component through a TypeScript transform (sucrase) in the page before importing it,
unless the component names a bundle: then it imports the code as it is. Ours is
plain JavaScript (no types, no JSX), and the transform of our components took about
30 ms of the page's main thread at every start (in a CPU profile of a warm visit;
four times that on a phone's CPU). So each names a bundle of its own. Panel also keys
its cache of imported modules by the bundle's name: the class and a digest of its
code, so two components never share a module by mistake. ``tests/tutor/test_esm.py``
reads the pinned Panel's page code to check that a named bundle still skips the
transform.
"""

from __future__ import annotations

import functools
import hashlib
import re
from pathlib import Path
from typing import Any

from panel.custom import JSComponent

BUNDLE_PREFIX = "palace-tutor:"

_IMPORT = re.compile(r"^import \{([\w\s,]+)\} from '(\.\.?/[\w./]+\.mjs)';$")
_EXPORT = re.compile(r"^export (?=(?:async )?function |const |let |class )")
_DECLARED = re.compile(r"^(?:async )?(?:function\*? ?|const |let |class )(\w+)")


class ModuleError(ValueError):
    """A component's module uses a form that :func:`module_text` does not put together."""


def _parts(path: Path) -> tuple[list[tuple[list[str], Path]], list[str]]:
    """The file's imports of our own modules (names, resolved path) and its other lines."""
    imports: list[tuple[list[str], Path]] = []
    body: list[str] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        found = _IMPORT.match(line)
        if found:
            names = [n.strip() for n in found.group(1).split(",") if n.strip()]
            imports.append((names, (path.parent / found.group(2)).resolve()))
        elif line.startswith("import ") or line.startswith("import{"):
            raise ModuleError(f"{path}:{number}: only `import {{ names }} from './file.mjs';` of our own "
                              f"modules is put together for the page, not: {line.strip()[:80]}")
        else:
            body.append(line)
    return imports, body


def _exports(path: Path) -> set[str]:
    """The names ``path`` exports (``export function name``, ``export const name`` ...)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return {m.group(1) for line in lines if _EXPORT.match(line) and (m := _DECLARED.match(line[len("export "):]))}


def _imported(target: Path, names: list[str], by: Path, done: set[Path]) -> list[str]:
    """The lines of ``target`` (and first of what it imports), unless already put in place."""
    if not target.is_file():
        raise ModuleError(f"{by}: imports {target.name}, which is not there")
    missing = [n for n in names if n not in _exports(target)]
    if missing:
        raise ModuleError(f"{by}: imports {', '.join(missing)} from {target.name}, which does not export it")
    if target in done:
        return []
    done.add(target)
    imports, body = _parts(target)
    out = [line for names_, file in imports for line in _imported(file, names_, target, done)]
    for line in body:
        if line.startswith("export "):
            if not _EXPORT.match(line):
                raise ModuleError(f"{target}: an inlined module exports declarations only, not: {line.strip()[:80]}")
            line = line[len("export "):]
        out.append(line)
    return [f"// -- {target.name} (put in place by tutor/views/esm.py) --", *out, f"// -- end of {target.name} --"]


@functools.cache
def module_text(path: str | Path) -> str:
    """The code of the module at ``path`` as the page gets it: each of our own modules it
    imports put in place (see the module's text). An entry module keeps its own exports."""
    path = Path(path).resolve()
    imports, body = _parts(path)
    done: set[Path] = {path}
    out = [line for names, target in imports for line in _imported(target, names, path, done)]
    return "\n".join([*out, *body]) + "\n"


def script_text(path: str | Path) -> str:
    """The module at ``path`` put together as a classic script (inside a function of its own):
    for a ``<script>`` that must run before the page is first painted, which a module does not."""
    text = module_text(path)
    if any(line.startswith("export ") for line in text.splitlines()):
        raise ModuleError(f"{path}: a module run as a script exports nothing")
    return "(function () {\n" + text + "})();\n"


class PlainJSComponent(JSComponent):
    """A custom component whose ``_esm`` is plain JavaScript (see the module's text)."""

    def _get_properties(self, doc: Any) -> dict[str, Any]:
        props = super()._get_properties(doc)
        if props.get("bundle") is None:
            esm = props.get("esm") or ""
            digest = hashlib.sha256(esm.encode("utf-8")).hexdigest()[:16]
            props["bundle"] = f"{BUNDLE_PREFIX}{type(self).__name__}:{digest}"
        return props
