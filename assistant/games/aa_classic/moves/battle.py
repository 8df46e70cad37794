"""Step 3: battles, round by round (A&A §6): AA fire, support shots, submarine first strike, attack and return
fire, casualty choices, the casualty line, retreats, submerging, strategic bombing, and how each battle ends."""

from __future__ import annotations

import assistant.games.aa_classic.events as ev
from assistant.decider import Context, Refused
from assistant.families.axis_allies.outcome import battle_outcome
from assistant.games.aa_classic import commands as cmd
from assistant.games.aa_classic.describe import battle_dice, unit_words
from assistant.games.aa_classic.moves.capture import capture
from assistant.games.aa_classic.moves.common import Emitter, cargo_of, require_step, throw_ref
from assistant.games.aa_classic.moves.transport import land_cargo
from assistant.games.aa_classic.odds import first_die, record_odds
from assistant.games.aa_classic.state import Battle, Pending, State, Unit

Die = tuple[int, int, bool]  # (unit id, target, ships only)


# ---------------------------------------------------------------- who is in the battle


def _is_cargo(s: State, u: Unit) -> bool:
    return bool(u.aboard) and u.aboard in s.units and s.world.units[s.units[u.aboard].kind].transport_capacity > 0


def attackers(s: State, b: Battle) -> list[int]:
    return [i for i in b.units if i in s.units and s.units[i].space == b.space and not _is_cargo(s, s.units[i])]


def defenders(s: State, b: Battle) -> list[int]:
    """Units at war with the attacker there; AA guns are not combat units, cargo does not fight (A&A §6)."""
    w = s.world
    out = []
    for i, u in s.units.items():
        if u.space != b.space or not w.enemies(u.owner, b.attacker) or _is_cargo(s, u):
            continue
        if "never_attacks" in w.units[u.kind].flags:
            continue
        out.append(i)
    return sorted(out)


def _air(s: State, i: int) -> bool:
    return s.world.domain(s.units[i].kind) == "air"


def _aa_guns(s: State, b: Battle) -> list[int]:
    w = s.world
    return [
        i
        for i, u in s.units.items()
        if u.space == b.space and "anti_aircraft" in w.units[u.kind].flags and w.enemies(u.owner, b.attacker) and not u.aboard
    ]


def _support_ships(s: State, b: Battle) -> list[int]:
    """Battleships off the assault that fought no naval battle and supported no other landing (A&A §6.4)."""
    w = s.world
    zones = {z for z in b.came_from if w.is_sea(z)}
    return [
        i
        for i, u in s.units.items()
        if u.space in zones
        and u.owner == b.attacker
        and "support_fire" in w.units[u.kind].flags
        and not s.mark(i).fought_at_sea
        and not s.mark(i).battle
    ]


def _waiting_cargo(s: State, b: Battle) -> list[int]:
    return [i for i, m in s.marks.items() if m.landing == b.space and i in s.units]


# ---------------------------------------------------------------- dice


def dice_for(s: State, b: Battle, fire: str) -> list[Die]:
    """The dice a fire rolls, one entry per die, in battle-board column order."""
    w = s.world
    dice: list[Die] = []
    atk = attackers(s, b)
    if fire == "aa":
        dice = [(i, 1, False) for i in atk if _air(s, i)]
    elif fire == "support":
        dice = [(i, w.units[s.units[i].kind].attack, False) for i in _support_ships(s, b)]
    elif fire == "first_strike":
        for i in atk:
            u = s.units[i]
            if "first_strike" in w.units[u.kind].flags:
                dice.append((i, _attack(s, u), True))
    elif fire == "attack":
        for i in atk:
            u = s.units[i]
            if b.kind == "naval" and "first_strike" in w.units[u.kind].flags:
                continue
            value = _attack(s, u)
            if value:
                n = 3 if "strategic_bombing" in w.units[u.kind].flags and s.has_tech(u.owner, "heavy_bombers") else 1
                dice.extend([(i, value, False)] * n)
    elif fire.startswith("defence:"):
        power = fire.split(":", 1)[1]
        only_air = bool(atk) and all(_air(s, i) for i in atk)
        for i in defenders(s, b):
            u = s.units[i]
            restricted = "cannot_hit_aircraft" in w.units[u.kind].flags
            if u.owner != power or (restricted and only_air):
                continue
            value = _defence(s, u)
            if value:
                dice.append((i, value, restricted))
    elif fire == "damage":
        for i in atk:
            u = s.units[i]
            n = 3 if s.has_tech(u.owner, "heavy_bombers") else 1
            dice.extend([(i, 0, False)] * n)
    return sorted(dice, key=lambda d: (d[1], s.units[d[0]].kind, d[0]))


def _attack(s: State, u: Unit) -> int:
    if "first_strike" in s.world.units[u.kind].flags and s.has_tech(u.owner, "super_submarines"):
        return 3
    return s.world.units[u.kind].attack


def _defence(s: State, u: Unit) -> int:
    if "lands_on_carrier" in s.world.units[u.kind].flags and s.has_tech(u.owner, "jet_fighters"):
        return 5
    return s.world.units[u.kind].defence


def plan(s: State, b: Battle, fire: str) -> list[tuple[str, int, int]]:
    """What the table rolls: (unit kind, dice, hit on or below), one line per column."""
    lines: dict[tuple[str, int], int] = {}
    for i, target, _ in dice_for(s, b, fire):
        key = (s.units[i].kind, target)
        lines[key] = lines.get(key, 0) + 1
    return [(k, n, t) for (k, t), n in lines.items()]


def faces_on_dice(s: State, dice: list[Die], faces: tuple[int, ...] | None) -> tuple[int, ...] | None:
    """Faces entered line by line of the plan (all the infantry's dice, then the armour's...) put on the dice in
    board order. Within one line the dice are alike, so only the lines' order matters."""
    if faces is None or len(faces) != len(dice):
        return faces  # the throw refuses a wrong count, naming it
    lines: dict[tuple[str, int], list[int]] = {}
    for i, target, _ in dice:
        lines.setdefault((s.units[i].kind, target), []).append(0)
    it = iter(faces)
    for key, slots in lines.items():
        lines[key] = [next(it) for _ in slots]
    return tuple(lines[(s.units[i].kind, target)].pop(0) for i, target, _ in dice)


# ---------------------------------------------------------------- what comes next


def _defending_powers(s: State, b: Battle) -> list[str]:
    owners = {s.units[i].owner for i in defenders(s, b)}
    return [p for p in s.world.tables.turn_order if p in owners]


def next_action(s: State, b: Battle) -> tuple[str, str]:
    """("over"|"casualties"|"wait"|"fire"|"retreat"|"round_end", detail)."""
    if b.outcome:
        return ("over", b.outcome)
    if b.pending is not None:
        return ("casualties", b.pending.side)
    if b.kind == "land" and _waiting_cargo(s, b):
        return ("wait", "the naval battle off the landing")
    if b.round == 1 and not b.aa_done and b.kind in ("land", "bombing") and _aa_guns(s, b) and dice_for(s, b, "aa"):
        return ("fire", "aa")
    if b.kind == "bombing":
        return ("fire", "damage")
    if b.round == 1 and b.kind == "land" and b.amphibious and not b.support_done and _support_ships(s, b):
        return ("fire", "support")
    order = ["first_strike", "attack"] if b.kind == "naval" else ["attack"]
    order += [f"defence:{p}" for p in _defending_powers(s, b)]
    targets_left = [i for i in defenders(s, b) if i not in b.casualty_line]
    for fire in order:
        if fire in b.fired:
            continue
        if fire in ("first_strike", "attack") and not targets_left:
            continue
        if fire.startswith("defence:") and not attackers(s, b):
            continue
        if dice_for(s, b, fire):
            return ("fire", fire)
    if not b.fired:
        return ("retreat", "neither side can fire: the attacker must retreat")
    return ("round_end", "")


def between_rounds(b: Battle) -> bool:
    return not b.outcome and b.pending is None and b.round > 1 and not b.fired


# ---------------------------------------------------------------- commands


def _battle_of(s: State, key: str) -> Battle:
    require_step(s, "combat")
    b = s.battles.get(key)
    if b is None:
        known = ", ".join(sorted(s.battles)) or "none"
        raise Refused(f"no battle {key!r} this turn (battles: {known})", "A&A §6.1")
    return b


def _order_constraints(s: State, b: Battle) -> None:
    """A raid on a territory comes before the attack on it; a naval battle before the landing it covers (§6.1)."""
    if b.kind == "land":
        raid = s.battles.get(f"{b.space}/bombing")
        if raid is not None and not raid.outcome:
            raise Refused(f"resolve the strategic raid on {b.space} first", "A&A §6.1")


def fire(c: cmd.Fire, s: State, ctx: Context) -> list:
    b = _battle_of(s, c.battle)
    _order_constraints(s, b)
    act, what = next_action(s, b)
    if act != "fire":
        raise Refused(_not_now(act, what), "A&A §6.2")
    dice = dice_for(s, b, what)
    out = Emitter(s)
    if first_die(b):
        out(*record_odds(s, b))
    side = "attacker" if what in ("first_strike", "attack", "support", "damage") else "defender"
    firer = b.attacker if side == "attacker" else firer_of(s, b, what)
    purpose = battle_dice(firer, what, b.key, b.round)
    ref = throw_ref(s, "battle", b.key, b.round, what)
    if what == "damage":
        throw = ctx.throw(purpose, len(dice), c.faces, ref=ref, thrower=firer)
        total = sum(throw.faces)
        owner = s.controller(b.space)
        paid = min(total, s.treasury.get(owner, 0))
        out(throw, ev.BombingDamage(battle=b.key, territory=b.space, owner=owner, total=total, paid=paid, ref=ref))
        out(ev.BattleEnded(battle=b.key, outcome="bombed", survivors=tuple(attackers(s, b))))
        return out.events
    targets = tuple(t for _, t, _ in dice)
    throw = ctx.throw(purpose, len(dice), faces_on_dice(s, dice, c.faces), targets=targets, ref=ref, thrower=firer)
    restricted = tuple(n for n, d in enumerate(dice) if d[2])
    hits, ships_only = count_hits(throw.faces, targets, restricted)
    support = tuple(i for i, _, _ in dice) if what == "support" else ()
    out(
        throw,
        ev.HitsScored(
            battle=b.key,
            side=side,
            firer=firer,
            fire=what,
            hits=hits,
            ships_only=ships_only,
            units=support,
            targets=targets,
            restricted=restricted,
            ref=ref,
            round=b.round,
        ),
    )
    auto_casualties(out, b.key)
    settle(out, b.key)
    return out.events


def firer_of(s: State, b: Battle, what: str) -> str:
    """Who throws a defending fire: the AA gun's owner, or the defending power named in the fire."""
    if what == "aa":
        return s.units[_aa_guns(s, b)[0]].owner
    return what.split(":", 1)[1]


def count_hits(faces, targets, restricted) -> tuple[int, int]:
    hits = [n for n, (f, t) in enumerate(zip(faces, targets)) if f <= t]
    return len(hits), sum(1 for n in hits if n in restricted)


def _not_now(act: str, what: str) -> str:
    return {
        "over": f"this battle is over ({what.replace('_', ' ')})",
        "casualties": f"the {what} must first choose casualties",
        "wait": f"this landing waits for {what}",
        "retreat": what,
        "round_end": "the round is ending",
    }.get(act, what)


# ---------------------------------------------------------------- casualties


def candidates(s: State, b: Battle, p: Pending) -> list[int]:
    if p.side == "attacker":
        pool = attackers(s, b)
        return [i for i in pool if _air(s, i)] if p.fire == "aa" else pool
    return [i for i in defenders(s, b) if i not in b.casualty_line]


def required(s: State, pool: list[int], p: Pending) -> int:
    ships = sum(1 for i in pool if not _air(s, i))
    air = len(pool) - ships
    restricted = min(p.ships_only, ships)
    return restricted + min(p.hits - p.ships_only, air + ships - restricted)


def auto_casualties(out: Emitter, key: str) -> None:
    """Take the casualties when there is no choice: every candidate dies, or they are all alike."""
    s = out.state
    b = s.battles[key]
    p = b.pending
    if p is None:
        return
    pool = candidates(s, b, p)
    need = required(s, pool, p)
    alike = len({(s.units[i].kind, s.units[i].owner) for i in pool}) <= 1 and not cargo_of(s, pool)
    if need == len(pool) or alike or need == 0:
        chosen = tuple(sorted(pool)[:need])
        out(_chosen(s, b, p, chosen, "rule"))


def _chosen(s: State, b: Battle, p: Pending, units: tuple[int, ...], by: str) -> ev.CasualtiesChosen:
    removed = not p.line
    return ev.CasualtiesChosen(
        battle=b.key, side=p.side, units=units, cargo=cargo_of(s, units) if removed else (), removed=removed, chosen_by=by
    )


def choose_casualties(c: cmd.ChooseCasualties, s: State, ctx: Context) -> list:
    b = _battle_of(s, c.battle)
    p = b.pending
    if p is None:
        raise Refused("no hits are waiting for a casualty choice in this battle", "A&A §6.1")
    pool = candidates(s, b, p)
    need = required(s, pool, p)
    chosen = list(c.ids)
    for i in chosen:
        if i not in pool:
            raise Refused(f"unit #{i} cannot be taken as a casualty of this fire", "A&A §6.1")
    for kind, count in c.units.items():
        able = [i for i in sorted(pool) if s.units[i].kind == kind and i not in chosen]
        able.sort(key=lambda i: (bool(cargo_of(s, [i])), i))  # empty transports before loaded ones
        if len(able) < count:
            have = f"only {len(able)}" if able else "no"
            raise Refused(f"{have} {unit_words(kind, len(able) if able else 2)} can be taken as casualties here; "
                          f"{count} named", "A&A §6.1")
        chosen.extend(able[:count])
    if len(chosen) != need:
        raise Refused(f"{need} casualties are due, {len(chosen)} named", "A&A §6.1")
    air = sum(1 for i in chosen if _air(s, i))
    if air > p.hits - p.ships_only:
        raise Refused("submarine hits cannot be taken by aircraft", "A&A §3.3 (submarine)")
    out = Emitter(s)
    out(_chosen(s, b, p, tuple(chosen), "owner"))
    settle(out, b.key)
    return out.events


# ---------------------------------------------------------------- round end and battle end


def settle(out: Emitter, key: str) -> None:
    """Close the round and the battle when the facts say so."""
    s = out.state
    b = s.battles[key]
    if b.outcome or b.pending is not None:
        return
    if b.kind == "bombing":
        if not attackers(s, b):  # AA fire shot every bomber down: no damage is rolled (A&A §6.3)
            out(ev.BattleEnded(battle=key, outcome="shot_down", survivors=()))
        return
    if not attackers(s, b) or next_action(s, b)[0] == "round_end":
        line = b.casualty_line
        out(ev.BattleRoundEnded(battle=key, round=b.round, removed=line, cargo=cargo_of(s, line)))
        _maybe_end(out, key)
        return
    if not defenders(s, b) and not b.casualty_line:
        _maybe_end(out, key)


def _maybe_end(out: Emitter, key: str) -> None:
    s = out.state
    b = s.battles[key]
    atk, dfn = attackers(s, b), defenders(s, b)
    if atk and dfn:
        return
    # only aircraft surviving cannot take the territory (A&A §6.2)
    outcome = battle_outcome(b.kind, [s.world.domain(s.units[i].kind) for i in atk], bool(dfn))
    out(ev.BattleEnded(battle=key, outcome=outcome, survivors=tuple(atk)))
    _after_battle(out, b, outcome)


def _after_battle(out: Emitter, b: Battle, outcome: str) -> None:
    s = out.state
    if b.kind == "land" and outcome == "attacker_won":
        out(*capture(s, b.space, b.attacker, "battle"))
    if b.kind == "naval":
        _stranded_fighters(out, b)
    if b.kind == "naval" and outcome == "attacker_won":
        waiting: dict[str, list[int]] = {}
        for i, m in s.marks.items():
            if m.landing and i in s.units and s.units[i].space == b.space:
                waiting.setdefault(m.landing, []).append(i)
        for territory, cargo in waiting.items():
            out(ev.LandingMade(zone=b.space, territory=territory, cargo=tuple(cargo)))
            land_cargo(out, b.space, territory, tuple(cargo))


def _stranded_fighters(out: Emitter, b: Battle) -> None:
    """Defending fighters whose carrier sank: lost unless another friendly carrier there has room (ruling)."""
    s = out.state
    w = s.world
    for power in {u.owner for u in s.units.values() if u.space == b.space and w.enemies(u.owner, b.attacker)}:
        fighters = [i for i, u in s.units.items() if u.space == b.space and u.owner == power and w.domain(u.kind) == "air"]
        homeless = [i for i in fighters if s.units[i].aboard not in s.units]
        room = sum(
            w.units[u.kind].carrier_capacity
            for u in s.units.values()
            if u.space == b.space and w.allied(u.owner, power) and w.units[u.kind].carrier_capacity
        ) - (len(fighters) - len(homeless))
        lost = homeless[max(room, 0):]
        if lost:
            out(ev.AircraftLost(power=power, units=tuple(lost), reason=f"its carrier was sunk in {b.space}"))


# ---------------------------------------------------------------- retreat and submerging


def retreat(c: cmd.Retreat, s: State, ctx: Context) -> list:
    b = _battle_of(s, c.battle)
    stuck = not b.outcome and next_action(s, b)[0] == "retreat"
    if b.kind == "bombing" or not (between_rounds(b) or stuck):
        raise Refused("the attacker retreats only at the end of a round, after the defender's fire", "A&A §6.7")
    if b.amphibious:
        raise Refused("no retreat from an amphibious assault", "A&A §6.4")
    w = s.world
    # Ruling (Annex IV O2): units that attacked where they stood came from nowhere: any adjacent zone will do.
    came = w.neighbours(b.space) if b.space in b.came_from else b.came_from
    if c.to not in w.board.spaces or not w.board.adjacent(b.space, c.to) or c.to not in came:
        raise Refused(f"retreat to one adjacent space an attacking unit came from: {', '.join(b.came_from)}", "A&A §6.7")
    if w.is_sea(c.to):
        if s.enemy_units_in(c.to, s.power):
            raise Refused(f"{c.to} holds enemy units", "A&A §6.7")
    elif not s.friendly_territory(c.to, s.power):
        raise Refused(f"{c.to} is not friendly territory", "A&A §6.7")
    atk = attackers(s, b)
    out = Emitter(s)
    planes = tuple(i for i in atk if _air(s, i))
    out(ev.AttackerRetreated(battle=b.key, units=tuple(i for i in atk if not _air(s, i)), to=c.to, aircraft=planes))
    out(ev.BattleEnded(battle=b.key, outcome="attacker_retreated", survivors=tuple(atk)))
    return out.events


def submerge(c: cmd.Submerge, s: State, ctx: Context) -> list:
    b = _battle_of(s, c.battle)
    if b.kind != "naval" or not between_rounds(b):
        raise Refused("submarines submerge at the end of a round of a naval battle", "A&A §6.5")
    w = s.world
    if c.side == "attacker":
        pool, owner = attackers(s, b), b.attacker
    elif c.side == "defender":
        pool = defenders(s, b)
        owner = ""
    else:
        raise Refused("side is attacker or defender", "A&A §6.5")
    subs = [i for i in pool if "submerge" in w.units[s.units[i].kind].flags]
    count = c.count or len(subs)
    if not subs or count > len(subs):
        raise Refused(f"the {c.side} has {len(subs)} submarines here", "A&A §6.5")
    if c.to not in w.board.spaces or not w.is_sea(c.to) or not w.board.adjacent(b.space, c.to):
        raise Refused(f"{c.to} is not a sea zone next to {b.space}", "A&A §6.5")
    if any(x.space == c.to for x in s.battles.values()):
        raise Refused(f"{c.to} is a battle site this turn", "A&A §6.5")
    hostile_to = owner or s.units[subs[0]].owner
    if s.enemy_units_in(c.to, hostile_to):
        raise Refused(f"{c.to} holds enemy units", "A&A §6.5")
    if c.side == "attacker" and c.to not in b.came_from:
        raise Refused(f"attacking submarines withdraw back where the attack came from: {', '.join(b.came_from)}", "A&A §6.5")
    out = Emitter(s)
    out(ev.SubmarinesSubmerged(battle=b.key, side=c.side, units=tuple(subs[:count]), zone=c.to))
    b2 = out.state.battles[b.key]
    if not attackers(out.state, b2) or not defenders(out.state, b2):
        _maybe_end(out, b.key)
    return out.events
