"""The set-up format: what a scenario card puts on the table (Play Book 15.0 is not in the rule book, so the
players enter it). Pieces, control, tracks, Special Actions, the Supply Network, construction markers."""

from __future__ import annotations

import msgspec

_S = dict(frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True)

# Piece kinds (AE 4.2): land blocks, air counters, fleets, the submarine unit.
LAND = ("infantry", "militia", "marine", "garrison", "airborne")
AIR = ("lba", "cba")
FLEET = ("cv", "bb", "ca")
KINDS = LAND + AIR + FLEET + ("submarine",)


class Piece(msgspec.Struct, **_S):
    id: str
    nation: str  # japan, usa, commonwealth, china, philippines, dei
    kind: str
    steps: int
    max_steps: int = 0  # 0 = same as steps
    at: str = ""  # land zone, sea zone (a fleet at sea), "holding" (submarine), "orphan" (CBA), or a CV fleet id (CBA)
    elite: bool = False  # AE 9.12
    nationality: str = ""  # CW: british, australian, indian (AE 4.32, 4.41)
    force: str = ""  # China: nationalist or communist (AE 9.4)

    @property
    def top(self) -> int:
        return self.max_steps or self.steps


class Marker(msgspec.Struct, **_S):
    """A construction marker (AE 4.71-4.72): its two faces, and for dated US counters the turn it arrives (9.24)."""

    id: str
    nation: str
    track: str  # naval, air, asw, bb_tr
    faces: tuple[str, ...]  # e.g. ("cv", "ca"), ("bb", "tr"), ("lba", "cba"), ("asw",)
    available_from: str = ""  # "YYYY-MM"


class Tracks(msgspec.Struct, **_S):
    oil: int = 0
    transport_capacity: int = 0
    asw: int = 0
    us_submarine_points: int = 0
    us_bomber_points: int = 0
    dud_torpedoes: int = 6  # AE 2.14: 6 in the campaign
    kamikaze: int = 0
    hdf: dict[str, int] = {}  # AE 9.16: empty = 12 / 4 / 4


class PoolAddition(msgspec.Struct, **_S):
    """One year's additions to the US Force Pool from the scenario card (AE 9.22 « cf. cartes du scénario »): blocks
    by kind added to the Force Pool counts, and construction markers added to the US markers."""

    units: dict[str, int] = {}
    markers: tuple[Marker, ...] = ()


class Scenario(msgspec.Struct, **_S):
    name: str = ""
    start_turn: str = "1941-11"
    surprise: bool = True  # AE 9.11: the campaign's Nov/Dec 1941 Japanese turn
    control: dict[str, str] = {}  # zone -> "japan" | "allies"
    pieces: tuple[Piece, ...] = ()
    tracks: Tracks = Tracks()
    special_actions: dict[str, int] = {}
    network: dict[str, int] = {}  # sea zone -> marker value kept from before the start
    markers: tuple[Marker, ...] = ()
    force_pool: dict[str, dict[str, int]] = {}  # nation -> kind -> units available to build
    port_damage: dict[str, int] = {}
    fortifications: tuple[str, ...] = ()
    us_force_pool_additions: dict[str, PoolAddition] = {}  # "1943" | "1944" | "1945" -> the card's additions (AE 9.22)
