"""The air battle open at the table: a round of Day Combat in a sea zone (AE 8.42) or a port/airbase attack on a
zone (AE 8.7). Each air unit has one mission for the round; hits scored wait, section by section, until the owner
names the steps lost (or the choice is forced and the assistant applies it)."""

from __future__ import annotations

import msgspec

MISSIONS = ("attack", "escort", "cap", "port_attack")


class AirBattle(msgspec.Struct, frozen=True, kw_only=True):
    kind: str  # day (AE 8.42) | raid (AE 8.7)
    sea: str
    zone: str = ""  # the zone attacked (raid)
    round: int = 1
    rounds: int = 2  # AE 8.42: two rounds; one in the shortened round of AE 9.11k
    winner: str = ""  # the side that won the interception (day)
    surprise: str = ""  # the side that has surprise this round (AE 8.31d, 8.42b)
    missions: dict[str, str] = {}  # air unit -> attack | escort | cap | port_attack
    grounded: tuple[str, ...] = ()  # defending LBA that may not fly CAP (AE 9.11j): fired on, never firing
    strafe: tuple[str, ...] = ()  # escort units firing at the grounded LBA (AE 9.11j)
    bonus: bool = False  # AE 9.11c: the Japanese +1 of the first round in this sea zone
    stage: str = "assigned"  # assigned -> air_combat -> aa -> strike -> (recovered)
    aa: tuple[str, ...] = ()  # sides whose AA has fired this round
    struck: tuple[str, ...] = ()  # sides whose attack aircraft have fired this round
    owed: dict[str, dict[str, int]] = {}  # side -> section -> air steps still to lose
