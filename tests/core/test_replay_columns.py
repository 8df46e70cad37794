"""A long range read as columns (``events/columns.py``: one row of aggregates, each column split in one call) folds
to the states of the plain fold, byte for byte, on both stores; and where the fast read does not apply (a command
id holding the separator, an event of an older schema) the fold reads rows and still gives the same states."""

from __future__ import annotations

from msgspec.structs import replace
from typing import Any, ClassVar

import msgspec
import pytest

from assistant import bench, replay
from assistant.application import Assistant
from assistant.kinds import KindRegistry
from assistant.replay import Timeline
from events.base import Event
from events.columns import of_aggregates
from events.store import NewEvent
from events.upcasting import Upcaster
from projections.base import Projection, Recorded
from tests.core.test_properties import naive_states
from tests.toygame import game as toy

LONG = replay.BATCH_DECODE * 2 + 1


def _long_game(store, registry: KindRegistry | None = None) -> Assistant:
    bench.write_log(store, "long", toy, LONG)
    app = Assistant(store, registry or bench._registry(toy), checkpoint_every=10**9)
    app.handle("long", toy.EditTreasury(side="red", amount=5, reason="typo"))
    app.handle("long", '{"type": "core.undo"}')
    app.handle("long", '{"type": "core.redo"}')
    app.handle("long", toy.EditTreasury(side="blue", amount=2, reason="late income"), command_id="late,income")
    app.handle("long", toy.EditTreasury(side="blue", amount=1, reason="bonus"))
    app.handle("long", '{"type": "core.undo"}')
    return app


def _unchecked_view(store, registry: KindRegistry, seq: int) -> replay.View:
    """A view folded from scratch without the per-event check: the fold the PostgreSQL store always does."""
    app = Assistant(store, registry, checkpoint_every=10**9)
    timeline = Timeline(store, app.kind_of("long"), "long", app.definition("long"), 10**9)
    timeline.checks = False
    return timeline.view_at(seq)


def _encoded(states: tuple[Any, ...]) -> list[bytes]:
    return [msgspec.msgpack.encode(s) for s in states]


class Envelope(msgspec.Struct, frozen=True):
    last: tuple[str, str, str] = ("", "", "")


def _envelope(state: Envelope, rec: Recorded) -> Envelope:
    return Envelope(last=(rec.recorded_at, rec.actor, rec.command_id))


def _with_envelope_reader(reads: bool) -> KindRegistry:
    kind = replace(toy.GAME, projections=(
        *toy.GAME.projections,
        Projection("envelope", lambda d: Envelope(), _envelope, Envelope, events=(toy.TreasuryEdited,),
                   reads_envelope=reads),
    ))
    registry = KindRegistry({})
    registry.register(kind)
    return registry


@pytest.fixture
def reads(monkeypatch, any_store):
    """What each call of ``replay_columns`` answered: columns (True) or None (False)."""
    answered: list[bool] = []
    real = any_store.replay_columns

    def spying(*args):
        out = real(*args)
        answered.append(out is not None)
        return out

    monkeypatch.setattr(any_store, "replay_columns", spying)
    return answered


def test_a_long_range_read_as_columns_folds_as_the_plain_fold(any_store, reads):
    app = _long_game(any_store)
    loaded, definition = app.kind_of("long"), app.definition("long")
    # from scratch up to before the command id with a comma: read as columns
    upto = app.head("long") - 4
    reads.clear()  # playing the game on the PostgreSQL store folded too
    view = _unchecked_view(any_store, bench._registry(toy), upto)
    assert reads == [True]
    expected = naive_states(any_store, loaded, "long", definition, upto)
    assert view.states == expected and _encoded(view.states) == _encoded(expected)


def test_a_command_id_holding_a_comma_sends_the_read_back_to_rows(any_store, reads):
    app = _long_game(any_store)
    head = app.head("long")
    reading = _with_envelope_reader(True)  # the command ids are read only for a read model that reads them
    reads.clear()
    view = _unchecked_view(any_store, reading, head)
    assert reads == [False]  # the split made one part too many: the columns were refused, rows read instead
    expected = naive_states(any_store, reading.get("toy"), "long", app.definition("long"), head)
    assert _encoded(view.states) == _encoded(expected)
    reads.clear()
    assert _unchecked_view(any_store, bench._registry(toy), head).states[:4] == view.states[:4]
    assert reads == [True], "no read model reads the command ids: the columns are read without them"


# ---------------------------------------------------------------- an event type at its second schema


class UnitsBoughtV2(Event, tag="toy.units_bought"):
    """A later shape of the purchase: what was bought. Its default is not what the upcaster says of old events, so
    an old event decoded as today's class without upcasting would read differently."""

    schema_version: ClassVar[int] = 2
    side: str
    count: int
    cost: int
    unit: str = "not said"


class Bought(msgspec.Struct, frozen=True):
    units: tuple[str, ...] = ()


def _bought(state: Bought, rec: Recorded) -> Bought:
    if not isinstance(rec.event, UnitsBoughtV2):  # the plain fold hands every event to every read model
        return state
    return Bought(units=(*state.units[-4:], rec.event.unit))


def _newer(state: Any, event: Event) -> Any:
    if isinstance(event, UnitsBoughtV2):
        event = toy.UnitsBought(side=event.side, count=event.count, cost=event.cost)
    return toy.evolve(state, event)


def _newer_registry() -> KindRegistry:
    kind = replace(
        toy.GAME,
        events=tuple(UnitsBoughtV2 if e is toy.UnitsBought else e for e in toy.GAME.events),
        evolve=_newer,
        projections=(Projection("bought", lambda d: Bought(), _bought, Bought, events=(UnitsBoughtV2,)),),
        upcasters=(Upcaster("toy.units_bought", 1, lambda payload: {**payload, "unit": "infantry"}),),
    )
    registry = KindRegistry({})
    registry.register(kind)
    return registry


def test_events_of_an_older_schema_in_a_long_range_are_upcast(any_store, reads):
    app = _long_game(any_store)
    head = app.head("long") - 4
    # a purchase written today, at version 2, after the old ones
    any_store.append("long", app.head("long"), [NewEvent("toy.units_bought", 2, msgspec.json.encode(
        UnitsBoughtV2(side="red", count=1, cost=3, unit="artillery")))], actor="table", command_id="newer",
        recorded_at="2026-11-23T20:00:00.000000Z")
    newer = _newer_registry()
    reads.clear()
    view = _unchecked_view(any_store, newer, head)
    assert reads == [True]  # read as columns, then found to hold version-1 events: read again as rows
    assert view.read("bought").units == ("infantry",) * 5
    expected = naive_states(any_store, newer.get("toy"), "long", app.definition("long"), head)
    assert _encoded(view.states) == _encoded(expected)
    last = _unchecked_view(any_store, newer, app.head("long"))
    assert last.read("bought").units[-1] == "artillery"


# ---------------------------------------------------------------- the envelope: read only when a read model says so


@pytest.mark.parametrize("checked", [False, True])
def test_the_envelope_reaches_the_read_models_that_say_they_read_it(any_store, checked):
    app = _long_game(any_store)
    upto = app.head("long") - 3  # after the redo: the last edit in force is the first one ("typo")
    row = next(any_store.rows("long", upto - 3, upto - 2))
    for reads, expected in ((True, (row.recorded_at, row.actor, row.command_id)), (False, ("", "", ""))):
        registry = _with_envelope_reader(reads)
        fresh = Assistant(any_store, registry, checkpoint_every=10**9)
        timeline = Timeline(any_store, fresh.kind_of("long"), "long", fresh.definition("long"), 10**9)
        timeline.checks = checked and timeline.checks  # the PostgreSQL store never checks
        view = timeline.view_at(upto)
        assert view.read("envelope").last == expected, (reads, checked)
        assert view.read("ledger") == _unchecked_view(any_store, bench._registry(toy), upto).read("ledger")


# ---------------------------------------------------------------- the aggregates themselves


@pytest.mark.parametrize("row, why", [
    ((3, 2, 4, "1,1,1", "t,t,t", "a,a,a", "c,c,c", '{},{},{}'), "the first event is not the one after"),
    ((3, 1, 4, "1,1,1", "t,t,t", "a,a,a", "c,c,c", '{},{},{}'), "a gap: four numbers, three events"),
    ((3, 1, 3, "1,1,1", "t,t,t", "a,a,a", "c,x,c,c", '{},{},{}'), "a command id holding a comma"),
    ((3, 1, 3, "1,one,1", "t,t,t", "a,a,a", "c,c,c", '{},{},{}'), "a version that is no number"),
    ((3, 1, 3, "1,1,1", "t,t,t", "a,a,a", "c,c,c", b'{},{},{}'), "payloads that are not text"),
    ((0, None, None, None, None, None, None, None), "no event"),
])
def test_aggregates_that_do_not_split_into_the_rows_counted_are_refused(row, why):
    assert of_aggregates(0, row) is None, why


def test_aggregates_split_into_columns():
    columns = of_aggregates(4, (2, 5, 6, "1,2", "t5,t6", "table,red", "c,d", '{"a":1},{"b":[1,2]}'))
    assert columns is not None and len(columns) == 2
    assert (list(columns.seqs), columns.versions, columns.recorded_at, columns.actors, columns.command_ids) == (
        [5, 6], [1, 2], ["t5", "t6"], ["table", "red"], ["c", "d"])
    assert msgspec.json.decode(columns.payloads) == [{"a": 1}, {"b": [1, 2]}]
