"""Entering the scenario set-up at the table, a few facts at a time, before the first turn (the Play Book's 15.0
cards are not in the rule book, so the players enter what their card shows): pieces by nation, kind, steps and
zone; the zones each side controls; the tracks; the Supply Network markers kept from before; Special Actions;
construction markers; the Force Pool; port damage and fortifications.

Each entry records the whole set-up as it now stands (``ae.set_up_entered`` with the change in words), checked
like a scenario file, so the game exports its scenario file at any moment. "Advance" then sets it up
(``ae.scenario_set_up``, with its opening tracks booked) exactly as a file loaded whole would be.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec.structs import replace

from assistant.decider import Context, Refused
from assistant.families.engulfed.setup import check_scenario, free_ids
from assistant.games.asia_engulfed import data
from assistant.games.asia_engulfed.scenario.format import Marker, Piece, Scenario
from assistant.games.asia_engulfed.scenario.validate import problems
from events.base import Command, Event

RULE = "AE 15.0 (Play Book)"
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=60)]
Nation = Literal["japan", "usa", "commonwealth", "china", "philippines", "dei"]
Kind = Literal["infantry", "militia", "marine", "garrison", "airborne", "lba", "cba", "cv", "bb", "ca", "submarine"]
Count = Annotated[int, msgspec.Meta(ge=1, le=20)]
Small = Annotated[int, msgspec.Meta(ge=0, le=99)]
STEMS = data.STEMS


class SetUpEntered(Event, tag="ae.set_up_entered"):
    """The set-up as it now stands, after one entry at the table (``change`` says what the entry added)."""

    scenario: Scenario
    change: str = ""


class PlaceSetUpPieces(Command, tag="ae.place_set_up_pieces"):
    """Pieces of one nation, kind and strength standing in one place at the start; the assistant gives the ids."""

    nation: Nation
    kind: Kind
    steps: Annotated[int, msgspec.Meta(ge=1, le=4)]
    place: Name  # a land zone, a sea zone or port zone (fleets), "holding" (submarine), a CV fleet or "orphan" (CBA)
    full_strength: Annotated[int, msgspec.Meta(ge=0, le=4)] = 0  # 0 = the steps it stands with
    count: Count = 1
    elite: bool = False  # AE 9.12
    nationality: Literal["british", "australian", "indian"] | None = None  # AE 4.32, 4.41
    force: Literal["nationalist", "communist"] | None = None  # AE 9.4


class RemoveSetUpPieces(Command, tag="ae.remove_set_up_pieces"):
    """Pieces placed by mistake, taken off the set-up."""

    pieces: Annotated[tuple[Name, ...], msgspec.Meta(min_length=1, max_length=200)]


class SetStartControl(Command, tag="ae.set_start_control"):
    """The zones a side controls when the scenario begins."""

    side: Literal["japan", "allies"]
    zones: Annotated[tuple[Name, ...], msgspec.Meta(min_length=1, max_length=300)]


class SetStartTracks(Command, tag="ae.set_start_tracks"):
    """The scenario's name, first turn and tracks; a field left empty keeps what the set-up has."""

    name: Annotated[str, msgspec.Meta(max_length=80)] = ""
    start_turn: Annotated[str, msgspec.Meta(max_length=7)] = ""  # "1941-11"
    surprise: Literal["yes", "no"] | None = None  # AE 9.11
    oil: Small | None = None
    transport_capacity: Small | None = None
    asw: Small | None = None
    us_submarine_points: Small | None = None
    us_bomber_points: Small | None = None
    dud_torpedoes: Small | None = None
    kamikaze: Small | None = None
    hdf_honshu: Small | None = None  # AE 9.16: Home Defense Force steps (12 / 4 / 4 unless the card says)
    hdf_kyushu: Small | None = None
    hdf_shikoku: Small | None = None


class SetStartHoldings(Command, tag="ae.set_start_holdings"):
    """One nation's Special Actions, or units of one kind in its Force Pool, at the start (0 removes)."""

    nation: Nation
    what: Literal["special_actions", "infantry", "militia", "marine", "garrison", "airborne", "lba", "cba", "cv",
                  "bb", "ca", "submarine"]
    count: Small


class SetStartSeaMarker(Command, tag="ae.set_start_sea_marker"):
    """A Supply Network marker kept from before the start in a sea zone (1-3; 0 removes it)."""

    sea: Name
    value: Annotated[int, msgspec.Meta(ge=0, le=3)]


class SetStartZoneMarker(Command, tag="ae.set_start_zone_marker"):
    """Port damage (steps; 0 repairs) or a fortification (1 builds, 0 removes) in a land zone at the start."""

    zone: Name
    marker: Literal["port_damage", "fortification"]
    value: Small


class AddSetUpMarkers(Command, tag="ae.add_set_up_markers"):
    """Construction markers of one nation and track (AE 4.71-4.72), with their faces; a date for dated US ones."""

    nation: Nation
    track: Literal["naval", "air", "asw", "bb_tr"]
    builds: Annotated[tuple[Literal["cv", "bb", "ca", "tr", "lba", "cba", "asw"], ...],
                      msgspec.Meta(min_length=1, max_length=2)]  # its faces ("faces" would read as dice)
    available_from: Annotated[str, msgspec.Meta(max_length=7)] = ""  # "1943-05" (AE 9.24)
    count: Count = 1


ENTRY_COMMANDS = (PlaceSetUpPieces, RemoveSetUpPieces, SetStartControl, SetStartTracks, SetStartHoldings,
                  SetStartSeaMarker, SetStartZoneMarker, AddSetUpMarkers)


def _recorded(s, scenario: Scenario, change: str) -> list[Event]:
    if s.phase != "setup":
        raise Refused("the set-up is entered before the bidding and the first turn", rule=RULE)
    check_scenario(problems(scenario, s.board), "AE scenario format", "the set-up: ", 8)
    return [SetUpEntered(scenario=scenario, change=change)]


def _place(s, key: str) -> str:
    found = s.board.zones.get(key) or s.board.seas.get(key)
    return found.name if found is not None else key.replace("_", " ")


def place_pieces(cmd: PlaceSetUpPieces, s, ctx: Context) -> list[Event]:
    top = cmd.full_strength or cmd.steps
    if cmd.steps > top:
        raise Refused(f"steps: {cmd.steps}, but the piece has {top} at full strength")
    if cmd.nationality and cmd.nation != "commonwealth":
        raise Refused("nationality: only Commonwealth pieces have one (AE 4.32)")
    if cmd.force and cmd.nation != "china":
        raise Refused("force: only Chinese pieces are Nationalist or Communist (AE 9.4)")
    sc = s.scenario
    ids = free_ids({p.id for p in sc.pieces}, f"{STEMS[cmd.nation]}-{'e' if cmd.elite else ''}{cmd.kind}-", cmd.count)
    new = tuple(Piece(id=i, nation=cmd.nation, kind=cmd.kind, steps=cmd.steps,
                      max_steps=top if top != cmd.steps else 0, at=cmd.place, elite=cmd.elite,
                      nationality=cmd.nationality or "", force=cmd.force or "") for i in ids)
    who = f"{'elite ' if cmd.elite else ''}{data.nation_name(cmd.nation)} {cmd.kind.upper() if len(cmd.kind) < 4 else cmd.kind}"
    change = f"{cmd.count} {who} ({cmd.steps} of {top} steps) at {_place(s, cmd.place)}: {', '.join(ids)}"
    return _recorded(s, replace(sc, pieces=sc.pieces + new), change)


def remove_pieces(cmd: RemoveSetUpPieces, s, ctx: Context) -> list[Event]:
    sc = s.scenario
    here = {p.id for p in sc.pieces}
    unknown = [p for p in cmd.pieces if p not in here]
    if unknown:
        raise Refused(f"pieces: not in the set-up: {', '.join(unknown)}")
    gone = set(cmd.pieces)
    carried = [p.id for p in sc.pieces if p.at in gone and p.id not in gone]
    if carried:
        raise Refused(f"pieces: {', '.join(carried)} stand on a fleet removed; remove or move them first")
    kept = tuple(p for p in sc.pieces if p.id not in gone)
    return _recorded(s, replace(sc, pieces=kept), f"removed {', '.join(cmd.pieces)}")


def set_control(cmd: SetStartControl, s, ctx: Context) -> list[Event]:
    unknown = [z for z in cmd.zones if z not in s.board.zones]
    if unknown:
        raise Refused(f"zones: not land zones of the board: {', '.join(unknown)}")
    sc = s.scenario
    control = {**sc.control, **{z: cmd.side for z in cmd.zones}}
    who = "Japanese" if cmd.side == "japan" else "Allied"
    return _recorded(s, replace(sc, control=control), f"{', '.join(_place(s, z) for z in cmd.zones)} {who}-controlled")


def set_tracks(cmd: SetStartTracks, s, ctx: Context) -> list[Event]:
    sc = s.scenario
    values = {f: getattr(cmd, f) for f in ("oil", "transport_capacity", "asw", "us_submarine_points",
                                          "us_bomber_points", "dud_torpedoes", "kamikaze")}
    changed = {f: v for f, v in values.items() if v is not None and v != getattr(sc.tracks, f)}
    header: dict[str, object] = {}
    if cmd.name.strip() and cmd.name.strip() != sc.name:
        header["name"] = cmd.name.strip()
    if cmd.start_turn.strip() and cmd.start_turn.strip() != sc.start_turn:
        header["start_turn"] = cmd.start_turn.strip()
    if cmd.surprise and (cmd.surprise == "yes") != sc.surprise:
        header["surprise"] = cmd.surprise == "yes"
    hdf = {i: v for i in ("honshu", "kyushu", "shikoku")
           if (v := getattr(cmd, f"hdf_{i}")) is not None and v != sc.tracks.hdf.get(i)}
    if hdf:
        changed["hdf"] = {**sc.tracks.hdf, **hdf}
    if not changed and not header:
        raise Refused("nothing to record: every field is empty or as the set-up already has it")
    words = [f"{k.replace('_', ' ')} {v}" for k, v in {**header, **changed}.items() if k != "hdf"]
    words += [f"Home Defense Force {i.title()} {v}" for i, v in hdf.items()]
    return _recorded(s, replace(sc, tracks=replace(sc.tracks, **changed), **header), "; ".join(words))


def set_holdings(cmd: SetStartHoldings, s, ctx: Context) -> list[Event]:
    sc = s.scenario
    who = data.nation_name(cmd.nation)
    if cmd.what == "special_actions":
        held = {k: v for k, v in {**sc.special_actions, cmd.nation: cmd.count}.items() if v}
        return _recorded(s, replace(sc, special_actions=held), f"{who}: {cmd.count} Special Action(s)")
    pool = dict(sc.force_pool.get(cmd.nation, {}))
    pool[cmd.what] = cmd.count
    pool = {k: v for k, v in pool.items() if v}
    force_pool = {k: v for k, v in {**sc.force_pool, cmd.nation: pool}.items() if v}
    return _recorded(s, replace(sc, force_pool=force_pool), f"{who} Force Pool: {cmd.count} {cmd.what}")


def set_sea_marker(cmd: SetStartSeaMarker, s, ctx: Context) -> list[Event]:
    if cmd.sea not in s.board.seas:
        raise Refused(f"sea: {cmd.sea!r} is not a sea zone of the board")
    sc = s.scenario
    network = {k: v for k, v in {**sc.network, cmd.sea: cmd.value}.items() if v}
    return _recorded(s, replace(sc, network=network), f"Supply Network marker {cmd.value} in {_place(s, cmd.sea)}")


def set_zone_marker(cmd: SetStartZoneMarker, s, ctx: Context) -> list[Event]:
    if cmd.zone not in s.board.zones:
        raise Refused(f"zone: {cmd.zone!r} is not a land zone of the board")
    sc = s.scenario
    name = _place(s, cmd.zone)
    if cmd.marker == "fortification":
        if cmd.value > 1:
            raise Refused("value: a zone holds one fortification (1 builds it, 0 removes it)")
        forts = tuple(z for z in sc.fortifications if z != cmd.zone) + ((cmd.zone,) if cmd.value else ())
        return _recorded(s, replace(sc, fortifications=forts), f"fortification in {name}: {'yes' if cmd.value else 'no'}")
    damage = {k: v for k, v in {**sc.port_damage, cmd.zone: cmd.value}.items() if v}
    return _recorded(s, replace(sc, port_damage=damage), f"port damage in {name}: {cmd.value}")


def add_markers(cmd: AddSetUpMarkers, s, ctx: Context) -> list[Event]:
    sc = s.scenario
    ids = free_ids({m.id for m in sc.markers}, f"{STEMS[cmd.nation]}-{cmd.track}-", cmd.count)
    new = tuple(Marker(id=i, nation=cmd.nation, track=cmd.track, faces=cmd.builds,
                       available_from=cmd.available_from.strip()) for i in ids)
    when = f" from {cmd.available_from}" if cmd.available_from.strip() else ""
    change = f"{cmd.count} {data.nation_name(cmd.nation)} {cmd.track} marker(s) {'/'.join(cmd.builds)}{when}"
    return _recorded(s, replace(sc, markers=sc.markers + new), change)


RUNS = {PlaceSetUpPieces: place_pieces, RemoveSetUpPieces: remove_pieces, SetStartControl: set_control,
        SetStartTracks: set_tracks, SetStartHoldings: set_holdings, SetStartSeaMarker: set_sea_marker,
        SetStartZoneMarker: set_zone_marker, AddSetUpMarkers: add_markers}
LABELS = {PlaceSetUpPieces: "Place pieces", RemoveSetUpPieces: "Remove pieces", SetStartControl: "Zones controlled",
          SetStartTracks: "Tracks and first turn", SetStartHoldings: "Special Actions and Force Pool",
          SetStartSeaMarker: "Supply Network marker", SetStartZoneMarker: "Port damage or fortification",
          AddSetUpMarkers: "Construction markers"}


def entered(s) -> bool:
    """Something of the set-up was entered at the table (so "Next phase" may set it up)."""
    return s.scenario != Scenario()
