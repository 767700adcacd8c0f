"""Bokeh figures of the tables: battle odds and the pot along a line.

Both are built the first time they are asked for and afterwards only their
data sources change, so updating one on a step is a small patch. The numbers
come from :mod:`tutor.model.table_data` (the engine's exact odds, the states'
pots).

They are assembled from ``bokeh.models`` rather than ``bokeh.plotting``: the
static site leaves pandas out (it is large and the app has no use for it), and
bokeh 3.7 imports pandas in ``figure()`` and in ``ColumnDataSource.__init__``.
:func:`data_source` builds a source without that import.
"""

from __future__ import annotations

from typing import Any

import panel as pn

OUTCOMES = (("win", "win", "#2f8a4a"), ("tie", "tie (both out, or a split)", "#c98a00"),
            ("lose", "lose", "#c0262d"))


def data_source(data: dict[str, list[Any]]) -> Any:
    """A ``ColumnDataSource`` holding ``data``, made without importing pandas."""
    from bokeh.models import ColumnDataSource

    source = ColumnDataSource.__new__(ColumnDataSource)
    super(ColumnDataSource, source).__init__()  # skips only the DataFrame/GroupBy conversion
    source.data.update(data)
    return source


def _percent(x: Any) -> str:
    return f"{float(x) * 100:.1f}%"


class OddsChart:
    """Horizontal stacked bars: for each opponent, the chance to win, tie and lose a battle.

    ``update(odds, title)`` takes ``BattleOdds`` values (``rules.palace_poker.odds``);
    an opponent of the same banner suit (they never battle) gets an empty bar, and the
    tooltip says why.
    """

    def __init__(self) -> None:
        from bokeh.models import (CategoricalAxis, CategoricalScale, FactorRange, FixedTicker, Grid, HBar, HoverTool,
                                  Legend, LegendItem, LinearAxis, Plot, Range1d, Title)

        self.source = data_source(self._data(()))
        plot = Plot(x_range=Range1d(0, 1), y_range=FactorRange(factors=[]), y_scale=CategoricalScale(),
                    height=170, sizing_mode="stretch_width",
                    toolbar_location=None, min_border_left=70, title=Title(text="Chance in a battle"))
        items, renderers = [], []
        for name, label, colour in OUTCOMES:
            glyph = HBar(y="opponent", left=f"{name}_from", right=f"{name}_to", height=0.6, fill_color=colour,
                         line_color=colour)
            renderer = plot.add_glyph(self.source, glyph)
            renderers.append(renderer)
            items.append(LegendItem(label=label, renderers=[renderer]))
        ticks = [0, 0.25, 0.5, 0.75, 1]
        axis = LinearAxis(ticker=FixedTicker(ticks=ticks), axis_label="share of the opponent's possible palace cards",
                          major_label_overrides={t: f"{t:.0%}" for t in ticks})
        plot.add_layout(axis, "below")
        plot.add_layout(CategoricalAxis(), "left")
        plot.add_layout(Grid(dimension=0, ticker=axis.ticker))
        plot.add_layout(Legend(items=items, orientation="horizontal", label_text_font_size="9pt",
                               location="center"), "below")
        plot.add_tools(HoverTool(renderers=renderers, tooltips=[
            ("against", "@opponent"), ("win", "@win_text"), ("tie", "@tie_text"), ("lose", "@lose_text"),
            ("", "@note")]))
        self.plot = plot
        # the class goes on a wrapper: a Bokeh pane renders the plot itself, which drops css_classes
        self.pane = pn.Column(pn.pane.Bokeh(plot, sizing_mode="stretch_width"), css_classes=["odds-chart"],
                              sizing_mode="stretch_width")

    @staticmethod
    def _data(odds: Any) -> dict[str, list[Any]]:
        data: dict[str, list[Any]] = {"opponent": [], "note": []}
        for name, _, _ in OUTCOMES:
            data.update({f"{name}_from": [], f"{name}_to": [], f"{name}_text": []})
        for o in odds:
            data["opponent"].append(o.opponent)
            start = 0.0
            for name, _, _ in OUTCOMES:
                value = getattr(o, name) if o.possible else 0
                data[f"{name}_from"].append(start)
                start += float(value)
                data[f"{name}_to"].append(start)
                data[f"{name}_text"].append(f"{_percent(value)} (exactly {value})" if o.possible else "-")
            data["note"].append(f"over {o.combinations} possible palace sets" if o.possible else o.reason)
        return data

    def values(self, name: str) -> list[float]:
        """The chance of ``name`` (win, tie, lose) per opponent, as drawn."""
        d = self.source.data
        return [b - a for a, b in zip(d[f"{name}_from"], d[f"{name}_to"])]

    def update(self, odds: Any, title: str) -> None:
        data = self._data(odds)
        self.plot.y_range.factors = list(reversed(data["opponent"]))
        self.plot.height = 130 + 34 * max(1, len(data["opponent"]))
        self.plot.title.text = title
        self.source.data = data


class PotChart:
    """The pot at each position of the current line, with the cursor marked."""

    COLOURS = ("#1f5fbf", "#6b3fa0")

    def __init__(self, names: tuple[str, ...] = ("Pot",)) -> None:
        from bokeh.models import (DataRange1d, Grid, HoverTool, Legend, LegendItem, LinearAxis, Plot, Scatter, Step,
                                  Title)

        self.names = names
        self.source = data_source({"x": [], "label": [], **{f"y{i}": [] for i in range(len(names))}})
        self.marker = data_source({"x": [], "y": [], "label": []})
        plot = Plot(x_range=DataRange1d(), y_range=DataRange1d(start=0), height=170, sizing_mode="stretch_width",
                    toolbar_location=None, title=Title(text="Pot along this line"))
        items, lines = [], []
        for i, (name, colour) in enumerate(zip(names, self.COLOURS)):
            renderer = plot.add_glyph(self.source, Step(x="x", y=f"y{i}", mode="after", line_width=2,
                                                        line_color=colour))
            lines.append(renderer)
            items.append(LegendItem(label=name, renderers=[renderer]))
        here = plot.add_glyph(self.marker, Scatter(x="x", y="y", size=11, fill_color="#c0262d",
                                                   line_color="#c0262d"))
        items.append(LegendItem(label="you are here", renderers=[here]))
        x_axis = LinearAxis(axis_label="position in the line (0 = start)")
        y_axis = LinearAxis(axis_label="chips")
        plot.add_layout(x_axis, "below")
        plot.add_layout(y_axis, "left")
        plot.add_layout(Grid(dimension=0, ticker=x_axis.ticker))
        plot.add_layout(Grid(dimension=1, ticker=y_axis.ticker))
        plot.add_layout(Legend(items=items, location="top_left", label_text_font_size="9pt"))
        plot.add_tools(HoverTool(renderers=lines, tooltips=[("position", "@label"),
                                                            *[(n, f"@y{i}") for i, n in enumerate(names)]]))
        self.plot = plot
        self.pane = pn.Column(pn.pane.Bokeh(plot, sizing_mode="stretch_width"), css_classes=["pot-chart"],
                              sizing_mode="stretch_width")
        self._shown: Any = None

    def update(self, line: Any) -> None:
        """Show a ``tutor.model.table_data.PotLine``; only the marker moves when the line is the same."""
        key = (line.labels, line.series)
        if key != self._shown:
            self._shown = key
            data = {"x": list(range(len(line.labels))), "label": list(line.labels)}
            for i, (_, values) in enumerate(line.series):
                data[f"y{i}"] = list(values)
            self.source.data = data
        first = line.series[0][1]
        self.marker.data = {"x": [line.current], "y": [first[line.current]], "label": [line.labels[line.current]]}
