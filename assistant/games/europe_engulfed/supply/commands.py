"""Supply commands (EE 3.0, 7.9), tags "ee.*"."""

from __future__ import annotations

from typing import Literal

import msgspec

from events.base import Command
from assistant.games.europe_engulfed.events.supply import SeaChoice, Side


class LimitedSupplyOrder(msgspec.Struct, frozen=True, kw_only=True):
    """A Special Action ``nation`` spends so every unit in ``area`` gets Limited Supply (EE 7.9)."""

    area: str
    nation: str


class DetermineSupply(Command, tag="ee.determine_supply"):
    """Run the Initial or Final Supply determination for the phasing side (EE 1.21, 1.27, 3.6)."""

    side: Side
    phase: Literal["initial", "final"]
    limited_supply: tuple[LimitedSupplyOrder, ...] = ()


class ChooseSeaSupplyAllocation(Command, tag="ee.choose_sea_supply_allocation"):
    """Which units use which sea route when fleet capacity is short (EE 3.31–3.33). Units left out go
    without a sea line. ``accept_proposal`` takes the assistant's proposal instead of ``choices``."""

    side: Side
    choices: tuple[SeaChoice, ...] = ()
    accept_proposal: bool = False


class RecordSupplyVerdict(Command, tag="ee.record_supply_verdict"):
    """Where the board lacks a fact the trace needs, the players read their map and say."""

    side: Side
    unit_ids: tuple[str, ...]
    supplied: bool
    reason: str


SUPPLY_COMMANDS = (DetermineSupply, ChooseSeaSupplyAllocation, RecordSupplyVerdict)
