"""Following the app's current study from a view.

``TutorApp.study`` is replaced when a lesson, a link or a file is opened, so
a view cannot simply depend on ``app.study.current`` (param keeps watching
the old study). :class:`StudyFollower` re-attaches a view's watchers to each
new study and calls the view once per change, with the names that changed
(``{"study"}`` when the study itself was replaced).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from tutor.model.app import TutorApp
from tutor.model.study import Study


class StudyFollower:
    def __init__(self, app: TutorApp, names: Iterable[str], callback: Callable[[Study, set[str]], None]):
        self.app = app
        self.names = list(names)
        self.callback = callback
        self._study: Study | None = None
        self._watcher: Any = None
        app.param.watch(self._replaced, ["study"])
        self._replaced()

    def _replaced(self, *_events: Any) -> None:
        if self._study is not None and self._watcher is not None:
            self._study.param.unwatch(self._watcher)
        self._study = self.app.study
        self._watcher = None
        if self._study is not None:
            self._watcher = self._study.param.watch(self._changed, self.names)
            self.callback(self._study, {"study"})

    def _changed(self, *events: Any) -> None:
        self.callback(self._study, {e.name for e in events})
