"""Production asks the same state several supply questions (which resource areas count, which are unknown, why the
others do not): the trace of every resource area is worked out once per state and nation, and a new state, even
one that took a dropped state's place in memory, gets its own."""

from __future__ import annotations

import msgspec

from assistant.games.europe_engulfed.rules import supplied
from assistant.games.europe_engulfed.supply.queries import resource_area_report
from assistant.games.europe_engulfed.supply.snapshot import situation
from tests.games.europe_engulfed.test_supply_game import game


def test_each_state_gets_its_own_report_worked_out_once():
    s = game()
    assert set(supplied.supplied_resource_areas(s, "britain")) == {"london", "midlands"}
    first = supplied._report(s, "britain", "Allied")
    assert supplied._report(s, "britain", "Allied") is first  # asked again: not traced again
    for i in range(40):  # states made and dropped, more than are kept: each answered from its own control
        holder = "Axis" if i % 2 else "Allied"
        other = msgspec.structs.replace(s, control={**s.control, "midlands": holder})
        expected = {r.area for r in resource_area_report(other.board, situation(other), "britain", "Allied")
                    if r.supplied}
        assert set(supplied.supplied_resource_areas(other, "britain")) == expected
        assert ("midlands" in expected) == (holder == "Allied")
        assert supplied.unsupplied_reasons(other, "britain").keys().isdisjoint(expected)
    assert set(supplied.supplied_resource_areas(s, "britain")) == {"london", "midlands"}
