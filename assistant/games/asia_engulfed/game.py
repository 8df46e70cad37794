"""Asia Engulfed as a Decider game, read as a declaration: set-up, the phases, each move with the phases it is
possible in, and the end (AE 10.18). The map is not in the rule book: the players enter it (board/)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import msgspec

from assistant.decider import Context, GameKind, Move, Ref, Refused
from assistant.families.engulfed.dice import with_faces
from assistant.families.engulfed.ledger import ledger_projection
from assistant.games.asia_engulfed import commands as c
from assistant.games.asia_engulfed import commands_air as ca
from assistant.games.asia_engulfed import data
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed import places
from assistant.games.asia_engulfed.board import loader
from assistant.games.asia_engulfed.board.validate import BoardInvalid
from assistant.games.asia_engulfed.describe import describe
from assistant.games.asia_engulfed.evolve import evolve
from assistant.games.asia_engulfed.files import FILES, OPTION_FILES
from assistant.games.asia_engulfed.guidance import guidance
from assistant.games.asia_engulfed.options import Options
from assistant.games.asia_engulfed.rules import (
    air_combat,
    air_missions,
    air_naval,
    carrier_air,
    china,
    combat,
    consolidation,
    day_combat,
    edits,
    force_pool,
    land_battle,
    movement,
    naval,
    naval_combat,
    network,
    override,
    pearl_harbor,
    purchases,
    raids,
    setup as setup_moves,
    special_actions,
    stacking,
    strategic,
    supply_moves,
    turn,
)
from assistant.games.asia_engulfed.scenario import entry
from assistant.games.asia_engulfed.scenario.validate import problems as scenario_problems
from assistant.games.asia_engulfed.state import AEState, initial_state
from assistant.kinds import read_about
from events.base import Command, Event

RULESET = "Asia Engulfed rule book, French translation by Philippe Jaranton"
HERE = Path(__file__).parent
ABOUT = read_about(HERE, "asia_engulfed")
PRODUCTION = ("production", "pre_game_production")
PLAYER = ("naval_movement", "initial_supply", "production", "air_naval_combat", "operational_movement",
          "strategic_movement", "land_combat", "return_to_base", "final_supply")


def _zones(s: AEState) -> dict[str, tuple[str, ...]]:
    return {"zone": tuple(sorted(s.board.zones)), "to": tuple(sorted(s.board.zones))}


def _seas(s: AEState) -> dict[str, tuple[str, ...]]:
    return {"sea": tuple(sorted(s.board.seas)), "submarine_zone": tuple(sorted(s.board.seas)),
            # a port, or a land zone whose port the board does not know yet (the move's rules judge it)
            "to": tuple(sorted([*s.board.seas, *(z for z, v in s.board.zones.items() if v.port != "none")]))}


def _fire_choices(s: AEState) -> dict[str, tuple[str, ...]]:
    """The contested zones, a round under way first, then those not fought yet this phase (a second round needs a
    Breakthrough, AE 6.6), and the side whose turn it is to fire there, first (AE 6.31: the defender fires first in
    each round, then the attacker's surviving steps), so the form opens on it."""
    zones = tuple(sorted((z for z in s.board.zones if places.contested(s, z)),
                         key=lambda z: (combat.next_to_fire(s, z) != "attacker", s.rounds.get(z, 0) > 0, z)))
    return {"zone": zones, "side": tuple(dict.fromkeys(combat.next_to_fire(s, z) for z in zones)) or ("defender",)}


def _losses_owed(s: AEState) -> dict[str, tuple[str, ...]]:
    """The zones where a fire's hits are still to take (AE 6.24)."""
    return {"zone": tuple(sorted({k.rsplit(":", 1)[0] for k, v in s.land_hits.items() if v}))}


def _buy_targets(s: AEState) -> dict[str, tuple[str, ...]]:
    mine = [p.id for p in s.pieces.values() if p.nation == s.producer]
    markers = [b.marker for b in s.builds.values() if b.nation == s.producer]
    return {"item": _buy_items(s, bool(markers)),
            "target": tuple(sorted(markers)) + tuple(sorted(mine)) + tuple(sorted(s.board.zones)),
            "zone": tuple(sorted(s.board.zones)), "kind": ("infantry", "militia", "marine", "lba", "cba")}


def _buy_items(s: AEState, has_markers: bool) -> tuple[str, ...]:
    """What the producing nation may buy, the common purchases first: the form no longer opens on Bomber Points
    for Japan (USA only, AE 4.63) nor offers Home Defense Force steps to the Allies (AE 9.16)."""
    items = ["replacement", "new_unit", "garrison", "fortification", "special_action", "port_repair"]
    items += {"usa": ["bomber_point", "submarine_point", "submarine_step"],
              "japan": ["submarine_step", "hdf_step"]}.get(s.producer, [])
    return tuple(items + (["construction"] if has_markers else []))


def _carriers(s: AEState) -> dict[str, tuple[str, ...]]:
    return {"fleet": tuple(sorted(p.id for p in s.pieces.values() if p.kind == "cv" and places.side(p) == s.side)),
            "pieces": tuple(sorted(p.id for p in s.pieces.values() if p.kind == "cba" and p.at == "orphan"))}


def _free_step_places(s: AEState) -> dict[str, tuple[str, ...]]:
    """AE 9.42, 9.45: the forces owed free steps, the Chinese units they may join, the zones of China."""
    return {"force": tuple(f for f, n in sorted(s.free_steps.items()) if n > 0) or ("communist", "nationalist"),
            "target": tuple(sorted(k for k, p in s.pieces.items() if p.nation == "china")),
            "zone": tuple(sorted(z for z, zone in s.board.zones.items() if zone.country in (None, "china")))}


def _garrison_givers(s: AEState) -> dict[str, tuple[str, ...]]:
    """AE 4.43: the phasing side's infantry and Marine units in land zones, of a nation that has garrisons."""
    return {"piece": tuple(sorted(k for k, p in s.pieces.items() if places.side(p) == s.side
                                  and p.kind in ("infantry", "marine") and p.at in s.board.zones
                                  and p.nation not in ("china", "philippines", "dei")))}


def _phase(*names: str) -> Callable[[AEState], bool]:
    return lambda s: s.phase in names


def _battles(s: AEState) -> dict[str, tuple[str, ...]]:
    return {"where": tuple(sorted(s.battles)), "zone": tuple(sorted(b.zone for b in s.battles.values() if b.zone))}


def _open(s: AEState) -> bool:
    return any(b.stage not in ("intercepted", "ended") for b in s.battles.values())


AIR_NAVAL = ("air_naval_combat",)
# Day Combat missions, port and airbase attacks, the Pearl Harbor surprise (AE 8.42, 8.7, 9.11 b, j, k).
AIR_NAVAL_MOVES: tuple[Move[AEState], ...] = (
    Move(ca.AssignAir, day_combat.assign, phases=AIR_NAVAL,
         when=lambda s: any(b.kind == "day" and b.stage in ("intercepted", "ended") for b in s.battles.values()),
         choices=lambda s: {"sea": tuple(sorted(k for k, b in s.battles.items() if b.kind == "day"))},
         label="Assign air missions"),
    Move(ca.AttackPort, raids.attack_port, phases=AIR_NAVAL, choices=lambda s: {**_zones(s), **_seas(s)},
         label="Attack a port or airbase"),
    Move(ca.FightAir, air_missions.fight, phases=AIR_NAVAL, when=lambda s: any(
        b.stage == "assigned" for b in s.battles.values()), choices=_battles, label="Air combat"),
    Move(ca.FireAntiAircraft, air_missions.anti_aircraft, phases=AIR_NAVAL, when=_open, choices=_battles,
         label="Fire AA at the attackers"),
    Move(ca.LoseAirSteps, air_missions.lose, phases=AIR_NAVAL, when=lambda s: any(
        any(any(o.values()) for o in b.owed.values()) for b in s.battles.values()), choices=_battles,
         label="Air steps lost"),
    Move(ca.StrikePort, raids.strike_port, phases=AIR_NAVAL, when=lambda s: any(
        b.kind == "raid" for b in s.battles.values()), choices=_battles, label="Strike the port"),
    Move(ca.EndAirRound, air_missions.end_round, phases=AIR_NAVAL, when=lambda s: bool(s.battles), choices=_battles,
         label="Aircraft return"),
    Move(ca.DecidePearlHarbor, pearl_harbor.decide_pearl, phases=AIR_NAVAL,
         when=lambda s: s.pearl in ("struck", "stayed"), label="Pearl Harbor: stay or return"),
    Move(ca.Consolidate, consolidation.consolidate, phases=("naval_movement", "air_naval_combat", "return_to_base"),
         label="Consolidate fleets"),
)

MOVES: tuple[Move[AEState], ...] = (
    # Offered only when it would be accepted: the banner says what the phase still owes (guidance.py).
    Move(c.Advance, turn.advance, when=lambda s: turn.held_back(s) is None, label="Next phase"),
    Move(c.SetUpScenario, setup_moves.set_up, phases=("setup",), when=_phase("setup")),
    *(Move(cmd, run, phases=("setup",), when=_phase("setup"), label=entry.LABELS[cmd])
      for cmd, run in entry.RUNS.items()),
    Move(c.Bid, setup_moves.bid, phases=("setup",), when=_phase("bidding"), label="Record the bids"),
    Move(c.NavalMove, naval.naval_move, phases=("naval_movement", "air_naval_combat", "return_to_base"),
         choices=_seas, label="Move by sea"),
    Move(c.RecordEscalation, naval.record_escalation, phases=("naval_movement", "air_naval_combat"),
         when=lambda s: s.year >= 1942),
    Move(c.SetNetwork, network.set_network, phases=("initial_supply",), when=lambda s: s.side == "japan",
         choices=_seas, label="Set the Supply Network"),
    Move(c.DetermineSupply, supply_moves.determine, phases=("initial_supply", "final_supply"),
         label="Determine supply"),
    Move(c.ResolveSubmarines, strategic.resolve_submarines, phases=("production",),
         when=lambda s: "submarines" in strategic.pending(s), label="Roll ASW and submarine attack"),
    Move(c.Bomb, strategic.bomb, phases=("production",), when=lambda s: "bombing" in strategic.pending(s),
         choices=lambda s: {"bases": tuple(strategic.bomber_bases(s)[0])}, label="Bomb Japan"),
    Move(c.Buy, purchases.buy, phases=PRODUCTION, choices=_buy_targets, label="Buy"),
    Move(c.PlaceFreeSteps, china.place, phases=("production", "land_combat"),
         when=lambda s: any(v > 0 for v in s.free_steps.values()), choices=_free_step_places,
         label="Place free Chinese steps"),
    Move(c.EliminateExcess, stacking.eliminate_excess, when=lambda s: bool(stacking.excess(s)),
         label="Remove over-stacked pieces"),
    Move(c.LendLeaseTransfer, special_actions.lend_lease, phases=("production",),
         when=lambda s: s.side == "allies"),
    Move(c.SpendSpecialAction, special_actions.spend, phases=("naval_movement", "production",
                                                            "operational_movement", "land_combat",
                                                            "return_to_base"),
         when=lambda s: bool(special_actions.choices(s)["nation"]), choices=special_actions.choices),
    Move(c.Kamikaze, air_naval.kamikaze, phases=("air_naval_combat",), when=lambda s: s.track("kamikaze") <= 0,
         choices=_seas),
    # Superseded at the table by the port attack with its air combat and AA (ae.attack_port); kept for saved games.
    Move(c.PortAttack, air_naval.port_attack, phases=("air_naval_combat",), choices=_zones, when=lambda s: False),
    Move(c.Intercept, naval_combat.intercept, phases=("air_naval_combat",), choices=_seas, label="Roll interception"),
    Move(c.NavalFire, naval_combat.naval_fire, phases=("air_naval_combat",), choices=_seas, label="Fire"),
    # At sea these two are superseded by the Day round's steps (ae.fire_anti_aircraft, ae.fight_air); kept for
    # saved games and, for air combat, for Land Combat.
    Move(c.AntiAircraft, naval_combat.anti_aircraft, phases=("air_naval_combat",), choices=_seas, label="Fire AA",
         when=lambda s: False),
    Move(c.AirToAir, land_battle.air_to_air, phases=("land_combat",), label="Air combat"),
    Move(c.AirLosses, air_combat.air_losses, phases=("air_naval_combat", "land_combat"),
         when=lambda s: any(s.air_hits.values()), label="Air steps lost"),
    Move(c.SubmarineAttack, naval_combat.submarine_attack, phases=("naval_movement", "air_naval_combat"),
         choices=_seas,
         label="Submarine attack"),
    Move(c.ConvertToGarrison, movement.convert_to_garrison, phases=("operational_movement", "land_combat"),
         choices=_garrison_givers, label="Make a garrison"),
    Move(c.ResolveDamage, naval_combat.resolve_damage, phases=("air_naval_combat",),
         when=lambda s: bool(s.damaged), label="Resolve damage"),
    Move(c.Move, movement.move, phases=("operational_movement", "strategic_movement"), choices=_zones,
         label="Move"),
    Move(c.Fire, land_battle.fire, phases=("land_combat",), choices=_fire_choices, label="Fire"),
    Move(c.ApplyLosses, land_battle.apply_losses, phases=("land_combat",), when=lambda s: any(s.land_hits.values()),
         choices=_losses_owed, label="Apply losses"),
    Move(c.AmendBoard, setup_moves.amend_board, label="Amend the board"),
    Move(c.Edit, edits.edit, label="Correct"),
    # Land, carrier-air and force-pool rules.
    Move(c.BaseOrphanCba, carrier_air.base_orphans, phases=PLAYER, when=carrier_air.any_orphan,
         choices=_carriers, label="Orphan CBA to a carrier"),
    Move(c.EnterForcePoolAdditions, force_pool.enter, when=lambda s: s.set_up,
         label="US Force Pool additions (scenario card)"),
    *AIR_NAVAL_MOVES,
)
RUN = {m.command: m.run for m in MOVES}
# The rule that fixes when each command happens, cited when it is given at another moment.
WHEN_RULES: dict[type[Command], str] = {
    c.SetUpScenario: "AE 15.0 (Play Book)", c.Bid: "AE 10.4", c.NavalMove: "AE 1.11, 1.18",
    c.RecordEscalation: "AE 9.22", c.SetNetwork: "AE 1.12b", c.DetermineSupply: "AE 1.12c, 1.19",
    c.Buy: "AE 1.13", c.Intercept: "AE 8.3", c.NavalFire: "AE 8.4", c.AntiAircraft: "AE 8.42e",
    c.ResolveDamage: "AE 8.6", c.SubmarineAttack: "AE 8.5", c.ConvertToGarrison: "AE 4.43", c.PlaceFreeSteps: "AE 9.42, 9.45", c.LendLeaseTransfer: "AE 9.25", c.Kamikaze: "AE 9.13", c.PortAttack: "AE 8.7",
    c.Move: "AE 1.15, 1.16", c.Fire: "AE 1.17", c.ApplyLosses: "AE 6.25", c.SpendSpecialAction: "AE 7.0",
    c.BaseOrphanCba: "AE 4.42, 5.22",
    ca.AssignAir: "AE 8.42a", ca.AttackPort: "AE 8.7", ca.FightAir: "AE 8.42d", ca.FireAntiAircraft: "AE 8.42e",
    ca.LoseAirSteps: "AE 8.42d", ca.StrikePort: "AE 8.7", ca.EndAirRound: "AE 8.42g",
    ca.DecidePearlHarbor: "AE 9.11k", ca.Consolidate: "AE 8.11",
}
CHECKED = {m.command: m for m in MOVES if m.command in WHEN_RULES}


def setup(options: Options) -> dict[str, Any]:
    try:
        board = loader.from_dict(options.board) if options.board is not None else loader.partial_board()
    except BoardInvalid as exc:
        raise Refused("the board: " + "; ".join(exc.problems), rule="AE board format") from None
    if options.scenario is not None:
        found = scenario_problems(options.scenario, board)
        if found:
            raise Refused("the scenario: " + "; ".join(found[:8]), rule="AE scenario format")
    return {"ruleset": RULESET, "board": loader.to_dict(board),
            "options": msgspec.to_builtins(msgspec.structs.replace(options, board=None))}


def start(definition: dict[str, Any]) -> AEState:
    state = initial_state(definition)
    scenario = (definition.get("options") or {}).get("scenario")
    if scenario:
        from assistant.games.asia_engulfed.rules.setup import set_up
        from assistant.games.asia_engulfed.scenario.format import Scenario

        for e in set_up(c.SetUpScenario(scenario=msgspec.convert(scenario, Scenario)), state, Context()):
            state = evolve(state, e)
    return state


def decide(command: Command, state: AEState, ctx: Context) -> Sequence[Event]:
    run = RUN.get(type(command))
    if run is None:
        raise Refused(f"Asia Engulfed has no command {type(command).__name__}")
    if state.result and type(command) not in (c.AmendBoard, c.Edit):
        raise Refused(f"the game is over: {state.result.replace('_', ' ')}", rule=state.result_rule)
    move = CHECKED.get(type(command))
    here = "setup" if state.phase in ("setup", "bidding") else state.phase
    if move is not None and ((move.phases and here not in move.phases) or
                             (type(command) in (c.SetUpScenario, c.Bid) and not move.when(state))):
        raise Refused(f"{type(command).__name__} is not possible in the {state.phase.replace('_', ' ')} phase",
                      rule=WHEN_RULES[type(command)])
    try:
        return with_faces(run, command, state, ctx)
    except Refused as refusal:
        return override.overridden(command, refusal, state, ctx)  # re-raised unless the table overrides the rule


def _turn_of(event: Event) -> int | None:
    if isinstance(event, ev.TurnBegan):
        return event.turn
    return 0 if isinstance(event, ev.ScenarioSetUp) else None


def _opening(definition: dict[str, Any]) -> tuple:
    """The opening tracks of a set-up chosen at creation (no event carries them then)."""
    from assistant.games.asia_engulfed.scenario.format import Scenario

    scenario = (definition.get("options") or {}).get("scenario")
    if not scenario:
        return ()
    command = c.SetUpScenario(scenario=msgspec.convert(scenario, Scenario))
    return tuple(b for e in setup_moves.set_up(command, initial_state(definition), Context()) for b in e.books)


LEDGER = ledger_projection("ae_ledger", _turn_of, _opening)

GAME: GameKind[AEState] = GameKind(
    name=ABOUT.name,
    title=ABOUT.title,
    namespace=ABOUT.namespace,
    options_type=Options,
    setup=setup,
    initial_state=start,
    decide=decide,
    evolve=evolve,
    state_type=AEState,
    commands=tuple(RUN),
    events=(*ev.GAME_EVENTS, entry.SetUpEntered),
    describe=describe,
    guidance=guidance,
    projections=(LEDGER,),
    moves=MOVES,
    files=FILES,
    option_files=OPTION_FILES,
    presenter=Ref("assistant.games.asia_engulfed.web.table:PRESENTER"),
    templates=HERE / "templates",
    static=HERE / "static",
    report=Ref("assistant.games.asia_engulfed.report:ADAPTER"),
    rule_refs=HERE / "rule_refs.toml",
    benches={"asia_engulfed": Ref("assistant.games.asia_engulfed.bench:run"),
             "asia_engulfed_air": Ref("assistant.games.asia_engulfed.bench_air:run")},
    docs=HERE / "docs.md",
    sides=lambda s: ("japan", "allies", *data.NATIONS),  # the two sides whose turns the clock runs, the nations
    set_up_players=lambda definition: [n for n in definition["options"].get("players", {}).values() if n],
)
