"""Phase 3: battles, one space at a time in the attacker's order, strategic raids first [T L31]; each round's
throws in order, casualty choices, the casualty line, retreats, submerging, and how each battle ends."""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.families.axis_allies.outcome import battle_outcome
from assistant.games.aa_europe import commands as cmd
from assistant.games.aa_europe import events as ev
from assistant.games.aa_europe.describe import fire_name, possessive
from assistant.games.aa_europe.moves import forces as f
from assistant.games.aa_europe.moves.capture import capture, convoy_entered
from assistant.games.aa_europe.moves.casualties import check_choice, default_choice, pool
from assistant.games.aa_europe.moves.common import Emitter, cargo_of, require_phase, rule, throw, throw_ref
from msgspec.structs import replace

from assistant.games.aa_europe.state import Battle, State


def _rule(b: Battle) -> str:
    return rule({"land": "land_combat", "naval": "naval_combat", "bombing": "bombing"}[b.kind])


# ---------------------------------------------------------------- what comes next


def _order(s: State, b: Battle) -> list[str]:
    if b.kind == "bombing":
        return ["aa", "intercept", "escort", "raid_losses", "damage"]
    if b.kind == "land":
        first = ["aa", "support"] if b.round == 1 else []
        every = ["support"] if b.round > 1 and s.options.get("shore_support_every_round") else []
        return first + every + ["attack"] + [f"defence:{p}" for p in f.defending_powers(s, b)]
    powers = f.defending_powers(s, b)
    return ["surprise", *(f"surprise:{p}" for p in powers), "clear", "attack", *(f"defence:{p}" for p in powers)]


def next_action(s: State, b: Battle) -> tuple[str, str]:
    """("over" | "casualties" | "wait" | "intercept" | "fire" | "clear" | "losses" | "retreat" | "round_end", what)."""
    if b.outcome:
        return ("over", b.outcome)
    if b.pending is not None:
        return ("casualties", b.pending.side)
    if b.kind == "land" and f.waiting_cargo(s, b):
        return ("wait", f"the sea battle in {', '.join(z for z in b.came_from if s.world.is_sea(z))}")
    if b.kind == "bombing" and b.interceptors is None and f.interceptor_pool(s, b):
        return ("intercept", "the defender declares its interceptors")
    atk = f.attackers(s, b)
    free = [i for i in f.defenders(s, b) if i not in b.casualty_line]
    order = _order(s, b)
    # a round's throws go in order: one skipped (nobody to fire it then) does not come back later in the round
    last = max((order.index(x) for x in b.fired if x in order), default=-1)
    for fire in order[last + 1:]:
        if fire == "clear":
            if any(x.startswith("surprise") for x in b.fired):
                return ("clear", "")
            continue
        if fire == "raid_losses":
            if b.raid_hits:
                return ("losses", "")
            continue
        if fire == "aa" and not f.aa_guns(s, b):
            continue
        if fire == "escort" and not f.defenders(s, b):
            continue
        if fire in ("attack", "support", "surprise") and not free:
            continue
        if (fire.startswith("defence") or fire.startswith("surprise:") or fire == "intercept") and not atk:
            continue
        if f.dice_for(s, b, fire):
            return ("fire", fire)
    if b.kind == "bombing":
        return ("over", "raid")
    if not b.fired:
        return ("retreat", "neither side can fire: the attacker must retreat")
    return ("round_end", "")


def _battle_of(s: State, key: str) -> Battle:
    require_phase(s, "combat")
    b = s.battles.get(key)
    if b is None:
        raise Refused(f"no battle {key!r} this turn (battles: {', '.join(sorted(s.battles)) or 'none'})", rule("combat"))
    if b.kind != "bombing":
        raids = sorted(r.space for r in s.battles.values() if r.kind == "bombing" and not r.outcome)
        if raids:
            raise Refused(f"strategic raids are resolved first: the raid on {', '.join(raids)}", rule("combat"))
    return b


# ---------------------------------------------------------------- commands


def intercept(c: cmd.Intercept, s: State, ctx: Context) -> list:
    b = _battle_of(s, c.battle)
    if b.kind != "bombing" or b.interceptors is not None:
        raise Refused("interceptors are declared once, when a raid begins", rule("bombing"))
    able = f.interceptor_pool(s, b)
    chosen = list(c.ids)
    if any(i not in able for i in chosen):
        raise Refused(f"only fighters of the defending side in {b.space} may intercept", rule("bombing"))
    if c.count:
        extra = [i for i in able if i not in chosen]
        if c.count > len(extra):
            raise Refused(f"{len(able)} fighters can intercept over {b.space}", rule("bombing"))
        chosen += extra[: c.count]
    out = Emitter(s, ctx)
    out(ev.InterceptorsDeclared(battle=b.key, units=tuple(sorted(chosen))))
    settle(out, b.key)
    return out.events


def firer_of(s: State, b: Battle, what: str) -> str:
    """The power that throws ``what``: the attacker, or for a defending throw (defence, a defender's surprise strike,
    AA guns, interceptors) the power it names, else the one holding the space."""
    if not defending(what):
        return b.attacker
    return what.split(":", 1)[1] if ":" in what else s.controller(b.space)


def defending(what: str) -> bool:
    """Whether a battle's throw is the defender's: its defence, a defender's surprise strike, AA guns, interceptors."""
    return what.startswith(("defence", "surprise:")) or what in ("aa", "intercept")


def fire(c: cmd.Fire, s: State, ctx: Context) -> list:
    b = _battle_of(s, c.battle)
    act, what = next_action(s, b)
    if act != "fire":
        raise Refused(_not_now(act, what), _rule(b))
    out = Emitter(s, ctx)
    if b.round == 1 and not b.fired:
        from assistant.games.aa_europe.odds import record_odds

        out(*record_odds(s, b))
    dice = f.dice_for(s, b, what)
    side = "defender" if defending(what) else "attacker"
    firer = firer_of(s, b, what)
    ref = throw_ref(s, "battle", b.key, b.round, what)
    targets = tuple(t for _, t, _ in dice)
    shot = throw(out, f"{possessive(firer)} {fire_name(what)} at {b.space} (round {b.round})", len(dice),
                 c.faces, targets, ref, thrower=firer)
    if what == "damage":
        total = sum(shot.faces)
        owner = s.controller(b.space)
        out(ev.BombingDamage(battle=b.key, territory=b.space, owner=owner, total=total,
                             paid=min(total, out.state.treasury.get(owner, 0))))
        out(ev.BattleEnded(battle=b.key, outcome="bombed", survivors=tuple(f.attackers(out.state, b))))
        return out.events
    hit = [d for d, face in zip(dice, shot.faces) if face <= d[1]]
    line = what in ("support", "surprise", "attack") or what.startswith("surprise:")
    out(ev.HitsScored(
        battle=b.key, side=side, firer=firer, fire=what, hits=len(hit),
        no_air=sum(1 for d in hit if d[2] == "no_air"), no_sub=sum(1 for d in hit if d[2] == "no_sub"),
        line=line, round=b.round, ref=ref, kinds=tuple(d[2] for d in dice),
    ))
    settle(out, b.key)
    return out.events


def _not_now(act: str, what: str) -> str:
    return {
        "over": f"this battle is over ({what})",
        "casualties": f"the {what} must first choose casualties",
        "wait": f"this landing waits for {what}",
        "intercept": what,
        "retreat": what,
        "round_end": "the round is ending",
    }.get(act, what)


def choose_casualties(c: cmd.ChooseCasualties, s: State, ctx: Context) -> list:
    b = _battle_of(s, c.battle)
    p = b.pending
    if p is None:
        raise Refused("no hits are waiting for a casualty choice in this battle", _rule(b))
    if c.chosen_by not in ("owner", "agreement", "opponent"):
        raise Refused("casualties are chosen by their owner, by agreement, or by the opponent", rule("multinational"))
    units = pool(s, b, p)
    chosen = list(c.ids)
    for kind, count in c.units.items():
        if not 0 < count <= 200:
            raise Refused(f"a count of {kind} is 1 to 200", _rule(b))
        able = sorted((i for i in units if s.units[i].kind == kind), key=lambda i: (bool(cargo_of(s, [i])), i))
        # one hit per named unit: undamaged battleships are turned on their side before any is sunk [T L34]
        slots = [i for i in able if chosen.count(i) == 0] + [i for i in able if f_two(s, i) and chosen.count(i) < 2]
        if len(slots) < count:
            raise Refused(f"only {len(able)} {kind} can take these hits", _rule(b))
        chosen.extend(slots[:count])
    why = check_choice(s, units, p, chosen)
    if why:
        raise Refused(why, rule("submarine") if "submarine" in why or "aircraft" in why else _rule(b))
    out = Emitter(s, ctx)
    out(_casualties(s, b, p, chosen, c.chosen_by))
    settle(out, b.key)
    return out.events


def f_two(s: State, i: int) -> bool:
    return s.world.units[s.units[i].kind].has("two_hits") and not s.units[i].damaged


def _casualties(s: State, b: Battle, p, chosen: list[int], by: str) -> ev.CasualtiesChosen:
    damaged = tuple(sorted(i for i in set(chosen) if f_two(s, i) and chosen.count(i) == 1))
    lost = tuple(sorted(i for i in set(chosen) if i not in damaged))
    removed = not p.line
    return ev.CasualtiesChosen(battle=b.key, side=p.side, units=lost, damaged=damaged,
                               cargo=cargo_of(s, lost) if removed else (), removed=removed, chosen_by=by)


# ---------------------------------------------------------------- the flow of a battle


def settle(out: Emitter, key: str) -> None:
    """Apply what needs no decision (forced casualties, clearing the line, the end of a round or battle)."""
    for _ in range(64):
        s = out.state
        b = s.battles[key]
        act, what = next_action(s, b)
        if act == "casualties":
            units = pool(s, b, b.pending)
            choice = default_choice(s, units, b.pending)
            if choice is None:
                return
            out(_casualties(s, b, b.pending, choice, "rule"))
        elif act == "losses":
            out(ev.HitsScored(battle=key, side="defender", firer=s.controller(b.space), fire="raid_losses",
                              hits=b.raid_hits, line=False, round=b.round))
        elif act == "clear":
            out(ev.LineCleared(battle=key, units=b.casualty_line, cargo=cargo_of(s, b.casualty_line), round_over=False))
            if _ended(out, key):
                return
        elif act == "round_end":
            out(ev.LineCleared(battle=key, units=b.casualty_line, cargo=cargo_of(s, b.casualty_line)))
            _ended(out, key)
            return
        elif act == "over" and what == "raid":
            # the bombing throw had no die: every bomber was lost to the AA guns and interceptors [T L56]
            out(ev.BattleEnded(battle=key, outcome="bombers_shot_down", survivors=tuple(f.attackers(s, b))))
            return
        else:
            if b.kind != "bombing" and act != "wait" and not (act == "fire" and what == "aa"):
                if not f.attackers(s, b) or (not f.defenders(s, b) and not b.casualty_line):
                    _ended(out, key)
            return


def _ended(out: Emitter, key: str) -> bool:
    s = out.state
    b = s.battles[key]
    atk, dfn = f.attackers(s, b), f.defenders(s, b)
    w = s.world
    if atk and dfn:
        spotted_a = f.has_destroyer(s, atk + f.passive(s, b))
        spotted_d = f.has_destroyer(s, dfn)
        if b.kind == "naval" and not f.can_hurt(s, atk, dfn, spotted_a, True) \
                and not f.can_hurt(s, dfn, atk, spotted_d, False):
            out(ev.BattleEnded(battle=key, outcome="stalemate", survivors=tuple(atk)))  # [E L66, L100]
            _stranded_fighters(out, b)
            return True
        return False
    # only aircraft surviving cannot take the territory [T L93, E L49]
    outcome = battle_outcome(b.kind, [w.domain(s.units[i].kind) for i in atk], bool(dfn))
    out(ev.BattleEnded(battle=key, outcome=outcome, survivors=tuple(atk)))
    after_battle(out, b, outcome)
    return True


def after_battle(out: Emitter, b: Battle, outcome: str) -> None:
    s = out.state
    if b.kind == "land" and outcome == "attacker_won":
        out(*capture(s, b.space, b.attacker, "battle"))
    if b.kind == "naval":
        _stranded_fighters(out, b)
    if b.kind == "naval" and outcome == "attacker_won":
        out(*convoy_entered(out.state, b.space, b.attacker, tuple(f.attackers(out.state, b))))
        waiting: dict[str, list[int]] = {}
        for i, m in out.state.marks.items():
            if m.landing and i in out.state.units and out.state.units[i].space == b.space:
                waiting.setdefault(m.landing, []).append(i)
        for territory, cargo in waiting.items():
            out(ev.LandingMade(zone=b.space, territory=territory, cargo=tuple(cargo)))
            land = out.state.battles.get(territory)
            if land is not None and not land.outcome:
                settle(out, territory)


def _stranded_fighters(out: Emitter, b: Battle) -> None:
    """Defending fighters left in the air when the battle ends: back aboard a friendly carrier there with room, else
    one space to a place their side has held since the start of the turn, else lost [T L98, E L66, L100]."""
    from assistant.games.aa_europe.moves.air import carrier_berths

    s = out.state
    w = s.world
    for power in sorted({u.owner for u in s.units.values() if u.space == b.space and w.enemies(u.owner, b.attacker)}):
        flying = tuple(sorted(i for i, u in s.units.items()
                              if u.space == b.space and u.owner == power and w.domain(u.kind) == "air" and not u.aboard))
        if not flying:
            continue
        berths = carrier_berths(replace(s, power=power), b.space, flying)
        if berths:
            out(ev.UnitsMoved(power=power, units=tuple(berths), path=(b.space, b.space), phase="combat", mission="land",
                              aboard=berths))
        homeless = tuple(i for i in flying if i not in berths)
        sites = sorted(z for z in w.spaces[b.space].borders if not w.is_sea(z) and w.allied(s.controller(z), power)
                       and not s.enemy_units_in(z, power) and z not in out.state.captured_this_turn)
        if homeless and sites:
            out(ev.UnitsMoved(power=power, units=homeless, path=(b.space, sites[0]), phase="combat", mission="land"))
        elif homeless:
            out(ev.AircraftLost(power=power, units=homeless, reason=f"their carrier was sunk in {b.space}"))


# ---------------------------------------------------------------- retreat and submerging


def between_rounds(b: Battle) -> bool:
    return not b.outcome and b.pending is None and b.round > 1 and not b.fired


def retreat(c: cmd.Retreat, s: State, ctx: Context) -> list:
    b = _battle_of(s, c.battle)
    stuck = not b.outcome and next_action(s, b)[0] == "retreat"
    if b.kind == "bombing" or not (between_rounds(b) or stuck):
        raise Refused("the attacker retreats at the end of a round, after its casualties are removed", _rule(b))
    w = s.world
    atk = f.attackers(s, b)
    planes = tuple(i for i in atk if f.air(s, i))
    ground = tuple(i for i in atk if not f.air(s, i))
    landed = [i for i in ground if i not in b.overland and b.kind == "land"]
    if landed:
        raise Refused("units landed from the sea cannot retreat; aircraft may withdraw", rule("land_combat"))
    if ground:
        if c.to not in w.spaces or not w.adjacent(b.space, c.to) or c.to not in b.came_from:
            raise Refused(f"retreat to one adjacent space an attacking unit came from: {', '.join(b.came_from)}",
                          _rule(b))
        if w.is_sea(c.to) != (b.kind == "naval"):
            raise Refused(f"{c.to} is not a place these units can retreat to", _rule(b))
        if not w.is_sea(c.to) and c.to not in s.controlled_at_start and not w.allied(s.controller(c.to), s.power):
            raise Refused(f"{c.to} was not controlled at the start of the turn", rule("land_combat"))
        if not s.friendly(c.to, s.power):
            raise Refused(f"{c.to} is not friendly", _rule(b))
    out = Emitter(s, ctx)
    out(ev.AttackerRetreated(battle=b.key, units=ground, to=c.to if ground else "", aircraft=planes))
    out(ev.BattleEnded(battle=b.key, outcome="attacker_retreated", survivors=tuple(atk)))
    return out.events


def submerge(c: cmd.Submerge, s: State, ctx: Context) -> list:
    b = _battle_of(s, c.battle)
    act, what = next_action(s, b)
    own_fire = (c.side == "attacker" and what == "attack") or (c.side == "defender" and what.startswith("defence"))
    if b.kind != "naval" or not (between_rounds(b) or (act == "fire" and own_fire)):
        raise Refused("submarines submerge at the end of a round, or instead of firing", rule("submarine"))
    if c.side not in ("attacker", "defender"):
        raise Refused("side is attacker or defender", rule("submarine"))
    units = f.attackers(s, b) if c.side == "attacker" else f.defenders(s, b)
    subs = [i for i in units if s.world.units[s.units[i].kind].has("submerge") and i not in b.casualty_line]
    chosen = list(c.ids) or subs[: c.count or len(subs)]
    if not chosen or any(i not in subs for i in chosen) or (c.count and c.count > len(subs)):
        raise Refused(f"the {c.side} has {len(subs)} submarines here able to submerge", rule("submarine"))
    out = Emitter(s, ctx)
    out(ev.SubmarinesSubmerged(battle=b.key, side=c.side, units=tuple(chosen)))
    b2 = out.state.battles[b.key]
    if not f.attackers(out.state, b2) or not f.defenders(out.state, b2):
        if b2.casualty_line:
            out(ev.LineCleared(battle=b.key, units=b2.casualty_line, cargo=cargo_of(out.state, b2.casualty_line)))
        _ended(out, b.key)
    else:
        settle(out, b.key)
    return out.events
