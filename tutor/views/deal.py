"""The deal view, and the ``smoke`` section the browser tests drive.

Contract with ``tests/browser`` (keep it when the app grows): the page holds
one element with css class ``smoke`` containing a text pane with class
``smoke-hand`` (text: ``DealtHand.summary()``) and a button with class
``smoke-deal`` that deals the next seed.
"""

from __future__ import annotations

import panel as pn
import param

from tutor.model.deal import DealtHand


class DealView(pn.viewable.Viewer):
    """A dealt hand, its best five, and a button for the next deal."""

    model = param.ClassSelector(class_=DealtHand, default=None, allow_None=True)

    def __init__(self, **params):
        params.setdefault("model", DealtHand())
        super().__init__(**params)
        self._text = pn.pane.Str(self._summary, css_classes=["smoke-hand"])
        self._button = pn.widgets.Button(name="Deal next", button_type="primary",
                                         css_classes=["smoke-deal"])
        self._button.on_click(lambda _event: self.model.deal_next())

    @param.depends("model.seed")
    def _summary(self) -> str:
        return self.model.summary()

    def __panel__(self):
        return pn.Column(self._text, self._button, css_classes=["smoke"])
