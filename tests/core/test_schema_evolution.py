"""A log written by an older program still loads after its event type changed shape.

``fixtures/toy_v1.game.jsonl`` was exported by the test game (tests/toygame) when ``toy.units_bought`` was
at schema version 1: ``{side, count, cost}``. Two later versions are declared here:

* v2 adds ``unit`` (what was bought; everything bought before it existed was infantry);
* v3 renames ``side`` to ``buyer``.

The newer program registers upcasters v1->v2 and v2->v3 (``GameKind.upcasters``, handed to the
catalogue). The stored bytes never change, so the hash chain of the old file still verifies.
"""

from __future__ import annotations

from msgspec.structs import replace
from pathlib import Path
from typing import Any, ClassVar

import msgspec
import pytest

from assistant.application import Assistant
from assistant.decider import Context, Refused
from assistant.kinds import KindRegistry
from events.base import Command, Event
from events.exchange import read_lines
from events.store import EventStore
from events.upcasting import Upcaster
from tests.toygame.game import GAME as TOY, Buy, UnitsBought

FIXTURE = Path(__file__).parent / "fixtures" / "toy_v1.game.jsonl"
GAME_ID = "schema-v1-game"


class UnitsBoughtV3(Event, tag="toy.units_bought"):
    """Today's shape of the purchase fact."""

    schema_version: ClassVar[int] = 3
    buyer: str
    count: int
    cost: int
    unit: str


def _add_unit(payload: dict[str, Any]) -> dict[str, Any]:
    return {**payload, "unit": "infantry"}


def _rename_side(payload: dict[str, Any]) -> dict[str, Any]:
    payload["buyer"] = payload.pop("side")
    return payload


UPCASTERS = (Upcaster("toy.units_bought", 1, _add_unit), Upcaster("toy.units_bought", 2, _rename_side))


def _evolve(state: Any, event: Event) -> Any:
    if isinstance(event, UnitsBoughtV3):
        event = UnitsBought(side=event.buyer, count=event.count, cost=event.cost)
    return TOY.evolve(state, event)


def _decide(command: Command, state: Any, ctx: Context) -> list[Event]:
    events = list(TOY.decide(command, state, ctx))
    return [
        UnitsBoughtV3(buyer=e.side, count=e.count, cost=e.cost, unit="infantry") if isinstance(e, UnitsBought) else e
        for e in events
    ]


def _newer_toy(upcasters: tuple[Upcaster, ...]) -> KindRegistry:
    events = tuple(UnitsBoughtV3 if e is UnitsBought else e for e in TOY.events)
    kind = replace(TOY, events=events, evolve=_evolve, decide=_decide, projections=(),
                   upcasters=upcasters)
    registry = KindRegistry({})
    registry.register(kind)
    return registry


@pytest.fixture
def newer(tmp_path) -> Assistant:
    return Assistant(EventStore(tmp_path / "newer.sqlite3"), _newer_toy(UPCASTERS))


def test_the_fixture_really_holds_version_1_purchases():
    rows = read_lines(FIXTURE.read_bytes())  # also proves its chain
    bought = [r for r in rows if r.type == "toy.units_bought"]
    assert len(bought) == 4 and {r.version for r in bought} == {1}
    assert all(set(msgspec.json.decode(r.payload)) == {"type", "side", "count", "cost"} for r in bought)


def test_old_log_loads_through_the_upcasters_with_its_chain_and_bytes_unchanged(newer):
    old = FIXTURE.read_bytes()
    assert newer.import_game(old) == GAME_ID
    assert newer.verify(GAME_ID) is None
    assert newer.export(GAME_ID) == old, "stored bytes are the old bytes: upcasting happens on read only"

    purchases = [e.event for e in newer.log(GAME_ID) if e.type == "toy.units_bought"]
    assert all(type(p) is UnitsBoughtV3 for p in purchases)
    assert [(p.buyer, p.count, p.cost, p.unit) for p in purchases] == [
        ("red", 2, 6, "infantry"),
        ("blue", 1, 3, "infantry"),  # later undone, still readable
        ("blue", 3, 9, "infantry"),
        ("red", 1, 3, "infantry"),
    ]
    state = newer.view(GAME_ID).game
    assert state.treasury == {"red": 8, "blue": 3} and state.units == {"red": 3, "blue": 1}


def test_play_continues_in_the_new_shape_after_the_old_events(newer, tmp_path):
    newer.import_game(FIXTURE.read_bytes())
    newer.handle(GAME_ID, '{"type": "toy.end_phase"}')  # the file stops in red's attack: now blue buys
    out = newer.handle(GAME_ID, Buy(count=1))
    row = next(newer.store.rows(GAME_ID, out.first_seq - 1, out.first_seq))
    assert row.version == 3 and b'"buyer":"blue"' in row.payload
    assert newer.view(GAME_ID).game.units["blue"] == 2
    assert newer.verify(GAME_ID) is None
    mixed = newer.export(GAME_ID)
    again = Assistant(EventStore(tmp_path / "again.sqlite3"), _newer_toy(UPCASTERS))
    again.import_game(mixed)
    assert again.export(GAME_ID) == mixed and again.view(GAME_ID).states == newer.view(GAME_ID).states


def test_a_missing_upcaster_is_named_and_nothing_is_imported(tmp_path):
    partial = Assistant(EventStore(tmp_path / "partial.sqlite3"), _newer_toy(UPCASTERS[1:]))
    with pytest.raises(Refused, match=r"line 3: toy.units_bought cannot be read \(no upcaster for toy.units_bought "
                                      r"from version 1 to 2\)"):
        partial.import_game(FIXTURE.read_bytes())
    assert partial.games() == []


def test_the_old_program_refuses_a_log_from_the_newer_one(newer, tmp_path):
    newer.import_game(FIXTURE.read_bytes())
    newer.handle(GAME_ID, '{"type": "toy.end_phase"}')
    newer.handle(GAME_ID, Buy(count=1))
    registry = KindRegistry({})
    registry.register(TOY)
    older = Assistant(EventStore(tmp_path / "older.sqlite3"), registry)
    with pytest.raises(Refused, match=r"toy.units_bought was written by a newer version \(3\) than this program "
                                      r"knows \(1\)"):
        older.import_game(newer.export(GAME_ID))
    assert older.games() == []
