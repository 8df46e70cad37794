"""Axis & Allies at the table: the forms of each step, the battle panel, the IPC ledger and the schematic map.

Presentation only. What the rules allow is the game's ``decide``; the battle panel shows what the game's own
queries (``next_action``, ``plan``, ``candidates``) say comes next, and the ledger reads the recorded facts.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

from flask import abort, render_template
from markupsafe import Markup

import assistant.games.aa_classic.events as ev
from assistant.families.axis_allies.battle import TooLarge
from assistant.games.aa_classic import commands as cmd
from assistant.games.aa_classic import map_svg
from assistant.games.aa_classic.map_svg import COLOURS, NEUTRAL, power_name
from assistant.games.aa_classic.describe import POWER, STEP, unit_words
from assistant.games.aa_classic.describe import power_name as said_first
from assistant.games.aa_classic.game import GAME, STEPS
from assistant.games.aa_classic.moves import offers
from assistant.games.aa_classic.moves.common import contested_zones
from assistant.games.aa_classic.moves.economy import can_buy
from assistant.games.aa_classic.moves.movement import can_move
from assistant.games.aa_classic.moves.placement import placeable
from assistant.games.aa_classic.moves.turn import still_able_to_land, stranded
from assistant.moments import possible_moves
from assistant.games.aa_classic.moves.battle import between_rounds, candidates, next_action, plan
from assistant.games.aa_classic.odds import battle_odds, first_die, retreat_refusal
from assistant.games.aa_classic.state import State
from assistant.games.aa_classic.world import load_tables
from assistant.web.forms import FormError, RenderedForm, dice_text, form_for, whole_number
from assistant.web.memo import Memo
from assistant.web.presenter import Presenter, Table, new_command_id

END_STEP = {
    "purchase": "Purchase done",
    "combat_move": "Combat moves done",
    "combat": "Combat done",
    "noncombat_move": "Non-combat moves done",
    "placement": "Placement done",
    "income": "Collect income and end the turn",
}
# The step's own forms, in the order the table shows them; when each is possible comes from the game's moves.
STEP_FORMS: dict[str, tuple[type, ...]] = {
    step: tuple(c for c in (cmd.Purchase, cmd.Research, cmd.Move, cmd.Load, cmd.Unload, cmd.FireRocket, cmd.Place)
                if step in GAME.moves_by_command()[c].phases)
    for step in STEPS
}
LEDGER_LINES = 6
EDITS = {"add": "Add units", "remove": "Remove units", "clear": "Clear a space (remove every unit there)",
         "control": "Give a territory to a power",
         "treasury_to": "Set a treasury to", "treasury": "Change a treasury by",
         "production_to": "Set an income (production level) to", "production": "Change an income by",
         "technologies": "Set a power's technologies (the ticked ones)"}
# Exact odds cost up to ~0.5 s for the biggest battles: computed once per (game, event, battle[, threshold]).
ODDS = Memo(64)
RECORDED_LOOKBACK = 3000  # events searched back for a battle's recorded odds (its first die is in this combat step)
ODDS_CHUNK = 200


def _kinds(s: State, ids) -> str:
    counts = Counter(s.units[i].kind for i in ids if i in s.units)
    return ", ".join(f"{n} {k.replace('_', ' ')}" for k, n in sorted(counts.items())) or "none"


class AAPresenter(Presenter):
    # ------------------------------------------------------------------ forms of the moment
    def forms(self, table: Table, errors=None) -> list[RenderedForm]:
        s: State = table.view.game
        errors = errors or {}
        out: list[RenderedForm] = []
        hints = self._hints(s)

        def add(cls, *, template: str = "", data: dict[str, Any] | None = None, label: str = "",
                fixed: dict[str, str] | None = None, choices: dict[str, tuple[str, ...]] | None = None) -> None:
            spec = form_for(cls)
            message, values = errors.get(spec.tag, ("", {}))
            if fixed and values and any(values.get(k) != v for k, v in fixed.items()):
                message, values = "", {}  # the error belongs to another battle's form
            out.append(RenderedForm(spec, new_command_id(), dict(values), message, {**hints, **(choices or {})},
                                    fixed=dict(fixed or {}), template=template, data=data or {}, label=label))

        if s.victory is None:
            if s.round == 0:
                add(cmd.Start, label="Start round 1")
            else:
                if s.breakthroughs:
                    add(cmd.RollBreakthroughs)
                contested = contested_zones(s, s.power) if s.step == "combat_move" and s.options.get("enemy_zone_placement") else []
                if contested:
                    add(cmd.DeclareAttack, label="Attack them there", choices={"zone": tuple(contested)})
                if s.step == "combat":
                    for b in s.battles.values():
                        self._battle_forms(table, b, add)
                offered = {p.command: p for p in possible_moves(GAME, table.view)}
                # A power that cannot afford a unit or a research die has only the end of the step to do: that form
                # comes first (on a phone the purchase grid would push it below the fold), the others fold away.
                broke = s.step == "purchase" and not can_buy(s)
                end_step = dict(template="aa_classic/end_step.html", data=self._end_step(s),
                                label=END_STEP.get(s.step, "Next step"))
                if broke:
                    add(cmd.EndStep, **end_step)
                for cls in STEP_FORMS.get(s.step, ()):
                    if cls not in offered:
                        continue  # not possible now (no transport to load, no rocket in range, nothing to place...)
                    if cls is cmd.Purchase:
                        add(cls, template="aa_classic/purchase.html", data={**self._purchase(s), "folded": broke},
                            label="Buy these units")
                    elif broke:
                        add(cls, template="aa_classic/folded.html", data={"why": f"a research die costs {s.world.tables.research_die_cost} IPC"},
                            choices=offered[cls].choices)
                    elif cls is cmd.Move:
                        chosen = errors.get(form_for(cls).tag, ("", {}))[1].get("path", "")
                        add(cls, template="aa_classic/move.html", data=self._move(s, chosen),
                            label="Move these units")
                    elif cls is cmd.Place:
                        add(cls, template="aa_classic/place.html", data=self._place(s), label="Place these units")
                    else:
                        add(cls, choices=offered[cls].choices)
                if not broke:
                    add(cmd.EndStep, **end_step)
        add(cmd.Edit, template="aa_classic/edit.html", label="Record this edit", data={
            "edits": list(EDITS.items()), "powers": [(p, power_name(p)) for p in s.world.tables.turn_order],
            "kinds": sorted(s.world.units), "spaces": sorted(s.world.board.spaces),
            "territories": sorted(n for n, sp in s.world.board.spaces.items() if sp.kind == "land"),
            "technologies": list(s.world.tables.technologies.values()),
            # each power's technologies now: the list is pre-ticked for the power chosen (app.js follows changes)
            "held": {p: list(s.techs(p)) for p in s.world.tables.turn_order}, "power": s.power,
        })
        return out

    def prepare(self, tag: str, form: dict[str, str], multi=None) -> dict[str, str]:
        """The edit panel's one change (add, remove, control, treasury, income, technologies) as the fields of
        ``aa.edit``; a move's ticked AA losses as ``aa_losses`` (those aircraft named in ``ids`` so they move)."""
        if tag == "aa.move":
            return self._move_losses(form, multi or {})
        if tag == "aa.fire":
            return _fire_lines(form)
        what = form.get("what", "")
        if tag != "aa.edit" or what not in EDITS:
            return form
        out = {"reason": form.get("reason", "")}
        if what == "technologies":
            ticked = [k[len("tech."):] for k in form if k.startswith("tech.")]
            out["technologies"] = json.dumps({form.get("power", ""): ticked})
            return out
        if what in ("add", "remove"):
            count = form.get("count", "").strip() or "1"
            out[what] = json.dumps([{"space": form.get("space", "").strip(), "power": form.get("power", ""),
                                     "kind": form.get("kind", ""), "count": int(count) if count.isdigit() else count}])
        elif what == "control":
            out["control"] = f"{form.get('territory', '').strip()}={form.get('power', '')}"
        elif what == "clear":
            out["clear"] = form.get("space", "").strip()
        else:
            out[what] = f"{form.get('power', '')}={form.get('amount', '').strip()}"
        return out

    def _move_losses(self, form: dict[str, str], multi) -> dict[str, str]:
        lost = [k.split(".", 2) for k in form if k.startswith("aa_loss.")]  # aa_loss.<kind>.<id>, first lost first
        if not lost:
            return form
        out = dict(form)
        out["path"] = ", ".join(p for p in multi.get("path", [form.get("path", "")]) if p.strip())
        out["aa_losses"] = out["ids"] = " ".join(i for _, _, i in lost)
        for _, kind, _ in lost:  # the named aircraft are part of the move: the counts cover the others
            key = f"units.{kind}"
            left = int(out[key]) - 1 if out.get(key, "").strip().isdigit() else 0
            out[key] = str(max(0, left))
        return out

    def setup_help(self) -> Markup:
        allocation = load_tables()["allocation"]
        rows = [(int(n), [", ".join(power_name(p) for p in powers) for powers in seats])
                for n, seats in sorted(allocation.items(), key=lambda kv: int(kv[0]))]
        return Markup(render_template("aa_classic/players.html", rows=rows))

    def term(self, word: str) -> str:
        return power_name(word) if word in POWER else STEP.get(word, word.replace("_", " "))

    def _hints(self, s: State) -> dict[str, tuple[str, ...]]:
        """Choices offered for the generated forms' fields, by field name."""
        spaces = s.world.board.spaces
        land = tuple(sorted(n for n, sp in spaces.items() if sp.kind == "land"))
        sea = tuple(sorted(n for n, sp in spaces.items() if sp.kind == "sea"))
        every = tuple(sorted(spaces))
        return {"territory": land, "zone": sea, "space": every, "launcher": land, "target": land,
                "battle": tuple(sorted(s.battles)), "to": every}

    def _purchase(self, s: State) -> dict[str, Any]:
        units = [(k, u.cost) for k, u in s.world.units.items() if u.cost]
        return {"units": units, "treasury": s.treasury.get(s.power, 0), "power": power_name(s.power)}

    def _move(self, s: State, chosen: str = "") -> dict[str, Any]:
        """"From" offers only the spaces with units that may still move in this step; bombing and AA fire on the
        way belong to the combat move only."""
        return {"from": sorted(offers.movers(s).items()), "spaces": sorted(s.world.board.spaces),
                "here": self._units_at(s, chosen), "aircraft": self._aircraft_at(s, chosen),
                "combat": s.step == "combat_move"}

    def _end_step(self, s: State) -> dict[str, Any]:
        """In placement: what ending it would lose, and whether it still could be placed (then a reason is asked).
        In the non-combat move: the aircraft still to land, with where they can, and those that cannot."""
        if s.step == "noncombat_move":
            can = still_able_to_land(s)
            lost = [i for i in stranded(s) if i not in can]
            return {
                "landable": "; ".join(f"{unit_words(s.units[i].kind, 1)} #{i} in {s.units[i].space} "
                                      f"(to {', '.join(where[:3])}{' …' if len(where) > 3 else ''})"
                                      for i, where in can.items()),
                "crash": _kinds(s, lost) if lost else "",
            }
        if s.step != "placement" or not s.purchased:
            return {}
        can = placeable(s)
        words = lambda kinds: ", ".join(f"{n} {unit_words(k, n)}" for k, n in sorted(kinds.items()))  # noqa: E731
        return {"placeable": words({k: n for k, n in s.purchased.items() if k in can}), "lost": words(s.purchased)}

    def _place(self, s: State) -> dict[str, Any]:
        """The units waiting and where they may go, each complex with what it may still take this turn."""
        where = [(t, t if left is None else f"{t} (room for {left} more)") for t, left in offers.placements(s)]
        left = sorted(s.purchased.items())
        return {"left": left, "where": where, "all": sum(n for _, n in left)}

    def _aircraft_at(self, s: State, space: str) -> list[tuple[int, str]]:
        """The current power's aircraft in ``space`` (id, kind), which a combat move may name as AA losses."""
        if s.step != "combat_move" or not space:
            return []
        return sorted((i, u.kind) for i, u in s.units.items()
                      if u.owner == s.power and u.space == space and s.world.domain(u.kind) == "air")

    def _units_at(self, s: State, space: str) -> list[tuple[str, int]]:
        """The current power's units in ``space`` that may still move, by kind (what a move from there can take)."""
        return sorted(Counter(u.kind for i, u in s.units.items()
                              if u.owner == s.power and u.space == space and can_move(s, i, u)).items())

    # ------------------------------------------------------------------ battle odds
    def odds(self, table: Table, key: str, retreat: int | None = None) -> dict[str, Any] | None:
        """What the battle panel shows of the odds: before the first die the exact odds of the forces as they stand
        (optionally with the attacker retreating when down to ``retreat`` units), after it those the log recorded."""
        s: State = table.view.game
        b = s.battles[key]
        if not first_die(b):
            recorded = ODDS.get(("recorded", table.game_id, table.view.seq, key), lambda: self._recorded(table, key))
            return None if recorded is None else {"o": _odds_fields(recorded), "recorded": True, "retreat": None,
                                                 "key": key, "no_retreat": retreat_refusal(s, key)}
        found = ODDS.get(("now", table.game_id, table.view.seq, key, retreat), lambda: self._exact(s, key, retreat))
        return None if found is None else {"o": found, "recorded": False, "retreat": retreat, "key": key,
                                           "no_retreat": retreat_refusal(s, key)}

    def _exact(self, s: State, key: str, retreat: int | None) -> dict[str, Any] | None:
        try:
            now = battle_odds(s, key, retreat)
        except TooLarge as exc:
            from assistant.families.axis_allies.odds import estimate

            return {"too_large": str(exc), "estimate": estimate(exc.battle)}
        return None if now is None else _odds_fields(now)

    def _recorded(self, table: Table, key: str) -> ev.BattleOddsRecorded | None:
        """The ``aa.battle_odds_recorded`` written before this battle's first die (the latest one for ``key``)."""
        end = table.view.seq
        while end > 0 and table.view.seq - end < RECORDED_LOOKBACK:
            start = max(0, end - ODDS_CHUNK)
            for entry in reversed(table.assistant.log(table.game_id, after=start, limit=end - start)):
                if isinstance(entry.event, ev.BattleOddsRecorded) and entry.event.battle == key and not entry.cancelled:
                    return entry.event
            end = start
        return None

    def part(self, table: Table, name: str, args: dict[str, str]) -> Markup | None:
        if name == "odds":
            return self._odds_part(table, args)
        if name != "move-units":
            return None
        s: State = table.view.game
        space = args.get("path", "")
        return Markup(render_template("aa_classic/move_units.html", here=self._units_at(s, space),
                                      aircraft=self._aircraft_at(s, space), space=space, values={}))

    def _battle_forms(self, table: Table, b, add) -> None:
        s: State = table.view.game
        act, what = next_action(s, b)
        if act == "over":
            return
        data: dict[str, Any] = {
            "line": _kinds(s, b.casualty_line) if b.casualty_line else "",
            "odds": self.odds(table, b.key),
            "b": b,
            "kind": b.kind,
            "attackers": f"{power_name(b.attacker)}: " + _kinds(s, b.units),
            "defenders": self._defenders(s, b, aa_only=b.kind == "bombing"),
            "act": act,
            "what": what,
            "bid": re.sub(r"[^A-Za-z0-9]+", "-", b.key),  # for element ids
        }
        fixed = {"battle": b.key}
        if act == "fire":
            lines = plan(s, b, what)
            data["dice"] = sum(n for _, n, _ in lines)
            data["lines"] = [(k, n, t, _line_label(what, k, n, t)) for k, n, t in lines]
            data["firer"] = self._firer(s, b, what)
            add(cmd.Fire, template="aa_classic/battle.html", data=data, fixed=fixed)
        elif act == "casualties":
            p = b.pending
            pool = Counter(s.units[i].kind for i in candidates(s, b, p))
            data.update(hits=p.hits, side=p.side, pool=sorted(pool.items()), aa=p.fire == "aa",
                        chooser=POWER.get(b.attacker, b.attacker) if p.side == "attacker" else "the defender",
                        Chooser=said_first(b.attacker) if p.side == "attacker" else "The defender",
                        suggested=offers.suggested_casualties(s, b.key))
            add(cmd.ChooseCasualties, template="aa_classic/casualties.html", data=data, fixed=fixed,
                label="Remove these casualties")
        if act == "retreat" or between_rounds(b):
            data = {**data, "came_from": b.came_from}
            add(cmd.Retreat, template="aa_classic/retreat.html", data=data, fixed=fixed, label="Retreat")
            if b.kind == "naval":
                add(cmd.Submerge, fixed=fixed)
        if act == "wait":
            add(cmd.Fire, template="aa_classic/battle.html", data=data, fixed=fixed)

    def _odds_part(self, table: Table, args: dict[str, str]) -> Markup | None:
        key = args.get("battle", "")
        if key not in table.view.game.battles:
            return None
        raw = args.get("retreat", "").strip()
        retreat = whole_number(raw, 3)
        if raw and retreat is None:
            abort(400, "Retreat when attackers are down to: a whole number from 0 to 999, or nothing for never.")
        if retreat_refusal(table.view.game, key):
            retreat = None  # the panel says why no retreat can be planned
        return Markup(render_template("aa_classic/odds.html", odds=self.odds(table, key, retreat),
                                      game_id=table.game_id, bid=re.sub(r"[^A-Za-z0-9]+", "-", key)))

    def _firer(self, s: State, b, what: str) -> str:
        if what in ("attack", "first_strike", "support"):
            return power_name(b.attacker)
        if what.startswith("defence:"):
            return power_name(what.split(":", 1)[1])
        return "the defender" if what == "aa" else power_name(b.attacker)

    def _defenders(self, s: State, b, aa_only: bool = False) -> str:
        """The enemy units in the battle's space by owner; for a raid only the AA guns (nothing else takes part)."""
        w = s.world
        by_owner: dict[str, Counter] = {}
        for u in s.units.values():
            if aa_only and "anti_aircraft" not in w.units[u.kind].flags:
                continue
            if u.space == b.space and w.enemies(u.owner, b.attacker):
                by_owner.setdefault(u.owner, Counter())[u.kind] += 1
        return "; ".join(
            f"{power_name(o)}: " + ", ".join(f"{n} {k.replace('_', ' ')}" for k, n in sorted(c.items()))
            for o, c in by_owner.items()
        ) or "none"

    # ------------------------------------------------------------------ ledgers
    def ledgers(self, table: Table) -> Markup:
        s: State = table.view.game
        order = s.world.tables.turn_order
        players = {p: "" for p in order}
        for entry in table.assistant.definition(table.game_id).get("players", []):
            for p in entry.get("powers", ()):
                players[p] = entry.get("name", "")
        rows = [
            {
                "power": p, "name": power_name(p), "colour": COLOURS.get(p, NEUTRAL), "player": players.get(p, ""),
                "treasury": s.treasury.get(p, 0), "income": s.production.get(p, 0), "now": p == s.power,
                "techs": ", ".join(t.replace("_", " ") for t in s.techs(p)),
            }
            for p in order
        ]
        return Markup(render_template(
            "aa_classic/ledgers.html", rows=rows, changes=self._changes(table), state=s,
            to_place=", ".join(f"{n} {k.replace('_', ' ')}" for k, n in sorted(s.purchased.items())),
            power=power_name(s.power), step=STEP.get(s.step, s.step),
        ))

    def _changes(self, table: Table) -> list[tuple[int, str, int, str, str]]:
        """The latest IPC ledger entries as (seq, power, change, account, sentence of the event), newest first."""
        ledger = table.view.read("ledger")
        latest = sorted(
            ((e.seq, p, e.amount, e.account) for p, account in ledger.powers.items()
             for e in account.entries[-LEDGER_LINES:] if e.seq > 1),
            reverse=True,
        )[:LEDGER_LINES]
        sentences: dict[int, str] = {}
        for seq, *_ in latest:
            if seq not in sentences:
                sentences[seq] = table.assistant.log(table.game_id, after=seq - 1, limit=1)[0].sentence
        return [(seq, power_name(p), amount, account, sentences[seq]) for seq, p, amount, account in latest]

    # ------------------------------------------------------------------ map
    def spaces(self, table: Table) -> tuple[str, ...]:
        return tuple(sorted(table.view.game.world.board.spaces))

    def board(self, table: Table, arrows=()) -> Markup:
        return map_svg.draw(table.view.game, table.space_url, "", arrows)  # the event shown: #tt-at

    def space(self, table: Table, name: str) -> Markup | None:
        s: State = table.view.game
        board = s.world.board
        if name not in board.spaces:
            return None
        sp = board.spaces[name]
        by_owner: dict[str, Counter] = {}
        for u in s.units.values():
            if u.space == name:
                by_owner.setdefault(u.owner, Counter())[u.kind] += 1
        battles = [b for b in s.battles.values() if b.space == name]
        return Markup(render_template(
            "aa_classic/space.html", sp=sp, controller=power_name(s.controller(name)) if sp.kind == "land" else "",
            original=power_name(sp.original_owner or "") if sp.original_owner else "neutral",
            complex=name in s.complexes,
            units=[(power_name(o), COLOURS.get(o, NEUTRAL), sorted(c.items())) for o, c in by_owner.items()],
            battles=[(b.key, b.kind, b.outcome or f"round {b.round}") for b in battles],
            capital=power_name(sp.capital) if sp.capital else "",
        ))


def _line_label(what: str, kind: str, n: int, target: int) -> str:
    """One line of a throw as the table reads it: the dice and what hits; a raid's damage dice hit nothing, their
    total is what the complex's owner pays (A&A §6.6)."""
    if what == "damage":
        return f"{n} damage {'die' if n == 1 else 'dice'} ({unit_words(kind, n)}): the total is paid"
    return f"{n} {unit_words(kind, n)} {'hit' if n > 1 else 'hits'} on {target}" + (" or less" if target > 1 else "")


def _fire_lines(form: dict[str, str]) -> dict[str, str]:
    """The battle panel's one field per line of dice (``faces.<line>.<dice>.<kind>``: "3 infantry hit on 1") as
    the throw's ``faces``, line after line; a line with the wrong number of faces is refused naming it."""
    lines = sorted((k.split(".", 3) for k in form if k.startswith("faces.") and k.count(".") == 3),
                   key=lambda parts: int(parts[1]) if parts[1].isdigit() else 0)
    if not lines:
        return form
    typed = [(kind, int(n) if n.isdigit() else 0, dice_text(form[f"faces.{line}.{n}.{kind}"]).split())
             for _, line, n, kind in lines]
    out = {k: v for k, v in form.items() if not k.startswith("faces.")}
    if all(not faces for _, _, faces in typed):
        return out  # nothing typed: the assistant rolls when asked to
    if all(not faces for _, _, faces in typed[1:]) and len(typed[0][2]) == sum(n for _, n, _ in typed):
        out["faces"] = " ".join(typed[0][2])  # the whole throw typed in the first line, line after line
        return out
    for kind, n, faces in typed:
        if len(faces) != n:
            raise FormError(f"{kind.replace('_', ' ')}: {n} {'die' if n == 1 else 'dice'} to enter, "
                            f"{len(faces)} typed")
    out["faces"] = " ".join(f for _, _, faces in typed for f in faces)
    return out


def _odds_fields(o) -> dict[str, Any]:
    """The numbers the panel shows, from recorded odds (an event) or freshly computed ones (analysis ``Odds``)."""
    names = ("attacker_wins", "defender_wins", "draw", "retreat", "captures", "expected_attacker_survivors",
             "expected_defender_survivors", "expected_attacker_loss", "expected_defender_loss")
    out = {n: getattr(o, n) for n in names}
    out["expected_rounds"] = getattr(o, "expected_rounds", 0.0)
    out["attacking"] = getattr(o, "attacking", {})
    out["defending"] = getattr(o, "defending", {})
    return out


PRESENTER = AAPresenter()
