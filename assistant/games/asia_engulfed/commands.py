"""Asia Engulfed commands (tags "ae.*"): what the players ask. Every input is bounded."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from assistant.games.asia_engulfed.board.amend import Amendment
from assistant.games.asia_engulfed.scenario.format import Marker, Scenario
from events.base import Command

Id = Annotated[str, msgspec.Meta(min_length=1, max_length=64)]
Ids = Annotated[tuple[Id, ...], msgspec.Meta(max_length=200)]
Faces = Annotated[tuple[int, ...], msgspec.Meta(max_length=200)]
Text = Annotated[str, msgspec.Meta(max_length=500)]


class AmendBoard(Command, tag="ae.amend_board"):
    max_bytes = 1024 * 1024  # up to 500 amendments of the board

    amendments: Annotated[tuple[Amendment, ...], msgspec.Meta(min_length=1, max_length=500)]  # type: ignore
    reason: Text = ""


class SetUpScenario(Command, tag="ae.set_up_scenario"):
    """Set up the whole scenario at once: every block, zone and track (AE 15.0, Play Book)."""

    max_bytes = 1024 * 1024  # a whole scenario: every block and zone of the set-up

    scenario: Scenario


class Bid(Command, tag="ae.bid"):
    """AE 10.4: each player's bid to play the Allies, as name=WERP (e.g. Ann=3, Bo=1); the highest wins and
    gives Japan that many WERP and Oil (a tie is replayed by the players)."""

    bids: Annotated[dict[Id, Annotated[int, msgspec.Meta(ge=0, le=40)]], msgspec.Meta(min_length=1, max_length=2)]


class Advance(Command, tag="ae.advance"):
    """Close the current phase (or the current nation's production) and open the next."""


class SetNetwork(Command, tag="ae.set_network"):
    """AE 3.5: the sea zones of the Japanese Supply Network this turn; optionally the submarine's zone (3.52)."""

    seas: Ids = ()
    submarine_zone: Annotated[str, msgspec.Meta(max_length=64)] = ""


class DetermineSupply(Command, tag="ae.determine_supply"):
    """AE 1.12c / 1.19: the assistant traces the supply of every piece of the phasing side from the board."""


class ResolveSubmarines(Command, tag="ae.resolve_submarines"):
    """AE 2.11-2.13: the ASW roll then the submarine attack roll (faces typed, or rolled)."""

    faces: Annotated[tuple[int, ...], msgspec.Meta(max_length=2)] = ()


class Bomb(Command, tag="ae.bomb"):
    """AE 2.4: Bomber Points launched from supplied Allied-controlled strategic air bases."""

    bases: Ids
    points: Annotated[int, msgspec.Meta(ge=0, le=20)] = -1  # -1 = all that may fly (AE 2.0: mandatory)
    faces: Faces = ()


Item = Literal["replacement", "new_unit", "garrison", "fortification", "special_action", "bomber_point",
               "submarine_point", "submarine_step", "construction", "port_repair", "hdf_step"]


class Buy(Command, tag="ae.buy"):
    """One purchase of the producing nation (AE 4.44). Target: the unit a replacement rebuilds, or the zone of a
    garrison, fortification, port repair or Home Defense step; a new unit gives its kind, steps and zone instead."""

    item: Item
    target: Annotated[str, msgspec.Meta(max_length=64)] = ""
    steps: Annotated[int, msgspec.Meta(ge=1, le=20)] = 1
    build: Annotated[str, msgspec.Meta(max_length=16)] = ""  # the face of a construction marker (cv, bb, tr...)
    kind: Annotated[str, msgspec.Meta(max_length=16)] = ""  # a new unit's kind
    zone: Annotated[str, msgspec.Meta(max_length=64)] = ""  # where a new unit appears
    nationality: Annotated[str, msgspec.Meta(max_length=16)] = ""
    force: Annotated[str, msgspec.Meta(max_length=16)] = ""
    max_steps: Annotated[int, msgspec.Meta(ge=1, le=4)] = 4  # a new land unit's label strength
    unrestricted: bool = False  # AE 7.8: replacements in the zone opened by a Special Action
    free: bool = False  # AE 9.13: the kamikaze free advance of one LBA construction marker
    override: Annotated[str, msgspec.Meta(max_length=300)] = ""  # the table's reason to carry it out anyway


class PlaceFreeSteps(Command, tag="ae.place_free_steps"):
    """Chinese free steps: the Communist step of each Allied Production Phase (AE 9.42) and emergency militia after
    a Chinese zone falls in combat (AE 9.45). Target: an existing unit; or Kind and Zone for a new one."""

    force: Literal["communist", "nationalist"]
    steps: Annotated[int, msgspec.Meta(ge=1, le=5)] = 1
    target: Annotated[str, msgspec.Meta(max_length=64)] = ""
    kind: Literal["infantry", "militia", ""] = ""
    zone: Annotated[str, msgspec.Meta(max_length=64)] = ""
    max_steps: Annotated[int, msgspec.Meta(ge=1, le=4)] = 4  # a new unit's label (the counter mix is not in the text)


class EliminateExcess(Command, tag="ae.eliminate_excess"):
    """Over-stacked pieces the owner removes at the end of a phase (AE 5.42-5.44)."""

    pieces: Annotated[tuple[Id, ...], msgspec.Meta(min_length=1, max_length=20)]


class LendLeaseTransfer(Command, tag="ae.send_lend_lease"):
    """Send Lend-Lease WERPs to the Commonwealth or Nationalist China: each costs the U.S. two (AE 9.25)."""

    to: Literal["commonwealth", "china"]
    werp: Annotated[int, msgspec.Meta(ge=1, le=5)]


class SpendSpecialAction(Command, tag="ae.spend_special_action"):
    """Spend a special action of a nation for one of its uses (AE 7.0)."""

    nation: Literal["japan", "usa", "commonwealth"]
    use: Literal["invasion", "breakthrough", "extended_naval", "extended_return", "code_breaking",
                 "chinese_attack", "unrestricted_replacements"]
    target: Annotated[str, msgspec.Meta(max_length=64)] = ""
    override: Annotated[str, msgspec.Meta(max_length=300)] = ""  # the table's reason to carry it out anyway


class NavalMove(Command, tag="ae.naval_move"):
    """AE 8.2: fleets, troop transports (land/LBA pieces at sea) and Marines into one sea zone (or a port)."""

    pieces: Annotated[tuple[Id, ...], msgspec.Meta(min_length=1, max_length=60)]
    to: Id
    zones: Annotated[int, msgspec.Meta(ge=0, le=6)]
    mode: Literal["move", "react", "rebase", "return", "flee", "extended_return", "extended"] = "move"
    marine_pays: Literal["oil", "tp", ""] = ""
    # The sea zones entered in order (optional): then checked zone by zone (AE 8.22: stop on entering enemy
    # Limited or Dominant influence; the Leyte passage) and ``zones`` is its length.
    path: Annotated[tuple[Id, ...], msgspec.Meta(max_length=6)] = ()
    override: Annotated[str, msgspec.Meta(max_length=300)] = ""  # the table's reason to carry it out anyway


class Move(Command, tag="ae.move"):
    """Operational or strategic movement, or landing from sea (AE 5.1, 5.2, 5.31)."""

    pieces: Annotated[tuple[Id, ...], msgspec.Meta(min_length=1, max_length=60)]
    to: Id
    mode: Literal["operational", "strategic", "landing", "invasion"] = "operational"
    by_sea: bool = False  # strategic movement by sea transport (a Japanese land unit pays 1 TP, AE 5.32)
    override: Annotated[str, msgspec.Meta(max_length=300)] = ""  # the table's reason to carry it out anyway


Chit = Literal["day", "night", "avoid"]


class Intercept(Command, tag="ae.intercept"):
    """AE 8.3: one interception attempt in a sea zone: each side's secret chit, then one die each."""

    sea: Id
    japan: Chit
    allies: Chit
    attempt: Annotated[int, msgspec.Meta(ge=1, le=20)] = 1
    after_bad_weather: bool = False
    faces: Annotated[tuple[int, ...], msgspec.Meta(max_length=2)] = ()  # Japan's die, then the Allies'


class NavalFire(Command, tag="ae.naval_fire"):
    """AE 8.41 night fire (fleet -> target fleet) or AE 8.42f air strike (air unit -> target fleet)."""

    sea: Id
    kind: Literal["night", "strike"]
    targets: Annotated[dict[Id, Id], msgspec.Meta(min_length=1, max_length=30)]
    first_round: bool = True  # the first round of Air-Naval Combat in this sea zone (AE 9.11c)
    faces: Faces = ()


class AntiAircraft(Command, tag="ae.anti_aircraft"):
    """AE 8.42e: a side's fleets fire one die per two naval steps; each 6 kills an attacking air step, which the
    attacker names (Losses)."""

    sea: Id
    side: Literal["japan", "allies"]
    losses: Annotated[dict[Id, Annotated[int, msgspec.Meta(ge=1, le=2)]], msgspec.Meta(max_length=30)] = {}
    faces: Faces = ()


class SubmarineAttack(Command, tag="ae.submarine_attack"):
    """AE 8.5: a side's submarine unit in the sea zone engages damaged (8.51) or undamaged (8.52) enemy fleets;
    the enemy's ASW dice come first, then the submarine's."""

    sea: Id
    side: Literal["japan", "allies"]
    option: Literal["damaged", "undamaged"]
    target: Id
    faces: Faces = ()


class ConvertToGarrison(Command, tag="ae.convert_to_garrison"):
    """AE 4.43: an infantry or Marine unit gives a step to create a garrison in its supplied, friendly,
    uncontested zone, in a friendly Operational Movement or Combat Phase."""

    piece: Id


class AirToAir(Command, tag="ae.air_to_air"):
    """AE 6.22, 8.42d: air combat, both sides at once, one die per step; 5-6 kills a step (Japanese elite 4-6).
    Each side then names its losses (Air losses)."""

    where: Id  # the sea zone or land zone of the battle
    japan: Annotated[tuple[Id, ...], msgspec.Meta(max_length=30)]
    allies: Annotated[tuple[Id, ...], msgspec.Meta(max_length=30)]
    faces: Faces = ()  # Japan's dice first, unit by unit, then the Allies'


class AirLosses(Command, tag="ae.air_losses"):
    """The owner's choice of air steps lost to air-to-air hits; Japanese elite units absorb first (AE 9.12)."""

    side: Literal["japan", "allies"]
    losses: Annotated[dict[Id, Annotated[int, msgspec.Meta(ge=1, le=2)]], msgspec.Meta(max_length=30)] = {}


class ResolveDamage(Command, tag="ae.resolve_damage"):
    """AE 8.6: each damaged step leaves its fleet for the Naval Production Track, in the box the map's Damage
    Result Table gives for the die (the table is not in the rule book: the players read the box)."""

    fleet: Id
    boxes: Annotated[tuple[Annotated[int, msgspec.Meta(ge=0, le=5)], ...], msgspec.Meta(max_length=4)] = ()


class Fire(Command, tag="ae.fire"):
    """One side's fire in a land combat round (AE 6.2-6.4): bonuses are computed; air support and choices given."""

    zone: Id
    side: Literal["attacker", "defender"]
    assault: bool = False
    first_round: bool = True
    support: Annotated[dict[Id, Annotated[int, msgspec.Meta(ge=0, le=8)]], msgspec.Meta(max_length=20)] = {}
    banzai: Ids = ()
    bombardment: Annotated[int, msgspec.Meta(ge=0, le=20)] = 0  # land steps given shore bombardment (AE 7.22)
    invasion: bool = False
    # The defenders' river or strait Hit-bonus (AE 6.73): "board" = from the borders the attackers' moves crossed
    # into the zone (recorded as they moved), the zone newly contested; "yes" / "no" = the table's word, where the
    # board lacks a river or strait or gives one the map does not have.
    river: Literal["board", "yes", "no"] = "board"
    faces: Faces = ()
    # The air units giving ground support, each to one land unit (air unit -> land unit); the bonus steps are then
    # worked out (AE 6.5-6.53; instead of ``support``).
    air_support: Annotated[dict[Id, Id], msgspec.Meta(max_length=30)] = {}
    # Where Nationalists and Communists attack together, the one force that attacks (AE 9.43).
    chinese_force: Literal["nationalist", "communist", ""] = ""


class ApplyLosses(Command, tag="ae.apply_losses"):
    """The steps a side loses to the hits the enemy's last fire in the zone scored (AE 6.24, 6.25)."""

    zone: Id
    # The hits taken: left out, the hits that fire scored (the assistant counted them); typed, they must match.
    hits: Annotated[int, msgspec.Meta(ge=0, le=200)] | None = None
    losses: Annotated[dict[Id, Annotated[int, msgspec.Meta(ge=1, le=20)]], msgspec.Meta(max_length=60)] = {}
    hdf: Annotated[int, msgspec.Meta(ge=0, le=20)] = 0


class Kamikaze(Command, tag="ae.kamikaze"):
    """AE 9.13a-c: each kamikaze LBA against one enemy fleet in the sea zone."""

    sea: Id
    attacks: Annotated[dict[Id, Id], msgspec.Meta(min_length=1, max_length=30)]
    faces: Faces = ()


class PortAttack(Command, tag="ae.port_attack"):
    """AE 8.7 against the port facilities: each 6 one damage point, at most 3 per port."""

    zone: Id
    faces: Faces = ()
    attack_steps: Annotated[int, msgspec.Meta(ge=1, le=40)] = 1
    first_round: bool = True  # the first attack in this sea zone (AE 9.11c: +1 on the first turn)


class RecordEscalation(Command, tag="ae.record_escalation"):
    """AE 9.22: the US force that reacted to, or made a move Japan could react to."""

    fleets: Annotated[tuple[Id, ...], msgspec.Meta(min_length=1, max_length=20)]
    trigger: Literal["reaction", "reactable_move"]


class Edit(Command, tag="ae.edit"):
    """A correction to match the table: a track, a control, a piece's steps or place, an account."""

    what: Literal["track", "control", "steps", "place", "oil", "tc", "ta"]
    value: Annotated[str, msgspec.Meta(max_length=64)]
    reason: Annotated[str, msgspec.Meta(min_length=3, max_length=300)]
    key: Annotated[str, msgspec.Meta(max_length=64)] = ""


# Land, carrier-air and force-pool rules.


class BaseOrphanCba(Command, tag="ae.base_orphan_cba"):
    """AE 4.42, 5.22: CBA in the Orphan CBA box go to a CV fleet with room: by Strategic Movement (not into or
    through a sea zone of Limited influence), or when the CV is in its national port."""

    pieces: Annotated[tuple[Id, ...], msgspec.Meta(min_length=1, max_length=8)]
    fleet: Id
    path: Annotated[tuple[Id, ...], msgspec.Meta(max_length=12)] = ()  # sea zones flown through, if the table says


PoolCount = Annotated[int, msgspec.Meta(ge=0, le=30)]


class EnterForcePoolAdditions(Command, tag="ae.enter_force_pool_additions"):
    """The scenario card's additions to the US Force Pool for one year (AE 9.22): blocks by kind, construction
    markers. Entered before they arrive, or after if they arrived with nothing entered (then they apply at once)."""

    year: Literal["1943", "1944", "1945"]
    units: Annotated[dict[Id, PoolCount], msgspec.Meta(max_length=12)] = {}
    markers: Annotated[tuple[Marker, ...], msgspec.Meta(max_length=12)] = ()
