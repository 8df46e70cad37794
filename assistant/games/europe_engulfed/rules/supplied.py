"""What production needs to know about supply, asked of the supply rules (supply/queries.py) on the current state:
which resource areas trace supply for a nation (EE 4.12, 9.63, 9.15), which home areas are supply sources (4.41),
which fleet points have no supplied friendly port (4.2)."""

from __future__ import annotations

from assistant.games.europe_engulfed import data
from assistant.games.europe_engulfed.state import EEState
from assistant.games.europe_engulfed.supply.queries import (ResourceAreaSupply, resource_area_report, supply_sources,
                                                            unsupplied_fleets)
from assistant.games.europe_engulfed.supply.snapshot import situation

# The last reports worked out, by state (its identity: states are never changed, only replaced) and nation: the
# rules of one command ask several questions of the same state (which areas count, which are unknown, why the
# others do not), each a trace of every resource area. The entries hold their states, so an identity is never
# reused while its entry stands.
_REPORTS: dict[tuple[int, str, str], tuple[EEState, tuple[ResourceAreaSupply, ...]]] = {}
_REPORTS_KEPT = 16


def _report(s: EEState, nation: str, side: str) -> tuple[ResourceAreaSupply, ...]:
    key = (id(s), nation, side)
    kept = _REPORTS.get(key)
    if kept is not None and kept[0] is s:
        return kept[1]
    report = resource_area_report(s.board, situation(s), nation, side)
    if len(_REPORTS) >= _REPORTS_KEPT:
        _REPORTS.clear()
    _REPORTS[key] = (s, report)
    return report


def supplied_resource_areas(s: EEState, nation: str, side: str | None = None) -> dict[str, str]:
    """Resource area -> reason, for the areas that trace supply for ``nation`` (friendly-controlled ones only)."""
    side = side or data.side_of(nation)
    return {r.area: r.reason for r in _report(s, nation, side) if r.supplied}


def undetermined_resource_areas(s: EEState, nation: str) -> dict[str, tuple]:
    """Friendly resource area -> the unknown board facts its failed trace touched (EE 3.1, 4.12): whether it
    counts for ``nation`` is for the board or the players to say, never a silent "no"."""
    side = data.side_of(nation)
    return {r.area: r.gaps for r in _report(s, nation, side) if not r.supplied and r.gaps}


def unsupplied_reasons(s: EEState, nation: str) -> dict[str, str]:
    side = data.side_of(nation)
    return {r.area: r.reason for r in _report(s, nation, side) if not r.supplied}


def is_supply_source(s: EEState, nation: str, area: str, side: str) -> bool:
    return area in supply_sources(s.board, situation(s), nation, side)


def unsupplied_fleet_counts(s: EEState, side: str) -> dict[tuple[str, str], int]:
    """(sea, nation) -> fleet points without a supplied friendly port in their sea area."""
    return {(f.sea, f.nation): f.count for f in unsupplied_fleets(s.board, situation(s), side)}
