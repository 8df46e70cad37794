"""Defects found at the table, each fixed and kept fixed: corrections in the battles read model, a raid that loses
its only bomber, state output stable between processes, edits that set a value or clear a space."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import datetime, timezone

import pytest

from assistant.application import Assistant
from assistant.decider import Refused
from assistant.games.aa_classic import commands as c
from assistant.games.aa_classic.describe import describe
from assistant.games.aa_classic.guidance import guidance
from assistant.kinds import KindRegistry
from events.store import EventStore
from tests.games.aa_classic.table import FINLAND, Table, ussr_attacks_finland


@pytest.fixture
def app(db_path):
    store = EventStore(db_path)
    yield Assistant(store, KindRegistry(), clock=lambda: datetime(2026, 11, 21, tzinfo=timezone.utc))
    store.close()


def test_a_dice_correction_shows_in_the_battles_read_model(app):
    gid = ussr_attacks_finland(app)
    out = app.handle(gid, json.dumps({"type": "aa.fire", "battle": FINLAND, "faces": [1, 1, 3]}))
    dice_seq = next(r.seq for r in out.events if r.event.__struct_config__.tag == "core.dice_rolled")
    app.handle(gid, json.dumps({"type": "core.correct_dice", "dice_seq": dice_seq, "faces": [1, 6, 6],
                                "reason": "mistyped"}))
    assert app.view(gid).game.battles[FINLAND].pending.hits == 1  # the game recounted
    record = next(r for r in app.view(gid).read("battles").records.values() if r.key == FINLAND)
    (throw,) = record.throws
    assert (throw.faces, throw.hits, throw.corrected) == ((1, 6, 6), 1, True)


def test_a_raid_whose_only_bomber_is_shot_down_ends():
    t = Table()
    t.until("uk", "combat_move")
    t.do(c.Move(path=("United Kingdom", "North Sea", "Western Europe", "Germany"), units={"bomber": 1},
                bombing=True, aa_faces=(6,)))
    t.do(c.EndStep())
    events = t.do(c.Fire(battle="Germany/bombing"), 1)  # Germany's AA gun hits
    assert describe(events[-1]) == "The raid on Germany ends: every bomber was shot down."
    assert t.state.battles["Germany/bombing"].outcome == "shot_down"
    assert "every battle is over" in guidance(t.state)
    t.do(c.EndStep())  # the combat step ends: no empty damage throw needed
    assert t.state.step == "noncombat_move"


def _state_json(db, gid: str, seed: str) -> bytes:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    return subprocess.run([sys.executable, "-m", "assistant", "--db", str(db), "state", gid, "--json"],
                          capture_output=True, check=True, env=env).stdout


def test_state_json_is_the_same_bytes_in_every_process(app, db_path):
    gid = ussr_attacks_finland(app)  # sets (captured territories, frozen sets of the turn) are in the state
    outputs = {_state_json(db_path, gid, seed) for seed in ("1", "2", "3")}
    assert len(outputs) == 1
    data = json.loads(outputs.pop())
    assert data["game"]["controlled_at_start"] == sorted(data["game"]["controlled_at_start"])


def test_treasury_and_income_can_be_set_to_a_value_or_changed_by_an_amount():
    t = Table()
    t.until("ussr", "purchase")
    said = [describe(e) for e in t.edit(reason="counted the money", treasury_to={"ussr": 30}, production_to={"uk": 25})]
    assert t.state.treasury["ussr"] == 30 and t.state.production["uk"] == 25
    assert said == ["Edit (counted the money): the USSR's treasury set to 30 IPC (+6).",
                    "Edit (counted the money): the UK's production level set to 25 (-5)."]
    t.edit(treasury={"ussr": -5})
    assert t.state.treasury["ussr"] == 25
    with pytest.raises(Refused, match="not both"):
        t.edit(treasury={"ussr": 1}, treasury_to={"ussr": 3})
    with pytest.raises(Refused, match="no power 'prussia'"):
        t.edit(treasury_to={"prussia": 3})


def test_a_space_is_cleared_in_one_edit():
    t = Table()
    t.until("ussr", "purchase")
    assert len(t.state.units_in("Karelia S.S.R.")) == 6
    t.edit(reason="knocked over", clear=("Karelia S.S.R.",))
    assert t.state.units_in("Karelia S.S.R.") == []
    with pytest.raises(Refused, match="holds no unit to clear"):
        t.edit(reason="again", clear=("Karelia S.S.R.",))


def test_placement_ends_only_when_nothing_waiting_can_be_placed():
    t = Table()
    t.until("ussr", "purchase")
    t.do(c.Purchase(units={"infantry": 2, "aa_gun": 1}))
    t.until("ussr", "placement")
    refusal = pytest.raises(Refused, t.do, c.EndStep()).value
    assert refusal.rule == "A&A §4.5" and "infantry at Karelia S.S.R., Russia" in refusal.message
    assert "aa gun" not in refusal.message  # both complexes already have an AA gun: one per territory
    t.do(c.Place(space="Russia", units={"infantry": 2}))
    # The AA gun cannot be placed anywhere (French rules: "Vous perdez le nouveau canon!"): ending loses it.
    events = t.do(c.EndStep())
    assert describe(events[0]) == "The USSR loses unplaced 1 AA gun: no complex can take them (A&A §4.5)."


def test_placement_may_end_anyway_with_a_reason_and_the_units_are_lost():
    t = Table()
    t.until("ussr", "purchase")
    t.do(c.Purchase(units={"infantry": 2}))
    t.until("ussr", "placement")
    events = t.do(c.EndStep(override="the pieces ran out"))
    assert [describe(e) for e in events[:2]] == [
        "The table overrides a rule (A&A §4.5: units waiting could still be placed) because the pieces ran out.",
        "The USSR loses unplaced 2 infantry: not placed (the pieces ran out).",
    ]


def test_time_travel_chips_and_text_name_the_same_turn_at_every_event(app):
    gid = ussr_attacks_finland(app)
    for command in ({"type": "aa.fire", "battle": FINLAND, "faces": [6, 6, 6]},
                    {"type": "aa.fire", "battle": FINLAND, "faces": [6, 6, 6, 6, 6]},
                    {"type": "aa.retreat", "battle": FINLAND, "to": "Karelia S.S.R."}):
        app.handle(gid, json.dumps(command))
    for _ in range(10):  # to Germany's combat move, through the turn's change
        app.handle(gid, '{"type": "aa.end_step"}')
    for seq in range(2, app.head(gid) + 1):
        view = app.view(gid, at=seq)
        # the banner's chips are the turn clock; its text is the game's guidance, read from the state
        assert (view.game.round, view.game.power, view.game.step) == (
            view.clock.round, view.clock.side, view.clock.phase), seq
        said = guidance(view.game)
        assert said.startswith(f"Round {view.clock.round}, " if view.clock.round else "Set up the board"), seq
