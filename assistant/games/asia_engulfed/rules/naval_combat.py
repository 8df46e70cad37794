"""Air-Naval Combat bookkeeping (AE 8.3-8.6): interception attempts, night fire, air strikes, AA, damage
resolution. Dice are the table's (typed) or rolled; the assistant applies the modifiers and results."""

from __future__ import annotations

import msgspec

from assistant.decider import Context, Refused
from assistant.games.asia_engulfed import data, places
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.commands import AntiAircraft, Intercept, NavalFire, ResolveDamage, SubmarineAttack
from assistant.games.asia_engulfed.state import AEState
from events.base import Event

NIGHT_MODIFIERS = {("bb", "ca"): 1, ("bb", "cv"): 2, ("bb", "tt"): 2, ("ca", "bb"): -1, ("ca", "cv"): 1,
                   ("ca", "tt"): 1}  # AE 8.41a (decision: CA against BB is -1)


def _phase(s: AEState, rule: str) -> None:
    if s.phase != "air_naval_combat":
        raise Refused("naval combat is fought in the Air-Naval Combat Phase", rule=rule)


def at_sea(s: AEState, sea: str, side: str) -> list:
    return [p for p in s.pieces.values() if p.at == sea and places.side(p) == side]


def target_class(p) -> str:
    return p.kind if places.is_fleet(p) else "tt"  # land units and LBA at sea ride troop transports (AE 8.12)


def allowed_chits(s: AEState, sea: str, side: str, attempt: int, after_bad_weather: bool) -> set[str]:
    """AE 8.31a (decision 39b on every attempt): surface ships only: Night; carriers and/or LBA only: Day."""
    mine = at_sea(s, sea, side)
    surface = any(p.kind in ("bb", "ca") for p in mine)
    lba = any(p.kind == "lba" and places.side(p) == side and sea in (s.board.zones[p.at].seas or ())
              and not places.contested(s, p.at) for p in s.pieces.values() if p.at in s.board.zones)
    air = any(p.kind == "cv" for p in mine) or lba
    out = ({"night"} if surface else set()) | ({"day"} if air else set())
    if attempt >= 2 or after_bad_weather:
        out.add("avoid")
    return out


def intercept(cmd: Intercept, s: AEState, ctx: Context) -> list[Event]:
    _phase(s, "AE 8.3")
    if not at_sea(s, cmd.sea, "japan") or not at_sea(s, cmd.sea, "allies"):
        raise Refused("an interception needs fleets of both sides in the sea zone", rule="AE 8.3")
    # AE 8.31-8.32: the attempt's number and whether bad weather came just before, as the log has them (the form's
    # default, a first attempt, would otherwise deny Avoid and give surprise or code-breaking again)
    done, last, _ = s.interceptions.get(cmd.sea, (0, "", ()))
    cmd = msgspec.structs.replace(cmd, attempt=max(cmd.attempt, done + 1),
                                  after_bad_weather=cmd.after_bad_weather or last == "bad_weather")
    choices = {"japan": cmd.japan, "allies": cmd.allies}
    from assistant.games.asia_engulfed.rules import pearl_harbor  # (it builds on this module)

    pearl_bonus = pearl_harbor.before_interception(s, cmd)  # AE 9.11b, k; refuses while a Day round is open
    for side, chit in choices.items():
        ok = allowed_chits(s, cmd.sea, side, cmd.attempt, cmd.after_bad_weather)
        if chit not in ok:
            who = "Japan" if side == "japan" else "The Allies"
            if not ok:  # only troop transports there, and no LBA over the sea zone
                raise Refused(f"{who} {'has' if side == 'japan' else 'have'} no surface ship, carrier or LBA to "
                              f"intercept with in {_sea_name(s, cmd.sea)}", rule="AE 8.31")
            raise Refused(f"{who} may choose only {' or '.join(c.capitalize() for c in sorted(ok))} on this "
                          f"attempt, not {chit.capitalize()}", rule="AE 8.31")
    roll = ctx.throw(f"interception in {s.board.seas[cmd.sea].name}", 2)
    dice = {"japan": roll.faces[0], "allies": roll.faces[1]}
    modified = {side: dice[side] + (1 if choices[side] == "day" else 0) for side in dice}
    if choices["japan"] == "night" and any(p.elite and p.kind == "ca" for p in at_sea(s, cmd.sea, "japan")):
        modified["japan"] += 1  # AE 8.33, 9.12 (decision 39: Night attempts only)
    if cmd.attempt == 1 and s.code_broken == cmd.sea:
        modified["allies"] += 3  # AE 7.6d
    modified["allies"] += pearl_bonus  # AE 9.11k: +3 to the US in the shortened round
    if "avoid" in choices.values():
        outcome, winner, surprise = "avoid", "", False
    elif modified["japan"] == modified["allies"]:
        outcome, winner, surprise = "bad_weather", "", False
    else:
        winner = max(modified, key=modified.get)  # type: ignore[arg-type]
        outcome = choices[winner]  # AE 8.32: the winner's choice
        surprise = (cmd.attempt == 1 or cmd.after_bad_weather) and abs(modified["japan"] - modified["allies"]) >= 4
    return [roll, ev.InterceptionRolled(sea=cmd.sea, attempt=cmd.attempt, choices=choices, dice=dice,
                                        modified=modified, outcome=outcome, winner=winner, surprise=surprise)]


def night_firer(s: AEState, sea: str, fid: str):
    """The fleet as it fires in the Night round under way in ``sea`` (AE 8.41): fire is simultaneous, so with the
    steps it had when the round began, even if the enemy fired first at the table (and sank it); a surprised side
    fires after the surpriser's damage is applied, its damaged steps included (AE 8.31d). None: it cannot fire."""
    now = s.pieces.get(fid)
    under_way = s.interceptions.get(sea, (0, "", ()))[1] == "night"
    if not under_way or not any(p.at == sea for p in s.night_round.values()):
        return now  # no Night round recorded here (the table fires as it sees fit)
    before = s.night_round.get(fid)
    if before is None:
        if now is not None and now.at == sea and now.kind in ("bb", "ca"):
            raise Refused(f"{fid} already fired in this Night round (one round per Night interception)",
                          rule="AE 8.41")
        return now
    surpriser = s.night_surprise.get(sea, "")
    if surpriser and places.side(before) != surpriser:
        if now is None:
            raise Refused(f"{fid} was sunk by the surprise fire before it could fire back", rule="AE 8.31d")
        return now
    return before


def naval_fire(cmd: NavalFire, s: AEState, ctx: Context) -> list[Event]:
    _phase(s, "AE 8.4")
    if cmd.kind == "night":
        firing = {f: night_firer(s, cmd.sea, f) for f in cmd.targets}
    else:
        firing = {f: s.pieces.get(f) for f in cmd.targets}
    firers = list(firing.values())
    if any(f is None for f in firers):
        raise Refused("unknown firing piece: " + ", ".join(f for f, p in firing.items() if p is None))
    side = places.side(firers[0])
    enemies = [p for p in at_sea(s, cmd.sea, places.enemy(side)) if places.is_fleet(p) or places.is_land(p)
               or p.kind == "lba"]
    classes = {p.id: target_class(p) for p in enemies}
    for firer, target in cmd.targets.items():
        p = firing[firer]
        if places.side(p) != side:
            raise Refused("one side fires at a time", rule="AE 8.4")
        if target not in classes:
            raise Refused(f"{target} is not an enemy fleet or transport in this sea zone", rule="AE 8.4")
        if cmd.kind == "night":
            _night_firer(s, p, cmd.sea, classes[target], classes)
        else:
            _striker(s, p, cmd.sea)
            air_missions_check(s, p, cmd.sea, s.pieces[target])
    if cmd.kind == "night":
        from assistant.games.asia_engulfed.rules import consolidation

        consolidation.check(s, cmd.sea)  # AE 8.11: before the pairs of a Night round
        _night_screening(cmd, classes)
    else:
        _strike_spread(cmd, classes)
    dice = sum(p.steps for p in firers)
    roll = ctx.throw(f"{'night fire' if cmd.kind == 'night' else 'air strikes'} in {s.board.seas[cmd.sea].name}",
                     dice, thrower=side)
    faces = list(roll.faces)
    shots, results = [], {}
    for firer, target in cmd.targets.items():
        p = firing[firer]
        mod = _modifier(p, classes[target], cmd.kind) + (1 if _surprise_air(s, p, cmd) else 0)
        for _ in range(p.steps):
            die, faces = faces[0], faces[1:]
            result = "destroy" if die + mod >= 6 else "damage" if die + mod == 5 else "miss"
            shots.append((firer, target, die, mod, result))
            results.setdefault(target, []).append(result)
    return [roll, ev.NavalFired(sea=cmd.sea, kind=cmd.kind, shots=tuple(shots)), *apply_results(s, cmd.sea, results)]


def air_missions_check(s: AEState, p, sea: str, target) -> None:
    from assistant.games.asia_engulfed.rules import day_combat  # (it builds on this module)

    day_combat.check_striker(s, p, sea, target)


def _night_firer(s: AEState, p, sea: str, target: str, classes: dict[str, str]) -> None:
    if p.kind not in ("bb", "ca") or p.at != sea:
        raise Refused(f"{p.id}: only battleships and cruisers at sea fire at night", rule="AE 8.41")
    if p.kind == "bb" and target != "bb" and "bb" in classes.values():
        raise Refused("battleships fire at battleships when there are any", rule="AE 8.41")
    if p.kind == "ca" and target != "ca" and "ca" in classes.values():
        raise Refused("cruisers fire at cruisers when there are any", rule="AE 8.41")


def _night_screening(cmd: NavalFire, classes: dict[str, str]) -> None:
    """CVs and transports are targeted only once every enemy BB and CA fleet has two fleets on it."""
    if any(classes[t] in ("cv", "tt") for t in cmd.targets.values()):
        counts = {t: list(cmd.targets.values()).count(t) for t in classes if classes[t] in ("bb", "ca")}
        if any(n < 2 for n in counts.values()):
            raise Refused("carriers and transports are screened until every battleship and cruiser fleet has two "
                          "fleets firing at it", rule="AE 8.41")


def _striker(s: AEState, p, sea: str) -> None:
    where = places.fleet_zone(s, p)
    ok = (p.kind == "cba" and where == sea) or (p.kind == "lba" and where in s.board.zones
                                                and sea in (s.board.zones[where].seas or ()))
    if not ok:
        raise Refused(f"{p.id}: air strikes come from CBA in the sea zone or LBA bordering it", rule="AE 8.42")


def _strike_spread(cmd: NavalFire, classes: dict[str, str]) -> None:
    hits = list(cmd.targets.values())
    if any(hits.count(t) > 2 for t in set(hits)) and any(hits.count(t) < 2 for t in classes):
        raise Refused("at most two air units on a fleet until every fleet has two", rule="AE 8.42f")


def _surprise_air(s: AEState, p, cmd: NavalFire) -> bool:
    """AE 9.11c: Japanese air units +1 in the first round of Air-Naval Combat in each sea zone of Nov/Dec 1941."""
    from assistant.games.asia_engulfed.rules import day_combat

    first = day_combat.surprise_bonus(s, cmd.sea)  # an open Day round knows whether it is the first
    return s.surprise and cmd.kind == "strike" and p.nation == "japan" and (cmd.first_round if first is None
                                                                           else first)


def _modifier(p, target: str, kind: str) -> int:
    if kind == "night":
        return NIGHT_MODIFIERS.get((p.kind, target), 0) + (1 if p.elite else 0)
    return (1 if p.kind == "cba" and target in ("cv", "ca", "tt") else 0) + (1 if p.elite else 0)


def apply_results(s: AEState, sea: str, results: dict[str, list[str]], cause: str = "naval combat",
                  dei_destroyed: bool = False) -> list[Event]:
    """Destroy results first; a second damage on a fleet destroys the damaged step (AE 8.41, 8.42f); a damage to a
    transport destroys it (AE 8.12); kamikaze damage destroys a DEI cruiser step too (AE 9.13c)."""
    out: list[Event] = []
    for target, res in sorted(results.items()):
        p = s.pieces[target]
        if not places.is_fleet(p):
            lost = min(p.steps, sum(1 for r in res if r != "miss"))  # a 5 destroys a transport step
            if lost:
                out.append(ev.LossesApplied(zone=sea, losses={target: lost},
                                            eliminated=(target,) if lost >= p.steps else (),
                                            cause="troop transport sunk (AE 8.12)"))
            continue
        if dei_destroyed and p.nation == "dei":
            res = ["destroy" if r == "damage" else r for r in res]
        steps, damaged = p.steps, s.damaged.get(target, 0)
        destroyed = min(steps, res.count("destroy"))
        steps -= destroyed
        damaged = min(damaged, steps)
        new_damage = 0
        for _ in range(res.count("damage")):
            if steps <= 0:
                break
            if damaged:
                steps -= 1
                destroyed += 1
                damaged -= 1
            else:
                damaged += 1
                new_damage += 1
        if destroyed or new_damage:
            out.append(ev.FleetDamaged(fleet=target, destroyed=destroyed, damaged=damaged, cause=cause))
    return out


def submarine_attack(cmd: SubmarineAttack, s: AEState, ctx: Context) -> list[Event]:
    """AE 8.51-8.52: ASW fire at the submarine (CV and CA steps; one die at least), then the submarine's dice.
    In Naval Movement: against a force leaving on an Extended Naval Operation paid for in that sea zone (8.23)."""
    leaving = s.phase == "naval_movement" and cmd.sea in s.extended_from and cmd.side != s.side
    if not leaving:
        _phase(s, "AE 8.5, 8.23")
    boat = next((p for p in at_sea(s, cmd.sea, cmd.side) if p.kind == "submarine"), None)
    if boat is None:
        raise Refused("that side's submarine unit is not in this sea zone", rule="AE 8.5")
    enemy = [p for p in at_sea(s, cmd.sea, places.enemy(cmd.side)) if places.is_fleet(p)]
    target = s.pieces.get(cmd.target)
    damaged = {p.id for p in enemy if s.damaged.get(p.id)}
    pool = [p for p in enemy if (p.id in damaged) == (cmd.option == "damaged")]
    if target is None or target not in pool:
        raise Refused(f"{cmd.target}: an enemy {cmd.option} fleet in this sea zone", rule="AE 8.51, 8.52")
    hunters = sum(p.steps for p in pool if p.kind in ("cv", "ca")) or 1  # one die at least
    asw = ctx.throw(f"ASW against the submarine in {s.board.seas[cmd.sea].name}", hunters,
                    thrower=places.enemy(cmd.side))
    lost = min(boat.steps, sum(1 for f in asw.faces if f == 6))
    out: list[Event] = [asw]
    if lost:
        out.append(ev.LossesApplied(zone=cmd.sea, losses={boat.id: lost},
                                    eliminated=(boat.id,) if lost >= boat.steps else (), cause="ASW fire (AE 8.5)"))
    left = boat.steps - lost
    if not left:
        return out
    attack = ctx.throw(f"submarine attack in {s.board.seas[cmd.sea].name}", left, thrower=cmd.side)
    if cmd.option == "damaged":  # 5-6 sinks the damaged step; a second hit is ignored
        hit = any(f >= 5 for f in attack.faces)
        out.append(attack)
        if hit:
            out.append(ev.FleetDamaged(fleet=target.id, destroyed=1, damaged=s.damaged[target.id] - 1,
                                       cause="submarine (AE 8.51)"))
        return out
    results = {target.id: ["destroy" if f == 6 else "damage" for f in attack.faces if f >= 5]}
    shots = tuple((boat.id, target.id, f, 0, "destroy" if f == 6 else "damage" if f == 5 else "miss")
                  for f in attack.faces)
    return out + [attack, ev.NavalFired(sea=cmd.sea, kind="submarine", shots=shots),
                  *apply_results(s, cmd.sea, results, cause="submarine (AE 8.52)")]


def anti_aircraft(cmd: AntiAircraft, s: AEState, ctx: Context) -> list[Event]:
    _phase(s, "AE 8.42e")
    steps = sum(p.steps for p in at_sea(s, cmd.sea, cmd.side) if places.is_fleet(p))
    dice = steps // 2
    if not dice:
        raise Refused("fewer than two naval steps: no AA die", rule="AE 8.42e")
    roll = ctx.throw(f"AA in {s.board.seas[cmd.sea].name}", dice, targets=(6,) * dice, hits_when="at_least",
                     thrower=cmd.side)
    hits = sum(1 for f in roll.faces if f == 6)
    for pid in cmd.losses:
        p = s.pieces.get(pid)
        if p is None or not places.is_air(p) or places.side(p) == cmd.side or cmd.losses[pid] > p.steps:
            raise Refused(f"{pid}: AA hits attacking enemy air steps", rule="AE 8.42e")
    if sum(cmd.losses.values()) != hits:
        raise Refused(f"{hits} AA hit(s): name that many air steps lost (losses)", rule="AE 8.42e")
    out: list[Event] = [roll]
    if hits:
        out.append(ev.LossesApplied(zone=cmd.sea, losses=dict(cmd.losses), cause="AA fire",
                                    eliminated=tuple(p for p, n in cmd.losses.items() if n >= s.pieces[p].steps)))
    return out


def resolve_damage(cmd: ResolveDamage, s: AEState, ctx: Context) -> list[Event]:
    _phase(s, "AE 8.6")
    p = s.pieces.get(cmd.fleet)
    damaged = s.damaged.get(cmd.fleet, 0)
    if p is None or not damaged:
        raise Refused(f"{cmd.fleet} has no damaged step", rule="AE 8.6")
    orphans = _orphans(s, p, damaged)
    if p.nation == "dei":  # AE 9.52: never repaired, destroyed at resolution
        return [ev.DamageResolved(fleet=p.id, destroyed=damaged, orphaned=orphans)]
    if len(cmd.boxes) != damaged:
        raise Refused(f"{damaged} damaged step(s): give the Naval Production Track box of each (Damage Result "
                      "Table on the map)", rule="AE 8.6")
    needed = data.costs()["long_build"][p.kind]
    repairs = []
    for box in cmd.boxes:
        if box >= needed:
            raise Refused(f"a {p.kind.upper()} track has boxes 0 to {needed - 1}", rule="AE 8.6")
        n = 1
        while f"repair-{p.id}-{n}" in s.builds or any(r[0] == f"repair-{p.id}-{n}" for r in repairs):
            n += 1
        repairs.append((f"repair-{p.id}-{n}", p.kind, box, needed))
    return [ev.DamageResolved(fleet=p.id, repairs=tuple(repairs), orphaned=orphans, non_elite=p.elite)]


def _orphans(s: AEState, p, damaged: int) -> tuple[str, ...]:
    """CBA the carrier can no longer hold once its damaged steps leave it go to the Orphan box (AE 8.6)."""
    if p.kind != "cv":
        return ()
    room = 2 * (p.steps - damaged)
    out = []
    for cba in sorted((q for q in s.pieces.values() if q.kind == "cba" and q.at == p.id), key=lambda q: q.id):
        if cba.steps <= room:
            room -= cba.steps
        else:
            out.append(cba.id)
    return tuple(out)


def _sea_name(s: AEState, sea: str) -> str:
    return s.board.seas[sea].name if sea in s.board.seas else sea
