"""One plain sentence per Asia Engulfed event, in the players' words (places and nations by name)."""

from __future__ import annotations

from typing import Any

from assistant.games.asia_engulfed import data
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.board import words as board_words
from assistant.games.asia_engulfed.describe_air import describe as describe_air
from assistant.games.asia_engulfed.scenario.entry import SetUpEntered
from events.core import PhaseBegan

PHASES = {"naval_movement": "Naval Movement", "initial_supply": "Initial Supply", "production": "Production",
          "air_naval_combat": "Air-Naval Combat", "operational_movement": "Operational Movement",
          "strategic_movement": "Strategic Movement", "land_combat": "Land Combat", "return_to_base": "Return to Base",
          "final_supply": "Final Supply", "turn_advance": "Turn Advance", "bidding": "Bidding",
          "pre_game_production": "pre-game production"}
RESULTS = {"japanese_decisive": "a Japanese Decisive Victory", "japanese_operational": "a Japanese Operational Victory",
           "japanese_marginal": "a Japanese Marginal Victory", "allied_marginal": "an Allied Marginal Victory",
           "allied_operational": "an Allied Operational Victory", "allied_decisive": "an Allied Decisive Victory"}


def _n(nation: str) -> str:
    name = data.nation_name(nation)
    return name[0].upper() + name[1:]


def _place(zone: str) -> str:
    """A place id in players' words ("east_china_sea" -> "East China Sea")."""
    return " ".join(w if w in ("of", "and") else w[:1].upper() + w[1:] for w in zone.split("_"))


def _pieces(pieces: tuple[str, ...]) -> str:
    """The pieces that moved by their ids, as the table labels its blocks (a long list is cut short)."""
    shown = ", ".join(pieces[:6])
    return shown + (f" and {len(pieces) - 6} more" if len(pieces) > 6 else "")


def _paid(books: Any) -> str:
    """What a move cost Japan: Oil for its fleets, transport points for its troops at sea (AE 1.11c, 5.31)."""
    paid = [f"{-n} {word}" for n, word in ((_money(books, "oil"), "Oil"), (_money(books, "ta"), "transport point(s)"))
            if n]
    return f"; Japan pays {' and '.join(paid)}" if paid else ""


def _money(books: Any, account: str = "werp") -> int:
    return sum(b.amount for b in books if b.account == account)


TRACKS = {"us_level": "U.S. production", "dud_torpedoes": "US Dud Torpedoes", "kamikaze": "The Kamikaze marker",
          "jp_sr": "Japanese strategic moves", "asw": "Japanese ASW", "hdf_honshu": "Honshu's Home Defense Force",
          "hdf_kyushu": "Kyushu's Home Defense Force", "hdf_shikoku": "Shikoku's Home Defense Force"}


def _agreed(verb: str, pieces) -> str:
    """The verb (its first word) agreeing with the pieces: "jp-bb-1 moves", "jp-bb-1, jp-ca-1 move"."""
    if len(pieces) != 1:
        return verb
    first, _, rest = verb.partition(" ")
    return f"{first}s" + (f" {rest}" if rest else "")


def describe(e: Any) -> str:
    t = type(e)
    if t is PhaseBegan:
        side = "Japan" if e.side == "japan" else "The Allies" if e.side == "allies" else ""
        phase = PHASES.get(e.phase, e.phase.replace("_", " "))
        who = f" ({_n(e.step)})" if e.phase == "production" and e.step else ""
        return f"{side}: {phase}{who}." if side else f"{phase[:1].upper()}{phase[1:]}."
    if t is ev.ScenarioSetUp:
        return f"The scenario {e.scenario.name or ''} is set up: {len(e.scenario.pieces)} pieces.".replace("  ", " ")
    if t is SetUpEntered:
        return f"Set-up entered: {e.change}."
    if t is ev.BoardAmended:
        return board_words.sentence(e.amendments)
    if t is ev.SidesBid:
        return (f"{e.allied_player} wins the bid with {e.amount}: Japan gets {e.amount} WERP of pre-game production "
                f"and {e.amount} Oil.")
    if t is ev.TurnBegan:
        return f"The {e.label} turn begins."
    if t is ev.TrackMoved:
        name = TRACKS.get(e.track, e.track.replace("_", " ").capitalize())
        return f"{name} moves from {e.before} to {e.after}: {e.cause}."
    if t is ev.IncomeAssessed:
        werp = _money(e.books)
        oil = _money(e.books, "oil")
        if e.books and all(b.rule == "AE 10.4" for b in e.books):  # the bid's Oil was booked with the bid itself
            return f"{_n(e.nation)} receives the {werp} WERP of the winning bid for its pre-game production (AE 10.4)."
        return f"{_n(e.nation)} receives {werp} WERP" + (f" and {oil} Oil." if e.nation == "japan" else ".")
    if t is ev.AswRolled:
        return f"Japan's ASW roll of {e.die} at level {e.level} sinks {e.lost} US Submarine Point(s)."
    if t is ev.SubmarineAttackRolled:
        return f"US submarines roll {e.die} against {e.points} points: Japan loses up to {e.result} WERP, Oil and capacity."
    if t is ev.StrategicBombing:
        return f"{e.points} Bomber Point(s) raid Japan: {e.hits} hit(s)."
    if t is ev.Purchased:
        cost = -_money(e.books)
        what = "land steps" if e.private else e.item.replace("_", " ")
        return f"{_n(e.nation)} buys {what} for {cost} WERP."
    if t is ev.ConstructionAdvanced:
        return f"{_n(e.nation)}'s {e.build.upper()} construction moves to box {e.box} of {e.needed}."
    if t is ev.ConstructionCompleted:
        return (f"{_n(e.nation)}'s {e.build.upper()} construction waits in the Built box." if e.waiting
                else f"{_n(e.nation)}'s {e.build.upper()} construction is complete.")
    if t is ev.LendLease:
        return f"The USA sends {e.werp} WERP of Lend-Lease to {data.nation_name(e.to)}."
    if t is ev.ProductionClosed:
        return f"{_n(e.nation)} closes its production" + (f"; {e.unspent} WERP are lost." if e.unspent else ".")
    if t is ev.SpecialActionSpent:
        return f"{_n(e.nation)} spends a Special Action: {e.use.replace('_', ' ')}."
    if t is ev.NetworkSet:
        return f"Japan's Supply Network covers {len(e.markers)} sea zone(s) for {-_money(e.books, 'ta')} transport points."
    if t is ev.SupplyDetermined:
        by = {st: [v.piece for v in e.verdicts if v.status == st] for st in ("full", "partial", "none")}
        parts = [f"{len(by['full'])} fully supplied"]
        if by["partial"]:
            parts.append(f"{len(by['partial'])} in partial supply ({', '.join(by['partial'])})")
        gone = [p for p in by["none"] if p in e.eliminated] if e.phase == "final" else []
        kept = [p for p in by["none"] if p not in gone]
        if gone:
            parts.append(f"{len(gone)} eliminated ({', '.join(gone)})")
        if kept:
            parts.append(f"{len(kept)} out of supply ({', '.join(kept)})"
                         + (", kept: the board lacks facts to trace their supply" if e.phase == "final" else ""))
        whose = "Japan's" if e.side == "japan" else "The Allies'"
        return f"{whose} {e.phase} supply: {', '.join(parts)}."
    if t is ev.NavalMoved:
        mode = {"extended": "move on (Extended Naval Operation)",
                "extended_return": "return (Extended Return to Base)"}.get(e.mode, e.mode)
        return f"{_pieces(e.pieces)} {_agreed(mode, e.pieces)} to {_place(e.to)}{_paid(e.books)}."
    if t is ev.PiecesMoved:
        return (f"{_pieces(e.pieces)} {_agreed('move', e.pieces)} to {_place(e.to)} ({e.mode}){_across(e)}"
                f"{_paid(e.books)}.")
    if t is ev.ControlChanged:
        return f"{_place(e.zone)} passes to {'Japan' if e.side == 'japan' else 'the Allies'}."
    if t is ev.LandFire:
        river = {"crossings": f"; attacked across a river or strait from {', '.join(_place(z) for z in e.river_from)}"
                              ": defenders +1",
                 "table": "; attacked across a river or strait, the table's word: defenders +1"}.get(e.river, "")
        kind = f"{'Assault' if e.assault else 'Normal'} round{f' {e.round}' if e.round > 1 else ''}"
        return (f"{'Japan fires' if e.side == 'japan' else 'The Allies fire'} at {_place(e.zone)} ({kind}{river}): "
                f"{e.hits} hit(s).")
    if t is ev.LossesApplied:
        who = [f"{p} {n}" + (" (eliminated)" if p in e.eliminated else "") for p, n in e.losses.items()]
        who += [f"Home Defense Force {n}" for n in e.hdf.values() if n]
        return (f"Losses at {_place(e.zone)}: {sum(e.losses.values()) + sum(e.hdf.values())} step(s)"
                + (f" — {', '.join(who[:8])}" if who else "") + f" ({e.cause}).")
    if t is ev.KamikazeAttack:
        return f"{len(e.attacks)} kamikaze(s) attack in {_place(e.sea)}."
    if t is ev.FleetDamaged:
        return f"{e.fleet}: {e.destroyed} step(s) destroyed, {e.damaged} damaged ({e.cause})."
    if t is ev.PortDamaged:
        return f"The port of {_place(e.zone)} now has {e.after} damage point(s)."
    if t is ev.NationConquered:
        return f"{e.nation.replace('_', ' ').title()} is conquered ({e.rule})."
    if t is ev.VictoryDetermined:
        vp = len(e.vp_zones) + len(e.vp_seas)
        return f"Japan holds {vp} VP zone(s): " + (RESULTS.get(e.result, e.result) + "." if e.result else "play goes on.")
    if t is ev.UsEscalationEarned:
        return f"The USA earns a production increase with {e.steps} steps ({e.cv_steps} CV)."
    if t is ev.AirBaseLost:
        return f"Japan captures the strategic air base of {_place(e.zone)}: the USA loses a Bomber Point."
    if t is ev.Edited:
        return f"Correction: {e.what} {e.key} set to {e.value} ({e.reason})."
    return _land(e) or describe_air(e)


def _across(e: ev.PiecesMoved) -> str:
    """The rivers and straits the move crossed (AE 6.73)."""
    found = dict.fromkeys((x.border, x.origin) for x in e.crossings if x.border in ("river", "strait"))
    return "".join(f", across a {kind} from {_place(origin)}" for kind, origin in found)


def _land(e: Any) -> str:
    """Land, carrier-air and force-pool rules."""
    t = type(e)
    if t is ev.SubmarineReplacementMerged:
        return (f"{_n(e.nation)}'s submarine Replacement marker becomes a 1-step unit in its holding box."
                if e.new_piece else f"{_n(e.nation)}'s submarine unit merges with its Replacement marker: "
                                    f"{e.steps} steps.")
    if t is ev.OrphanCbaBased:
        how = "by Strategic Movement" if e.strategic else "in its national port"
        return f"{len(e.pieces)} Orphan CBA join carrier {e.fleet} ({how})."
    if t is ev.ChineseAttackerChosen:
        return f"At {_place(e.zone)} only the {e.force.title()}s attack; they alone take the losses."
    if t is ev.AirCommitted:
        return f"Round {e.round} at {_place(e.zone)}: {', '.join(e.units)} committed to {e.use}."
    if t is ev.FreeStepsGranted:
        where = f" (loss of {_place(e.zone)})" if e.zone else ""
        return f"China receives {e.steps} free {e.force.title()} step(s) to place{where} ({e.rule})."
    if t is ev.FreeStepsPlaced:
        if not e.force:
            return f"A step of {e.target} becomes a garrison."
        return f"{e.steps} free {e.force.title()} step(s) placed: {e.piece.id if e.piece else e.target}."
    if t is ev.FortificationRemoved:
        return f"The fortification of {_place(e.zone)} is removed: {e.cause}."
    if t is ev.RuleOverridden:
        return f"The table overrides {e.rule} for {e.command} ({e.refusal}): {e.reason}."
    if t is ev.InterceptionRolled:
        won = f", {'Japan' if e.winner == 'japan' else 'the Allies'} winning" if e.winner else ""
        outcome = {"day": "Day combat", "night": "Night combat", "bad_weather": "bad weather",
                   "avoid": "no combat (avoided)"}.get(e.outcome, e.outcome)
        return f"Interception in {_place(e.sea)} (attempt {e.attempt}): {outcome}{won}."
    if t is ev.NavalFired:
        hits = sum(1 for shot in e.shots if shot[4] != "miss")
        return f"{e.kind.replace('_', ' ').capitalize()} fire in {_place(e.sea)}: {hits} hit(s) of {len(e.shots)}."
    if t is ev.AirCombatFought:
        scored = ", ".join(f"{'Japan' if k == 'japan' else 'the Allies'} {v}" for k, v in sorted(e.hits.items()))
        return f"Air combat over {_place(e.where)}: hits {scored or 'none'}."
    if t is ev.DamageResolved:
        parts = [f"{len(e.repairs)} step(s) to repair", f"{e.destroyed} destroyed" if e.destroyed else "",
                 f"{len(e.orphaned)} CBA to the Orphan box" if e.orphaned else ""]
        return f"Damage to {e.fleet} resolved: " + ", ".join(x for x in parts if x) + "."
    if t is ev.ForcePoolAdditionsEntered:
        return f"The {e.year} US Force Pool additions are entered from the scenario card."
    if t is ev.ForcePoolAdditionsReceived:
        what = ", ".join(f"{n} {k}" for k, n in sorted(e.units.items()) if n)
        what += (", " if what and e.markers else "") + (f"{len(e.markers)} construction marker(s)" if e.markers
                                                        else "")
        if not e.entered:
            return (f"The {e.year} US Force Pool additions are due {e.cause}: none entered yet (enter the "
                    "scenario card's list).")
        return f"The {e.year} US Force Pool additions arrive {e.cause}: {what or 'nothing'}."
    return ""
