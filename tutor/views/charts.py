"""Bokeh figures of the tables: battle odds and the pot along a line.

Both are built the first time they are asked for (the page does not pay for
bokeh.plotting until then) and afterwards only their data sources change, so
updating one on a step is a small patch. The numbers come from
:mod:`tutor.model.table_data` (the engine's exact odds, the states' pots).
"""

from __future__ import annotations

from typing import Any

import panel as pn

OUTCOMES = (("win", "#2f8a4a"), ("tie", "#c98a00"), ("lose", "#c0262d"))


def _percent(x: Any) -> str:
    return f"{float(x) * 100:.1f}%"


class OddsChart:
    """Horizontal stacked bars: for each opponent, the chance to win, tie and lose a battle.

    ``update(odds)`` takes ``BattleOdds`` values (from ``rules.palace_poker.odds``); opponents
    of the same banner suit (no battle possible) get an empty bar and say so in the tooltip.
    """

    def __init__(self) -> None:
        from bokeh.models import ColumnDataSource, HoverTool, Range1d
        from bokeh.plotting import figure

        self.source = ColumnDataSource(self._data(()))
        fig = figure(y_range=[], x_range=Range1d(0, 1), height=180, sizing_mode="stretch_width",
                     toolbar_location=None, tools="", title="Chance in a battle against each opponent")
        names = [name for name, _ in OUTCOMES]
        fig.hbar_stack(names, y="opponent", height=0.6, color=[c for _, c in OUTCOMES], source=self.source,
                       legend_label=["win", "tie (both out, or split)", "lose"])
        fig.add_tools(HoverTool(tooltips=[("against", "@opponent"), ("win", "@win_text"), ("tie", "@tie_text"),
                                          ("lose", "@lose_text"), ("", "@note")]))
        fig.xaxis.axis_label = "share of the opponent's possible palace cards"
        fig.xaxis.ticker = [0, 0.25, 0.5, 0.75, 1]
        fig.xaxis.major_label_overrides = {0: "0%", 0.25: "25%", 0.5: "50%", 0.75: "75%", 1: "100%"}
        legend = fig.legend[0]
        legend.orientation = "horizontal"
        legend.label_text_font_size = "9pt"
        legend.location = "center"
        fig.add_layout(legend, "below")  # outside the bars, so it never hides one
        fig.ygrid.grid_line_color = None
        self.figure = fig
        self.pane = pn.pane.Bokeh(fig, sizing_mode="stretch_width", css_classes=["odds-chart"])

    @staticmethod
    def _data(odds: Any) -> dict[str, list[Any]]:
        data: dict[str, list[Any]] = {"opponent": [], "win": [], "tie": [], "lose": [], "win_text": [],
                                      "tie_text": [], "lose_text": [], "note": []}
        for o in odds:
            data["opponent"].append(o.opponent)
            for name, _ in OUTCOMES:
                value = getattr(o, name) if o.possible else 0
                data[name].append(float(value))
                data[f"{name}_text"].append(f"{_percent(value)} ({value})" if o.possible else "-")
            data["note"].append(f"{o.combinations} possible palace sets" if o.possible else o.reason)
        return data

    def update(self, odds: Any, title: str) -> None:
        data = self._data(odds)
        self.figure.y_range.factors = list(reversed(data["opponent"]))
        self.figure.height = 130 + 34 * max(1, len(data["opponent"]))
        self.figure.title.text = title
        self.source.data = data


class PotChart:
    """The pot at each position of the current line, with the cursor marked."""

    COLOURS = ("#1f5fbf", "#6b3fa0")

    def __init__(self, names: tuple[str, ...] = ("Pot",)) -> None:
        from bokeh.models import ColumnDataSource, HoverTool
        from bokeh.plotting import figure

        self.names = names
        self.source = ColumnDataSource({"x": [], "label": [], **{f"y{i}": [] for i in range(len(names))}})
        self.marker = ColumnDataSource({"x": [], "y": [], "label": []})
        fig = figure(height=170, sizing_mode="stretch_width", toolbar_location=None, tools="",
                     title="Pot along this line")
        for i, (name, colour) in enumerate(zip(names, self.COLOURS)):
            fig.step("x", f"y{i}", source=self.source, mode="after", line_width=2, color=colour, legend_label=name)
        fig.scatter("x", "y", source=self.marker, size=11, color="#c0262d", legend_label="you are here")
        fig.add_tools(HoverTool(tooltips=[("position", "@label"), *[(n, f"@y{i}") for i, n in enumerate(names)]]))
        fig.xaxis.axis_label = "position in the line (0 = start)"
        fig.yaxis.axis_label = "chips"
        fig.legend.location = "top_left"
        fig.legend.label_text_font_size = "9pt"
        self.figure = fig
        self.pane = pn.pane.Bokeh(fig, sizing_mode="stretch_width", css_classes=["pot-chart"])
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
