"""Territories and capitals changing hands."""

import msgspec


class TerritoryCaptured(msgspec.Struct, frozen=True):
    """Control changed at once (``method``: battle, blitz, unoccupied, ... per game)."""

    territory: str
    by: str
    previous: str
    controller: str
    method: str
    liberated: bool = False


class CapitalCaptured(msgspec.Struct, frozen=True):
    """The captor takes every IPC the capital's owner holds."""

    capital: str
    owner: str
    captor: str
    seized: int
