"""Long-duration production (AE 4.7): construction markers advance one box (1 WERP) a turn; at the end of the
Production Phase a completed marker gives its naval step, Japanese air unit, ASW level or Transport Capacity."""

from __future__ import annotations

from assistant.decider import Refused
from assistant.families.engulfed.ledger import Booking
from assistant.families.engulfed.setup import first_free
from assistant.games.asia_engulfed import data, places
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.commands import Buy
from assistant.games.asia_engulfed.rules import force_pool
from assistant.games.asia_engulfed.scenario.format import Piece
from assistant.games.asia_engulfed.state import AEState, Build


def available(s: AEState, b: Build) -> bool:
    """Usable now: its date has come (AE 9.24) and it did not complete this turn (AE 4.76)."""
    if b.available_from and data.calendar().index(b.available_from) > max(s.turn, 1):
        return False
    return b.completed_turn != s.turn


def advance(cmd: Buy, s: AEState, nation: str) -> list[ev.ConstructionAdvanced]:
    b = s.builds.get(cmd.target)
    if b is None or b.nation != nation:
        raise Refused(f"{cmd.target!r} is not a {data.nation_name(nation)} construction marker", rule="AE 4.71")
    if not available(s, b):
        raise Refused(f"{b.marker} is not available this turn (its date, or it completed this turn)",
                      rule="AE 4.76" if b.completed_turn == s.turn else "AE 9.24")
    if b.waiting or (b.needed and b.box >= b.needed):
        raise Refused(f"{b.marker} is built and waits in the Built box", rule="AE 4.74")
    if cmd.free:
        return [_kamikaze_advance(s, b)]
    if b.advanced_turn == s.turn and s.phase != "pre_game_production":
        raise Refused(f"{b.marker} already advanced this turn: one WERP a turn", rule="AE 4.73")
    build = b.build or cmd.build
    if not b.build and build not in b.faces:
        raise Refused(f"{b.marker} builds one of its faces: {', '.join(b.faces)}", rule="AE 4.72")
    if b.build and cmd.build and cmd.build != b.build:
        raise Refused(f"{b.marker} is committed to {b.build} until it completes", rule="AE 4.72")
    if build == "asw" and s.spent.get("japan:asw_werp", 0) >= data.costs()["limit"]["japan"]["asw_werp"]:
        raise Refused("one WERP a turn on ASW", rule="AE 4.62")
    if b.track == "air" and nation == "japan" and s.spent.get("japan:air_werp", 0) + 1 > \
            data.costs()["limit"]["japan"]["air_werp"]:
        raise Refused("Japan spends at most 3 WERP a turn on air units", rule="AE 4.62")
    if s.balance(nation, "werp") < 1:
        raise Refused(f"{data.nation_name(nation)} has no WERP left", rule="AE 4.6")
    needed = data.costs()["long_build"][build]
    return [ev.ConstructionAdvanced(marker=b.marker, nation=nation, build=build, box=b.box + 1, needed=needed,
                                    books=(Booking(nation=nation, account="werp", amount=-1, rule="AE 4.73",
                                                   cause=f"{build.upper()} construction, box {b.box + 1} of {needed}"),))]


def _kamikaze_advance(s: AEState, b: Build) -> ev.ConstructionAdvanced:
    """AE 9.13: once the Kamikaze marker is at 0, one LBA construction marker may advance one box free before
    production each turn (so it may move two boxes that turn)."""
    if not s.set_up or s.track("kamikaze") > 0:
        raise Refused("the free advance comes once the Kamikaze marker has reached 0", rule="AE 9.13")
    if b.nation != "japan" or b.track != "air" or (b.build or "lba") != "lba" or "lba" not in b.faces:
        raise Refused("the free advance moves a Japanese LBA construction marker", rule="AE 9.13")
    if s.spent.get("japan:kamikaze_free", 0) or b.advanced_turn == s.turn:
        raise Refused("one free advance a turn, before the marker's paid advance", rule="AE 9.13")
    needed = data.costs()["long_build"]["lba"]
    return ev.ConstructionAdvanced(marker=b.marker, nation="japan", build="lba", box=b.box + 1, needed=needed,
                                   free=True)


def completions(s: AEState, nation: str) -> list[ev.ConstructionCompleted]:
    """End of production (AE 4.74-4.77): each marker in its last box delivers, or waits in the Built box."""
    out: list[ev.ConstructionCompleted] = []
    taken: set[str] = set()
    for b in sorted(s.builds.values(), key=lambda b: b.marker):
        if b.nation != nation or not b.needed or b.box < b.needed:
            continue
        out.append(_deliver(s, b, taken))
    return out


def free_us_steps(s: AEState) -> list[ev.ConstructionCompleted]:
    """AE 9.21: from Jan/Feb 1944, one CV, one BB and one CA step free each turn, placed like completed
    construction at the end of the US Production Phase (decision, docs/rulings.md)."""
    if s.turn < data.calendar().index(data.load("calendar")["events"]["us_free_naval_steps"]):
        return []
    taken: set[str] = set()
    out = []
    for kind in ("cv", "bb", "ca"):
        out.append(_naval(s, Build(marker="", nation="usa", track="naval", faces=(kind,), build=kind), taken))
    return out


def _deliver(s: AEState, b: Build, taken: set[str]) -> ev.ConstructionCompleted:
    kw = dict(marker=b.marker, nation=b.nation, build=b.build)
    if b.build == "asw":
        return ev.ConstructionCompleted(**kw, target="asw")
    if b.build == "tr":
        return ev.ConstructionCompleted(**kw, target="tc", books=(
            Booking(nation="japan", account="tc", amount=1, rule="AE 4.77", cause="Transport Capacity built"),))
    if b.build in ("cv", "bb", "ca"):
        return _naval(s, b, taken)
    return _air(s, b)


def _naval(s: AEState, b: Build, taken: set[str]) -> ev.ConstructionCompleted:
    """AE 4.74: a naval step joins a reduced fleet of its type in a national port, or starts a new fleet there."""
    kw = dict(marker=b.marker, nation=b.nation, build=b.build)
    for fid in sorted(s.pieces):
        p = s.pieces[fid]
        if (p.nation == b.nation and p.kind == b.build and p.steps < p.top and fid not in taken
                and _national_port(s, p.at, b.nation)):
            taken.add(fid)
            return ev.ConstructionCompleted(**kw, target=fid)
    pool = force_pool.counts(s, b.nation).get(b.build)
    on_map = sum(1 for p in s.pieces.values() if p.nation == b.nation and p.kind == b.build)
    port = _home_port(s, b.nation)
    if (pool is None or pool > on_map) and port:
        piece = Piece(id=_free_id(s, b.nation, b.build, taken), nation=b.nation, kind=b.build, steps=1,
                      max_steps=4, at=port)
        taken.add(piece.id)
        return ev.ConstructionCompleted(**kw, target=piece.id, piece=piece)
    return ev.ConstructionCompleted(**kw, waiting=True)


def _air(s: AEState, b: Build) -> ev.ConstructionCompleted:
    """AE 4.75: a full Japanese air unit from the Force Pool, or the marker waits in the Built box."""
    kw = dict(marker=b.marker, nation=b.nation, build=b.build)
    pool = force_pool.counts(s, b.nation).get(b.build)
    on_map = sum(1 for p in s.pieces.values() if p.nation == b.nation and p.kind == b.build)
    if pool is not None and pool <= on_map:
        return ev.ConstructionCompleted(**kw, waiting=True)
    at = "honshu"
    if b.build == "cba":
        at = next((f for f, p in sorted(s.pieces.items()) if p.kind == "cv" and p.nation == b.nation
                   and p.at == "honshu" and places.cv_room(s, f) >= 2), "orphan")
    piece = Piece(id=_free_id(s, b.nation, b.build), nation=b.nation, kind=b.build, steps=2, max_steps=2, at=at)
    return ev.ConstructionCompleted(**kw, target=piece.id, piece=piece)


def _national_port(s: AEState, zone: str, nation: str) -> bool:
    z = s.board.zones.get(zone)
    if z is None or not z.national or z.port in (None, "none"):
        return False
    return z.colour == nation and (nation != "usa" or zone == "usa")  # AE 4.74: US steps at the US zone


def _home_port(s: AEState, nation: str) -> str:
    return "usa" if nation == "usa" else "honshu" if nation == "japan" else next(
        (z for z in sorted(s.board.zones) if _national_port(s, z, nation)), "")


def _free_id(s: AEState, nation: str, kind: str, taken: set[str] = frozenset()) -> str:  # type: ignore[assignment]
    return first_free({*s.pieces, *taken}, f"{data.STEMS[nation]}-{kind}-")


def pipeline(s: AEState) -> list[dict]:
    """Every marker in progress: what it builds, where it stands, and the turn it completes if paid each turn."""
    cal = data.calendar()
    out = []
    for b in sorted(s.builds.values(), key=lambda b: (b.nation, b.marker)):
        if not b.build:
            continue
        left = max(b.needed - b.box, 0)
        done = s.turn + left if b.advanced_turn == s.turn else s.turn + left - 1
        out.append({"marker": b.marker, "nation": b.nation, "build": b.build, "box": b.box, "needed": b.needed,
                    "waiting": b.waiting, "completes": cal.name(min(max(done, 1), cal.last)) if left else "now"})
    return out
