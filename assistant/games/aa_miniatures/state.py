"""The write-side state: scenario, catalogue, armies, the map as recorded, each figure's status, the clock."""

from typing import Literal

import msgspec

from assistant.games.aa_miniatures.cards import Card

SIDES = ("axis", "allies")


def other(side: str) -> str:
    return "allies" if side == "axis" else "axis"


class Scenario(msgspec.Struct, frozen=True, kw_only=True):
    name: str  # standard | assault | custom
    budgets: dict[str, int]
    exact: dict[str, bool]  # a budget to be spent exactly (the Assault defender's 80 points: rulings)
    max_units: int
    objective_from: int  # first end of turn at which control of the objective wins (0: never)
    points_turn: int  # end of turn from which the higher surviving value wins (0: never)
    last_turn: int  # a hard end (0: none)
    attacker: str = ""  # Assault: the attacking side
    historical_limits: bool = False
    year: int = 0  # year restriction (0: none)
    year_rule: Literal["before", "up_to"] = "before"


class Unit(msgspec.Struct, frozen=True, kw_only=True):
    id: int
    card: str
    side: str
    label: str
    hex: str = ""  # "" until deployed
    facing: str = ""
    aboard: int = 0  # the Transport carrying it
    hidden: tuple[str, ...] = ()  # face-down counters since the last Casualty Phase, in order
    disrupted: bool = False  # face-up Disrupted
    damaged: bool = False  # face-up Damaged (permanent)
    destroyed: int = 0  # the turn it was removed
    moved: bool = False  # moved (or pivoted) this phase
    action: str = ""  # what it did in this Assault Phase: move | attack | demolish
    fired: bool = False  # made its defensive-fire attack this phase


class MoveWindow(msgspec.Struct, frozen=True, kw_only=True):
    """A move under way: the opponent may shoot at it, step by step, before it ends (p.21-22)."""

    unit: int
    path: tuple[str, ...]
    facing: str
    blocked: str = ""
    shot_step: int = 0  # shots at earlier steps are no longer possible (the mover has passed)
    shot_where: str = ""


class CoverDue(msgspec.Struct, frozen=True, kw_only=True):
    """An attack's hits are known and a cover roll would change them (p.24): the defender rolls."""

    attacker: int
    target: int
    kind: str
    hits: int
    successes: int
    defense: int
    needed: int
    ref: str
    step: int = 0
    where: str = ""


class ShotRecord(msgspec.Struct, frozen=True):
    """An assault attack whose counters are still face down: enough to redo them if its dice are corrected."""

    target: int
    hits: int
    defense: int
    covered: bool
    attacker: int = 0
    cover: str = ""  # none | ignored | automatic | rolled ("": not known, an older log)
    needed: int = 0  # the die a cover roll needs
    rolled: bool = False  # the cover roll was made (or automatic cover applied)


class Victory(msgspec.Struct, frozen=True):
    winner: str
    reason: str
    turn: int


Stage = Literal["build", "map", "deploy", "play", "over"]


class State(msgspec.Struct, frozen=True, kw_only=True):
    scenario: Scenario
    catalogue: dict[str, Card]
    units: dict[int, Unit] = {}
    next_id: int = 1
    stage: Stage = "build"
    final: tuple[str, ...] = ()  # sides whose armies are fixed
    terrain: dict[str, str] = {}  # hex -> terrain, as recorded
    rivers: frozenset[str] = frozenset()  # hexsides "A1|A2" (sorted pair)
    roads: frozenset[str] = frozenset()
    objectives: tuple[str, ...] = ()
    configuration: int = 0
    deploy_order: tuple[str, ...] = ()
    deploying: str = ""
    turn: int = 0
    phase: str = ""  # initiative | movement | assault
    owner: str = ""  # whose Movement or Assault Phase
    first: str = ""
    second: str = ""
    initiative_winner: str = ""
    window: MoveWindow | None = None
    cover: CoverDue | None = None
    road_bonus_used: frozenset[int] = frozenset()
    shots: dict[str, ShotRecord] = {}  # attack ref -> record, since the last Casualty Phase, in order
    control: tuple[str, ...] = ()  # per ended turn
    victory: Victory | None = None

    def card(self, unit: Unit | int) -> Card:
        u = self.units[unit] if isinstance(unit, int) else unit
        return self.catalogue[u.card]

    def army(self, side: str) -> list[Unit]:
        return [u for u in self.units.values() if u.side == side]

    def points(self, side: str) -> int:
        return sum(self.catalogue[u.card].cost for u in self.army(side))

    def on_map(self, side: str | None = None) -> list[Unit]:
        return [u for u in self.units.values() if u.hex and not u.destroyed and (side is None or u.side == side)]

    def terrain_of(self, hex_: str) -> str:
        return self.terrain.get(hex_, "clear")

    def recorded(self, hex_: str) -> bool:
        return hex_ in self.terrain

    @property
    def acting(self) -> str:
        """Who acts now: the phase's owner, the deploying side, or the side that must roll cover."""
        if self.cover is not None:
            return self.units[self.cover.target].side
        return self.owner or self.deploying


def hexside(a: str, b: str) -> str:
    return "|".join(sorted((a, b)))
