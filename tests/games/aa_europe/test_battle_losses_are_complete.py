"""Every unit a battle removes is among its losses, once, on the side it fought for: the casualties chosen, the
cargo that sinks with its transport when the casualty line is cleared [T L106], and the fighters a sunk carrier
leaves with nowhere to land [T L98, E L100]. Checked against the board itself: the units each event took off it."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from assistant.analysis.reports import build_report
from assistant.application import Assistant
from assistant.decider import ScriptedDice
from assistant.games.aa_europe import events as ev
from assistant.games.aa_europe.read_models.battles import BattleRecord, Battles, apply
from assistant.kinds import KindRegistry
from events.store import EventStore
from projections.base import Recorded

BISCAY, AZORES = "Bay of Biscay", "Azores Sea"


def do(app, gid, command: dict, faces=()) -> None:
    app.handle(gid, json.dumps(command), dice=ScriptedDice(list(faces)))


def until(app, gid, power: str, phase: str) -> None:
    while (app.view(gid).game.power, app.view(gid).game.phase) != (power, phase):
        do(app, gid, {"type": "aae.end_phase"})


def ids(app, gid, space: str, power: str, kind: str) -> list[int]:
    return sorted(i for i, u in app.view(gid).game.units_in(space) if (u.owner, u.kind) == (power, kind))


@pytest.fixture
def sea_war(tmp_path):
    """Round 1: Germany loads 2 infantry on a transport in the Bay of Biscay (a submarine beside it). Britain attacks
    with a destroyer and a fighter: the transport goes behind the line and sinks with its cargo at the end of the
    round, the submarine in round 2. A British fighter lands on the carrier in the Azores Sea, a zone with no land
    next to it; the fighter that attacked stays at sea and is lost at the end of the move. Round 2: a German
    submarine's surprise strike sinks the carrier; the fighter aboard it cannot land."""
    store = EventStore(tmp_path / "aae.sqlite3")
    app = Assistant(store, KindRegistry())
    gid = app.new_game("aa_europe", {})
    for command in ({"type": "aae.end_advance"}, {"type": "aae.split_advance", "amounts": {"ussr": 12}},
                    {"type": "aae.end_advance"}):
        do(app, gid, command)
    do(app, gid, {"type": "aae.edit", "reason": "the example's position",
                  "remove": [*ids(app, gid, BISCAY, "germany", "submarine")[1:], *ids(app, gid, AZORES, "germany", "submarine")],
                  "add": [{"space": BISCAY, "power": "germany", "kind": "transport"},
                          {"space": AZORES, "power": "uk", "kind": "carrier"},
                          {"space": "Central Atlantic", "power": "germany", "kind": "submarine"}]})
    until(app, gid, "germany", "noncombat_move")
    do(app, gid, {"type": "aae.load", "territory": "France", "zone": BISCAY, "units": {"infantry": 2}})
    until(app, gid, "uk", "combat_move")
    do(app, gid, {"type": "aae.move", "path": ["Celtic Sea", BISCAY], "ids": ids(app, gid, "Celtic Sea", "uk", "destroyer")})
    fighter, other = ids(app, gid, "United Kingdom", "uk", "fighter")
    do(app, gid, {"type": "aae.move", "path": ["United Kingdom", BISCAY], "ids": [fighter]})
    do(app, gid, {"type": "aae.end_phase"})
    do(app, gid, {"type": "aae.fire", "battle": BISCAY, "faces": [1, 6]})
    do(app, gid, {"type": "aae.choose_casualties", "battle": BISCAY, "units": {"transport": 1}})
    do(app, gid, {"type": "aae.fire", "battle": BISCAY, "faces": [6, 6]})  # the transport fires back, then sinks
    do(app, gid, {"type": "aae.fire", "battle": BISCAY, "faces": [1, 1]})
    do(app, gid, {"type": "aae.fire", "battle": BISCAY, "faces": [6]})
    do(app, gid, {"type": "aae.end_phase"})
    do(app, gid, {"type": "aae.move", "path": ["United Kingdom", "Celtic Sea", AZORES], "ids": [other]})
    assert app.view(gid).game.units[other].aboard  # on the carrier
    until(app, gid, "germany", "combat_move")
    do(app, gid, {"type": "aae.move", "path": ["Central Atlantic", AZORES],
                  "ids": ids(app, gid, "Central Atlantic", "germany", "submarine")})
    do(app, gid, {"type": "aae.end_phase"})
    do(app, gid, {"type": "aae.fire", "battle": AZORES, "faces": [1]})
    yield app, gid, fighter
    store.close()


def removals(app, gid) -> list[tuple[object, set[int], object]]:
    """(event, the units it took off the board, the game just before it), for every event that took some."""
    out = []
    before = app.view(gid, at=1).game
    for entry in app.log(gid)[1:]:
        after = app.view(gid, at=entry.seq).game
        if set(before.units) - set(after.units):
            out.append((entry.event, set(before.units) - set(after.units), before))
        before = after
    return out


def test_the_battles_lose_every_unit_the_log_removed_in_them_once(sea_war):
    app, gid, fighter_at_sea = sea_war
    view = app.view(gid)
    world = view.game.world
    records = {r.key: r for r in view.read("battles").records}
    assert set(records) == {BISCAY, AZORES}
    removed: dict[str, dict[int, str]] = {key: {} for key in records}
    elsewhere: set[int] = set()
    for event, gone, before in removals(app, gid):
        if isinstance(event, ev.UnitsEdited) or before.phase != "combat":
            elsewhere |= gone  # the example's position; the attacking fighter left at sea after its move [T L68]
            continue
        # in the combat phase: the battle the event names, or the one where aircraft lost their carrier [T L98]
        key = getattr(event, "battle", "") or {before.units[i].space for i in gone}.pop()
        assert key in records, f"{type(event).__name__} removed {sorted(gone)} outside any battle"
        attacker = records[key].attacker
        for i in gone:
            assert i not in removed[key]
            removed[key][i] = "attacker" if world.allied(before.units[i].owner, attacker) else "defender"
    for key, record in records.items():
        assert sum(record.lost.values()) == len(removed[key]), key
        assert record.fallen == removed[key]
    assert sum(sum(r.lost.values()) for r in records.values()) == sum(len(v) for v in removed.values())
    assert fighter_at_sea in elsewhere and not any(elsewhere & set(r.fallen) for r in records.values())
    # the transport, its two infantry, the submarine; the carrier, and the fighter that had nowhere to land
    assert records[BISCAY].lost == {"defender": 4} and records[AZORES].lost == {"defender": 2}
    rows = {row.where: row for row in build_report(app, gid).battles}
    assert rows[BISCAY].defender_losses == {"transport": 1, "infantry": 2, "submarine": 1}
    assert rows[AZORES].defender_losses == {"carrier": 1, "fighter": 1}  # the report's table counts the same


def test_cargo_cleared_with_the_line_is_lost_on_the_side_of_its_ship():
    """Both sides behind the line (after the surprise strikes): each cargo on the side of the ship it sinks with, as
    the board had them aboard; folded without the board (a replay of events alone), on the line's side when the line
    held one side only."""
    start = Battles(round=1, records=(BattleRecord(round=1, key=BISCAY, space=BISCAY, kind="naval", attacker="uk",
                                                   started_seq=2),))
    board = SimpleNamespace(units={10: SimpleNamespace(aboard=0), 11: SimpleNamespace(aboard=10),
                                   20: SimpleNamespace(aboard=0), 21: SimpleNamespace(aboard=20)})

    def fold(*events, game=board):
        b = start
        for n, e in enumerate(events, start=3):
            b = apply(b, Recorded(n, e, "", "", ""), game)
        return b.records[-1]

    chosen = (ev.CasualtiesChosen(battle=BISCAY, side="defender", units=(10,), removed=False),
              ev.CasualtiesChosen(battle=BISCAY, side="attacker", units=(20,), removed=False))
    both = fold(*chosen, ev.LineCleared(battle=BISCAY, units=(10, 20), cargo=(11, 21)))
    assert both.fallen == {10: "defender", 20: "attacker", 11: "defender", 21: "attacker"}
    assert both.lost == {"defender": 2, "attacker": 2}
    alone = fold(chosen[1], ev.LineCleared(battle=BISCAY, units=(20,), cargo=(21, 22)), game=None)
    assert alone.lost == {"attacker": 3}
    again = fold(*chosen, ev.LineCleared(battle=BISCAY, units=(10, 20), cargo=(11,)),
                 ev.LineCleared(battle=BISCAY, units=(10,), cargo=(11,)))
    assert again.lost == {"defender": 2, "attacker": 1}  # a unit is lost once
