"""Reports: the model's chart series equal the projections' numbers; HTML/Markdown/JSON render; charts export."""

import msgspec
import pytest

from assistant.analysis import charts
from assistant.analysis.adapters import register_adapter
from assistant.analysis.reports import build_report, chart_file, report_command, round_ends
from events.core import AddNote, AddPlayer
from tests.analysis.generated import long_game
from tests.analysis.toy_adapter import TOY_ADAPTER

register_adapter(TOY_ADAPTER)


@pytest.fixture
def played(tmp_path):
    app, gid = long_game(tmp_path / "g.sqlite3", rounds=6)
    yield app, gid
    app.store.close()


def test_series_are_the_projection_numbers_at_each_round_end(played):
    app, gid = played
    report = build_report(app, gid)
    assert report.rounds == [0, 1, 2, 3, 4, 5, 6, 7]  # the last end of phase began round 7
    for i, seq in enumerate(report.round_ends):
        view = app.view(gid, at=seq)
        ledger = view.read("ledger").totals
        by_metric = {s.metric: s.values for s in report.series}
        for side in ("red", "blue"):
            assert by_metric["treasury"][side][i] == view.game.treasury[side]
            assert by_metric["units"][side][i] == view.game.units[side]
            assert by_metric["ledger"][side][i] == ledger.get(side, 0)


def test_round_ends_close_each_round_before_the_next_begins(played):
    app, gid = played
    entries = app.log(gid)
    ends = dict(round_ends(entries, entries[-1].seq))
    nxt = {e.event.round: e.seq for e in entries if e.type == "core.phase_began" and e.event.phase == "buy" and e.event.side == "red"}
    for r in range(1, 6):
        assert ends[r] == nxt[r + 1] - 1


def test_chart_plots_exactly_the_series(played):
    app, gid = played
    report = build_report(app, gid)
    treasury = next(s for s in report.series if s.metric == "treasury")
    fig = charts.figure(treasury)
    lines = {line.get_label(): (list(line.get_xdata()), list(line.get_ydata())) for line in fig.axes[0].lines}
    for side, values in treasury.values.items():
        assert lines[side] == (treasury.rounds, values)
    svg = charts.render(treasury, "svg")
    assert svg.startswith(b"<?xml") and b"<svg" in svg
    assert chart_file(app, gid, "units", "png").startswith(b"\x89PNG")
    with pytest.raises(ValueError):
        charts.render(treasury, "gif")


def test_charts_drawn_at_once_on_many_threads_are_the_charts_drawn_one_by_one(played):
    """The report page asks for its charts at once, each on a server thread: the drawings must not mix."""
    from concurrent.futures import ThreadPoolExecutor

    app, gid = played
    series = [s for s in build_report(app, gid).series if s.values] * 4
    alone = [charts.render(s, fmt) for s, fmt in zip(series, ("svg", "png") * len(series))]
    with ThreadPoolExecutor(max_workers=len(series)) as pool:
        together = list(pool.map(charts.render, series, ("svg", "png") * len(series)))
    assert together == alone


def test_battle_table_casualties_and_luck(played):
    app, gid = played
    report = build_report(app, gid)
    assert len(report.battles) == 12  # every side attacks every round (it always has units)
    hits = sum(b.defender_losses.get("unit", 0) for b in report.battles)
    assert sum(lost.get("unit", 0) for lost in report.casualties.values()) == hits
    assert sum(l.actual for l in report.luck.by_power.values()) >= hits  # hits beyond the units left are wasted
    assert set(report.luck.by_power) == {"red", "blue"}


def test_formats(played):
    app, gid = played
    app.handle(gid, AddPlayer(name="coach"), actor="coach")  # a coach at the table: notes only
    app.handle(gid, AddNote(about_seq=5, text="red should have kept reserves", arrow_from="red", arrow_to="blue"),
               actor="coach")
    html = report_command(app, gid, "html")
    assert html.count("<svg") == 3 and "red should have kept reserves" in html and "coach" in html
    md = report_command(app, gid, "md")
    assert "## Treasury" in md and "| red |" in md and "red should have kept reserves" in md
    data = msgspec.json.decode(report_command(app, gid, "json"))
    assert data["notes"][0]["about_seq"] == 5
    assert data["series"][0]["metric"] == "treasury"
    with pytest.raises(ValueError):
        report_command(app, gid, "pdf")


def test_report_of_a_game_not_started(app):
    gid = app.new_game("toy", {})
    report = build_report(app, gid)
    assert report.rounds == [0] and report.battles == []
    assert "No battle yet" in report_command(app, gid, "html")
