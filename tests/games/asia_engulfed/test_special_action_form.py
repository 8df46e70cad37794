"""The Special Action form offers the nations that may spend one now, the acting side's first (the form opens on
the first choice), and the uses of the phase (AE 7.0-7.8)."""

from __future__ import annotations

from assistant.games.asia_engulfed import commands as c
from assistant.games.asia_engulfed.game import GAME
from tests.games.asia_engulfed.table import Table


def offered(t: Table) -> dict[str, tuple[str, ...]] | None:
    move = GAME.moves_by_command()[c.SpendSpecialAction]
    return move.choices(t.state) if move.when(t.state) else None


def test_the_allied_land_combat_offers_allied_nations_only():
    t = Table()
    t.do(c.Advance())
    t.advance_to("land_combat", "allies")
    assert offered(t) == {"nation": ("usa", "commonwealth"), "use": ("breakthrough", "chinese_attack")}


def test_the_japanese_naval_movement_offers_japan_then_us_code_breaking():
    t = Table()
    t.do(c.Advance())
    assert offered(t) == {"nation": ("japan", "usa"), "use": ("extended_naval", "code_breaking")}


def test_a_production_offers_the_producing_nation_and_none_for_china():
    t = Table()
    t.do(c.Advance())
    t.advance_to("production", "allies", producer="commonwealth")
    assert offered(t) == {"nation": ("commonwealth",), "use": ("unrestricted_replacements",)}
    t.advance_to("production", "allies", producer="china")
    assert offered(t) is None  # China has no Special Actions (AE 7.11)
