"""Games are found, not listed: entry points, cheap titles, the moment's moves, and who threw each die."""

from __future__ import annotations

import json
import subprocess
import sys

from assistant.analysis.luck import by_clock
from assistant.application import Assistant
from assistant.decider import Moment
from assistant.kinds import KindRegistry
from events.core import DiceRolled
from events.store import EventStore


def test_listing_the_games_imports_none_of_them(tmp_path):
    probe = (
        "import sys\n"
        "from assistant import cli\n"
        f"cli.main(['--db', {str(tmp_path / 'x.sqlite3')!r}, '--json', 'kinds'])\n"
        "heavy = sorted(m for m in sys.modules if m.startswith('assistant.games.') or m.split('.')[0] in "
        "('numpy', 'matplotlib', 'flask'))\n"
        "print(heavy)\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    listed, imported = out.strip().rsplit("\n", 1)
    kinds = {k["kind"]: k["title"] for k in json.loads(listed)}
    assert kinds["aa_classic"] == "Axis & Allies (2nd edition)" and kinds["europe_engulfed"] == "Europe Engulfed"
    assert imported == "[]"


def test_built_in_games_register_through_the_entry_point_group():
    from importlib.metadata import entry_points

    names = {ep.name: ep.value for ep in entry_points(group="tabletop.games")}
    assert names["aa_classic"] == "assistant.games.aa_classic.game:GAME"
    registry = KindRegistry()
    for name in ("aa_classic", "europe_engulfed"):
        kind = registry.get(name).kind
        assert kind.name == name and registry.about(name).title == kind.title


def test_a_moment_matches_phases_steps_and_the_set_up():
    assert Moment().matches(("setup",)) and not Moment().matches(("purchase",))
    assert Moment(phase="production", step="build").matches(("production/build",))
    assert not Moment(phase="production", step="income").matches(("production/build",))
    assert Moment(phase="combat").matches(())


def test_the_moments_moves_of_axis_and_allies(tmp_path):
    app = Assistant(EventStore(tmp_path / "g.sqlite3"), KindRegistry())
    gid = app.new_game("aa_classic", {})
    assert [p.tag for p in app.moves(gid)] == ["aa.start", "aa.edit"]
    app.handle(gid, '{"type": "aa.start"}')
    assert [p.tag for p in app.moves(gid)] == ["aa.research", "aa.purchase", "aa.end_step", "aa.edit"]
    assert [p.tag for p in app.moves(gid, at=1)] == ["aa.start", "aa.edit"]  # time travel asks the past


def test_luck_credits_the_side_a_throw_names():
    roll = DiceRolled(purpose="defence", faces=(2,), source="physical", targets=(2,), thrower="germany", ref="b1")
    assert by_clock(7, roll, "ussr") == ("germany", "b1")
    unnamed = DiceRolled(purpose="attack", faces=(2,), source="physical", targets=(3,))
    assert by_clock(8, unnamed, "ussr") == ("ussr", "")
