"""The air battle's steps shared by Day Combat (AE 8.42) and port/airbase attacks (AE 8.7): the air combat with
the CAP 2:1 rule (8.42d), AA (8.42e), the steps each side loses section by section, and the aircraft's return
(8.42g). Dice are typed (``faces``) or rolled; losses the owner may choose wait for him, forced ones are applied."""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.games.asia_engulfed import data, places
from assistant.games.asia_engulfed import events_air as ea
from assistant.games.asia_engulfed.battles import AirBattle
from assistant.games.asia_engulfed.commands_air import EndAirRound, FightAir, FireAntiAircraft, LoseAirSteps
from assistant.games.asia_engulfed.state import AEState
from events.base import Event

SIDES = ("japan", "allies")
ATTACK = ("attack", "port_attack")


def side_name(side: str) -> str:
    return "Japan" if side == "japan" else "the Allies"


def battle_at(s: AEState, where: str) -> AirBattle:
    b = s.battles.get(where)
    if b is None or b.stage in ("intercepted", "ended"):
        raise Refused(f"no air battle is open at {where!r}: assign the missions first (ae.assign_air, "
                      "ae.attack_port)", rule="AE 8.42a, 8.7")
    return b


def units(s: AEState, b: AirBattle, side: str, *missions: str) -> list:
    """The live air units of a side flying these missions, in the order they were assigned."""
    return [s.pieces[u] for u, m in b.missions.items() if m in missions and u in s.pieces
            and places.side(s.pieces[u]) == side]


def steps(pieces: list) -> int:
    return sum(p.steps for p in pieces)


def no_owed(s: AEState, b: AirBattle) -> None:
    for side, owed in b.owed.items():
        if any(owed.values()):
            raise Refused(f"{side_name(side)} first names the air steps it lost (ae.lose_air_steps)",
                          rule="AE 8.42d")


def fight(cmd: FightAir, s: AEState, ctx: Context) -> list[Event]:
    """Each side's Escort fires at the enemy CAP; its CAP at the enemy Escort (hits beyond it go to the Attack
    section), and the CAP steps beyond twice the enemy Escort steps at the Attack section with +1 (AE 8.42d)."""
    b = battle_at(s, cmd.where)
    if b.stage != "assigned":
        raise Refused("the air combat of this round is already fought", rule="AE 8.42d")
    sweep = _sweep(s, b, cmd.sweep)
    dice: list[tuple[str, int, int, str]] = []
    owed: dict[str, dict[str, int]] = {side: {} for side in SIDES}
    out: list[Event] = []
    for side in SIDES:
        enemy = places.enemy(side)
        shots = _shots(s, b, side, sweep)  # (unit, needed, fired at)
        if not shots:
            continue
        roll = ctx.throw(f"{side_name(side)} air combat", len(shots), targets=tuple(n for _, n, _ in shots),
                         hits_when="at_least", thrower=side)
        out.append(roll)
        hits: dict[str, int] = {}
        for (unit, needed, at), die in zip(shots, roll.faces, strict=True):
            dice.append((unit, die, needed, at))
            if die >= needed:
                hits[at] = hits.get(at, 0) + 1
        owed[enemy] = {k: n for k, n in _owed(s, b, enemy, hits).items() if n}
    if not dice:
        raise Refused("no Escort meets a CAP and no CAP meets an Escort or an Attack section: no air combat",
                      rule="AE 8.42d")
    out.append(ea.AirFought(where=cmd.where, dice=tuple(dice), sweep=sweep,
                            owed={k: v for k, v in owed.items() if any(v.values())}))
    for side in SIDES:
        forced = _forced(s, b, side, owed[side], "air combat")
        if forced is not None:
            out.append(forced)
    return out


def _sweep(s: AEState, b: AirBattle, chosen: dict[str, int]) -> dict[str, int]:
    """AE 8.42d: CAP steps beyond twice the enemy Escort steps (ruling [41]: all of them against no Escort) fire at
    the Attack section; their owner picks them, by default in the order the CAP was assigned."""
    out: dict[str, int] = {}
    for side in SIDES:
        enemy = places.enemy(side)
        cap = units(s, b, side, "cap")
        excess = steps(cap) - 2 * steps(units(s, b, enemy, "escort"))
        mine = {u: n for u, n in chosen.items() if u in s.pieces and places.side(s.pieces[u]) == side}
        if excess <= 0 or not units(s, b, enemy, *ATTACK):
            if mine:
                raise Refused(f"{side_name(side)}'s CAP is not more than twice the enemy Escort (or there is no "
                              "Attack section): no CAP step fires at the Attack section", rule="AE 8.42d")
            continue
        if mine:
            for u, n in mine.items():
                if b.missions.get(u) != "cap" or n > s.pieces[u].steps:
                    raise Refused(f"{u}: a CAP unit of {side_name(side)} with that many steps", rule="AE 8.42d")
            if sum(mine.values()) != excess:
                raise Refused(f"{side_name(side)}: {excess} CAP step(s) are beyond the 2:1 ratio; name exactly "
                              "that many", rule="AE 8.42d")
            out.update(mine)
            continue
        for p in cap:
            take = min(p.steps, excess)
            if take:
                out[p.id] = take
                excess -= take
    return out


def _needed(s: AEState, b: AirBattle, p, sweep: bool) -> int:
    """5-6 kills a step; elite +1 (AE 9.12); CAP beyond the ratio +1 (8.42d); Japan's first round +1 (9.11c)."""
    bonus = (1 if p.elite else 0) + (1 if sweep else 0) + (1 if b.bonus and p.nation == "japan" else 0)
    return 5 - bonus


def _shots(s: AEState, b: AirBattle, side: str, sweep: dict[str, int]) -> list[tuple[str, int, str]]:
    enemy = places.enemy(side)
    enemy_cap = steps(units(s, b, enemy, "cap"))
    enemy_flying = units(s, b, enemy, "escort", *ATTACK)
    grounded = [g for g in b.grounded if g in s.pieces]
    out: list[tuple[str, int, str]] = []
    for u in b.missions:
        p = s.pieces.get(u)
        if p is None or places.side(p) != side:
            continue
        m = b.missions[u]
        if m == "escort" and u in b.strafe and grounded:
            out += [(u, _needed(s, b, p, False), "grounded")] * p.steps
        elif m == "escort" and enemy_cap:
            out += [(u, _needed(s, b, p, False), "cap")] * p.steps
        elif m == "cap" and enemy_flying:
            swept = sweep.get(u, 0)
            out += [(u, _needed(s, b, p, True), "attack")] * swept
            out += [(u, _needed(s, b, p, False), "escort")] * (p.steps - swept)
    return out


def _owed(s: AEState, b: AirBattle, side: str, hits: dict[str, int]) -> dict[str, int]:
    """Hits at the Escort beyond its steps go to the Attack section; hits beyond a section's steps are lost."""
    escort = steps(units(s, b, side, "escort"))
    attack = steps(units(s, b, side, *ATTACK))
    on_escort = min(hits.get("escort", 0), escort)
    over = hits.get("escort", 0) - on_escort
    return {"cap": min(hits.get("cap", 0), steps(units(s, b, side, "cap"))),
            "escort": on_escort,
            "attack": min(attack, over + hits.get("attack", 0)),
            "grounded": min(hits.get("grounded", 0), sum(s.pieces[g].steps for g in b.grounded if g in s.pieces))}


def _section(s: AEState, b: AirBattle, side: str, section: str) -> list:
    if section == "grounded":
        return [s.pieces[g] for g in b.grounded if g in s.pieces]
    return units(s, b, side, *((section,) if section not in ("attack",) else ATTACK))


def _tiers(pieces: list, elite_first: bool) -> list[list]:
    if not elite_first:
        return [pieces]
    return [t for t in ([p for p in pieces if p.elite], [p for p in pieces if not p.elite]) if t]


def _fill(tiers: list[list], n: int) -> dict[str, int] | None:
    """The only way to take ``n`` steps tier by tier, or None when the owner has a choice."""
    out: dict[str, int] = {}
    for tier in tiers:
        take = min(n, steps(tier))
        if take == steps(tier):
            out.update({p.id: p.steps for p in tier})
        elif take and len(tier) == 1:
            out[tier[0].id] = take
        elif take:
            return None
        n -= take
    return out


def _elite_first(side: str, cause: str) -> bool:
    """AE 9.12: Allied air-combat hits (not AA) go to Japanese elite units first (ruling [45]: in each section)."""
    return side == "japan" and cause == "air combat"


def _forced(s: AEState, b: AirBattle, side: str, owed: dict[str, int], cause: str) -> ea.AirStepsLost | None:
    if not any(owed.values()):
        return None
    losses: dict[str, int] = {}
    for section, n in owed.items():
        if not n:
            continue
        if section == "aa_free":  # escorts may absorb first: the owner's choice unless everything dies
            flying = _section(s, b, side, "escort") + _section(s, b, side, "attack")
            if n < steps(flying):
                return None
            pick = {p.id: p.steps for p in flying}
        elif section == "aa":
            pick = _fill([_section(s, b, side, "attack"), _section(s, b, side, "escort")], n)
        else:
            pick = _fill(_tiers(_section(s, b, side, section), _elite_first(side, cause)), n)
        if pick is None:
            return None
        for u, k in pick.items():
            losses[u] = losses.get(u, 0) + k
    return _lost(s, b, side, losses, dict(owed), cause)


def _lost(s: AEState, b: AirBattle, side: str, losses: dict[str, int], sections: dict[str, int],
          cause: str) -> ea.AirStepsLost:
    return ea.AirStepsLost(where=b.zone or b.sea, side=side, losses=losses, sections=sections, cause=cause,
                           eliminated=tuple(u for u, n in losses.items() if n >= s.pieces[u].steps))


def lose(cmd: LoseAirSteps, s: AEState, ctx: Context) -> list[Event]:
    b = battle_at(s, cmd.where)
    owed = {k: v for k, v in b.owed.get(cmd.side, {}).items() if v}
    if not owed:
        raise Refused(f"{side_name(cmd.side)} owes no air steps in this battle", rule="AE 8.42d")
    for u, n in cmd.losses.items():
        p = s.pieces.get(u)
        if p is None or places.side(p) != cmd.side or (u not in b.missions and u not in b.grounded) or n > p.steps:
            raise Refused(f"{u}: an air unit of {side_name(cmd.side)} in this battle, with that many steps",
                          rule="AE 8.42d")
    if sum(cmd.losses.values()) != sum(owed.values()):
        raise Refused(f"{sum(owed.values())} air step(s) are lost: name exactly that many", rule="AE 8.42d")
    cause = "AA" if {"aa", "aa_free"} & set(owed) else "air combat"
    by_section: dict[str, int] = {}
    for u, n in cmd.losses.items():
        sec = "grounded" if u in b.grounded else "attack" if b.missions[u] in ATTACK else b.missions[u]
        by_section[sec] = by_section.get(sec, 0) + n
    if cause == "AA":
        _check_aa(s, b, cmd.side, owed, by_section)
    else:
        for sec, n in owed.items():
            if by_section.get(sec, 0) != n:
                raise Refused(f"{n} step(s) come from the {sec.upper() if sec == 'cap' else sec.title()} section "
                              f"(hits beyond the Escort go to the Attack section)", rule="AE 8.42d")
            if _elite_first(cmd.side, cause):
                sec_units = _section(s, b, cmd.side, sec)
                elite_left = sum(p.steps - cmd.losses.get(p.id, 0) for p in sec_units if p.elite)
                if elite_left and any(cmd.losses.get(p.id) for p in sec_units if not p.elite):
                    raise Refused("Allied air-combat hits go to Japanese elite units first", rule="AE 9.12")
    return [_lost(s, b, cmd.side, dict(cmd.losses), owed, cause)]


def _check_aa(s: AEState, b: AirBattle, side: str, owed: dict[str, int], taken: dict[str, int]) -> None:
    """AE 8.42e: AA hits go to the Attack section until it is destroyed, then to the Escort; when the defender has
    no CAP left the Escort may absorb them first."""
    attack = steps(_section(s, b, side, "attack"))
    escort = steps(_section(s, b, side, "escort"))
    a, e = taken.get("attack", 0), taken.get("escort", 0)
    if set(taken) - {"attack", "escort"}:
        raise Refused("AA hits are taken by the Attack and Escort sections", rule="AE 8.42e")
    if "aa_free" in owed and (a == attack or e == escort or not a or not e):
        return
    if e and a < attack:
        raise Refused("AA hits go to the Attack section until it is destroyed (the enemy still has CAP)",
                      rule="AE 8.42e")


def anti_aircraft(cmd: FireAntiAircraft, s: AEState, ctx: Context) -> list[Event]:
    b = battle_at(s, cmd.where)
    no_owed(s, b)
    enemy = places.enemy(cmd.side)
    targets = units(s, b, enemy, *ATTACK)
    if not targets:
        raise Refused(f"no {side_name(enemy)} air unit attacks: no AA fire", rule="AE 8.42e, 8.7")
    if b.stage == "assigned" and (units(s, b, "japan", "cap", "escort") or units(s, b, "allies", "cap", "escort")):
        raise Refused("the air combat comes before AA", rule="AE 8.42d-e")
    if cmd.side in b.aa:
        raise Refused(f"{side_name(cmd.side)}'s AA already fired this round", rule="AE 8.42e")
    dice, halved = aa_dice(s, b, cmd.side)
    if not dice:
        raise Refused("fewer than two naval steps and no port dice: no AA die", rule="AE 8.42e")
    roll = ctx.throw(f"AA at {cmd.where}", dice, targets=(6,) * dice, hits_when="at_least", thrower=cmd.side)
    hits = min(sum(1 for f in roll.faces if f == 6), steps(targets) + steps(units(s, b, enemy, "escort")))
    no_cap = not units(s, b, cmd.side, "cap")
    owed = {("aa_free" if no_cap and units(s, b, enemy, "escort") else "aa"): hits} if hits else {}
    out: list[Event] = [roll, ea.AntiAircraftFired(where=cmd.where, side=cmd.side, dice=dice, hits=hits,
                                                   halved=halved, owed=owed)]
    forced = _forced(s, b, enemy, owed, "AA")
    if forced is not None:
        out.append(forced)
    return out


def aa_dice(s: AEState, b: AirBattle, side: str) -> tuple[int, bool]:
    """One die per two naval steps, damaged steps included (AE 8.42e); a port attack adds the port's dice (8.7,
    3.24); on the first turn Allied dice in port attacks are halved, rounded up, at Hawaii in its first round only
    (AE 9.11f, one pool)."""
    where = b.zone or b.sea
    fleet_steps = sum(p.steps for p in s.pieces.values() if p.at == where and places.is_fleet(p)
                      and places.side(p) == side)
    dice = fleet_steps // 2
    halved = False
    if b.kind == "raid":
        port = s.board.zones[b.zone].port
        dice += data.table("ports").get(port or "", {}).get("aa", 0)
        if s.surprise and side == "allies" and not (b.zone == "hawaii" and s.pearl not in ("", "struck")):
            dice, halved = (dice + 1) // 2, True
    return dice, halved


def end_round(cmd: EndAirRound, s: AEState, ctx: Context) -> list[Event]:
    """AE 8.42g: every aircraft returns; CBA beyond the room left on the carriers (a damaged step holds one cadre)
    are lost. LBA go back to the zone they came from (they never left it on this board)."""
    b = s.battles.get(cmd.where)
    if b is not None and b.stage in ("intercepted", "ended"):  # a round in which no aircraft flies
        rnd = 1 if b.stage == "intercepted" else b.round + 1
        return [ea.AirBattleEnded(where=cmd.where, round=rnd, last=rnd >= b.rounds)]
    b = battle_at(s, cmd.where)
    no_owed(s, b)
    return [recovery(s, b, cmd.aboard, cmd.lost)]


def recovery(s: AEState, b: AirBattle, aboard: dict[str, str], named: dict[str, int]) -> ea.AirBattleEnded:
    homes = {b.sea, b.zone} - {""}
    carriers = {p.id: p for p in s.pieces.values() if p.kind == "cv" and p.at in homes}
    room = {cv: 2 * (p.steps - s.damaged.get(cv, 0)) + s.damaged.get(cv, 0) for cv, p in carriers.items()}
    load: dict[str, list] = {cv: [] for cv in carriers}
    homeless = []
    board = s.board
    for p in s.pieces.values():
        sunk = p.at not in s.pieces and p.at not in board.zones and p.at not in board.seas and p.at != "orphan"
        if p.kind != "cba" or (p.at not in carriers and p.id not in b.missions and not sunk):
            continue
        (load[p.at] if p.at in carriers else homeless).append(p)
    moved: dict[str, str] = {}
    for p in homeless:
        cv = aboard.get(p.id)
        if cv is None:
            mine = [c for c in carriers if places.side(carriers[c]) == places.side(p)]
            cv = max(mine, key=lambda c: (room[c] - steps(load[c]), c), default=None)
        elif cv not in carriers or places.side(carriers[cv]) != places.side(p):
            raise Refused(f"{p.id} lands on a carrier of its side in the battle", rule="AE 8.42g")
        if cv is not None:
            load[cv].append(p)
            moved[p.id] = cv
    lost: dict[str, int] = {}
    for u in aboard:
        if u not in moved:
            raise Refused(f"{u}: only CBA whose carrier sank land elsewhere", rule="AE 8.42g")
    for p in homeless:
        if p.id not in moved:
            lost[p.id] = p.steps
    for cv, cbas in load.items():
        excess = steps(cbas) - room[cv]
        if excess <= 0:
            continue
        picked = {u: n for u, n in named.items() if any(q.id == u for q in cbas)}
        if picked:
            if sum(picked.values()) != excess:
                raise Refused(f"{cv} holds {room[cv]} CBA step(s): {excess} step(s) are lost", rule="AE 8.42g")
        else:  # keep what fits, in order, flipping a full CBA to its cadre for a last single step (AE 8.42g)
            left = room[cv]
            for q in sorted(cbas, key=lambda q: q.id):
                keep = min(q.steps, max(left, 0))
                left -= keep
                if q.steps - keep:
                    picked[q.id] = q.steps - keep
        lost.update(picked)
    last = b.kind == "raid" or b.round >= b.rounds
    return ea.AirBattleEnded(where=b.zone or b.sea, round=b.round, aboard=moved, lost=lost, last=last,
                             eliminated=tuple(u for u, n in lost.items() if n >= s.pieces[u].steps))
