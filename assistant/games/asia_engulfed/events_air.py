"""Asia Engulfed air-naval events (tags "ae.*"): air missions in Day Combat (AE 8.42), port and airbase attacks
(AE 8.7), the Pearl Harbor surprise (AE 9.11 b, j, k), Extended Naval Operations (AE 8.23) and the Japanese
Extended Return to Base (AE 7.5)."""

from events.base import Event


class AirAssigned(Event, tag="ae.air_assigned"):
    """A round of Day Combat opens (AE 8.42a-b): every air unit's mission, revealed by both sides at once."""

    sea: str
    round: int
    missions: dict[str, str]  # air unit -> attack | escort | cap
    rounds: int = 2
    winner: str = ""
    surprise: str = ""  # the side with surprise: no CAP or Escort, no LBA, the other side's CBA wait (AE 8.42b)
    bonus: bool = False  # AE 9.11c: Japanese air +1 in the first round in this sea zone


class RaidOpened(Event, tag="ae.raid_opened"):
    """A port or airbase attack (AE 8.7): the attacker's Escort and Port Attack units; every defending air unit
    flies CAP (AE 9.11j: at Pearl Harbor the defending LBA may not, and is fired on without firing back)."""

    zone: str
    sea: str
    missions: dict[str, str]  # air unit -> escort | port_attack | cap
    grounded: tuple[str, ...] = ()
    strafe: tuple[str, ...] = ()
    bonus: bool = False
    surprise_attack: bool = False  # the Pearl Harbor surprise port attack (AE 9.11j)
    second: bool = False  # the second port attack round at Hawaii (AE 9.11k)


class AirFought(Event, tag="ae.air_fought"):
    """AE 8.42d: Escorts and CAP fire at once, one die per step; CAP steps beyond twice the enemy Escort steps fire
    at the Attack section with +1. ``owed`` = the air steps each side loses, section by section."""

    where: str
    dice: tuple[tuple[str, int, int, str], ...]  # (unit, die, needed, fired at: cap|escort|attack|grounded)
    sweep: dict[str, int] = {}  # CAP unit -> steps beyond the 2:1 ratio, firing at the Attack section
    owed: dict[str, dict[str, int]] = {}


class AntiAircraftFired(Event, tag="ae.anti_aircraft_fired"):
    """AE 8.42e / 8.7: one die per two naval steps (plus the port's dice); each 6 kills an attacking air step."""

    where: str
    side: str  # the side firing
    dice: int
    hits: int
    halved: bool = False  # AE 9.11f
    owed: dict[str, int] = {}  # section -> steps the attacker loses


class AirStepsLost(Event, tag="ae.air_steps_lost"):
    """Air steps lost in a section of the battle, as the owner named them or as forced."""

    where: str
    side: str
    losses: dict[str, int]
    sections: dict[str, int] = {}  # section -> steps taken from it
    eliminated: tuple[str, ...] = ()
    cause: str = ""


class PortStruck(Event, tag="ae.port_struck"):
    """AE 8.7: port attackers at a fleet in port (8.42f with +1) or at the facilities (each 6 one damage, max 3)."""

    zone: str
    shots: tuple[tuple[str, str, int, int, str], ...]  # (air unit, fleet or "port", die, modifier, result)


class AirBattleEnded(Event, tag="ae.air_battle_ended"):
    """The round's end (AE 8.42g): CBA re-homed on carriers in the sea zone, CBA beyond their capacity lost."""

    where: str
    round: int
    aboard: dict[str, str] = {}  # CBA -> carrier it lands on
    lost: dict[str, int] = {}  # CBA -> steps lost for want of room
    eliminated: tuple[str, ...] = ()
    last: bool = True  # no further round of this battle


class PearlHarborDecided(Event, tag="ae.pearl_harbor_decided"):
    """AE 9.11k: after the surprise port attack Japan returns or stays; the US fleets at sea leave for the US
    national port or fight one shortened Day round."""

    side: str
    decision: str  # japan: stay | return; allies: intercept | return


EVENTS = (AirAssigned, RaidOpened, AirFought, AntiAircraftFired, AirStepsLost, PortStruck, AirBattleEnded,
          PearlHarborDecided)


class FleetsConsolidated(Event, tag="ae.fleets_consolidated"):
    """AE 8.11: fleets of one type and navy merged into fewer: the steps and damaged steps each kept fleet has now,
    the fleets removed, and the CBA that moved to another carrier."""

    keep: dict[str, int]
    removed: tuple[str, ...]
    damaged: dict[str, int] = {}
    cba: dict[str, str] = {}


EVENTS = EVENTS + (FleetsConsolidated,)
