"""The write-side state of an A&A Europe game: frozen structs, replaced, never changed in place."""

import msgspec

from assistant.games.aa_europe.world import World


class Unit(msgspec.Struct, frozen=True, array_like=True):
    kind: str
    owner: str
    space: str
    aboard: int = 0  # the transport or carrier it is on (0: none)
    damaged: bool = False  # a battleship on its side after one hit [T L34]
    submerged: bool = False  # a submarine on its side until phase 6 [T L78]


class Mark(msgspec.Struct, frozen=True):
    """What one unit did this turn (cleared when a turn starts)."""

    used: int = 0  # spaces moved this turn (aircraft: over both moves [T L68])
    phase: str = ""  # combat_move or noncombat_move
    battle: str = ""  # the battle it joined
    done: bool = False  # its movement is over (unloaded cargo or transport, a carrier a fighter landed on...)
    boarded: bool = False  # cargo that boarded this turn
    landing: str = ""  # cargo waiting aboard to land here once its sea zone is cleared
    fought_at_sea: bool = False  # took part in a naval battle (no shore support [E L52], transports stop [T L106])
    captured: bool = False  # an AA gun captured this turn: it cannot move [T L82]
    retreated: bool = False  # an aircraft that withdrew from a battle: AA guns still fire on its way [T L32]


class Pending(msgspec.Struct, frozen=True):
    """Hits waiting for the casualty choice of the side that takes them."""

    side: str  # attacker | defender: whose units are hit
    hits: int
    fire: str
    no_air: int = 0
    no_sub: int = 0
    line: bool = True  # behind the casualty line (fire back, removed when the line is cleared) or removed at once
    ref: str = ""  # the throw that scored them
    kinds: tuple[str, ...] = ()  # per die of that throw, for a corrected throw


class Battle(msgspec.Struct, frozen=True):
    key: str
    space: str
    kind: str  # land | naval | bombing
    attacker: str
    units: tuple[int, ...] = ()
    came_from: tuple[str, ...] = ()
    amphibious: bool = False
    round: int = 1
    fired: tuple[str, ...] = ()  # fires done this round
    pending: Pending | None = None
    casualty_line: tuple[int, ...] = ()
    outcome: str = ""
    interceptors: tuple[int, ...] | None = None  # a raid: None until the defender declares them
    raid_hits: int = 0  # a raid: AA and interceptor hits the attacker takes once the escorts have fired [T L56]
    overland: tuple[int, ...] = ()  # land units that came over land (they may retreat; landed ones may not [E L52])


class Victory(msgspec.Struct, frozen=True):
    side: str
    winners: tuple[str, ...]
    reason: str


class State(msgspec.Struct, frozen=True):
    world: World
    players: tuple[tuple[str, ...], ...]
    options: dict[str, object]
    phase: str = "advance"  # "advance" before play, then the seven phases [T L29]
    advance_side: str = "axis"  # who buys with the cash advance now [T L26]
    round: int = 0
    power: str = ""
    units: dict[int, Unit] = {}
    next_id: int = 1
    control: dict[str, str] = {}  # land territories and convoy centres -> controller ("" neutral)
    complexes: frozenset[str] = frozenset()
    treasury: dict[str, int] = {}
    start_income: dict[str, int] = {}  # the chart's level at the start: the individual winner's baseline [T L13]
    advance: dict[str, int] = {}  # what each power still holds of the cash advance (spent first, kept if not)
    # this turn
    controlled_at_start: frozenset[str] = frozenset()
    purchased: dict[str, int] = {}
    marks: dict[int, Mark] = {}
    battles: dict[str, Battle] = {}
    captured_this_turn: frozenset[str] = frozenset()
    placed: dict[str, int] = {}  # complex -> units placed through it this turn
    # across turns
    held_until_soviet_turn: frozenset[int] = frozenset()  # units taken over by the USSR [T L68]
    middle_east_guns: dict[int, int] = {}  # AA gun -> round it was moved in the Middle East by an Ally [T L82]
    armed: dict[str, str] = {}  # power -> enemy capital it occupies, checked at its next turn [T L13]
    victory: Victory | None = None

    # ------------------------------------------------------------ reading helpers

    def mark(self, unit_id: int) -> Mark:
        return self.marks.get(unit_id, _NO_MARK)

    def controller(self, space: str) -> str:
        return self.control.get(space, "")

    def units_in(self, space: str) -> list[tuple[int, Unit]]:
        return [(i, u) for i, u in self.units.items() if u.space == space]

    def enemy_units_in(self, space: str, power: str, *, guns: bool = False) -> list[tuple[int, Unit]]:
        """Units at war with ``power`` there; AA guns and complexes only when ``guns`` (they do not fight)."""
        w = self.world
        return [
            (i, u)
            for i, u in self.units.items()
            if u.space == space and w.enemies(u.owner, power) and (guns or not w.units[u.kind].has("never_attacks"))
        ]

    def friendly(self, space: str, power: str) -> bool:
        """Controlled by the power or an ally, and no enemy unit there [T L25]."""
        if self.world.is_sea(space):
            held = self.controller(space)
            return not self.enemy_units_in(space, power) and (not held or self.world.allied(held, power))
        return self.world.allied(self.controller(space), power) and not self.enemy_units_in(space, power)

    def capital_held_by_enemy(self, power: str) -> bool:
        capital = self.world.capital_of(power)
        return bool(capital) and self.world.enemies(self.controller(capital), power)

    # ------------------------------------------------------------ the national production chart

    def income_lines(self, power: str) -> dict[str, int]:
        """Each space counted in the chart's level [T L17]: land territories (never the Middle East [T L17, L78])
        and, for an Ally, its convoy centres; Germany counts land territories only."""
        w = self.world
        return {
            s: w.value(s)
            for s, p in self.control.items()
            if p == power and w.value(s) and not w.middle_east(s) and (not w.is_sea(s) or w.spaces[s].owner == power)
        }

    def income(self, power: str) -> int:
        return sum(self.income_lines(power).values())

    def convoy_losses(self, power: str) -> dict[str, int]:
        """The power's convoy centres held by the enemy, with the income each one costs it [T L61]."""
        w = self.world
        return {
            s: w.value(s)
            for s, sp in w.spaces.items()
            if sp.convoy and sp.owner == power and w.enemies(self.controller(s), power)
        }

    def middle_east_column(self) -> int:
        """Total value of the Middle East countries Germany holds: what the Allies pay it [T L78]."""
        w = self.world
        return sum(w.value(s) for s, p in self.control.items() if w.middle_east(s) and w.side_of(p) == "axis")


_NO_MARK = Mark()
