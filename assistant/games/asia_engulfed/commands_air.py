"""Asia Engulfed air-naval commands (tags "ae.*"): Day Combat missions and rounds (AE 8.42), port and airbase
attacks (AE 8.7), the Pearl Harbor surprise (AE 9.11 j-k). Every input is bounded."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from events.base import Command

Id = Annotated[str, msgspec.Meta(min_length=1, max_length=64)]
Units = Annotated[tuple[Id, ...], msgspec.Meta(max_length=40)]
Faces = Annotated[tuple[int, ...], msgspec.Meta(max_length=200)]
# unit=mission pairs (attack, escort or cap): plain text so a phone's form reads "jp-cba-1=attack, jp-cba-2=cap"
Missions = Annotated[dict[Id, Annotated[str, msgspec.Meta(max_length=8)]], msgspec.Meta(max_length=40)]
Steps = Annotated[dict[Id, Annotated[int, msgspec.Meta(ge=1, le=2)]], msgspec.Meta(max_length=40)]


class AssignAir(Command, tag="ae.assign_air"):
    """AE 8.42a: after a Day interception, both sides' air missions for the round, revealed together:
    unit=attack, unit=escort or unit=cap. CBA on carriers in the sea zone; LBA from friendly uncontested zones
    bordering it, in the second round only."""

    sea: Id
    japan: Missions = {}
    allies: Missions = {}


class FightAir(Command, tag="ae.fight_air"):
    """AE 8.42d: the air combat of the open battle (a Day round's sea zone, or the zone attacked); Escort and CAP
    fire at once. Sweep: the CAP steps beyond twice the enemy Escort steps that fire at the Attack section (+1),
    as their owner chooses them (by default in the order the CAP was assigned)."""

    where: Id
    sweep: Steps = {}
    faces: Faces = ()  # Japan's dice, then the Allies', unit by unit in the order of the battle's missions


class FireAntiAircraft(Command, tag="ae.fire_anti_aircraft"):
    """AE 8.42e, 8.7: a side's fleets (and the port attacked) fire AA at the enemy's attacking air steps."""

    where: Id
    side: Literal["japan", "allies"]
    faces: Faces = ()


class LoseAirSteps(Command, tag="ae.lose_air_steps"):
    """The air steps a side loses in the open battle, named by their owner when the choice is his."""

    where: Id
    side: Literal["japan", "allies"]
    losses: Steps


class EndAirRound(Command, tag="ae.end_air_round"):
    """AE 8.42g: the aircraft return; CBA whose carrier sank land on another carrier in the sea zone (aboard);
    CBA beyond the room left are lost (lost: which, when it is the owner's choice)."""

    where: Id
    aboard: Annotated[dict[Id, Id], msgspec.Meta(max_length=40)] = {}
    lost: Steps = {}


class AttackPort(Command, tag="ae.attack_port"):
    """AE 8.7: a port or airbase attack from a sea zone: the attacker's Escort and Port Attack units (Port Attack
    only on a port bordering the sea zone); every defending air unit flies CAP. Strafe: at Pearl Harbor, Escort
    units that fire at the grounded LBA (AE 9.11j)."""

    zone: Id
    sea: Id
    escort: Units = ()
    port_attack: Units = ()
    strafe: Units = ()


class StrikePort(Command, tag="ae.strike_port"):
    """AE 8.7: each surviving Port Attack unit fires at a fleet in the port (+1) or at the facilities: unit=fleet
    or unit=port."""

    zone: Id
    targets: Annotated[dict[Id, Id], msgspec.Meta(min_length=1, max_length=40)]
    faces: Faces = ()


class DecidePearlHarbor(Command, tag="ae.decide_pearl_harbor"):
    """AE 9.11k: after the surprise port attack, Japan returns to base or stays; if it stays, the US fleets at sea
    in the Hawaiian Islands return to the US national port or intercept for one shortened Day round."""

    side: Literal["japan", "allies"]
    decision: Literal["stay", "return", "intercept"]


class Consolidate(Command, tag="ae.consolidate"):
    """AE 8.11: fleets of one type and one navy in one place merge into fewer fleets (1 to 4 steps each): keep =
    the fleets kept and the steps each has after; the others leave the map. Voluntary in port in Naval Movement
    and Return to Base, mandatory at sea in Air-Naval Combat before a Day or Night round."""

    fleets: Annotated[tuple[Id, ...], msgspec.Meta(min_length=2, max_length=12)]
    keep: Annotated[dict[Id, Annotated[int, msgspec.Meta(ge=1, le=4)]], msgspec.Meta(min_length=1, max_length=12)]
