"""Reports for any game, finished or not, built from its log through the application layer.

``build_report`` reads the log (``app.log``) and, at the end of every round, a
view of the game's read models (``app.view(game_id, at=seq)``); the game's
adapter turns each view into the numbers charted (production level, treasury,
units, unit value, territories...). ``report_command`` renders the model as
HTML (with SVG charts), Markdown or JSON for ``tabletop report``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jinja2
import msgspec

from assistant import site_folders
from assistant.analysis import charts, teaching
from assistant.analysis.adapters import adapter_for
from assistant.analysis.luck import luck_report
from assistant.analysis.report_model import Note, Report, Series
from assistant.analysis.views import Views
from events.core import NoteAdded, PhaseBegan

TEMPLATES = site_folders.folder("templates")
FORMATS = ("html", "md", "json")


def round_ends(entries: list[Any], head: int) -> list[tuple[int, int]]:
    """(round, last event of that round) for round 0 (set-up) and every round begun, from the active log."""
    ends: list[tuple[int, int]] = []
    current = 0
    for entry in entries:
        if entry.cancelled or not isinstance(entry.event, PhaseBegan):
            continue
        if entry.event.round != current:
            ends.append((current, entry.seq - 1))
            current = entry.event.round
    ends.append((current, head))
    return [(r, seq) for r, seq in ends if seq >= 1]


def round_of(ends: list[tuple[int, int]], seq: int) -> int:
    """The round an event belongs to, from the rounds' last events."""
    for round_, last in ends:
        if seq <= last:
            return round_
    return ends[-1][0] if ends else 0


def build_report(app: Any, game_id: str) -> Report:
    row = app.game(game_id)
    gid = row.game_id
    adapter = adapter_for(app.kind_of(row.game_id).kind)
    entries = app.log(gid)
    head = entries[-1].seq if entries else 0
    ends = round_ends(entries, head)
    views = Views(app, gid)  # one pass over the log for every round end and battle
    values: dict[str, dict[str, list[float]]] = {m: {} for m in adapter.metrics}
    for i, (_round, seq) in enumerate(ends):
        snapshot = adapter.snapshot(views.view(gid, at=seq))
        for metric in adapter.metrics:
            for who, number in snapshot.get(metric, {}).items():
                # a power that appears later has no number before it existed
                values[metric].setdefault(who, [0.0] * i).append(float(number))
            for who, column in values[metric].items():
                if len(column) < i + 1:
                    column.append(0.0)
    rounds = [r for r, _ in ends]
    named = adapter.round_labels(entries)
    labels = [named.get(r) or ("set-up" if r == 0 else str(r)) for r in rounds] if named else []
    series = [Series(metric=m, title=t, rounds=rounds, values=values[m], labels=labels,
                     names={who: label(adapter.side_name(who)) for who in values[m]},
                     colours={who: adapter.colours[who] for who in values[m] if who in adapter.colours})
              for m, t in adapter.metrics.items()]
    battles = adapter.battles(views, gid, entries)
    casualties: dict[str, dict[str, int]] = {}
    for b in battles:
        for who, losses in ((b.attacker, b.attacker_losses), (b.defender, b.defender_losses)):
            book = casualties.setdefault(who, {})
            for kind, n in losses.items():
                book[kind] = book.get(kind, 0) + n
    notes = [
        Note(seq=e.seq, about_seq=e.event.about_seq, author=e.event.author, text=e.event.text,
             arrow_from=e.event.arrow_from, arrow_to=e.event.arrow_to)
        for e in entries
        if not e.cancelled and isinstance(e.event, NoteAdded)
    ]
    ledger = [
        msgspec.structs.replace(line, round=round_of(ends, line.seq)) if line.seq else line
        for line in (adapter.ledger(views.view(gid, at=head), entries) if head else [])
    ]
    def turn(round_: int, side: str) -> str:  # "round 1, USSR"; Europe Engulfed: "turn Sep/Oct 1941, Axis"
        when = named.get(round_) or ("set-up" if round_ == 0 else str(round_))
        return f"{adapter.round_name} {when}" + (f", {label(adapter.side_name(side))}" if side else "")

    luck = luck_report(entries, adapter.attribution(entries), turn=turn)
    shown = {who for s in series for who in s.values} | set(casualties) | set(luck.by_power)
    shown |= {who for b in battles for who in (b.attacker, b.defender)} | {line.who for line in ledger}
    return Report(
        game_id=gid, kind=row.kind, game_name=app.kind_of(gid).kind.title, title=row.title, head=head, rounds=rounds, round_name=adapter.round_name,
        round_labels=named,
        counts=adapter.counts, round_ends=[s for _, s in ends], series=series, battles=battles,
        casualties=casualties, ledger=ledger,
        luck=luck, notes=notes, names={who: label(adapter.side_name(who)) for who in sorted(shown) if who},
        turns=teaching.turns(entries),
    )


def label(name: str) -> str:
    """A side's name heading a table row or a legend entry: "USSR" rather than "the USSR"."""
    return name.removeprefix("the ")


def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=jinja2.select_autoescape(["html"]),
        trim_blocks=True, lstrip_blocks=True,
    )
    env.filters["plain"] = plain
    return env


def plain(text: object) -> str:
    """A game's key read as words: "aircraft_carrier" -> "aircraft carrier", "attacker_won" -> "attacker won"."""
    return str(text).replace("_", " ")


def render_html(report: Report, draw: Callable[[Series], bytes] | None = None) -> str:
    """The report as one HTML file, its charts inline; ``draw`` gives a chart's SVG (the web page passes the charts it
    keeps, drawn already for the page: matplotlib takes some 0.2 s a chart)."""
    draw = draw or (lambda s: charts.render(s, "svg"))
    svgs = {s.metric: draw(s).decode() for s in report.series if s.values}
    return _environment().get_template("report/report.html").render(report=report, charts=svgs)


def render_markdown(report: Report) -> str:
    return _environment().get_template("report/report.md").render(report=report)


def report_command(app: Any, game_id: str, fmt: str = "html") -> str | bytes:
    """What ``tabletop report GAME --format html|md|json`` prints."""
    if fmt not in FORMATS:
        raise ValueError(f"report formats are {', '.join(FORMATS)}, not {fmt!r}")
    report = build_report(app, game_id)
    if fmt == "json":
        return msgspec.json.format(msgspec.json.encode(report)).decode()
    if fmt == "md":
        return render_markdown(report)
    return render_html(report)


def chart_file(app: Any, game_id: str, metric: str, fmt: str = "svg") -> bytes:
    """One chart of the report exported as SVG or PNG (for the web page's download links)."""
    for series in build_report(app, game_id).series:
        if series.metric == metric:
            return charts.render(series, fmt)
    raise ValueError(f"no chart {metric!r} for this game")
