"""Import Panel faster in the browser: bokeh's model classes skip their IDE help while Panel imports.

Every class defined in ``bokeh.models`` builds, at the moment it is defined, a
``Signature`` for its ``__init__`` (one ``inspect.Parameter`` per property, each
with a Sphinx type link) and folds its docs example in (``Model.__init_subclass__``
in ``bokeh/model/model.py``). That is help for editors and ``help()``: nothing in
the app or in Bokeh's serialization reads it. It is about a fifth of ``import
panel`` (CPython: 1.03 -> 0.82 s, median of 3 alternating; docs/speed.md), and
a cold visit imports Panel in the browser, where Python runs 2-3x slower.

So the app's code in the worker (and the start-up snapshot, which runs the same
code) imports Panel first, with ``Model``'s hook cut down to what it does for
every other class (``HasProps.__init_subclass__``: the view model names and the
registry of model classes), then puts the whole hook back at once: a class
defined later gets the full one. Only for the Bokeh release whose hook was read
(``QUICK_FOR``); any other imports Panel the normal way.

Panel's worker code also calls ``pyodide_http.patch_all()`` as it imports, which
imports ``requests`` (with urllib3, charset_normalizer, idna: about 110 modules)
to put the browser's XMLHttpRequest under it. The app never makes a request
through ``requests``. So ``patch_all`` patches urllib at once, as before, and
``requests`` right after its first import, if it ever comes.
"""

from __future__ import annotations

# the Bokeh release whose Model.__init_subclass__ was read (tests/site/test_site_image.py checks it is the installed one)
QUICK_FOR = "3.7.3"

# Python put first in the app's code in the worker: plain ASCII with no backslash, backquote
# or dollar sign (it goes into a JavaScript template literal)
SOURCE = '''
def _pt_import_panel(quick_for):
    """Panel imported with bokeh.models' classes skipping their IDE help (palace_tutor/site/quick_import.py)."""
    import bokeh
    if bokeh.__version__ != quick_for:
        import panel
        return
    from bokeh.model.model import Model
    full = Model.__dict__["__init_subclass__"]

    def quick(cls):
        super(Model, cls).__init_subclass__()

    Model.__init_subclass__ = classmethod(quick)
    try:
        import panel
    finally:
        Model.__init_subclass__ = full


def _pt_patch_requests_later():
    """pyodide_http patches requests after its first import, not by importing it (quick_import.py)."""
    import importlib.util
    import sys
    try:
        import pyodide_http
    except ImportError:
        return

    class PatchAfterImport:
        """First among the finders until requests runs: a look for it (an import, or
        importlib.util.find_spec alone) gets the spec the other finders give, with the
        patch put after its code."""
        looking = False

        def find_spec(self, name, path=None, target=None):
            if name != "requests" or self.looking:
                return None
            self.looking = True
            try:
                spec = importlib.util.find_spec(name)
            finally:
                self.looking = False
            if spec is not None and spec.loader is not None:
                run = spec.loader.exec_module

                def exec_module(module):
                    run(module)
                    if self in sys.meta_path:
                        sys.meta_path.remove(self)
                    pyodide_http.patch_requests(continue_on_import_error=True)

                spec.loader.exec_module = exec_module
            return spec

    def patch_all():
        pyodide_http.patch_urllib(continue_on_import_error=True)
        if "requests" in sys.modules:
            pyodide_http.patch_requests(continue_on_import_error=True)
        elif not any(isinstance(f, PatchAfterImport) for f in sys.meta_path):
            sys.meta_path.insert(0, PatchAfterImport())

    pyodide_http.patch_all = patch_all


_pt_patch_requests_later()
del _pt_patch_requests_later
_pt_import_panel(%(quick_for)r)
del _pt_import_panel
'''


def source() -> str:
    return SOURCE % {"quick_for": QUICK_FOR}
