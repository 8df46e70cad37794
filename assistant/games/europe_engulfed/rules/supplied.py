"""What production needs to know about supply, asked of the supply rules (supply/queries.py) on the current state:
which resource areas trace supply for a nation (EE 4.12, 9.63, 9.15), which home areas are supply sources (4.41),
which fleet points have no supplied friendly port (4.2)."""

from __future__ import annotations

from assistant.games.europe_engulfed import data
from assistant.games.europe_engulfed.state import EEState
from assistant.games.europe_engulfed.supply.queries import resource_area_report, supply_sources, unsupplied_fleets
from assistant.games.europe_engulfed.supply.snapshot import situation


def supplied_resource_areas(s: EEState, nation: str, side: str | None = None) -> dict[str, str]:
    """Resource area -> reason, for the areas that trace supply for ``nation`` (friendly-controlled ones only)."""
    side = side or data.side_of(nation)
    report = resource_area_report(s.board, situation(s), nation, side)
    return {r.area: r.reason for r in report if r.supplied}


def undetermined_resource_areas(s: EEState, nation: str) -> dict[str, tuple]:
    """Friendly resource area -> the unknown board facts its failed trace touched (EE 3.1, 4.12): whether it
    counts for ``nation`` is for the board or the players to say, never a silent "no"."""
    side = data.side_of(nation)
    return {r.area: r.gaps for r in resource_area_report(s.board, situation(s), nation, side)
            if not r.supplied and r.gaps}


def unsupplied_reasons(s: EEState, nation: str) -> dict[str, str]:
    side = data.side_of(nation)
    return {r.area: r.reason for r in resource_area_report(s.board, situation(s), nation, side) if not r.supplied}


def is_supply_source(s: EEState, nation: str, area: str, side: str) -> bool:
    return area in supply_sources(s.board, situation(s), nation, side)


def unsupplied_fleet_counts(s: EEState, side: str) -> dict[tuple[str, str], int]:
    """(sea, nation) -> fleet points without a supplied friendly port in their sea area."""
    return {(f.sea, f.nation): f.count for f in unsupplied_fleets(s.board, situation(s), side)}
