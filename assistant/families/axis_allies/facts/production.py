"""Buying, placing and the income: the facts the IPC ledger books."""

import msgspec


class UnitLine(msgspec.Struct, frozen=True):
    """A piece on the board as it stands: its id, kind, owner, space and what it is aboard (0: nothing)."""

    id: int
    kind: str
    owner: str
    space: str
    aboard: int = 0


class UnitsPurchased(msgspec.Struct, frozen=True):
    power: str
    units: dict[str, int]
    cost: int


class UnitsPlaced(msgspec.Struct, frozen=True):
    power: str
    space: str
    complex: str
    units: tuple[UnitLine, ...]


class UnitsForfeited(msgspec.Struct, frozen=True):
    """Units bought but not placed."""

    power: str
    units: dict[str, int]
    reason: str


class IncomeCollected(msgspec.Struct, frozen=True):
    power: str
    amount: int


class IncomeWithheld(msgspec.Struct, frozen=True):
    power: str
    reason: str
