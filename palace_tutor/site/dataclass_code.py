"""A first visit runs the dataclass methods it defines from code compiled at build time.

``@dataclass`` writes the source of each method it adds (``__init__``,
``__repr__``, ``__eq__``, ``__hash__``, and ``__setattr__``/``__delattr__`` for
a frozen class) and compiles it with ``exec`` as the class is defined. Starting
the app defines about 880 of those methods (our frozen value types, and some of
Panel's and Bokeh's), and compiling them is most of what a dataclass costs:
under Pyodide 0.54 ms an ``exec`` (Node, 2026-11-27), about 0.4 s of a first
visit. A repeat visit never does it: it restores memory.

So the build's probe run (``probe_imports.mjs``, the app started once under
Pyodide in Node) records every source ``dataclasses`` hands to ``exec``, and
compiles each with the same Python. The table (``marshal``: the Python
version, source -> code) rides in the site-packages image. The worker's app
code, first of all, gives ``dataclasses`` an ``exec`` that takes the compiled
code for a source it has and compiles any other as before. The same source
compiled by the same Python is the same code, so a method is what it would
have been; a table of another Python, or none, changes nothing but the time.

``dataclasses`` (3.12) calls ``exec(text, globals, ns)`` by name, so a module
attribute ``exec`` is found before the builtin; the module has no
``__future__`` import, so its ``exec`` compiles with no flags, as
``compile(..., dont_inherit=True)`` does here.
"""

from __future__ import annotations

from .pyc import SITE_PACKAGES

# the member of the site-packages image (at its top: not a module, nothing imports it)
FILE = "palace-tutor-dataclass-code.marshal"

# Python run before the app in the probe: records the sources (plain ASCII, no backslash,
# backquote or dollar sign, like everything put into the worker script)
RECORDER = '''
def _pt_record_dataclass_sources():
    import dataclasses
    sources = []

    def recording_exec(source, globals=None, locals=None):
        if isinstance(source, str):
            sources.append(source)
        return exec(source, globals, locals)

    dataclasses.exec = recording_exec
    return sources


_pt_dataclass_sources = _pt_record_dataclass_sources()
'''

# Python run after the app in the probe: the table, as bytes
TABLE = '''
def _pt_dataclass_table(sources):
    import dataclasses, marshal, sys
    del dataclasses.exec
    return marshal.dumps({"python": sys.version,
                          "codes": {s: compile(s, "<string>", "exec", dont_inherit=True) for s in sources}})


_pt_dataclass_table(_pt_dataclass_sources)
'''

# Python put first in the worker's app code
LOADER = '''
def _pt_compiled_dataclasses(path):
    """Dataclass methods from the build's compiled table (palace_tutor/site/dataclass_code.py)."""
    import dataclasses, marshal, sys
    try:
        with open(path, "rb") as f:
            table = marshal.load(f)
        if table["python"] != sys.version:
            return
        codes = table["codes"]
    except Exception:  # no table (the wheels were installed instead of the image) or an unreadable one
        return

    def compiled_exec(source, globals=None, locals=None):
        return exec(codes.get(source, source) if isinstance(source, str) else source, globals, locals)

    dataclasses.exec = compiled_exec


_pt_compiled_dataclasses(%(path)r)
del _pt_compiled_dataclasses
'''


def loader_source() -> str:
    return LOADER % {"path": SITE_PACKAGES + FILE}
