"""Combat rounds (EE 6.0-6.9) and the Special Actions that buy or answer them (6.5, 6.7, 7.4, 7.7).

A round: GSU air combat (6.23), then the defender fires, losses fall on the attacker, then the attacker's
survivors fire (6.31 Normal, 6.32 Assault: two dice per step). Each throw is one group of units that share a
target type and a hit number; armor fires at armor while there is any (6.25, 6.29). Losses follow 6.27-6.28.
"""

from __future__ import annotations

from fractions import Fraction
from math import floor

import msgspec

from assistant.families.engulfed.steps import next_loss
from assistant.decider import Context, Refused
from assistant.games.europe_engulfed.wording import block, place
from assistant.games.europe_engulfed import data
from assistant.games.europe_engulfed.board.names import place_id
from assistant.games.europe_engulfed.commands import BuyBreakthrough, Counterattack, Fight
from assistant.games.europe_engulfed.powers import AXIS_MINORS, contested, enemy, land_units, side_of
from assistant.games.europe_engulfed.rules import landings
from assistant.games.europe_engulfed.rules.flow import Flow
from assistant.games.europe_engulfed.rules.special_actions import spend
from assistant.games.europe_engulfed.state import Block, EEState
import assistant.games.europe_engulfed.events as ev
from events.base import Event


class Situation(msgspec.Struct, frozen=True, kw_only=True):
    """Everything about the area and the round that changes hit numbers or dice."""

    area: str
    attacker: str
    round_type: str
    kind: str
    weather: str
    terrain: str
    fortress: bool
    fortified: bool  # a fortification counts in this round (6.97a: first mandatory round only)
    first_round: bool
    crossed: tuple[str, ...] = ()
    maginot: bool = False
    landing: bool = False
    mixed_minors: bool = False
    home_of: str = ""  # the nation whose home area this is (1.12 Soviet/Finnish exemption)
    italy_collapsed: bool = False


def _class(u: Block) -> str:
    return "armor" if u.kind == "armor" else "infantry"


def bonuses(u: Block, side: str, sit: Situation, target: str, supported: bool) -> tuple[str, ...]:
    """The 6.4 hit-bonus letters a firing unit gets against ``target``; a letter twice counts twice."""
    if u.kind == "militia" or (u.nation == "italy" and sit.italy_collapsed):
        return ()  # Glossary "Milice"; 9.45a
    if u.kind == "armor" and sit.weather == "mud":
        return ()  # 1.13: armor never gets a hit-bonus in mud
    defending = side != sit.attacker
    rough = sit.terrain == "rough" or (sit.terrain == "swamp" and sit.weather == "snow")
    out: list[str] = []
    if u.elite:
        out.append("a")
    if defending and sit.weather == "mud" and u.kind in ("infantry", "cavalry"):
        out.append("b")
    if u.kind == "armor" and target == "infantry" and not (not defending and (rough or sit.fortress)):
        out.append("c")
    if supported:
        out.append("d")
    if defending and rough:
        out.append("e")
    if defending and sit.first_round and (target in sit.crossed):
        out.append("f")
    if defending and sit.maginot and sit.first_round and side == "Allied":
        out += ["g", "g"]
    if defending and sit.fortress:
        out += ["h", "h"]
    if defending and sit.fortified:
        out.append("i")
    if defending and sit.landing and sit.first_round and target == "infantry":
        out.append("j")
    if side == "Allied" and sit.mixed_minors and target == "infantry":
        out.append("k")
    return tuple(out)


def dice_factor(u: Block, side: str, sit: Situation) -> Fraction:
    """Halvings of the attacker's dice (1.12 snow, 3.4 out of supply, 6.82 swamp), multiplied before rounding."""
    f = Fraction(2 if sit.round_type == "assault" else 1)
    if side != sit.attacker:
        return f
    if sit.weather == "snow" and not (u.nation in ("ussr", "finland") and sit.home_of == u.nation):
        f /= 2
    if u.oos:
        f /= 2
    if sit.terrain == "swamp" and sit.weather != "snow" and u.infantry_type:
        f /= 2
    return f


class Round:
    """The mutable working copy of one round's units; the result is a list of Fire and the steps lost."""

    def __init__(self, s: EEState, sit: Situation, sides: dict[str, list[Block]], loss_order: dict[str, tuple[str, ...]]):
        self.s = s
        self.sit = sit
        self.units = sides
        self.steps = {u.id: u.steps for units in sides.values() for u in units}
        self.order = loss_order
        self.fires: list[ev.Fire] = []
        self.dice: list[Event] = []

    def alive(self, side: str, klass: str | None = None) -> list[Block]:
        return [u for u in self.units[side] if self.steps[u.id] > 0 and (klass is None or _class(u) == klass)]

    def take_hits(self, side: str, klass: str, hits: int) -> None:
        """6.27 every full-strength unit of the type loses a step before any loses a second; 6.28 overflow."""
        for _ in range(hits):
            pool = self.alive(side, klass) or self.alive(side, "infantry" if klass == "armor" else "armor")
            choice = next_loss({u.id: (self.steps[u.id], u.max_steps) for u in pool}, self.order.get(side, ()))
            if choice is None:
                return
            self.steps[choice] -= 1

    def fire(self, ctx: Context, side: str, groups: list[list[Block]], support: set[str]) -> None:
        foe = enemy(side)
        for group in groups:
            shooters = [u for u in group if self.steps[u.id] > 0]
            if not shooters or not self.alive(foe):
                continue
            enemy_armor = bool(self.alive(foe, "armor"))
            enemy_infantry = bool(self.alive(foe, "infantry"))
            throws: dict[tuple[str, int], list[tuple[Block, tuple[str, ...]]]] = {}
            for u in shooters:
                if _class(u) == "armor":
                    target = "armor" if enemy_armor else "infantry"
                else:
                    target = "infantry" if enemy_infantry else "armor"
                b = bonuses(u, side, self.sit, target, u.id in support)
                hit_on = max(1, data.tables().combat["hit_on"] - len(b))
                throws.setdefault((target, hit_on), []).append((u, b))
            # Fewest bonuses last, so the fractions dropped by halving land on plain dice (1.12 example 2).
            ordered = sorted(throws.items(), key=lambda kv: (kv[0][0], kv[0][1]))
            carried: dict[str, Fraction] = {}
            for i, ((target, hit_on), members) in enumerate(ordered):
                exact = sum((self.steps[u.id] * dice_factor(u, side, self.sit) for u, _ in members), Fraction(0))
                last_of_target = all(t != target for (t, _), _m in ordered[i + 1:])
                total = carried.get(target, Fraction(0)) + exact
                n = floor(total) if last_of_target else floor(exact)
                carried[target] = total - n if not last_of_target else Fraction(0)
                if n <= 0:
                    continue
                names = tuple(u.id for u, _ in members)
                firing = ", ".join(block(u.nation, u.kind, self.steps[u.id]) for u, _ in members)
                throw = ctx.throw(f"{side} fire in {place(self.sit.area)}: {firing} at {target}", n,
                                  targets=(hit_on,) * n, hits_when="at_least", thrower=side)
                self.dice.append(throw)
                hits = sum(1 for f in throw.faces if f >= hit_on)
                letters = tuple(sorted({x for _, b in members for x in b}))
                self.fires.append(ev.Fire(side=side, units=names, target=target, dice=n, hit_on=hit_on,
                                          faces=throw.faces, hits=hits, bonuses=letters))
                self.take_hits(foe, target, hits)


def _default_groups(units: list[Block]) -> list[list[Block]]:
    """Infantry-type units fire together; armor one unit at a time (the 6.2 example's tactic)."""
    inf = [u for u in units if _class(u) == "infantry"]
    armor = sorted((u for u in units if _class(u) == "armor"), key=lambda u: u.id)
    return ([inf] if inf else []) + [[u] for u in armor]


def _groups(units: list[Block], order: tuple[tuple[str, ...], ...]) -> list[list[Block]]:
    if not order:
        return _default_groups(units)
    by_id = {u.id: u for u in units}
    listed = {uid for g in order for uid in g}
    unknown = listed - set(by_id)
    if unknown:
        raise Refused(f"not firing in this round: {', '.join(sorted(unknown))}", rule="EE 6.25")
    rest = [u for u in units if u.id not in listed]
    return [[by_id[uid] for uid in g] for g in order] + _default_groups(rest)


def _gsu_may_support(gsu: Block, unit: Block) -> bool:
    """6.61 same nationality; 6.62 German GSUs may support Axis minors, never Italians."""
    return gsu.nation == unit.nation or (gsu.nation == "germany" and unit.nation in AXIS_MINORS)


def resolve(s: EEState, sit: Situation, ctx: Context, *, gsu_air: tuple[str, ...], supported: tuple[str, ...],
            fire_order: dict[str, tuple[tuple[str, ...], ...]], loss_order: dict[str, tuple[str, ...]],
            attacking_nations: tuple[str, ...] = ()) -> tuple[list[Event], ev.CombatRoundFought]:
    attacker, defender = sit.attacker, enemy(sit.attacker)
    here = [u for u in s.units.values() if u.area == sit.area]
    land = {side: [u for u in here if u.kind != "gsu" and side_of(s, u.nation) == side] for side in (attacker, defender)}
    if attacking_nations:  # 6.72: only the majors that spent a Special Action attack (and take losses)
        land[attacker] = [u for u in land[attacker] if u.nation in attacking_nations or
                          (u.nation in AXIS_MINORS and "germany" in attacking_nations)]
    gsus = {side: [u for u in here if u.kind == "gsu" and side_of(s, u.nation) == side and not u.oos]
            for side in (attacker, defender)}
    if sit.weather in ("snow", "mud"):
        gsus = {attacker: [], defender: []}  # 1.12, 1.13
    rnd = Round(s, sit, land, loss_order)
    losses: dict[str, int] = {}
    # 6.23 air combat, simultaneous
    flying = {side: [g for g in gsus[side] if g.id in gsu_air] for side in gsus}
    shot: dict[str, int] = {}
    for side in (attacker, defender):
        if flying[side]:
            n = len(flying[side])
            hit_on = data.tables().combat["gsu_air_hit_on"]
            throw = ctx.throw(f"{side} air combat in {place(sit.area)}", n, targets=(hit_on,) * n, hits_when="at_least",
                              thrower=side)
            rnd.dice.append(throw)
            hits = sum(1 for f in throw.faces if f >= hit_on)
            rnd.fires.append(ev.Fire(side=side, units=tuple(g.id for g in flying[side]), target="gsu", dice=n,
                                     hit_on=hit_on, faces=throw.faces, hits=hits))
            shot[enemy(side)] = hits
    support: set[str] = set()
    for side in (attacker, defender):
        lost = min(shot.get(side, 0), len(gsus[side]))
        # the owner loses air-combat GSUs first, then ground-support ones (his choice; EE 6.23)
        victims = (flying[side] + [g for g in gsus[side] if g not in flying[side]])[:lost]
        for g in victims:
            losses[g.id] = 1
        helpers = [g for g in gsus[side] if g not in flying[side] and g not in victims]
        limit = data.tables().combat["gsu_supported_max"]
        for uid in supported:
            unit = next((u for u in land[side] if u.id == uid), None)
            if unit is None or len([x for x in support if x in {u.id for u in land[side]}]) >= limit:
                continue
            helper = next((g for g in helpers if _gsu_may_support(g, unit)), None)
            if helper is not None:
                helpers.remove(helper)
                support.add(uid)
    rnd.fire(ctx, defender, _groups(land[defender], fire_order.get(defender, ())), support)
    rnd.fire(ctx, attacker, _groups(land[attacker], fire_order.get(attacker, ())), support)
    for uid, left in rnd.steps.items():
        before = s.units[uid].steps
        if left < before:
            losses[uid] = before - left
    # 6.64: ground support units left alone with enemy land units are eliminated at once
    for side in (attacker, defender):
        if not rnd.alive(side) and rnd.alive(enemy(side)):
            for g in here:
                if g.kind == "gsu" and side_of(s, g.nation) == side:
                    losses[g.id] = 1
    defenders_left = bool(rnd.alive(defender))
    attackers_left = bool(rnd.alive(attacker))
    breached = sit.area in s.fortifications and s.fortifications[sit.area] == "normal" and sit.first_round \
        and sit.kind != "counterattack" and attackers_left and defenders_left
    event = ev.CombatRoundFought(area=sit.area, kind=sit.kind, round_type=sit.round_type, attacker=attacker,
                                 fires=tuple(rnd.fires), losses=losses, fortification_breached=breached)
    return rnd.dice, event


def situation(s: EEState, area_id: str, attacker: str, round_type: str, kind: str, *, crossed=(), maginot=False,
              landing=False) -> Situation:
    area = s.board.areas.get(area_id)
    if area is None:
        raise Refused(f"no area {area_id!r} on the board")
    zone = area.weather_zone or (s.board.areas[area.container].weather_zone if area.container else None)
    weather = s.weather.get(zone or "", "clear")
    first = area_id not in s.fought and kind != "counterattack"
    minors = {u.nation for u in s.units.values() if u.area == area_id and u.nation in AXIS_MINORS}
    return Situation(
        area=area_id, attacker=attacker, round_type=round_type, kind=kind, weather=weather,
        terrain=area.terrain or "clear", fortress=area.kind == "fortress",
        fortified=area_id in s.fortifications and first and kind in ("initial", "mandatory"),
        first_round=first, crossed=tuple(crossed), maginot=maginot and "france" not in s.politics.conquered,
        landing=landing, mixed_minors=len(minors) >= 2, home_of=area.nation if area.home else "",
        italy_collapsed=s.politics.morale_collapsed >= 0,
    )


def _round_type(rt: str) -> str:
    if rt not in ("normal", "assault"):
        raise Refused("a round is normal or assault", rule="EE 6.3")
    return rt


def fight(cmd: Fight, s: EEState, ctx: Context) -> list[Event]:
    if not contested(s, cmd.area):
        raise Refused(f"{cmd.area} is not contested: nobody to fight", rule="EE 6.1")
    nations: tuple[str, ...] = ()
    if s.phase == "combat":
        if cmd.area in s.fought:
            raise Refused("one round per area in the initial combat phase; buy a breakthrough combat", rule="EE 1.25")
        kind = "initial"
    elif s.phase == "breakthrough" and s.step.startswith("combat:"):
        _, area, who = s.step.split(":")
        if area != cmd.area:
            raise Refused(f"this breakthrough combat was bought for {area}", rule="EE 6.72")
        kind, nations = "breakthrough", tuple(who.split(","))
    elif s.phase == "breakthrough" and s.step == "operational":
        if cmd.area in s.fought:
            raise Refused("the free round after a breakthrough move is fought once", rule="EE 6.73")
        kind = "mandatory"
    else:
        raise Refused("combat rounds are fought in the combat or breakthrough phases", rule="EE 1.25")
    f = Flow(s)
    if _vichy_only_against_americans(f, cmd.area):
        return f.events
    s = f.s
    landing = s.landings.get(cmd.area)
    sit = situation(s, cmd.area, s.side, _round_type(cmd.round_type), kind, crossed=cmd.crossed,
                    maginot=cmd.maginot, landing=cmd.landing or (landing is not None and kind == "initial"))
    dice, event = resolve(s, sit, ctx, gsu_air=cmd.gsu_air, supported=cmd.supported, fire_order=cmd.fire_order,
                          loss_order=cmd.loss_order, attacking_nations=nations)
    f.add(*dice, event)
    landings.after_round(f, cmd.area, landing.side if landing else "", landing.sea if landing else "",
                         landing is not None and "amphibious" in landing.kinds)
    cleared(f, cmd.area)
    if kind == "breakthrough":
        f.phase(s.side, "breakthrough")  # the Special Action bought exactly this round
    return f.events


def _vichy_only_against_americans(f: Flow, area: str) -> bool:
    """9.525: a Vichy unit attacked by U.S. units only is eliminated without defending at the start of the round;
    True when nobody is left to fight."""
    s = f.s
    here = [u for u in s.units.values() if u.area == area and u.kind != "gsu"]
    vichy = tuple(u.id for u in here if u.nation == "vichy")
    attackers = [u for u in here if side_of(s, u.nation) == s.side]
    if not vichy or s.side != "Allied" or not attackers or any(u.nation != "usa" for u in attackers):
        return False
    f.add(ev.UnitsEliminated(unit_ids=vichy, cause="Vichy troops do not fire on Americans", rule="EE 9.525"))
    if contested(f.s, area):
        return False
    f.add(ev.ControlChanged(area=area, side="Allied", cause="Vichy troops stood down before the U.S. attack",
                            by=attackers[0].nation))
    return True


def counterattack(cmd: Counterattack, s: EEState, ctx: Context) -> list[Event]:
    defender = enemy(s.side)
    if data.side_of(cmd.nation) != defender if cmd.nation in data.MAJORS else side_of(s, cmd.nation) != defender:
        raise Refused("only the defender counterattacks", rule="EE 7.7")
    b = s.battle
    if b is None or b.area != cmd.area or b.counterattacked:
        raise Refused("a counterattack follows a combat round in that area, one per round", rule="EE 7.7")
    if not any(u.area == cmd.area and u.kind != "gsu" and side_of(s, u.nation) == defender for u in s.units.values()):
        raise Refused("a counterattack needs at least one surviving step", rule="EE 7.7")
    if cmd.nation not in data.MAJORS and cmd.nation not in ("poland", "spain", "turkey", "yugoslavia"):
        raise Refused("only major powers and Poland, Spain, Turkey, Yugoslavia hold Special Actions", rule="EE 9.64")
    sa = spend(s, cmd.nation, "counterattack", "EE 7.7", cmd.area)
    s2 = Flow(s).add(sa).s
    sit = situation(s2, cmd.area, defender, _round_type(cmd.round_type), "counterattack")
    dice, event = resolve(s2, sit, ctx, gsu_air=cmd.gsu_air, supported=cmd.supported, fire_order=cmd.fire_order,
                          loss_order=cmd.loss_order)
    f = Flow(s2)
    f.add(*dice, event)
    landings.after_round(f, cmd.area, "", "", False)
    cleared(f, cmd.area)
    return [sa, *f.events]


def cleared(f: Flow, area: str) -> None:
    """Glossary "Zone contrôlée": an enemy area becomes friendly the moment only friendly land units occupy it."""
    s = f.s
    sides = {side_of(s, u.nation) for u in land_units(s, area)}
    if len(sides) != 1:
        return
    side = sides.pop()
    if side in ("Axis", "Allied") and s.control.get(area) not in (side, None):
        by = next((u.nation for u in land_units(s, area) if u.nation in data.MAJORS), "")
        f.add(ev.ControlChanged(area=area, side=side, cause="cleared of enemy land units in combat", by=by))


def _designation(s: EEState, area: str) -> None:
    """EE 5.42: a breakthrough operational move designates one land area, friendly or enemy; the moves of the
    phase go into it (or, for the fast units two areas away, next to it)."""
    if not area:
        raise Refused("name the area this breakthrough operational move designates: its units move into it",
                      rule="EE 5.42")
    if area not in s.board.areas:
        raise Refused(f"{area!r} is not a land area of the board: designate one for the breakthrough operational "
                      "move", rule="EE 5.42")
    if s.control.get(area) not in ("Axis", "Allied"):
        raise Refused(f"{place(area)} is neutral: a breakthrough operational move designates a friendly or enemy "
                      "area", rule="EE 5.42")


def _major(typed: str) -> str:
    """A major power as typed: its id or its name in any case ("Germany", "Soviet Union", "USSR")."""
    key = typed.strip().casefold()
    return next((m for m in data.MAJORS if key in (m, data.nation(m).title.casefold())), typed.strip())


def buy_breakthrough(cmd: BuyBreakthrough, s: EEState, ctx: Context) -> list[Event]:
    if s.phase != "breakthrough" or s.step:
        raise Refused("breakthrough phases are bought one at a time after the initial combats", rule="EE 6.2")
    if not cmd.nations:
        raise Refused("name the major power(s) spending a Special Action", rule="EE 7.13")
    # nations and the area as the players name them ("Germany", "Smolensk") stand for the ids
    cmd = msgspec.structs.replace(cmd, nations=tuple(_major(n) for n in cmd.nations),
                                  area=place_id(s.board, cmd.area) if cmd.area else cmd.area)
    for n in cmd.nations:
        if n not in data.MAJORS or data.side_of(n) != s.side:
            raise Refused(f"{data.nation(n).title if n in data.MAJORS else n} is not a major power of the "
                          f"{s.side} side, which is phasing", rule="EE 7.13")
    if cmd.kind == "combat":
        if not cmd.area:
            raise Refused("name the contested area where the breakthrough combat is fought", rule="EE 6.71")
        if not contested(s, cmd.area):
            raise Refused(f"{place(cmd.area)} is not contested: a breakthrough combat is fought where both sides "
                          "have land units", rule="EE 6.71")
        step = f"combat:{cmd.area}:{','.join(cmd.nations)}"
        rule = "EE 6.71"
    elif cmd.kind in ("operational", "strategic"):
        if len(cmd.nations) != 1:
            raise Refused("one Special Action buys one breakthrough movement phase", rule="EE 5.41")
        step, rule = cmd.kind, "EE 5.42" if cmd.kind == "operational" else "EE 5.44"
        if cmd.kind == "operational":
            _designation(s, cmd.area)
    else:
        raise Refused("a breakthrough phase is operational, strategic or combat", rule="EE 1.26")
    f = Flow(s)
    for n in cmd.nations:
        f.add(spend(f.s, n, f"breakthrough_{cmd.kind}", rule, cmd.area))
    f.phase(s.side, "breakthrough", step)
    return f.events
