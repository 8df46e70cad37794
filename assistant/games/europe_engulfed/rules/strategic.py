"""Strategic warfare (EE 2.0): the U-boat campaign, bombing raids and V-weapons, resolved in the target's
production phase after its income and before its naval maintenance. Every die is thrown through ``ctx.throw``
with what it needed, so physical and assistant dice are logged alike."""

from __future__ import annotations

from math import ceil

from assistant.decider import Context, Refused
from assistant.games.europe_engulfed import calendar, data
from assistant.games.europe_engulfed.commands import AirRaid, LaunchVWeapons, ResolveUBoats
from assistant.games.europe_engulfed.powers import conquered, enemy
from assistant.games.europe_engulfed.rules.income import _home_value, base_production
from assistant.games.europe_engulfed.rules.production.phase import launch_site_held, producing
from assistant.games.europe_engulfed.rules.supplied import supplied_resource_areas
from assistant.games.europe_engulfed.state import EEState
import assistant.games.europe_engulfed.events as ev
from events.base import Event
from events.core import DiceRolled


def _segment_open(s: EEState, nation: str, what: str, rule: str) -> None:
    led = s.ledger(nation)
    if led.maintenance_paid:
        raise Refused("strategic warfare is resolved before naval maintenance is paid", rule="EE 2.0")
    if what in led.warfare:
        raise Refused(f"the {what} attack was already resolved this phase", rule=rule)


def _hits(throw: DiceRolled, at_least: int) -> int:
    return sum(1 for f in throw.faces if f >= at_least)


def _throw(ctx: Context, purpose: str, count: int, hit_on: int) -> DiceRolled:
    return ctx.throw(purpose, count, targets=(hit_on,) * count, hits_when="at_least")


# --------------------------------------------------------------- U-boats (2.1)


def resolve_uboats(cmd: ResolveUBoats, s: EEState, ctx: Context) -> list[Event]:
    producing(s, "britain")
    _segment_open(s, "britain", "uboats", "EE 2.1")
    if cmd.faces and len(cmd.faces) != 2:
        n = len(cmd.faces)
        raise Refused(f"the U-boat war takes 2 dice, in this order: the ASW die (EE 2.11), then the U-boat attack die "
                      f"(EE 2.12); {n} {'die was' if n == 1 else 'dice were'} entered", rule="EE 2.1")
    before = s.track.uboats
    if before < 1:
        raise Refused("Germany has no U-boat points", rule="EE 2.0")
    level = s.track.asw
    asw = ctx.throw(f"ASW roll at level {level}", 1)
    table = s.options.asw_table.get(str(level))
    percent = table[asw.faces[0] - 1] if table else cmd.percent
    if percent is None:
        raise Refused("the ASW table is not entered: roll the ASW die and the U-boat attack dice at the table, read "
                      "the percent of U-boats sunk and the WERP Britain loses on the map's tables, and enter them "
                      "with the dice (or enter the ASW table as a game option)",
                      rule="EE 2.11")
    lost = min(before, ceil(before * percent / 100))  # fractions rounded up (2.11)
    left = before - lost
    attack = ctx.throw(f"U-boat attack with {left} U-boats", 1)
    werp = cmd.werp_loss
    rows = [row for row in s.options.uboat_attack_table if row[0] <= left]
    if rows:
        werp = max(rows)[1][attack.faces[0] - 1]
    if werp is None:
        raise Refused("give the WERP Britain loses, read on the map's U-boat attack table with the attack die, or "
                      "enter that table as a game option",
                      rule="EE 2.12")
    booked = min(werp, max(s.ledger("britain").balance, 0))
    penalty = left // data.tables().uboats["sm_penalty_per"]  # 2.13
    return [asw, attack, ev.UBoatCampaignResolved(
        asw_level=level, asw_die=asw.faces[0], percent=percent, uboats_before=before, uboats_lost=lost,
        attack_die=attack.faces[0], werp_loss=werp, booked=booked, sm_penalty=penalty)]


# --------------------------------------------------------------- bombing raids (2.2)


def bombing_cap(s: EEState, target: str) -> int:
    """EE 2.26: half the WERP of the defender's supplied, defender-controlled home areas (rounded down)."""
    base = base_production(s, target, s.turn)[0]
    supplied = supplied_resource_areas(s, target)
    total = sum(
        _home_value(s, target, a, base)
        for a, area in s.board.areas.items()
        if area.nation == target and area.home and area.resource and a in supplied
    )
    return int(total // 2)


def air_raid(cmd: AirRaid, s: EEState, ctx: Context) -> list[Event]:
    target = producing(s)
    if target not in ("germany", "britain"):
        raise Refused("raids strike Germany (Western Allies) or Great Britain (Germany)", rule="EE 2.2")
    raider = enemy(data.side_of(target))
    _segment_open(s, target, "raid", "EE 2.21")
    if raider == "Axis":
        fallen = s.politics.conquered.get("france", 99)
        if not conquered(s, "france") or s.turn <= fallen:
            raise Refused("Germany may not raid before the turn after France is conquered", rule="EE 2.2")
    t = s.track
    bombers = t.bombers.get(raider, 0)
    if bombers < 1:
        raise Refused("a raid needs at least one bomber point", rule="EE 2.2")
    defender = data.side_of(target)
    air = data.tables().air_war
    weather = s.weather.get(data.weather().air_war_zone, "clear")
    escorts, interceptors = t.fighters.get(raider, 0), t.fighters.get(defender, 0)
    allied = raider == "Allied"
    if cmd.land_support:
        if not allied:
            raise Refused("only Western Allied bombers support land operations", rule="EE 2.27")
        if escorts < 2 * interceptors:
            raise Refused("bombing in support of land operations needs 2:1 fighter superiority", rule="EE 2.27")
        if s.politics.land_support_turn == s.turn - 1:
            raise Refused("bombers cannot support land operations on consecutive turns", rule="EE 2.27")
    forced = bombers >= air["forced_interception"][weather]
    intercepted = interceptors > 0 and (forced or cmd.intercept)
    out: list[Event] = []
    escorts_lost = interceptors_lost = bombers_lost = 0
    if intercepted and escorts:
        improved = allied and calendar.switched("allied_escorts_improved", s.turn)  # 2.24b
        throw = _throw(ctx, "escorts fire at interceptors", escorts, 5 if improved else air["escort_exchange_on"])
        out.append(throw)
        kills = _hits(throw, 6) if improved else 0
        exchanges = sum(1 for f in throw.faces if f == 5) if improved else _hits(throw, 6)
        interceptors_lost = min(kills, interceptors)  # hits before exchanges
        exchanged = min(exchanges, interceptors - interceptors_lost)
        interceptors_lost += exchanged
        escorts_lost = exchanged
    survivors = interceptors - interceptors_lost if intercepted else 0
    if survivors:
        throw = _throw(ctx, "interceptors fire at bombers", survivors, air["interceptor_hit_on"])
        out.append(throw)
        if allied and calendar.switched("allied_bomber_bonus", s.turn):  # 2.24a: 6 kills, 5 is an exchange
            bombers_lost = min(_hits(throw, 6), bombers)
            exchanged = min(sum(1 for f in throw.faces if f == 5), bombers - bombers_lost)
            bombers_lost += exchanged
            interceptors_lost += exchanged
        else:
            bombers_lost = min(_hits(throw, air["interceptor_hit_on"]), bombers)
    left = bombers - bombers_lost
    flak_level = t.flak.get(target, 0)
    per = data.tables().flak["bombers_per_die"].get(str(flak_level))
    flak_dice = left // per if per else 0
    flak_kills = 0
    if flak_dice:
        throw = _throw(ctx, f"flak level {flak_level}", flak_dice, air["flak_hit_on"])
        out.append(throw)
        flak_kills = min(_hits(throw, air["flak_hit_on"]), left)
    left -= flak_kills
    hits = 0
    if left:
        hit_on = air["bomb_hit_on"][weather] - (1 if allied and calendar.switched("allied_bomber_bonus", s.turn) else 0)
        throw = _throw(ctx, f"bombing in {weather.replace('_', ' ')}", left, hit_on)
        out.append(throw)
        hits = _hits(throw, hit_on)
    cap = bombing_cap(s, target)
    werp = 0 if cmd.land_support else min(hits, cap, max(s.ledger(target).balance, 0))
    rail = (bombers - bombers_lost - flak_kills) // air["rail_interdiction_per"][weather] if allied else 0
    out.append(ev.AirRaidResolved(
        raider=raider, target=target, weather=weather, bombers=bombers, escorts=escorts, interceptors=interceptors,
        intercepted=intercepted, escorts_lost=escorts_lost, interceptors_lost=interceptors_lost,
        bombers_lost_to_fighters=bombers_lost, flak_dice=flak_dice, bombers_lost_to_flak=flak_kills, hits=hits,
        cap=cap, werp_loss=werp, west_sm_reduction=hits if cmd.land_support else 0, rail_interdiction=rail))
    return out


# --------------------------------------------------------------- V-weapons (2.28)


def launch_v_weapons(cmd: LaunchVWeapons, s: EEState, ctx: Context) -> list[Event]:
    producing(s, "britain")
    kind = cmd.kind
    if kind not in ("v1", "v2"):
        raise Refused("V-weapons are v1 or v2", rule="EE 2.28")
    _segment_open(s, "britain", kind, "EE 2.28")
    on_track = getattr(s.track, kind)
    if not launch_site_held(s, kind):
        site = "Pas de Calais" if kind == "v1" else "a coastal area from Normandy to the Netherlands"
        raise Refused(f"Germany must control {site} to launch {kind.upper()}s", rule="EE 2.28")
    if not ceil(on_track / 2) <= cmd.points <= on_track:
        raise Refused(f"launch between {ceil(on_track / 2)} and {on_track} {kind.upper()} points", rule="EE 2.28")
    air = data.tables().air_war
    vt = data.tables().v_weapons
    out: list[Event] = []
    left = cmd.points
    intercepted = flak_kills = 0
    if kind == "v1":
        fighters = s.track.fighters.get("Allied", 0)
        if cmd.intercept and fighters and left:
            throw = _throw(ctx, "Allied fighters intercept V-1s", fighters, air["v_interception_hit_on"])
            out.append(throw)
            intercepted = min(_hits(throw, air["v_interception_hit_on"]), left)
            left -= intercepted
        per = data.tables().flak["bombers_per_die"].get(str(s.track.flak.get("britain", 0)))
        dice = left // per if per else 0
        if dice:
            throw = _throw(ctx, "British flak at V-1s", dice, air["flak_hit_on"])
            out.append(throw)
            flak_kills = min(_hits(throw, air["flak_hit_on"]), left)
            left -= flak_kills
    damage: tuple[int, ...] = ()
    if left:
        bonus = vt["v2_bonus"] if kind == "v2" else 0
        throw = ctx.throw(f"{kind.upper()} damage", left, targets=(3 - bonus,) * left, hits_when="at_least")
        out.append(throw)
        damage = tuple(vt["werp_by_die"][str(min(f + bonus, 7))] for f in throw.faces)
    werp = sum(damage)
    booked = min(werp, max(s.ledger("britain").balance, 0))
    out.append(ev.VWeaponsResolved(kind=kind, launched=cmd.points, intercepted=intercepted, shot_by_flak=flak_kills,
                                   damage=damage, werp_loss=werp, booked=booked))
    return out
