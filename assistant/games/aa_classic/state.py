"""The write-side state of an Axis & Allies game: frozen structs, updated only by replacing them."""

import msgspec

from assistant.games.aa_classic.world import World
from assistant.games.aa_classic.events import UnitLine


class Unit(msgspec.Struct, frozen=True, array_like=True):
    kind: str
    owner: str
    space: str
    aboard: int = 0  # id of the transport or carrier it is on, 0 if none


class Mark(msgspec.Struct, frozen=True):
    """What one unit has done this turn (cleared when a turn starts)."""

    used: int = 0  # spaces moved this turn (aircraft: over both moves)
    step: str = ""  # the step it moved in: combat_move or noncombat_move
    battle: str = ""  # the battle it joined
    done: bool = False  # its movement is over (unloaded transport, landed cargo, carrier a fighter landed on...)
    boarded: bool = False  # cargo that boarded this turn: boarding and landing are its whole move
    landing: str = ""  # cargo waiting aboard to land here once its sea zone is cleared
    fought_at_sea: bool = False  # took part in a naval battle this turn (battleships lose their support shot)
    captured: bool = False  # an AA gun captured this turn: it cannot move (A&A §3.3 AA gun)
    fired_rocket: bool = False  # an AA gun that fired a rocket: it cannot move in the non-combat move (memo (5))


class Pending(msgspec.Struct, frozen=True):
    """Hits waiting for their owner's casualty choice."""

    side: str  # the side that loses units: attacker | defender
    hits: int
    ships_only: int  # hits aircraft cannot take (submarine fire)
    line: bool  # behind the casualty line (they still fire this round) rather than removed at once
    fire: str
    targets: tuple[int, ...] = ()
    restricted: tuple[int, ...] = ()
    ref: str = ""  # the throw that scored them


class Fire(msgspec.Struct, frozen=True):
    """One throw of a battle and what it did, kept so a corrected throw can be recounted."""

    fire: str
    side: str  # the side that fired
    round: int
    hits: int
    ships_only: int
    targets: tuple[int, ...]
    restricted: tuple[int, ...] = ()
    taken: tuple[UnitLine, ...] = ()  # casualties taken for it, cargo included, as they were


class Battle(msgspec.Struct, frozen=True):
    key: str
    space: str
    kind: str  # land | naval | bombing
    attacker: str
    units: tuple[int, ...] = ()
    came_from: tuple[str, ...] = ()
    amphibious: bool = False
    round: int = 1
    fired: tuple[str, ...] = ()  # fires done this round: first_strike, attack, defence:<power>
    aa_done: bool = False
    support_done: bool = False
    pending: Pending | None = None
    casualty_line: tuple[int, ...] = ()
    outcome: str = ""
    fires: dict[str, Fire] = {}  # throw ref -> what it did


class Flight(msgspec.Struct, frozen=True):
    """Aircraft under AA fire over a space during the combat move (per throw ref)."""

    power: str
    space: str
    aircraft: tuple[int, ...]  # the aircraft fired at
    preference: tuple[int, ...]  # the order the owner named for losses (then the cheapest)
    end: str  # where the move ends
    came: str  # the space before it
    arrival: str  # land | naval | bombing
    down: tuple[UnitLine, ...] = ()


class Damage(msgspec.Struct, frozen=True):
    """A raid or rocket payment: what the owner had before it, the dice total and what it paid."""

    territory: str
    owner: str
    total: int
    paid: int
    before: int


class Victory(msgspec.Struct, frozen=True):
    side: str
    kind: str
    reason: str
    individual_winner: str = ""
    percentages: dict[str, float] = {}


class State(msgspec.Struct, frozen=True):
    world: World
    players: tuple[tuple[str, ...], ...]
    options: dict[str, bool]
    round: int = 0
    power: str = ""
    step: str = ""
    units: dict[int, Unit] = {}
    next_id: int = 1
    control: dict[str, str] = {}  # land territory -> controlling power ("" = neutral, untouched)
    treasury: dict[str, int] = {}
    production: dict[str, int] = {}
    start_production: dict[str, int] = {}
    technologies: dict[str, tuple[str, ...]] = {}
    complexes: dict[str, bool] = {}  # territory -> True if it is an original complex
    # this turn
    controlled_at_start: frozenset[str] = frozenset()
    research_done: bool = False
    breakthroughs: int = 0
    purchased: dict[str, int] = {}
    marks: dict[int, Mark] = {}
    battles: dict[str, Battle] = {}
    captured_this_turn: frozenset[str] = frozenset()
    placed: dict[str, int] = {}  # complex territory -> units placed through it this turn
    new_complexes: frozenset[str] = frozenset()  # placed this turn: they produce from the next turn
    rocket_fired: bool = False
    research_ref: str = ""  # this turn's research throw and its breakthroughs, for corrections
    research_sixes: int = 0
    tech_rolls: dict[str, tuple[str, ...]] = {}  # this turn's technology throws -> technologies they gave
    flights: dict[str, Flight] = {}  # this turn's AA fire at aircraft flying over
    damages: dict[str, Damage] = {}  # every raid and rocket payment of the game, by throw ref
    victory: Victory | None = None

    # -------------------------------------------------------------- reading helpers

    def techs(self, power: str) -> tuple[str, ...]:
        return self.technologies.get(power, ())

    def has_tech(self, power: str, tech: str) -> bool:
        return tech in self.technologies.get(power, ())

    def mark(self, unit_id: int) -> Mark:
        return self.marks.get(unit_id, _NO_MARK)

    def units_in(self, space: str) -> list[tuple[int, Unit]]:
        return [(i, u) for i, u in self.units.items() if u.space == space]

    def controller(self, territory: str) -> str:
        return self.control.get(territory, "")

    def capital_held_by_enemy(self, power: str) -> bool:
        capital = self.world.capital_of(power)
        return bool(capital) and self.world.enemies(self.controller(capital), power)

    def enemy_units_in(self, space: str, power: str) -> list[tuple[int, Unit]]:
        """Units at war with ``power`` in ``space``; AA guns do not make a territory occupied (memo)."""
        w = self.world
        return [
            (i, u)
            for i, u in self.units.items()
            if u.space == space and w.enemies(u.owner, power) and "never_attacks" not in w.units[u.kind].flags
        ]

    def friendly_territory(self, territory: str, power: str) -> bool:
        return self.world.allied(self.controller(territory), power) and not self.enemy_units_in(territory, power)


_NO_MARK = Mark()
