"""Europe Engulfed events of the production phase: the WERP ledger and strategic warfare (EE 2.0, 4.0, 9.3x)."""

import msgspec

from events.base import Event


class LedgerLine(msgspec.Struct, frozen=True, kw_only=True):
    """One line of a nation's WERP ledger: signed amount, the rule that books it and why."""

    kind: str
    amount: int
    rule: str
    cause: str
    area: str = ""
    private: bool = False  # EE 4.5: which land steps were bought is the producer's secret; the amount is public


class ProductionBegan(Event, tag="ee.production_began"):
    """A nation opens its production phase; its income lines (base, areas, minors...) are booked at once (EE 4.1)."""

    turn: int
    nation: str
    lines: tuple[LedgerLine, ...]


class ProductionAnnounced(Event, tag="ee.production_announced"):
    """EE 4.5: the producing nation announces its WERP total, once income and the aid it received are in."""

    nation: str
    werp: int
    received: int = 0  # WERP sent to it this turn (lend-lease, U.S. aid, German aid to Italy) included in ``werp``


class LendLeaseRolled(Event, tag="ee.lend_lease_rolled"):
    """Pre-war U.S. lend-lease (EE 9.34): the receiving nation rolls a die and gets that many WERP."""

    nation: str
    die: int


class WerpTransferred(Event, tag="ee.werp_transferred"):
    """WERP sent from one nation's ledger to another's in the same phase (EE 9.35, 9.36, 9.43)."""

    sender: str
    receiver: str
    sent: int
    arrived: int
    route: str  # "direct" | "murmansk" | "persia"
    rule: str


class UBoatCampaignResolved(Event, tag="ee.uboat_campaign_resolved"):
    """EE 2.11-2.13: ASW roll (percentage of U-boats lost, rounded up), then U-boat attack on British WERP."""

    asw_level: int
    asw_die: int
    percent: int
    uboats_before: int
    uboats_lost: int
    attack_die: int
    werp_loss: int  # as read on the U-boat attack table
    booked: int  # what the ledger could absorb (never below 0)
    sm_penalty: int  # strategic moves Britain and the U.S.A. lose this turn


class AirRaidResolved(Event, tag="ee.air_raid_resolved"):
    """A strategic bombing raid (EE 2.22-2.27), every step of it."""

    raider: str  # side
    target: str  # nation
    weather: str
    bombers: int
    escorts: int
    interceptors: int
    intercepted: bool
    escorts_lost: int
    interceptors_lost: int
    bombers_lost_to_fighters: int
    flak_dice: int
    bombers_lost_to_flak: int
    hits: int
    cap: int
    werp_loss: int
    west_sm_reduction: int  # 2.27 bombing in support of land operations
    rail_interdiction: int  # 2.25


class VWeaponsResolved(Event, tag="ee.v_weapons_resolved"):
    """V-1 / V-2 attack on England (EE 2.28)."""

    kind: str  # "v1" | "v2"
    launched: int
    intercepted: int
    shot_by_flak: int
    damage: tuple[int, ...]  # WERP per surviving point
    werp_loss: int
    booked: int


class NavalMaintenancePaid(Event, tag="ee.naval_maintenance_paid"):
    """EE 4.2: the first payment of the phase, one WERP per supplied fleet point the nation maintains."""

    nation: str
    fleets: dict[str, int]
    due: int
    paid: int


class Purchased(Event, tag="ee.purchased"):
    """Something bought (or received free) in production, priced line by line.

    ``private`` purchases (land steps, EE 4.5) show only their cost to the other side.
    """

    nation: str
    item: str
    qty: int
    cost: int
    rule: str
    cause: str
    private: bool = False
    free: str = ""  # the rule key of a free grant (axis_minor_step, conscription, soviet_elites, minor_replacement)
    unit_id: str = ""
    kind: str = ""
    elite: bool = False
    max_steps: int = 0
    steps: int = 0
    area: str = ""
    sea: str = ""
    unrestricted: bool = False  # EE 7.8: replacements under an Unrestricted Replacement special action
    owner: str = ""  # the minor power of an Axis minor step, or "free_french"


class ConscriptionDeclared(Event, tag="ee.conscription_declared"):
    """Soviet Emergency Conscription (EE 9.24f, 10.5): free infantry steps over four production phases."""

    schedule: tuple[int, ...]


class ProductionClosed(Event, tag="ee.production_closed"):
    """The nation's phase ends; whatever WERP is left is forfeited (EE 4.1: no saving)."""

    nation: str
    forfeited: int
