"""The write-side state of an Asia Engulfed game (frozen; ``evolve`` replaces what an event changes)."""

from typing import Any

import msgspec

from assistant.games.asia_engulfed.battles import AirBattle
from assistant.games.asia_engulfed.board import loader
from assistant.games.asia_engulfed.board.format import Board
from assistant.games.asia_engulfed.scenario.format import Piece, PoolAddition, Scenario


class Build(msgspec.Struct, frozen=True, kw_only=True):
    """A construction marker and where it stands (AE 4.71-4.76)."""

    marker: str
    nation: str
    track: str
    faces: tuple[str, ...]
    available_from: str = ""
    build: str = ""  # the face chosen when placed (fixed until it completes, AE 4.72)
    box: int = 0
    needed: int = 0
    advanced_turn: int = -1  # the turn of its last paid advance (one WERP a turn, AE 4.73)
    completed_turn: int = -1  # not reusable in the turn it completes (AE 4.76)
    waiting: bool = False  # built, held in the Built box until something can take it (AE 4.74-4.75)


class AirCommitment(msgspec.Struct, frozen=True, kw_only=True):
    """One land combat round's Air Commitment Display at a zone (AE 6.21): each air unit's use that round."""

    round: int
    uses: dict[str, str] = {}  # air unit -> "air combat" | "ground support"


class AEState(msgspec.Struct, frozen=True, kw_only=True):
    board: Board
    scenario: Scenario = Scenario()
    set_up: bool = False
    bid: int = -1  # -1 = no bid made (AE 10.4 is optional)
    players: tuple[str, ...] = ()  # the players at the table: named in the options or the log (core.player_added)
    turn: int = 0  # 0 = before the first turn
    side: str = ""  # the phasing side: japan | allies
    phase: str = "setup"
    producer: str = ""  # the nation producing now (AE 4.6: one at a time)
    control: dict[str, str] = {}
    pieces: dict[str, Piece] = {}
    damaged: dict[str, int] = {}  # fleet -> damaged steps awaiting damage resolution (AE 8.6)
    balances: dict[str, int] = {}  # "nation:account" -> value (werp, oil, tc, ta, submarine_points, bomber_points)
    tracks: dict[str, int] = {}  # asw, dud_torpedoes, kamikaze, jp_sr, us_level, hdf_<island>
    builds: dict[str, Build] = {}
    network: dict[str, int] = {}
    network_set_turn: int = -1
    submarine_zone: str = ""
    special_actions: dict[str, tuple[int, ...]] = {}  # nation -> turn each held one was bought
    unrestricted: tuple[str, ...] = ()  # zones opened for replacements this production (AE 7.8)
    code_breaking_years: tuple[int, ...] = ()
    code_broken: str = ""  # the sea zone read by US Code Breaking this player turn (AE 7.6)
    port_damage: dict[str, int] = {}
    forts: tuple[str, ...] = ()
    supply: dict[str, str] = {}  # piece -> full | partial | none, from the last determination
    oos: tuple[str, ...] = ()  # marked Out of Supply in the initial determination (AE 1.12c)
    moved: tuple[str, ...] = ()  # pieces that moved this player turn
    oil_paid: tuple[str, ...] = ()  # Japanese blocks that paid oil this player turn (1 a block, ruling)
    determined: tuple[str, ...] = ()  # "turn:side:phase" supply determinations done
    sr_used: dict[str, int] = {}  # units moved strategically this phase, per nation (AE 5.24)
    sa_used: tuple[str, ...] = ()  # Special Action uses bought this player turn (e.g. chinese_attack, AE 7.7)
    spent: dict[str, int] = {}  # per-production counters "nation:item" (limits AE 4.62, 4.63, 4.41)
    built_here: tuple[str, ...] = ()  # pieces created this production (AE 6.81: cannot found a fortification)
    strategic: tuple[str, ...] = ()  # strategic warfare resolved this Japanese production: submarines, bombing
    banzai: dict[str, tuple[str, ...]] = {}
    air_hits: dict[str, int] = {}  # side -> air-to-air hits it must still take (AE 6.22, 8.42d)
    air_combatants: tuple[str, ...] = ()  # the air units of the last air combat
    air_commitment: dict[str, AirCommitment] = {}  # zone -> its current round's air uses (AE 6.21)
    rounds: dict[str, int] = {}  # zone -> combat rounds the attacker fired this player turn (AE 6.1, 6.6)
    defender_rounds: dict[str, int] = {}  # zone -> rounds the defender fired this player turn (first, AE 6.31)
    land_hits: dict[str, int] = {}  # "zone:side" -> hits of a fire there the side has still to take (AE 6.24)
    breakthroughs: dict[str, int] = {}  # zone -> breakthrough rounds bought with Special Actions (AE 6.6)  # zone -> units that made a banzai attack this round (AE 9.14)
    conquered: tuple[str, ...] = ()
    escalations: tuple[int, ...] = ()
    free_steps: dict[str, int] = {}  # Chinese free steps to place, per force (AE 9.42, 9.45)
    invasions: dict[str, str] = {}  # zone -> side invading this player turn (converts at end of combat, AE 3.25)  # turns the US earned a production increase (AE 9.22)
    oil_at_open: int = -1  # Japanese oil when its production opened (AE 9.13)
    result: str = ""
    result_rule: str = ""
    # Land, carrier-air and force-pool rules (rules/submarine_replacement.py, carrier_air.py, chinese_attack.py,
    # force_pool.py; evolve_land.py applies their facts).
    submarine_replacements: tuple[str, ...] = ()  # nations whose submarine Replacement marker waits (AE 4.61)
    invaded_from: dict[str, tuple[str, ...]] = {}  # zone -> sea zones its invaders came from this turn (AE 7.24)
    chinese_attackers: dict[str, str] = {}  # zone -> the one Chinese force attacking this player turn (AE 9.43)
    # zone -> the zones the phasing side's land units left into it this player turn -> the border crossed (AE 6.73)
    crossed: dict[str, dict[str, str]] = {}
    newly_contested: tuple[str, ...] = ()  # zones the phasing side's moves made contested this player turn (AE 6.1)
    assault_rounds: tuple[str, ...] = ()  # zones whose round under way is an Assault (AE 6.2, 6.32)
    pool_additions: dict[str, PoolAddition] = {}  # year -> PoolAddition entered from the scenario card (AE 9.22)
    pool_received: tuple[str, ...] = ()  # years whose US Force Pool additions arrived (AE 9.22)
    # Air-naval rules (AE 8.23, 8.42, 8.7, 7.5, 9.11 b-k)
    battles: dict[str, AirBattle] = {}  # sea zone (day) or zone (raid) -> the air battle open there
    raided: tuple[str, ...] = ()  # air units that made their port/airbase attack this player turn (AE 8.7)
    fought_seas: tuple[str, ...] = ()  # sea zones where a round of Air-Naval Combat was fought this player turn
    # sea -> (attempts rolled this player turn, the last outcome, the sides that chose Avoid in it) (AE 8.31-8.32)
    interceptions: dict[str, tuple[int, str, tuple[str, ...]]] = {}
    # AE 8.41: the fleets at sea where a Night round is under way, as they were when it began: fire is simultaneous
    # (unless surprise), so each fires once with its steps then, even if the enemy's fire came first at the table
    night_round: dict[str, Piece] = {}
    night_surprise: dict[str, str] = {}  # sea -> the side that surprised in its Night round (it fires first, 8.31d)
    naval_zones: tuple[str, ...] = ()  # sea zones moved or reacted into this player turn (AE 8.21, 8.23)
    naval_declared: tuple[str, ...] = ()  # sea zones the phasing player declared this player turn (AE 8.21)
    naval_open: str = ""  # the declared sea zone he is moving into now, no reaction there yet (AE 8.21)
    extended: tuple[str, ...] = ()  # fleets that made their Extended Naval Operation this player turn (AE 8.23)
    extended_from: tuple[str, ...] = ()  # sea zones an Extended Naval Operation was paid for, not yet made
    pearl: str = ""  # AE 9.11j-k: "" | struck | stayed | us_intercepts | us_left | second_done | returned

    @property
    def year(self) -> int:
        from assistant.games.asia_engulfed import data

        return data.calendar().turn(max(self.turn, 1)).year

    @property
    def surprise(self) -> bool:
        """The Japanese player turn of Nov/Dec 1941 in the campaign (AE 9.11)."""
        return self.scenario.surprise and self.turn == 1 and self.side == "japan"

    def balance(self, nation: str, account: str) -> int:
        return self.balances.get(f"{nation}:{account}", 0)

    def track(self, name: str) -> int:
        return self.tracks.get(name, 0)


def initial_state(definition: dict[str, Any]) -> AEState:
    board = loader.from_dict(definition["board"])
    named = (definition.get("options") or {}).get("players") or {}
    return AEState(board=board, players=tuple(dict.fromkeys(n for n in named.values() if n)))
