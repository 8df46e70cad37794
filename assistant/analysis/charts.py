"""Charts of the report's per-round series, drawn with matplotlib (Agg backend: no display needed).

A chart is drawn only from a ``Series`` of the report model, whose numbers were
read from the game's projections; ``figure`` returns the matplotlib figure so
tests can check that the plotted points are those numbers.
"""

from __future__ import annotations

import io
import threading
from typing import TYPE_CHECKING

from assistant.analysis.report_model import Series

if TYPE_CHECKING:
    from matplotlib.figure import Figure

FORMATS = {"svg": "image/svg+xml", "png": "image/png"}
# Text stays text in the SVG (selectable, and drawing glyphs as paths was most of a report's time);
# fixed margins instead of tight_layout and a fixed legend corner for the same reason.
STYLE = {"svg.fonttype": "none", "svg.hashsalt": "report"}
_DRAWING = threading.Lock()


def _matplotlib():
    """matplotlib, with the Agg backend chosen before anything draws; loaded by the first chart (it costs the web
    server about a second of start-up otherwise)."""
    import matplotlib

    matplotlib.use("Agg")
    return matplotlib


def figure(series: Series) -> Figure:
    _matplotlib()
    from matplotlib.figure import Figure

    fig = Figure(figsize=(7.0, 3.6), dpi=100)
    ax = fig.add_subplot()
    # Named rounds (game turns) are evenly spaced in play order, whatever their numbers.
    xs = list(range(len(series.rounds))) if series.labels else series.rounds
    for who, values in series.values.items():
        ax.plot(xs, values, marker="o", markersize=3, label=series.names.get(who, who), color=series.colours.get(who))
    ax.set_title(series.title)
    ax.set_xlabel("game turn" if series.labels else "round (0 = set-up)")
    ax.grid(True, alpha=0.3)
    if series.rounds:
        every = 1 if len(series.rounds) <= 20 else max(1, len(series.rounds) // 20)
        ax.set_xticks(xs[::every])
        if series.labels:
            ax.set_xticklabels(series.labels[::every], rotation=45, ha="right", fontsize="small")
    if series.values:
        ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize="small", frameon=False)
    # room on the right for the legend's longest name ("Great Britain", "Soviet Union"): about 6 px a letter
    longest = max((len(series.names.get(who, who)) for who in series.values), default=0)
    right = min(0.86, 1 - (45 + 6 * longest) / (fig.get_figwidth() * fig.dpi))
    fig.subplots_adjust(left=0.09, right=right, top=0.9, bottom=0.27 if series.labels else 0.14)
    return fig


def render(series: Series, fmt: str = "svg") -> bytes:
    if fmt not in FORMATS:
        raise ValueError(f"charts export as {', '.join(FORMATS)}, not {fmt!r}")
    buffer = io.BytesIO()
    # One chart at a time in a process: the report page asks for its charts at once, each on a thread of the
    # server, and matplotlib is not thread-safe (``rc_context`` sets and restores the process's one rcParams).
    with _DRAWING, _matplotlib().rc_context(STYLE):
        figure(series).savefig(buffer, format=fmt, metadata={"Date": None} if fmt == "svg" else None)
    return buffer.getvalue()
