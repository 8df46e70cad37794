"""Strategic Warfare in the Japanese Production Phase (AE 2.0-2.5): ASW, submarine attack, SR reduction, bombing.

Both are mandatory when possible (AE 2.0); there is none in the Nov/Dec 1941 campaign turn (AE 9.11h).
"""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.families.engulfed.ledger import Booking
from assistant.games.asia_engulfed import data
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.commands import Bomb, ResolveSubmarines
from assistant.games.asia_engulfed.rules.supply import Tracer
from assistant.games.asia_engulfed.state import AEState
from events.base import Event


def _in_japanese_production(s: AEState, rule: str) -> None:
    if s.phase != "production" or s.producer != "japan":
        raise Refused("Strategic Warfare is resolved in the Japanese Production Phase", rule=rule)
    if surprise_turn(s):
        raise Refused("there is no Strategic Warfare in the Japanese production of Nov/Dec 1941", rule="AE 9.11h")


def surprise_turn(s: AEState) -> bool:
    return s.surprise


def received_outside_honshu(s: AEState, account: str) -> int:
    """What Japan received this turn beyond Honshu's immune 5 WERP / 1 Oil (AE 2.12), from its income lines."""
    return s.spent.get(f"japan:income_{account}", 0)


def asw_column(level: int) -> str:
    """AE 2.2 prints levels 0-2; a higher level reads the last column (decision, docs/rulings.md)."""
    return str(min(level, 2))


def submarine_column(points: int) -> int:
    for i, (low, high) in enumerate(data.table("submarine_attack")["columns"]):
        if low <= points <= high or (i == 4 and points >= low):
            return i
    return -1


def resolve_submarines(cmd: ResolveSubmarines, s: AEState, ctx: Context) -> list[Event]:
    _in_japanese_production(s, "AE 2.1")
    if "submarines" in s.strategic:
        raise Refused("the submarine campaign is already resolved this turn", rule="AE 2.1")
    points = s.balance("usa", "submarine_points")
    if points <= 0:
        raise Refused("the USA has no Submarine Points: no submarine warfare", rule="AE 2.0")
    level = s.track("asw")
    asw_roll = ctx.throw("ASW roll", 1)
    die = asw_roll.faces[0]
    lost = min(points, data.table("asw")[asw_column(level)][die - 1])
    out: list[Event] = [asw_roll, ev.AswRolled(die=die, level=level, lost=lost, books=(
        Booking(nation="usa", account="submarine_points", amount=-lost, rule="AE 2.11",
                cause=f"ASW level {level}, die {die}"),) if lost else ())]
    left = points - lost
    result = 0
    if left > 0:  # decision: no Submarine Points left, no attack (docs/rulings.md)
        attack = ctx.throw("submarine attack roll", 1)
        natural = attack.faces[0]
        duds = s.track("dud_torpedoes")
        modified = natural + (1 if duds == 0 else 0)
        result = data.table("submarine_attack")["rows"][modified - 1][submarine_column(left)]
        werp = min(result, received_outside_honshu(s, "werp"))
        oil = min(result, received_outside_honshu(s, "oil"))
        tc = min(result, s.balance("japan", "tc"))
        books = tuple(Booking(nation="japan", account=acc, amount=-n, rule="AE 2.12", cause=why)
                      for acc, n, why in (("werp", werp, "submarine attack (Honshu's 5 immune)"),
                                          ("oil", oil, "submarine attack (Honshu's 1 immune)"),
                                          ("tc", tc, "submarine attack: capacity lost from next turn")) if n)
        out += [attack, ev.SubmarineAttackRolled(die=natural, modified=modified, points=left, result=result,
                                                 books=books)]
        if natural in data.table("submarine_attack")["dud_rolls"] and duds > 0:
            out.append(ev.TrackMoved(track="dud_torpedoes", before=duds, after=duds - 1, rule="AE 2.14",
                                     cause=f"submarine attack roll of {natural}"))
    sr = max(min(4, data.nation("japan")["sr_limit"] - left // 10), min(level, 4))
    if sr != s.track("jp_sr"):
        out.append(ev.TrackMoved(track="jp_sr", before=s.track("jp_sr"), after=sr, rule="AE 2.13",
                                 cause=f"{left} Submarine Points left, ASW level {level}"))
    return out


def bomber_bases(s: AEState) -> tuple[list[str], list[str]]:
    """Allied-controlled strategic air bases that trace US supply, and those whose facts are unknown."""
    tracer = Tracer(s)
    bases = [z for z, zone in s.board.zones.items() if zone.air_base and s.control.get(z) == "allies"]
    unknown = [z for z, zone in s.board.zones.items() if zone.air_base is None and s.control.get(z) == "allies"]
    return [z for z in bases if tracer.zone_supplied(z, "usa")], unknown


def bomb(cmd: Bomb, s: AEState, ctx: Context) -> list[Event]:
    _in_japanese_production(s, "AE 2.4")
    if "bombing" in s.strategic:
        raise Refused("Bomber Points fly once per turn", rule="AE 2.4")
    supplied, _ = bomber_bases(s)
    for base in cmd.bases:
        if base not in supplied:
            raise Refused(f"{base!r} is not a supplied Allied-controlled strategic air base", rule="AE 2.4")
    stock = s.balance("usa", "bomber_points")
    may = min(stock, data.table("bombing")["points_per_base"] * len(set(cmd.bases)))
    points = may if cmd.points < 0 else cmd.points
    if points > may:
        raise Refused(f"at most {may} Bomber Points may fly from {len(set(cmd.bases))} base(s)", rule="AE 2.4")
    if points < may:
        raise Refused(f"strategic bombing is mandatory: all {may} eligible Bomber Points fly", rule="AE 2.0")
    if points == 0:
        raise Refused("no Bomber Point may fly", rule="AE 2.4")
    roll = ctx.throw("strategic bombing", points, targets=(4,) * points, hits_when="at_least")
    table = data.table("bombing")
    hits = min(sum(1 for f in roll.faces if f >= table["hit_on"]), table["max_hits"])
    books = (Booking(nation="japan", account="werp", amount=-hits, rule="AE 2.41, 2.42",
                     cause=f"strategic bombing: {hits} hit(s) on Honshu's WERP"),) if hits else ()
    return [roll, ev.StrategicBombing(bases=tuple(cmd.bases), points=points, dice=roll.faces, hits=hits,
                                      books=books)]


def pending(s: AEState) -> list[str]:
    """Strategic Warfare still owed before Japan may spend (AE 2.0: mandatory)."""
    if s.phase != "production" or s.producer != "japan" or surprise_turn(s):
        return []
    out = []
    if "submarines" not in s.strategic and s.balance("usa", "submarine_points") > 0:
        out.append("submarines")
    if "bombing" not in s.strategic and s.balance("usa", "bomber_points") > 0 and bomber_bases(s)[0]:
        out.append("bombing")
    return out
