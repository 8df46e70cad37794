"""Fleets at sea (EE 8.0): whose fleet points fight or carry, fleet transfers (8.3), naval combat against sea
transport (8.1) and naval interdiction of strategic moves by sea (8.2); the French fleet's escape (9.522)."""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.games.europe_engulfed.wording import block, place
from assistant.games.europe_engulfed import data
from assistant.games.europe_engulfed.commands import ChooseFrenchFleetEscape, NavalCombat, TransferFleet
from assistant.games.europe_engulfed.powers import enemy, side_of
from assistant.games.europe_engulfed.state import Block, EEState
from assistant.games.europe_engulfed.supply.queries import supplied_ports
from assistant.games.europe_engulfed.supply.snapshot import situation
import assistant.games.europe_engulfed.events as ev
from events.base import Event

WESTERN = ("britain", "france", "usa", "free_french")
ATLANTIC, MED, BALTIC = "atlantic", "mediterranean", "baltic"


def fleets(s: EEState, sea: str, side: str, starting: bool = False) -> dict[str, int]:
    """A side's fleet points in a sea that may fight there: neutral Italy's stay out (9.44); after the morale
    collapse Italian points never start a naval combat or an interdiction (9.45b)."""
    out = {}
    for nation, n in s.fleets.get(sea, {}).items():
        if n <= 0 or side_of(s, nation) != side:
            continue
        if nation == "italy" and (s.politics.italy_at_war < 0 or (starting and s.politics.morale_collapsed >= 0)):
            continue
        out[nation] = n
    return out


def available(s: EEState, sea: str, nation: str) -> int:
    """Fleet points still "Trans. Avail." this game turn (EE 5.34)."""
    return s.fleets.get(sea, {}).get(nation, 0) - s.fleets_used.get(sea, {}).get(nation, 0)


def carriers(s: EEState, u: Block) -> tuple[str, ...]:
    """Whose fleet points may carry a unit: Soviets their own; French units French points only and British units
    never French ones (9.51a); Britain and the U.S.A. pool theirs (9.32); the Axis shares, but Germans never ride
    neutral Italy's fleet (9.44)."""
    n = u.nation
    if n == "ussr":
        return ("ussr",)
    if n == "france":
        return ("france",)
    if n in ("britain", "usa", "free_french"):
        return ("usa", "britain") if n == "usa" else ("britain", "usa")
    if side_of(s, n) == "Axis":
        italian_ok = s.politics.italy_at_war >= 0 or n == "italy"
        order = ("italy", "germany") if n == "italy" else ("germany", "italy")
        return tuple(x for x in order if x != "italy" or italian_ok)
    return ()


def crossing(s: EEState, side: str, a: str, b: str) -> str:
    """Whether fleet points (8.31, 8.32) — and so strategic moves by sea (5.32) — may pass between two sea areas:
    "" when they may, otherwise the refusal with its rule."""
    pair = {a, b}
    if side == "Allied":
        if pair == {ATLANTIC, MED}:
            if s.control.get("gibraltar") == "Allied":
                return ""
            if s.control.get("alexandria") == "Allied" and s.control.get("sinai_desert") == "Allied":
                return ""
            return "EE 8.31: with Gibraltar lost, only with Alexandria and the Sinai Desert Allied"
        return f"EE 8.31: the Western Allies pass only between the Atlantic and the Mediterranean, not {a}-{b}"
    if pair == {ATLANTIC, BALTIC}:
        if s.control.get("ruhr") == "Axis" or s.control.get("denmark") == "Axis":
            return ""
        return "EE 8.321: Atlantic-Baltic needs the Ruhr or Denmark Axis-controlled"
    if pair == {ATLANTIC, MED}:
        if s.politics.italy_at_war < 0 or s.control.get("gibraltar") != "Axis":
            return "EE 8.322: Atlantic-Mediterranean needs Italy at war and Gibraltar Axis-controlled"
        if a == MED and not (s.control.get("alexandria") == "Axis" or s.politics.ussr_at_war >= 0):
            return "EE 8.322: Mediterranean to Atlantic also needs Alexandria Axis-controlled or the Axis-USSR war"
        return ""
    return f"EE 8.32: the Axis passes only Atlantic-Baltic or Atlantic-Mediterranean, not {a}-{b}"


def _split(message: str) -> Refused:
    rule, _, text = message.partition(": ")
    return Refused(text, rule=rule)


# ------------------------------------------------------------------ fleet transfers (8.3)


def _transfer_cap(s: EEState, nation: str) -> tuple[int, str, tuple[str, ...]]:
    """How many points this nation may still transfer this game turn, the rule, and who shares the count."""
    if data.side_of(nation) == "Axis":
        return 1, "EE 8.32", ("germany", "italy")
    if s.control.get("gibraltar") == "Allied":
        # 8.31: Britain and France two each; U.S. points are pooled with and moved by Britain (9.32)
        return 2, "EE 8.31", ("france",) if nation == "france" else ("britain", "usa")
    return 1, "EE 8.31", ("britain", "usa", "france")


def transfer_fleet(cmd: TransferFleet, s: EEState, ctx: Context) -> list[Event]:
    if cmd.nation not in data.MAJORS:
        raise Refused(f"{cmd.nation} has no fleet points to transfer", rule="EE 8.3")
    nation, side = cmd.nation, data.side_of(cmd.nation)
    if s.phase not in ("initial_supply", "final_supply") or s.side != side:
        raise Refused("fleet points are transferred in their own side's supply phases", rule="EE 8.3")
    if nation == "ussr":
        raise Refused("only the Western Allies and the Axis transfer fleet points", rule="EE 8.3")
    if s.supply_checked == f"{s.turn}:{s.side}:{s.phase}":
        raise Refused("transfer before this phase's supply determination, which then counts them", rule="EE 8.3")
    if cmd.count < 1 or available(s, cmd.from_sea, nation) < cmd.count:
        raise Refused(f"{nation} has {max(0, available(s, cmd.from_sea, nation))} fleet point(s) available for "
                      f"transport in {cmd.from_sea}", rule="EE 8.3")
    why = crossing(s, side, cmd.from_sea, cmd.to_sea)
    if why:
        raise _split(why)
    limit, rule, sharing = _transfer_cap(s, nation)
    done = sum(s.fleets_moved.get(n, 0) for n in sharing)
    if done + cmd.count > limit:
        raise Refused(f"{limit} fleet point(s) per game turn ({done} already transferred)", rule=rule)
    to_nation = nation
    if side == "Axis" and {cmd.from_sea, cmd.to_sea} == {ATLANTIC, MED}:
        to_nation = "germany" if cmd.to_sea == ATLANTIC else "italy"  # 8.323
    ports = supplied_ports(s.board, situation(s), to_nation, side)
    if not ports.get(cmd.to_sea):
        raise Refused(f"no supplied friendly port in {cmd.to_sea}", rule="EE 8.3")
    return [ev.FleetPointsTransferred(nation=nation, to_nation=to_nation, from_sea=cmd.from_sea, to_sea=cmd.to_sea,
                                      count=cmd.count, rule="EE 8.323" if to_nation != nation else rule)]


# ------------------------------------------------------------------ naval combat (8.1)


def _losses(s: EEState, sea: str, side_fleet: dict[str, int], hits: int, order: tuple[str, ...],
            carrying: dict[str, int]) -> list[ev.FleetLoss]:
    """EE 8.14: unused points first, then those carrying units now, then those that carried earlier."""
    nations = list(order) + sorted((n for n in side_fleet if n not in order), key=lambda n: (-side_fleet[n], n))
    left = {n: dict(unused=0, carrying=0, used=0) for n in side_fleet}
    for n in side_fleet:
        used = s.fleets_used.get(sea, {}).get(n, 0)
        left[n]["carrying"] = min(carrying.get(n, 0), side_fleet[n])
        left[n]["used"] = max(0, min(used, side_fleet[n]) - left[n]["carrying"])
        left[n]["unused"] = side_fleet[n] - left[n]["carrying"] - left[n]["used"]
    out: dict[tuple[str, str], int] = {}
    for state in ("unused", "carrying", "used"):
        for n in nations:
            if n not in left:
                continue
            take = min(hits, left[n][state])
            if take:
                out[(n, state)] = out.get((n, state), 0) + take
                hits -= take
    return [ev.FleetLoss(nation=n, state=st, count=k) for (n, st), k in out.items()]


def naval_combat(cmd: NavalCombat, s: EEState, ctx: Context) -> list[Event]:
    open_ = [t for t in s.transports if t.sea == cmd.sea]
    if not open_:
        raise Refused(f"naval combat answers a sea transport in {cmd.sea} in this phase", rule="EE 8.11")
    mover = side_of(s, open_[0].nation)
    initiator = enemy(mover)
    attack = fleets(s, cmd.sea, initiator, starting=True)
    if not attack:
        collapsed = s.fleets.get(cmd.sea, {}).get("italy", 0) and s.politics.morale_collapsed >= 0
        raise Refused(f"the {initiator} side has no fleet point in {cmd.sea} able to start naval combat",
                      rule="EE 9.45b" if collapsed and initiator == "Axis" else "EE 8.11")
    defence = fleets(s, cmd.sea, mover)
    a, b = sum(attack.values()), sum(defence.values())
    small = min(a, b)
    fires: list[ev.Fire] = []
    events: list[Event] = []
    hits = {initiator: 0, mover: 0}
    rolls = [(initiator, small, 6), (mover, small, 6)]
    if a != b:
        rolls.append((initiator if a > b else mover, abs(a - b), 5))  # 8.13: the surplus hits on 5-6
    for side, n, hit_on in rolls:
        if n <= 0:
            continue
        throw = ctx.throw(f"{side} naval combat in the {place(cmd.sea)}", n, targets=(hit_on,) * n, hits_when="at_least",
                          thrower=side)
        events.append(throw)
        k = sum(1 for f in throw.faces if f >= hit_on)
        hits[side] += k
        fires.append(ev.Fire(side=side, units=tuple(sorted(attack if side == initiator else defence)), target="fleet",
                             dice=n, hit_on=hit_on, faces=throw.faces, hits=k))
    carrying: dict[str, int] = {}
    for t in open_:
        carrying[t.nation] = carrying.get(t.nation, 0) + t.fleet_points
    losses = _losses(s, cmd.sea, attack, hits[mover], cmd.fleet_loss_order.get(initiator, ()), {})
    losses += _losses(s, cmd.sea, defence, hits[initiator], cmd.fleet_loss_order.get(mover, ()), carrying)
    sunk_carrying = sum(x.count for x in losses if x.state == "carrying")
    aboard = [t.unit_id for t in open_]
    unknown = [uid for uid in cmd.units_lost if uid not in aboard]
    if unknown:
        raise Refused(f"not carried in {cmd.sea} now: {', '.join(unknown)}", rule="EE 8.14")
    chosen = list(dict.fromkeys(list(cmd.units_lost) + aboard))[:sunk_carrying]
    events.append(ev.NavalCombatResolved(sea=cmd.sea, initiator=initiator, fleets={initiator: a, mover: b},
                                         fires=tuple(fires), losses=tuple(losses), units_lost=tuple(chosen)))
    return events


# ------------------------------------------------------------------ naval interdiction (8.2)


def interdiction(s: EEState, u: Block, sea: str, ctx: Context) -> list[Event]:
    """EE 8.21-8.22: the enemy rolls one die per fleet point against the moving unit if it has at least one point
    for every two of the mover's; 5-6 in the Mediterranean while it controls Sicily and/or Malta."""
    side = side_of(s, u.nation)
    foe = enemy(side)
    theirs = sum(fleets(s, sea, foe, starting=True).values())
    ours = sum(fleets(s, sea, side).values())
    if theirs < 1 or 2 * theirs < ours:
        return []
    hit_on = 5 if sea == MED and foe in (s.control.get("sicily"), s.control.get("malta")) else 6
    throw = ctx.throw(f"{foe} naval interdiction of {block(u.nation, u.kind, u.steps)} in the {place(sea)}", theirs, targets=(hit_on,) * theirs,
                      hits_when="at_least")
    hits = sum(1 for f in throw.faces if f >= hit_on)
    lost = min(hits, u.steps)  # a GSU has one step: one hit eliminates it (8.21)
    return [throw, ev.NavalInterdictionResolved(unit_id=u.id, sea=sea, fleet_points=theirs, hit_on=hit_on,
                                                faces=throw.faces, steps_lost=lost)]


# ------------------------------------------------------------------ the French fleet (9.522)


def french_fleet_escape(cmd: ChooseFrenchFleetEscape, s: EEState, ctx: Context) -> list[Event]:
    if not s.politics.french_fleet_escape:
        raise Refused("a French fleet point escapes only when France is conquered without Vichy", rule="EE 9.522")
    if not s.fleets.get(cmd.sea, {}).get("france"):
        raise Refused(f"no French fleet point in {cmd.sea}", rule="EE 9.522")
    return [ev.FrenchFleetEscaped(sea=cmd.sea)]
