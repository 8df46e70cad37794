"""Edit mode: when the physical board and the assistant disagree, the table corrects the record by hand — blocks,
steps, area control, WERP, the General Information Track, Special Actions, fleet points, weather — always with a
reason. Edits check only what the physical game makes impossible (a block has 1 to its maximum steps, an area
is on the board, a ledger never goes below 0), never the rules: overriding a rule is what they are for."""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.families.engulfed.setup import first_free
from assistant.games.europe_engulfed import data
from assistant.games.europe_engulfed.commands import Edit, NewBlock
from assistant.games.europe_engulfed.state import EEState, pool_key
import assistant.games.europe_engulfed.events as ev
from events.base import Event

RULE = "Edit mode"
KINDS = ("infantry", "armor", "cavalry", "militia", "airborne", "gsu")
TRACK_KEYS = ("uboats", "asw", "v1", "v2", "flak_germany", "flak_britain", "bombers_axis", "bombers_allied",
              "fighters_axis", "fighters_allied")
SIDES = ("Axis", "Allied", "neutral")


# Sane ranges an edit keeps the game in (a whole turn's income is under 300 WERP; the box holds a few hundred blocks).
MAX_BALANCE = 9999
MAX_BLOCKS = 1000

def require_reason(reason: str) -> None:
    if not reason.strip():
        raise Refused("an edit needs a reason (what the table sees and why the record is wrong)", rule=RULE)


def known_nations(s: EEState) -> set[str]:
    """Major powers, the Axis minors, every nation that owns an area on the board, Vichy and the Free French."""
    names = set(data.MAJORS) | {"vichy", "free_french", "finland", "romania", "hungary", "bulgaria"}
    return names | {a.nation for a in s.board.areas.values() if a.nation}


def new_blocks(s: EEState, specs: tuple[NewBlock, ...], rule: str, label: str) -> tuple[ev.EditedBlock, ...]:
    """Blocks described by the players, checked for what a block can be; each comes from its nation's force pool
    when the pool holds one (otherwise the players say it is there, and it is)."""
    taken: dict[tuple[str, str], int] = {}
    out = []
    ids = set(s.units)
    if len(ids) + len(specs) > MAX_BLOCKS:
        raise Refused(f"that would put {len(ids) + len(specs)} blocks on the map; at most {MAX_BLOCKS}", rule=rule)
    nations = known_nations(s)
    for n, spec in enumerate(specs, start=1):
        if spec.nation not in nations:
            raise Refused(f"unknown nation {spec.nation!r}", rule=rule)
        if spec.kind not in KINDS:
            raise Refused(f"a block is {', '.join(KINDS)}, not {spec.kind!r}", rule=rule)
        max_steps = 1 if spec.kind == "gsu" else spec.max_steps
        steps = spec.steps or max_steps
        if not 1 <= steps <= max_steps:
            raise Refused(f"a {spec.kind} block of {max_steps} steps stands at 1 to {max_steps} steps", rule=rule)
        if spec.area not in s.board.areas:
            raise Refused(f"no land area {spec.area!r} on the board", rule=rule)
        uid = spec.id or first_free(ids, f"{spec.nation}-{spec.kind}-{label}-")
        if uid in ids:
            raise Refused(f"a block {uid!r} is already on the map", rule=rule)
        ids.add(uid)
        key = pool_key(spec.kind, max_steps, spec.elite)
        used = taken.get((spec.nation, key), 0)
        from_pool = s.pools.get(spec.nation, {}).get(key, 0) > used
        if from_pool:
            taken[(spec.nation, key)] = used + 1
        out.append(ev.EditedBlock(id=uid, nation=spec.nation, kind=spec.kind, max_steps=max_steps, steps=steps,
                                  area=spec.area, elite=spec.elite, from_pool=from_pool))
    return tuple(out)


def edit(cmd: Edit, s: EEState, ctx: Context) -> list[Event]:
    require_reason(cmd.reason)
    reason = cmd.reason.strip()
    out: list[Event] = []
    added = new_blocks(s, cmd.add, RULE, "edit")
    for uid in cmd.remove:
        if uid not in s.units:
            raise Refused(f"no block {uid!r} on the map", rule=RULE)
    if added or cmd.remove:
        out.append(ev.UnitsEdited(reason=reason, added=added, removed=tuple(dict.fromkeys(cmd.remove)),
                                  for_good=cmd.for_good))
    for uid, steps in cmd.steps.items():
        u = s.units.get(uid)
        if u is None or uid in cmd.remove:
            raise Refused(f"no block {uid!r} on the map to set the steps of", rule=RULE)
        if not 1 <= steps <= u.max_steps:
            raise Refused(f"{uid} stands at 1 to {u.max_steps} steps (remove it to take it off the map)", rule=RULE)
    if cmd.steps:
        out.append(ev.StepsEdited(reason=reason, steps=dict(cmd.steps)))
    for area, side in cmd.control.items():
        if area not in s.board.areas:
            raise Refused(f"no land area {area!r} on the board", rule=RULE)
        if side not in SIDES:
            raise Refused(f"control is {', '.join(SIDES)}, not {side!r}", rule=RULE)
        holders = [u.nation for u in s.units.values() if u.area == area and u.kind != "gsu" and u.nation in data.MAJORS
                   and data.side_of(u.nation) == side]
        out.append(ev.ControlEdited(reason=reason, area=area, side=side, by=holders[0] if holders else ""))
    for nation, amount in cmd.werp.items():
        if nation not in data.MAJORS:
            raise Refused(f"{nation} has no WERP ledger (major powers only)", rule=RULE)
        balance = s.ledger(nation).balance
        if amount == 0 or not 0 <= balance + amount <= MAX_BALANCE:
            raise Refused(f"{nation} has {balance} WERP this turn: an edit adds or takes some, never below 0 "
                          f"nor above {MAX_BALANCE}", rule=RULE)
        out.append(ev.WerpEdited(reason=reason, nation=nation, amount=amount))
    tracks = _tracks(s, cmd)
    if tracks is not None:
        out.append(tracks)
    if cmd.weather:
        zones = {z.lower(): c for z, c in cmd.weather.items()}
        w = data.weather()
        if not set(zones) <= set(w.zones) or any(c not in w.conditions for c in zones.values()):
            raise Refused(f"weather zones are {', '.join(w.zones)}, conditions {', '.join(w.conditions)}", rule=RULE)
        out.append(ev.WeatherEdited(reason=reason, weather=zones))
    if not out:
        raise Refused("the edit changes nothing", rule=RULE)
    return out


def _tracks(s: EEState, cmd: Edit) -> ev.TracksEdited | None:
    for key, value in cmd.track.items():
        if key not in TRACK_KEYS:
            raise Refused(f"the track values are {', '.join(TRACK_KEYS)}, not {key!r}", rule=RULE)
        if value < 0:
            raise Refused(f"{key} is never below 0", rule=RULE)
    for nation, held in cmd.special_actions.items():
        if nation not in data.MAJORS or held < 0:
            raise Refused(f"Special Actions are held by major powers, 0 or more ({nation}: {held})", rule=RULE)
    for sea, by in cmd.fleets.items():
        if sea not in s.board.seas:
            raise Refused(f"no sea area {sea!r} on the board", rule=RULE)
        for nation, points in by.items():
            if nation not in data.MAJORS or points < 0:
                raise Refused(f"fleet points belong to major powers, 0 or more ({nation}: {points})", rule=RULE)
    if not (cmd.track or cmd.special_actions or cmd.fleets):
        return None
    return ev.TracksEdited(reason=cmd.reason.strip(), track=dict(cmd.track), special_actions=dict(cmd.special_actions),
                           fleets={sea: dict(by) for sea, by in cmd.fleets.items()})
