"""The write-side state of a Europe Engulfed game: its structures, keys and the initial state (``evolve`` is beside it).

States are frozen: every change copies the dict it touches and replaces the field (team standard).
"""

from typing import Any

import msgspec
from msgspec.structs import replace

from assistant.games.europe_engulfed import calendar, data
from assistant.games.europe_engulfed.board import loader
from assistant.games.europe_engulfed.board.format import Board
from assistant.games.europe_engulfed.options import Options
from assistant.games.europe_engulfed.scenario.format import Scenario
from assistant.games.europe_engulfed.supply.state import SupplyState
import assistant.games.europe_engulfed.events as ev


class Block(msgspec.Struct, frozen=True, kw_only=True):
    """A land unit (wooden block) or ground support unit (kind "gsu", one step) on the map."""

    id: str
    nation: str
    kind: str
    max_steps: int
    steps: int
    area: str
    elite: bool = False
    oos: bool = False  # marked Out of Supply in the Initial Supply Phase (EE 1.21)
    moved: bool = False  # moved this player turn (EE 3.5 "moved" side of the OOS marker)
    revealed: bool = False  # face up since a combat round in a contested area (EE 6.24)

    @property
    def infantry_type(self) -> bool:
        return self.kind in ("infantry", "cavalry", "airborne", "militia")


class Track(msgspec.Struct, frozen=True, kw_only=True):
    """The General Information Track (Glossary "strategic elements"; GB and U.S. share one total, EE 9.32)."""

    uboats: int = 0
    asw: int = 0
    flak: dict[str, int] = {}  # "germany" / "britain"
    bombers: dict[str, int] = {}  # side
    fighters: dict[str, int] = {}  # side
    v1: int = 0
    v2: int = 0


class Ledger(msgspec.Struct, frozen=True, kw_only=True):
    """One nation's WERP for one production phase (digest §6.2): opens and closes at 0."""

    turn: int
    nation: str
    lines: tuple[ev.LedgerLine, ...] = ()
    opened: bool = False
    maintenance_paid: bool = False
    warfare: tuple[str, ...] = ()  # strategic warfare already resolved: "uboats", "raid", "v1", "v2"
    bought: dict[str, int] = {}  # per-turn counters: item -> quantity (strategic limits 2.3, FF steps 9.533...)
    placed: dict[str, int] = {}  # new units placed per area this phase (EE 4.41)
    unrestricted: tuple[str, ...] = ()  # areas opened by Unrestricted Replacement special actions (7.8)
    new_units: tuple[str, ...] = ()  # units built this phase (they cannot found a fortification, EE 6.91)
    last_item: str = ""  # the item bought last: the Buy form offers it again, as players often buy several
    closed: bool = False

    @property
    def balance(self) -> int:
        return sum(line.amount for line in self.lines)


class Politics(msgspec.Struct, frozen=True, kw_only=True):
    wars: tuple[str, ...] = ()  # "a|b" with a < b
    conquered: dict[str, int] = {}  # power -> turn conquered
    paris_taken: int = -1  # first turn Germany controlled Paris
    vichy: int = -1
    italy_at_war: int = -1
    usa_at_war: int = -1
    ussr_at_war: int = -1  # at war with Germany
    axis_minors_joined: int = -1
    morale_collapsed: int = -1
    pact: int = -1
    lend_lease_from: int = -1  # first Allied production phase with U.S. lend-lease (EE 9.34)
    conscription: int = -1  # turn of the first instalment (EE 9.24f)
    conscription_schedule: tuple[int, ...] = ()
    axis_minor_step: str = ""  # the minor that received the last free step (EE 9.15)
    axis_minor_step_turn: int = -1
    land_support_turn: int = -1  # last turn bombers supported land operations (EE 2.27)
    minors: dict[str, str] = {}  # minor power at war -> side it is friendly to (EE 9.63)
    vichy_war: int = -1  # the Western Allies declared war on Vichy (EE 9.31, 9.525)
    vichy_occupied: int = -1  # a German unit entered Marseille (EE 9.527)
    lebanon: int = -1  # German units took Vichy Lebanon (EE 9.524)
    french_fleet_escape: bool = False  # France conquered without Vichy: the Allies still choose the escaping FP (9.522)
    axis_took: dict[str, int] = {}  # novgorod / leningrad -> first turn the Axis controlled it (EE 9.17d)
    italians_in_france: int = -1  # first turn Italians may operate in all of France (EE 9.41)
    deployed: tuple[str, ...] = ()  # minor powers whose forces were deployed on the declaration of war (EE 9.61)
    deploying: tuple[str, ...] = ()  # minor powers just attacked whose forces the table has not deployed yet (9.61)

    def at_war(self, a: str, b: str) -> bool:
        return war_key(a, b) in self.wars


def war_key(a: str, b: str) -> str:
    return "|".join(sorted((a, b)))


class Transport(msgspec.Struct, frozen=True, kw_only=True):
    """A unit carried by sea in the current operational movement (EE 5.31): the opponent may still answer it with
    naval combat (8.11); its fleet points are "currently transporting" (8.14)."""

    sea: str
    nation: str  # whose fleet points carry it
    unit_id: str
    destination: str
    fleet_points: int = 1


class Landing(msgspec.Struct, frozen=True, kw_only=True):
    """An amphibious invasion or airborne assault made this player turn, until its first combat round or, when
    unopposed, the initial combat phase (EE 7.2, 7.22, 7.3, Glossary "controlled area")."""

    side: str
    kinds: tuple[str, ...]  # "amphibious" and/or "airborne"
    nations: tuple[str, ...]  # nations of the landing units (EE 7.26)
    infantry_nations: tuple[str, ...] = ()  # nations with infantry landing by sea (7.26: airborne do not count)
    sea: str = ""
    units: tuple[str, ...] = ()


class Battle(msgspec.Struct, frozen=True, kw_only=True):
    area: str
    rounds: int = 0
    counterattacked: bool = False


class EEState(msgspec.Struct, frozen=True, kw_only=True):
    board: Board
    options: Options
    turn: int = -1
    side: str = ""
    phase: str = ""
    step: str = ""
    weather: dict[str, str] = {}
    weather_winner: str = ""  # set by a variable-weather roll until the weather is set
    units: dict[str, Block] = {}
    pools: dict[str, dict[str, int]] = {}  # nation -> pool key ("infantry:4", "elite armor:4", "gsu:1") -> count
    control: dict[str, str] = {}  # area -> "Axis" | "Allied"; absent = neutral
    fleets: dict[str, dict[str, int]] = {}  # sea -> nation -> fleet points
    fleets_used: dict[str, dict[str, int]] = {}  # fleet points turned "w/out Transport" this game turn
    fleets_moved: dict[str, int] = {}  # fleet points transferred this game turn, by nation (EE 8.31, 8.32)
    transports: tuple[Transport, ...] = ()  # this operational move's sea transports still open to naval combat
    naval_fights: tuple[str, ...] = ()  # "sea:destination" answered by naval combat this phase (EE 5.31)
    landings: dict[str, Landing] = {}  # area -> amphibious / airborne landing of this player turn (EE 7.2, 7.3)
    airborne_turns: dict[str, int] = {}  # airborne unit -> last turn it assaulted (EE 7.3)
    german_on_italian_sea: int = -1  # last turn a German land unit used Italian sea transport (EE 9.12)
    holder: dict[str, str] = {}  # area -> the major power whose unit last took it (EE 9.22, 9.28, 9.33)
    fortress_attackers: dict[str, str] = {}  # unit that entered an enemy fortress this player turn -> where it came
    # from (EE 5.5, 6.85: excess attackers leave for the surrounding area; 6.86: Malta's go back to their port)
    phase_moves: tuple[str, ...] = ()  # units that moved in the current movement phase (EE 5.1: one move each)
    readings: dict[str, bool] = {}  # "turn:nation:area" -> the players' reading of a resource area's line (4.12)
    supply_checked: str = ""  # "turn:side:phase" of the last supply determination (EE 8.3 transfers come first)
    entered: dict[str, str] = {}  # Axis-controlled area -> "ussr" | "western" entering it this phase (EE 9.28)
    fortifications: dict[str, str] = {}  # area -> "normal" | "heavy"
    beachheads: dict[str, str] = {}  # area -> side of the invader (EE 7.22)
    conquered_by: dict[str, str] = {}  # resource area taken from its owner -> the major power that took it (4.7)
    supply: SupplyState = SupplyState()
    track: Track = Track()
    next_allowed: dict[str, int] = {}  # "flak_germany" / "flak_britain" / "asw" -> first year allowed again
    next_fleet: dict[str, int] = {}  # nation -> first turn a fleet point may be built again
    special_actions: dict[str, tuple[int, ...]] = {}  # nation -> turn each held marker was bought
    strategic_limits: dict[str, int] = {}
    sm_used: dict[str, int] = {}  # strategic moves used in the current movement phase
    sm_reduction: dict[str, int] = {}  # this turn's strategic-warfare reductions (2.13, 2.25)
    west_sm_reduction: int = 0  # 2.27: bomb hits cutting Axis strategic moves in the West zone this turn
    sa_uses: tuple[str, ...] = ()  # this phase's Special Action uses by area ("withdraw:x", "retreat:x", "reinforce:x")
    breakthrough_area: str = ""  # the area the current breakthrough operational move designated (EE 5.42)
    politics: Politics = Politics()
    ledgers: dict[str, Ledger] = {}
    queue: tuple[str, ...] = ()  # nations still to produce in this production phase
    fought: tuple[str, ...] = ()  # areas that had their initial combat round this player turn
    newly_contested: tuple[str, ...] = ()
    battle: Battle | None = None
    result: str = ""
    result_rule: str = ""

    @property
    def producing(self) -> str:
        return self.step if self.phase == "production" else ""

    def ledger(self, nation: str, turn: int | None = None) -> Ledger:
        t = self.turn if turn is None else turn
        return self.ledgers.get(ledger_key(t, nation)) or Ledger(turn=t, nation=nation)


AXIS_MINOR_NAMES = ("finland", "romania", "hungary", "bulgaria")  # EE 9.1


def side_of(state: EEState, power: str) -> str:
    """ "Axis", "Allied" or "neutral" for a major power, minor power, "vichy" or "free_french"."""
    if power in data.MAJORS:
        return data.side_of(power)
    if power in AXIS_MINOR_NAMES:
        return "Axis"
    if power == "free_french":
        return "Allied"
    return state.politics.minors.get(power, "neutral")


def ledger_key(turn: int, nation: str) -> str:
    """A ledger's key as players name it: the turn's opening month and the nation ("1942-09:germany")."""
    return f"{calendar.code(turn)}:{nation}"


def pool_key(kind: str, max_steps: int, elite: bool = False) -> str:
    return f"{'elite ' if elite else ''}{kind}:{max_steps}"


# ---------------------------------------------------------------- initial state


def initial_state(definition: dict[str, Any]) -> EEState:
    board = loader.from_dict(definition["board"])
    options = msgspec.convert(definition["options"], Options)
    return apply_scenario(EEState(board=board, options=options), options.scenario)


def apply_scenario(base: EEState, sc: Scenario) -> EEState:
    """The scenario's set-up on the table: units, pools, control, fleets, track, wars (play book 16-19)."""
    units = {
        u.id: Block(id=u.id, nation=u.nation, kind=u.kind, max_steps=u.max_steps, steps=u.steps or u.max_steps,
                    area=u.area, elite=u.elite)
        for u in sc.units
    }
    pools = {n: {pool_key(p.kind, p.max_steps, p.elite): p.count for p in entries} for n, entries in sc.pools.items()}
    t = sc.track
    track = Track(
        uboats=t.uboats, asw=t.asw, flak={"germany": t.flak_germany, "britain": t.flak_britain},
        bombers={"Axis": t.bombers_axis, "Allied": t.bombers_allied},
        fighters={"Axis": t.fighters_axis, "Allied": t.fighters_allied}, v1=t.v1, v2=t.v2,
    )
    start = calendar.index(sc.start_turn)
    politics = Politics(
        wars=tuple(sorted({war_key(a, b) for a, b in sc.wars})),
        conquered={p: start - 1 for p in sc.conquered},
        paris_taken=start - 1 if sc.paris_taken else -1,
        vichy=start - 1 if sc.vichy else -1,
        pact=start - 1 if sc.pact else -1,
    )
    politics = replace(
        politics,
        italy_at_war=start - 1 if _at_war_with_any(politics, "italy") else -1,
        usa_at_war=start - 1 if _at_war_with_any(politics, "usa") else -1,
        ussr_at_war=start - 1 if politics.at_war("germany", "ussr") else -1,
        axis_minors_joined=start - 1 if any(_at_war_with_any(politics, m) for m in AXIS_MINOR_NAMES) else -1,
    )
    return replace(
        base,
        turn=start - 1,
        units=units,
        pools=pools,
        control=dict(sc.control),
        fleets={s: dict(v) for s, v in sc.fleets.items()},
        track=track,
        next_allowed=dict(sc.next_allowed),
        next_fleet={n: calendar.index(c) for n, c in sc.next_fleet_allowed.items()},
        special_actions={n: (start - 1,) * k for n, k in sc.special_actions.items()},
        strategic_limits={**base.options.strategic_moves, **base.strategic_limits},
        conquered_by=dict(sc.conquered_by),
        politics=politics,
    )


def _at_war_with_any(p: Politics, power: str) -> bool:
    return any(power in key.split("|") for key in p.wars)
