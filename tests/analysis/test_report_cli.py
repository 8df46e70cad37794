"""`tabletop report GAME --format html|md|json` on a stored Axis & Allies game, and the charts exported as SVG and
PNG. The game is real: three rounds of the A&A random legal player, played through the application."""

from __future__ import annotations

import json
import struct
import xml.etree.ElementTree as ET

import pytest

from assistant import cli
from assistant.analysis import charts
from assistant.games.aa_classic.analysis_bench import aa_game
from assistant.analysis.reports import build_report, chart_file

POWERS = ("ussr", "germany", "uk", "japan", "usa")
NAMES = {"ussr": "USSR", "germany": "Germany", "uk": "UK", "japan": "Japan", "usa": "USA"}  # as players say them


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    db = tmp_path_factory.mktemp("report") / "aa.sqlite3"
    app, gid = aa_game(db, rounds=3)
    yield app, gid, str(db)
    app.store.close()


def report(capsys, db: str, gid: str, fmt: str, *extra: str) -> str:
    code = cli.main(["report", gid, "--format", fmt, "--db", db, *extra])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def test_json_format_is_the_report_model(stored, capsys):
    app, gid, db = stored
    data = json.loads(report(capsys, db, gid, "json"))
    model = build_report(app, gid)
    assert data["game_id"] == gid and data["kind"] == "aa_classic" and data["head"] == app.head(gid)
    assert data["rounds"] == model.rounds == [0, 1, 2, 3, 4]  # play stops as round 4 begins
    series = {s["metric"]: s["values"] for s in data["series"]}
    assert set(series) == {"production", "treasury", "units", "unit_value", "territories"}
    final = app.view(gid, at=model.round_ends[-1]).game
    for power in POWERS:
        assert series["treasury"][power][-1] == final.treasury[power]
        assert series["production"][power][-1] == final.production[power]
    assert len(data["battles"]) == len(model.battles)
    assert len(data["luck"]["rolls"]) == len(model.luck.rolls)
    # the ledger's causes are plain words: the set-up's figures, then each event's own sentence
    assert data["ledger"][0]["cause"] == "starting treasury"
    sentences = {e.seq: e.sentence for e in app.log(gid)}
    assert all(line["cause"] == sentences[line["seq"]] for line in data["ledger"] if line["seq"] > 1)
    assert not any(line["cause"].startswith(("aa.", "core.")) for line in data["ledger"])
    assert data["names"] == NAMES and all(s["names"] == NAMES for s in data["series"])  # ids keep the keys


def test_markdown_format(stored, capsys):
    app, gid, db = stored
    md = report(capsys, db, gid, "md")
    model = build_report(app, gid)
    assert md.startswith(f"# {model.title}\n")
    for title in ("## Production level (IPC)", "## Treasury (IPC)", "## Battles", "## Casualties by side",
                  "## Dice luck", "## Ledger"):
        assert title in md
    treasury = next(s for s in model.series if s.metric == "treasury")
    row = "| Germany | " + " | ".join(f"{v:g}" for v in treasury.values["germany"]) + " |"
    assert row in md
    assert "| set-up | 1 | 2 | 3 | 4 |" in md and "| 1 | set-up | Germany | treasury | +32 | 32 | starting treasury |" in md
    assert not any(f"| {power} |" in md for power in POWERS)


def test_html_format_to_a_file(stored, capsys, tmp_path):
    app, gid, db = stored
    target = tmp_path / "report.html"
    out = report(capsys, db, gid, "html", "-o", str(target))
    assert out.startswith(f"wrote {target} (")
    html = target.read_text()
    assert html.startswith("<!doctype html>") and html.rstrip().endswith("</html>")
    assert html.count("<svg") == 5 and "Battles" in html and "Dice luck" in html


def test_unknown_format_is_refused_by_the_parser(stored, capsys):
    _app, gid, db = stored
    with pytest.raises(SystemExit):
        cli.main(["report", gid, "--format", "pdf", "--db", db])
    capsys.readouterr()


def test_charts_export_as_svg_and_png(stored):
    app, gid, _db = stored
    model = build_report(app, gid)
    production = next(s for s in model.series if s.metric == "production")
    svg = chart_file(app, gid, "production", "svg")
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    texts = {"".join(t.itertext()).strip() for t in root.iter("{http://www.w3.org/2000/svg}text")}
    assert set(NAMES.values()) <= texts and production.title in texts  # text stays text in the SVG
    assert not set(POWERS) & texts and "round (0 = set-up)" in texts  # the legend names powers as players do
    assert chart_file(app, gid, "production", "svg") == svg  # no date, no random ids: the same bytes twice
    png = chart_file(app, gid, "production", "png")
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    assert (width, height) == (700, 360)  # 7 x 3.6 inches at 100 dpi
    fig = charts.figure(production)
    plotted = {line.get_label(): list(line.get_ydata()) for line in fig.axes[0].lines}
    assert plotted == {NAMES[power]: values for power, values in production.values.items()}
    with pytest.raises(ValueError):
        chart_file(app, gid, "morale", "svg")


def test_chart_export_from_the_command_line(stored, capsys, tmp_path):
    app, gid, db = stored
    svg_file = tmp_path / "treasury.svg"
    code = cli.main(["report", gid, "--chart", "treasury", "--format", "svg", "-o", str(svg_file), "--db", db])
    capsys.readouterr()
    assert code == 0 and svg_file.read_bytes() == chart_file(app, gid, "treasury", "svg")
    ET.fromstring(svg_file.read_bytes())
    png_file = tmp_path / "units.png"
    assert cli.main(["report", gid, "--chart", "units", "--format", "png", "-o", str(png_file), "--db", db]) == 0
    assert png_file.read_bytes().startswith(b"\x89PNG")
    code = cli.main(["report", gid, "--chart", "morale", "--format", "svg", "--db", db])
    _, err = capsys.readouterr()
    assert code == 1 and "morale" in err
    code = cli.main(["report", gid, "--format", "png", "--db", db])
    _, err = capsys.readouterr()
    assert code == 1 and "--chart" in err
