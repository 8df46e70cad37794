"""``evolve``: applies each fact to the state. No rule is checked here (decide did it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from assistant.families.engulfed.ledger import apply_to_balances, bookings_of
from assistant.games.asia_engulfed import data, places
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed import evolve_air as air_evolve
from assistant.games.asia_engulfed.board import amend
from assistant.games.asia_engulfed.scenario.entry import SetUpEntered
from assistant.games.asia_engulfed.state import AEState, Build
from events.core import PhaseBegan, PlayerAdded

# Accounts that live beyond one production phase: every booking keeps them; WERP is closed by ProductionClosed.
STOCKS = ("werp", "oil", "tc", "ta", "submarine_points", "bomber_points")


def _scenario(s: AEState, e: ev.ScenarioSetUp) -> AEState:
    sc = e.scenario
    hdf = data.load("nations")["hdf"]
    tracks = {"asw": sc.tracks.asw, "dud_torpedoes": sc.tracks.dud_torpedoes, "kamikaze": sc.tracks.kamikaze,
              "jp_sr": data.nation("japan")["sr_limit"], "us_level": 0}
    for island in ("honshu", "kyushu", "shikoku"):
        tracks[f"hdf_{island}"] = sc.tracks.hdf.get(island, hdf[island])
    builds = {m.id: Build(marker=m.id, nation=m.nation, track=m.track, faces=m.faces, available_from=m.available_from)
              for m in sc.markers}
    return replace(s, scenario=sc, set_up=True, control=dict(sc.control), pieces={p.id: p for p in sc.pieces},
                   tracks=tracks, builds=builds, network=dict(sc.network), port_damage=dict(sc.port_damage),
                   forts=tuple(sc.fortifications), phase="bidding",
                   special_actions={n: (0,) * k for n, k in sc.special_actions.items()})


def _phase(s: AEState, e: PhaseBegan) -> AEState:
    s = replace(s, side=e.side, phase=e.phase, producer=e.step if e.phase in ("production", "pre_game_production")
                else "", sr_used={})
    if e.phase == "naval_movement":  # a new player turn
        s = replace(s, moved=(), oil_paid=(), banzai={}, sa_used=(), code_broken="", invasions={}, rounds={},
                    defender_rounds={}, land_hits={}, breakthroughs={})
    return s


def _turn(s: AEState, e: ev.TurnBegan) -> AEState:
    return replace(s, turn=e.turn)


def _track(s: AEState, e: ev.TrackMoved) -> AEState:
    return replace(s, tracks={**s.tracks, e.track: e.after})


def _income(s: AEState, e: ev.IncomeAssessed) -> AEState:
    spent = {k: v for k, v in s.spent.items() if not k.startswith(e.nation + ":") and not k.startswith(("placed:", "repaired:"))}
    for account in ("werp", "oil"):  # what came from zones, the part submarines may take (AE 2.12)
        spent[f"{e.nation}:income_{account}"] = sum(b.amount for b in e.books if b.account == account and b.place)
    opened = s.balance("japan", "oil") - sum(b.amount for b in e.books if b.account == "oil")
    oil = opened if e.nation == "japan" else s.oil_at_open
    return replace(s, spent=spent, built_here=(), unrestricted=(), oil_at_open=oil,
                   strategic=() if e.nation == "japan" else s.strategic)


def _purchased(s: AEState, e: ev.Purchased) -> AEState:
    spent = dict(s.spent)
    key = f"{e.nation}:{e.item}"
    spent[key] = spent.get(key, 0) + max(e.steps, 1)
    cost = -sum(b.amount for b in e.books if b.account == "werp")
    if e.item in ("replacement", "construction", "new_unit") and _is_air(s, e):
        spent[f"{e.nation}:air_werp"] = spent.get(f"{e.nation}:air_werp", 0) + cost
    if e.item in ("submarine_step", "submarine_point"):
        spent[f"{e.nation}:submarine"] = spent.get(f"{e.nation}:submarine", 0) + e.steps
    pieces, built, forts, sas = s.pieces, s.built_here, s.forts, s.special_actions
    tracks = s.tracks
    if e.piece is not None:
        pieces = {**pieces, e.piece.id: e.piece}
        built = built + (e.piece.id,)
        if e.item == "new_unit":
            spent[f"placed:{e.piece.at}"] = spent.get(f"placed:{e.piece.at}", 0) + 1
    elif e.item in ("replacement", "submarine_step") and e.target in pieces:
        p = pieces[e.target]
        pieces = {**pieces, e.target: replace(p, steps=p.steps + e.steps)}
    if e.item == "fortification":
        forts = forts + (e.target,)
    if e.item == "special_action":
        sas = {**sas, e.nation: sas.get(e.nation, ()) + (s.turn,)}
    if e.item == "hdf_step":
        tracks = {**tracks, f"hdf_{e.target}": tracks.get(f"hdf_{e.target}", 0) + e.steps}
    place = next((b.place for b in e.books if b.account == "werp"), "")
    if e.nation == "japan" and e.item in ("replacement", "garrison") and place and not places.in_japan(s.board, place):
        spent["japan:outside_steps"] = spent.get("japan:outside_steps", 0) + e.steps  # AE 4.5
    if e.item == "port_repair":
        spent[f"repaired:{e.target}"] = spent.get(f"repaired:{e.target}", 0) + e.steps
        return replace(s, spent=spent, port_damage={**s.port_damage, e.target: s.port_damage[e.target] - e.steps})
    return replace(s, spent=spent, pieces=pieces, built_here=built, forts=forts, special_actions=sas, tracks=tracks)


def _is_air(s: AEState, e: ev.Purchased) -> bool:
    if e.item == "construction":
        b = s.builds.get(e.target)
        return bool(b and b.track == "air")
    if e.piece is not None:
        return e.piece.kind in ("lba", "cba")
    p = s.pieces.get(e.target)
    return bool(p and p.kind in ("lba", "cba"))


def _advanced(s: AEState, e: ev.ConstructionAdvanced) -> AEState:
    b = s.builds[e.marker]
    nb = replace(b, build=e.build, box=e.box, needed=e.needed, advanced_turn=s.turn if not e.free else b.advanced_turn)
    spent = dict(s.spent)
    if e.build == "asw":
        spent["japan:asw_werp"] = spent.get("japan:asw_werp", 0) + 1
    if b.track == "air" and not e.free:
        spent[f"{e.nation}:air_werp"] = spent.get(f"{e.nation}:air_werp", 0) + 1
    if e.free:
        spent["japan:kamikaze_free"] = 1
    return replace(s, builds={**s.builds, e.marker: nb}, spent=spent)


def _completed(s: AEState, e: ev.ConstructionCompleted) -> AEState:
    builds = s.builds
    if e.marker:  # free US naval steps have no marker (AE 9.21)
        b = s.builds[e.marker]
        if e.waiting:
            return replace(s, builds={**s.builds, e.marker: replace(b, waiting=True)})
        builds = {**s.builds, e.marker: replace(b, build="", box=0, needed=0, waiting=False, completed_turn=s.turn)}
    elif e.waiting:
        return s
    pieces, tracks = s.pieces, s.tracks
    if e.piece is not None:
        pieces = {**pieces, e.piece.id: e.piece}
    elif e.target in pieces:
        p = pieces[e.target]
        pieces = {**pieces, e.target: replace(p, steps=p.steps + 1)}
    if e.build == "asw":
        tracks = {**tracks, "asw": tracks.get("asw", 0) + 1}
    return replace(s, builds=builds, pieces=pieces, tracks=tracks)


def _sa_spent(s: AEState, e: ev.SpecialActionSpent) -> AEState:
    held = sorted(s.special_actions.get(e.nation, ()))
    sas = {**s.special_actions, e.nation: tuple(held[1:])}
    s = replace(s, special_actions=sas, sa_used=s.sa_used + (e.use,))
    if e.use == "unrestricted_replacements":
        s = replace(s, unrestricted=s.unrestricted + (e.target,))
    if e.use == "breakthrough":
        s = replace(s, breakthroughs={**s.breakthroughs, e.target: s.breakthroughs.get(e.target, 0) + 1})
    if e.use == "code_breaking":
        s = replace(s, code_breaking_years=s.code_breaking_years + (s.year,), code_broken=e.target)
    return s


def _network(s: AEState, e: ev.NetworkSet) -> AEState:
    return replace(s, network=dict(e.markers), submarine_zone=e.submarine_zone, network_set_turn=s.turn)


def _supply(s: AEState, e: ev.SupplyDetermined) -> AEState:
    verdicts = {v.piece: v.status for v in e.verdicts}
    pieces = {k: v for k, v in s.pieces.items() if k not in e.eliminated}
    oos = tuple(v.piece for v in e.verdicts if v.status == "none") if e.phase == "initial" else ()
    return replace(s, supply={**s.supply, **verdicts}, pieces=pieces, oos=oos,
                   determined=s.determined + (f"{s.turn}:{e.side}:{e.phase}",))


def _naval(s: AEState, e: ev.NavalMoved) -> AEState:
    pieces = dict(s.pieces)
    for pid in e.pieces:
        pieces[pid] = replace(pieces[pid], at=e.to)
    return replace(s, pieces=pieces, moved=s.moved + tuple(e.pieces), oil_paid=s.oil_paid + e.oil_paid)


def _moved(s: AEState, e: ev.PiecesMoved) -> AEState:
    pieces = dict(s.pieces)
    sr = dict(s.sr_used)
    for pid in e.pieces:
        pieces[pid] = replace(pieces[pid], at=e.to)
        if e.mode == "strategic":
            sr[pieces[pid].nation] = sr.get(pieces[pid].nation, 0) + 1
    invasions = {**s.invasions, e.to: s.side} if e.mode == "invasion" else s.invasions
    return replace(s, pieces=pieces, moved=s.moved + tuple(e.pieces), sr_used=sr, invasions=invasions)


def _control(s: AEState, e: ev.ControlChanged) -> AEState:
    s = replace(s, control={**s.control, e.zone: e.side})
    if e.zone == "honshu" and e.side == "allies":
        s = replace(s, result="allied_decisive", result_rule="AE 10.11")
    return s


def _fire(s: AEState, e: ev.LandFire) -> AEState:
    if e.side == s.side:
        s = replace(s, rounds={**s.rounds, e.zone: s.rounds.get(e.zone, 0) + 1})
    else:
        s = replace(s, defender_rounds={**s.defender_rounds, e.zone: s.defender_rounds.get(e.zone, 0) + 1})
    # The other side owes these hits until it takes them (AE 6.24): its surviving steps fire after (AE 6.31).
    s = replace(s, land_hits={**s.land_hits, f"{e.zone}:{places.enemy(e.side)}": e.hits})
    banzai = tuple(f.piece for f in e.fire if "banzai" in f.bonuses and f.piece in s.pieces)
    if not banzai:
        return s
    return replace(s, banzai={**s.banzai, e.zone: tuple(dict.fromkeys(s.banzai.get(e.zone, ()) + banzai))})


def _air_combat(s: AEState, e: ev.AirCombatFought) -> AEState:
    taken = {"japan": e.hits.get("allies", 0), "allies": e.hits.get("japan", 0)}
    return replace(s, air_hits={side: s.air_hits.get(side, 0) + n for side, n in taken.items()},
                   air_combatants=e.units)


def _losses(s: AEState, e: ev.LossesApplied) -> AEState:
    if e.cause == "combat":  # the hits a fire scored there are taken (AE 6.24)
        sides = {places.side(s.pieces[p]) for p in e.losses if p in s.pieces} or ({"japan"} if e.hdf else set())
        s = replace(s, land_hits={k: v for k, v in s.land_hits.items() if k not in {f"{e.zone}:{x}" for x in sides}})
    if e.cause == "air combat":
        side = data.side_of(s.pieces[next(iter(e.losses))].nation) if e.losses else ""
        s = replace(s, air_hits={**s.air_hits, side: max(0, s.air_hits.get(side, 0) - sum(e.losses.values()))})
    pieces = dict(s.pieces)
    for pid, n in e.losses.items():
        if pid in pieces:
            pieces[pid] = replace(pieces[pid], steps=pieces[pid].steps - n)
    for pid in e.eliminated:
        pieces.pop(pid, None)
    tracks = dict(s.tracks)
    for island, n in e.hdf.items():
        tracks[f"hdf_{island}"] = tracks.get(f"hdf_{island}", 0) - n
    banzai = s.banzai if e.cause != "banzai" else {k: v for k, v in s.banzai.items() if k != e.zone}
    return replace(s, pieces=pieces, tracks=tracks, banzai=banzai)


def _fleet(s: AEState, e: ev.FleetDamaged) -> AEState:
    p = s.pieces[e.fleet]
    steps = p.steps - e.destroyed
    pieces = dict(s.pieces)
    if steps <= 0:
        pieces.pop(e.fleet)
        return replace(s, pieces=pieces, damaged={k: v for k, v in s.damaged.items() if k != e.fleet})
    pieces[e.fleet] = replace(p, steps=steps, max_steps=p.top)
    return replace(s, pieces=pieces, damaged={**s.damaged, e.fleet: min(steps, e.damaged)})


def _port(s: AEState, e: ev.PortDamaged) -> AEState:
    return replace(s, port_damage={**s.port_damage, e.zone: e.after})


def _conquered(s: AEState, e: ev.NationConquered) -> AEState:
    pieces = {k: v for k, v in s.pieces.items() if k not in e.removed}
    return replace(s, conquered=s.conquered + (e.nation,), pieces=pieces, control={**s.control, **e.control})


def _victory(s: AEState, e: ev.VictoryDetermined) -> AEState:
    return replace(s, result=e.result, result_rule=e.rule) if e.result else s


def _edited(s: AEState, e: ev.Edited) -> AEState:
    if e.what == "track":
        return replace(s, tracks={**s.tracks, e.key: int(e.value)})
    if e.what == "control":
        return replace(s, control={**s.control, e.key: e.value})
    if e.what == "steps":
        return replace(s, pieces={**s.pieces, e.key: replace(s.pieces[e.key], steps=int(e.value))})
    if e.what == "place":
        return replace(s, pieces={**s.pieces, e.key: replace(s.pieces[e.key], at=e.value)})
    return s


def _lend_lease(s: AEState, e: ev.LendLease) -> AEState:
    spent = {**s.spent, "usa:lend_lease": s.spent.get("usa:lend_lease", 0) + e.werp}
    if e.to == "china":
        spent["usa:lend_lease_china"] = spent.get("usa:lend_lease_china", 0) + e.werp
    return replace(s, spent=spent)


def _granted(s: AEState, e: ev.FreeStepsGranted) -> AEState:
    return replace(s, free_steps={**s.free_steps, e.force: s.free_steps.get(e.force, 0) + e.steps})


def _placed(s: AEState, e: ev.FreeStepsPlaced) -> AEState:
    pieces = dict(s.pieces)
    if e.piece is not None:
        pieces[e.piece.id] = e.piece
    else:
        pieces[e.target] = replace(pieces[e.target], steps=pieces[e.target].steps + e.steps)
    if not e.force:  # a garrison made from a unit's step (AE 4.43)
        return replace(s, pieces=pieces)
    return replace(s, pieces=pieces, free_steps={**s.free_steps, e.force: s.free_steps.get(e.force, 0) - e.steps})


def _damage_resolved(s: AEState, e: ev.DamageResolved) -> AEState:
    p = s.pieces[e.fleet]
    lost = len(e.repairs) + e.destroyed
    pieces = dict(s.pieces)
    for cba in e.orphaned:
        pieces[cba] = replace(pieces[cba], at="orphan")
    if p.steps - lost <= 0:
        pieces.pop(e.fleet)
    else:
        pieces[e.fleet] = replace(p, steps=p.steps - lost, max_steps=p.top)
    builds = dict(s.builds)
    for marker, build, box, needed in e.repairs:
        builds[marker] = Build(marker=marker, nation=p.nation, track="naval", faces=(build,), build=build, box=box,
                               needed=needed, advanced_turn=s.turn)
    return replace(s, pieces=pieces, builds=builds, damaged={k: v for k, v in s.damaged.items() if k != e.fleet})


HANDLERS: dict[type, Callable[[AEState, Any], AEState]] = {
    ev.BoardAmended: lambda s, e: replace(s, board=amend.apply(s.board, e.amendments, validate=False)),
    ev.ScenarioSetUp: _scenario,
    SetUpEntered: lambda s, e: replace(s, scenario=e.scenario),
    # The players named at the table: the side bid is theirs (AE 10.4).
    PlayerAdded: lambda s, e: replace(s, players=tuple(dict.fromkeys((*s.players, e.name)))),
    ev.SidesBid: lambda s, e: replace(s, bid=e.amount),
    PhaseBegan: _phase,
    ev.TurnBegan: _turn,
    ev.TrackMoved: _track,
    ev.IncomeAssessed: _income,
    ev.AswRolled: lambda s, e: replace(s, strategic=s.strategic + ("submarines",)),
    ev.StrategicBombing: lambda s, e: replace(s, strategic=s.strategic + ("bombing",)),
    ev.Purchased: _purchased,
    ev.ConstructionAdvanced: _advanced,
    ev.ConstructionCompleted: _completed,
    ev.SpecialActionSpent: _sa_spent,
    ev.NetworkSet: _network,
    ev.SupplyDetermined: _supply,
    ev.NavalMoved: _naval,
    ev.PiecesMoved: _moved,
    ev.ControlChanged: _control,
    ev.LandFire: _fire,
    ev.LossesApplied: _losses,
    ev.FleetDamaged: _fleet,
    ev.PortDamaged: _port,
    ev.NationConquered: _conquered,
    ev.VictoryDetermined: _victory,
    ev.UsEscalationEarned: lambda s, e: replace(s, escalations=s.escalations + (s.turn,)),
    ev.Edited: _edited,
    ev.LendLease: _lend_lease,
    ev.FreeStepsGranted: _granted,
    ev.FreeStepsPlaced: _placed,
    ev.DamageResolved: _damage_resolved,
    ev.AirCombatFought: _air_combat,
    ev.FortificationRemoved: lambda s, e: replace(s, forts=tuple(z for z in s.forts if z != e.zone)),
}


def _chain(first: Callable[[AEState, Any], AEState],
           then: Callable[[AEState, Any], AEState] | None) -> Callable[[AEState, Any], AEState]:
    return first if then is None else (lambda s, e: then(first(s, e), e))


# The air-naval rules' handlers (AE 8.23-8.8, 9.11) run first for the events they share with the game's own.
HANDLERS.update({t: _chain(h, HANDLERS.get(t)) for t, h in air_evolve.HANDLERS.items()})


def evolve(state: AEState, event: Any) -> AEState:
    books = bookings_of(event)
    if books:
        state = replace(state, balances=apply_to_balances(state.balances, books, lambda b: b.account in STOCKS))
    handler = HANDLERS.get(type(event))
    return handler(state, event) if handler else state


# Land, carrier-air and force-pool rules: their events, and what they note from the others (evolve_land.py).
from assistant.games.asia_engulfed.evolve_land import extend  # noqa: E402

HANDLERS = extend(HANDLERS)
