"""The anchor of ``bench load``: a trivial Panel app (a button and a Markdown pane)."""

import panel as pn

pn.extension()

md = pn.pane.Markdown("Clicks: 0")
button = pn.widgets.Button(name="Click me")
button.on_click(lambda _e: setattr(md, "object", f"Clicks: {button.clicks}"))

pn.Column(button, md).servable()
