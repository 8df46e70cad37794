"""A&A Europe at the table: the forms of each phase, the battle panel with its odds, the ledgers (treasury, chart
level, convoy losses, the Middle East column) and a map laid out from the board's borders.

Presentation only: what the rules allow is the game's ``decide``; the battle panel shows what the game's own
queries (``next_action``, ``dice_for``, the casualty pool) say comes next.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from flask import render_template
from markupsafe import Markup

from assistant.families.axis_allies.battle import TooLarge
from assistant.games.aa_europe import commands as cmd
from assistant.games.aa_europe import map_svg
from assistant.games.aa_europe.map_svg import COLOURS, NEUTRAL, name
from assistant.games.aa_europe.moves.battle import between_rounds, next_action
from assistant.games.aa_europe.moves.casualties import pool
from assistant.games.aa_europe.moves.forces import dice_for
from assistant.games.aa_europe.moves.patriotic import ALLIES, SOVIET_GROUPS
from assistant.games.aa_europe.moves.placement import usable
from assistant.games.aa_europe.moves.turn import aircraft_without_landing
from assistant.games.aa_europe.odds import battle_odds
from assistant.games.aa_europe.state import State
from assistant.games.aa_europe.world import rule_data
from assistant.web.forms import RenderedForm, form_for
from assistant.web.memo import Memo
from assistant.web.presenter import Presenter, Table, new_command_id

END = {"purchase": "Purchase done", "combat_move": "Combat moves done", "combat": "Combat done",
       "noncombat_move": "Non-combat moves done", "placement": "Placement done (then phase 6)",
       "income": "Collect income and end the turn"}
PHASE = {"advance": "cash advance", "purchase": "purchase", "combat_move": "combat move", "combat": "combat",
         "noncombat_move": "non-combat move", "placement": "placement", "surface_repair": "surfacing and repairs",
         "income": "income"}
LEDGER_LINES = 6
ODDS = Memo(64)


def _kinds(counts) -> str:
    return ", ".join(f"{n} {k.replace('_', ' ')}" for k, n in sorted(counts.items())) or "none"


class EuropePresenter(Presenter):
    # ------------------------------------------------------------------ forms of the moment
    def forms(self, table: Table, errors=None) -> list[RenderedForm]:
        s: State = table.view.game
        errors = errors or {}
        out: list[RenderedForm] = []
        hints = self._hints(s)

        def add(cls, *, template: str = "", data: dict[str, Any] | None = None, label: str = "",
                fixed: dict[str, str] | None = None, offered: dict[str, tuple[str, ...]] | None = None) -> None:
            spec = form_for(cls)
            message, values = errors.get(spec.tag, ("", {}))
            if fixed and values and any(values.get(k) != v for k, v in fixed.items()):
                message, values = "", {}
            # A field the moment offers one value for is filled in: one input fewer at the table.
            offered = {k: v for k, v in (offered or {}).items() if v}  # nothing offered: the whole board, as before
            values = values or {k: v[0] for k, v in offered.items() if len(v) == 1}
            out.append(RenderedForm(spec, new_command_id(), dict(values), message, {**hints, **offered},
                                    fixed=dict(fixed or {}), template=template, data=data or {}, label=label))

        if s.victory is None and s.phase == "advance":
            self._advance_forms(s, add)
        elif s.victory is None:
            if s.phase == "purchase":
                add(cmd.Purchase, template="aa_europe/purchase.html", label="Buy these units", data=self._shop(s, ""))
            if s.phase in ("combat_move", "noncombat_move"):
                add(cmd.Move, template="aa_europe/move.html", label="Move these units", data=self._move(s, ""))
                add(cmd.Load, offered=_loading(s))
                add(cmd.Unload, offered=_unloading(s))
            if s.phase == "noncombat_move" and s.power == "ussr":
                add(cmd.TakeOver, label="Take over these units", offered=_taking_over(s))
            if s.phase == "combat":
                for b in s.battles.values():
                    self._battle_forms(table, b, add)
            if s.phase == "placement":
                add(cmd.Place, template="aa_europe/place.html", label="Place these units",
                    data={"left": sorted(s.purchased.items()), "sites": self._sites(s)})
            due = s.middle_east_column() if s.phase == "income" and s.world.side_of(s.power) == "axis" else 0
            add(cmd.EndPhase, template="aa_europe/end_phase.html", label=END.get(s.phase, "Next phase"), data={
                "middle_east": due, "allies": [(p, name(p), s.treasury.get(p, 0)) for p in s.world.tables.sides["allies"]],
                "will_lose": self._will_lose(s)})
        add(cmd.Edit, label="Record this edit")
        return out

    def _will_lose(self, s: State) -> tuple[str, str]:
        """What ending the phase now destroys, said before the button is pressed: aircraft not yet landed at the end
        of the non-combat move [T L68, L93], units bought and not placed at the end of placement (ruling R28)."""
        if s.phase == "noncombat_move":
            lost = [i for e in aircraft_without_landing(s) for i in e.units]
            what = "; ".join(f"{s.units[i].kind.replace('_', ' ')} #{i} in {s.units[i].space}" for i in lost)
            return what, "aircraft must land on friendly territory held since the start of the turn (fighters: or a carrier)"
        if s.phase == "placement" and s.purchased:
            return _kinds(s.purchased), "units bought and not placed are lost"
        return "", ""

    def _advance_forms(self, s: State, add) -> None:
        allies = s.world.tables.sides["allies"]
        if s.advance_side == "allies" and not any(p in s.advance for p in allies):
            add(cmd.SplitAdvance, label="Split the Allies' 12 IPC")
        buyers = ["germany"] if s.advance_side == "axis" else [p for p in allies if s.advance.get(p)]
        for p in buyers:
            add(cmd.BuyWithAdvance, template="aa_europe/purchase.html", label=f"Buy and place for {name(p)}",
                data=self._shop(s, p), fixed={"power": p})
        add(cmd.EndAdvance, label="Germany is done" if s.advance_side == "axis" else "The Allies are done: start round 1")

    def _shop(self, s: State, buyer: str) -> dict[str, Any]:
        who = buyer or s.power
        units = [(k, u.cost) for k, u in s.world.units.items() if u.cost]
        treasury = s.treasury.get(who, 0) if not buyer or buyer in s.advance else s.world.tables.cash_advance["axis"]
        spaces = sorted({u.space for u in s.units.values() if u.owner == who})
        return {"units": units, "treasury": treasury, "power": name(who), "advance": bool(buyer), "buyer": buyer,
                "spaces": spaces, "id": buyer or "turn", "title": "Cash advance" if buyer else "Purchase"}

    def _sites(self, s: State) -> list[str]:
        w = s.world
        land = [t for t in w.spaces if usable(s, t, s.power)]
        seas = {z for t in land for z in w.spaces[t].borders if w.is_sea(z)}
        return sorted(land) + sorted(seas)

    def _move(self, s: State, chosen: str) -> dict[str, Any]:
        mine = Counter(u.space for u in s.units.values() if u.owner == s.power and not u.aboard)
        return {"from": sorted(mine.items()), "spaces": sorted(s.world.spaces), "here": self._units_at(s, chosen),
                "combat": s.phase == "combat_move"}

    def _units_at(self, s: State, space: str) -> list[tuple[str, int]]:
        return sorted(Counter(u.kind for u in s.units.values()
                              if u.owner == s.power and u.space == space and not u.aboard).items())

    def part(self, table: Table, name_: str, args: dict[str, str]) -> Markup | None:
        if name_ != "move-units":
            return None
        space = args.get("path", "")
        return Markup(render_template("aa_europe/move_units.html", here=self._units_at(table.view.game, space),
                                      space=space, values={}))

    def _hints(self, s: State) -> dict[str, tuple[str, ...]]:
        spaces = s.world.spaces
        land = tuple(sorted(n for n, sp in spaces.items() if sp.kind == "land"))
        sea = tuple(sorted(n for n, sp in spaces.items() if sp.kind == "sea"))
        return {"territory": land, "zone": sea, "space": tuple(sorted(spaces)), "to": tuple(sorted(spaces)),
                "battle": tuple(sorted(s.battles)), "side": ("attacker", "defender")}

    # ------------------------------------------------------------------ battles
    def _battle_forms(self, table: Table, b, add) -> None:
        s: State = table.view.game
        act, what = next_action(s, b)
        if act == "over":
            return
        w = s.world
        defenders = Counter()
        for u in s.units.values():
            if u.space == b.space and w.enemies(u.owner, b.attacker) and not u.submerged:
                defenders[(u.owner, u.kind)] += 1
        data: dict[str, Any] = {
            "b": b, "act": act, "what": what.split(":")[0].replace("_", " "),
            "title": {"land": "Land battle", "naval": "Naval battle", "bombing": "Strategic raid"}[b.kind],
            "attackers": f"{name(b.attacker)}: " + _kinds(Counter(s.units[i].kind for i in b.units if i in s.units
                                                                   and s.units[i].space == b.space)),
            "defenders": "; ".join(f"{name(o)} {n} {k.replace('_', ' ')}" for (o, k), n in sorted(defenders.items()))
                         or "none",
            "bid": re.sub(r"[^A-Za-z0-9]+", "-", b.key),
        }
        data.update(self._odds(table, b))
        fixed = {"battle": b.key}
        if act == "fire":
            lines: Counter = Counter()
            for i, target, _ in dice_for(s, b, what):
                lines[(s.units[i].kind.replace("_", " "), target)] += 1
            data["lines"] = [(k, n, t) for (k, t), n in sorted(lines.items(), key=lambda x: x[0][1])]
            data["dice"] = sum(lines.values())
            data["firer"] = name(b.attacker) if what in ("attack", "support", "surprise", "escort", "damage") else (
                name(what.split(":", 1)[1]) if ":" in what else "The defender")
            add(cmd.Fire, template="aa_europe/battle.html", data=data, fixed=fixed)
        elif act == "casualties":
            p = b.pending
            units = Counter(s.units[i].kind for i in pool(s, b, p))
            note = "submarine hits: ships only" if p.no_air else ""
            note += ("; " if note else "") + "aircraft hits without a destroyer: not on submarines" if p.no_sub else ""
            data.update(hits=p.hits, pool=sorted(units.items()), note=note,
                        chooser=name(b.attacker) if p.side == "attacker" else "the defender")
            add(cmd.ChooseCasualties, template="aa_europe/casualties.html", data=data, fixed=fixed,
                label="Take these hits")
        elif act == "intercept":
            add(cmd.Intercept, fixed=fixed, label="Declare the interceptors")
        else:
            add(cmd.Fire, template="aa_europe/battle.html", data=data, fixed=fixed)
        if act == "retreat" or between_rounds(b):
            add(cmd.Retreat, fixed=fixed, label="Retreat")
        if b.kind == "naval" and (between_rounds(b) or act == "fire"):
            add(cmd.Submerge, fixed=fixed, label="Submerge")

    def _odds(self, table: Table, b) -> dict[str, Any]:
        if b.round == 1 and not b.fired:
            found = ODDS.get(("now", table.game_id, table.view.seq, b.key), lambda: self._exact(table.view.game, b.key))
            if isinstance(found, dict):
                return {"odds": None, **found}
            return {"odds": found, "recorded": False}
        recorded = table.view.read("battles").records
        rec = next((r for r in reversed(recorded) if r.key == b.key), None)
        if rec is None or not rec.odds:
            return {"odds": None}
        return {"odds": type("Odds", (), {**rec.odds, "expected_rounds": 0})(), "recorded": True}

    @staticmethod
    def _exact(s: State, key: str):
        """The battle's exact odds now; for a battle too large to work out, why, and what simulation says of it."""
        try:
            return battle_odds(s, key)
        except TooLarge as exc:
            from assistant.families.axis_allies.odds import estimate

            return {"too_large": str(exc), "estimate": estimate(exc.battle)}

    # ------------------------------------------------------------------ ledgers
    def ledgers(self, table: Table) -> Markup:
        s: State = table.view.game
        order = s.world.tables.turn_order
        players = {p: "" for p in order}
        for entry in table.assistant.definition(table.game_id).get("players", []):
            for p in entry.get("powers", ()):
                players[p] = entry.get("name", "")
        rows = [{"power": p, "name": name(p), "colour": COLOURS.get(p, NEUTRAL), "player": players.get(p, ""),
                 "treasury": s.treasury.get(p, 0), "income": s.income(p), "now": p == s.power,
                 "convoys": sum(s.convoy_losses(p).values())} for p in order]
        armed = ", ".join(f"{name(p)} holds {c}" for p, c in s.armed.items())
        return Markup(render_template(
            "aa_europe/ledgers.html", rows=rows, changes=self._changes(table), middle_east=s.middle_east_column(),
            armed=armed, to_place=_kinds(s.purchased) if s.purchased else "", power=name(s.power),
        ))

    def _changes(self, table: Table) -> list[tuple[int, str, int, str, str]]:
        ledger = table.view.read("ledger")
        latest = sorted(((e.seq, p, e.amount, e.account, e.cause) for p, account in ledger.powers.items()
                         for e in account.entries[-LEDGER_LINES:] if e.seq > 1), reverse=True)[:LEDGER_LINES]
        out = []
        for seq, p, amount, account, cause in latest:
            sentence = cause if account == "convoy" else table.assistant.log(table.game_id, after=seq - 1, limit=1)[0].sentence
            out.append((seq, name(p), amount, account, sentence))
        return out

    def prepare(self, tag: str, form: dict[str, str], multi=None) -> dict[str, str]:
        """The Middle East grid as the ``middle_east`` mapping of ``aae.end_phase``."""
        if tag != "aae.end_phase":
            return form
        paid = {k.split(".", 1)[1]: v.strip() for k, v in form.items() if k.startswith("middle_east.") and v.strip()}
        out = {k: v for k, v in form.items() if not k.startswith("middle_east.")}
        if paid:
            out["middle_east"] = ", ".join(f"{p}={n}" for p, n in paid.items())
        if form.get("decided_by") != "germany":
            out.pop("decided_by", None)
        return out

    def setup_help(self) -> Markup:
        rows = [(int(n), [", ".join(name(p) for p in seat) for seat in seats])
                for n, seats in sorted(rule_data()["allocation"].items(), key=lambda kv: int(kv[0]))]
        return Markup(render_template("aa_europe/players.html", rows=rows))

    def term(self, word: str) -> str:
        return name(word) if word in COLOURS else PHASE.get(word, word.replace("_", " "))

    # ------------------------------------------------------------------ map
    def spaces(self, table: Table) -> tuple[str, ...]:
        return tuple(sorted(table.view.game.world.spaces))

    def board(self, table: Table, arrows=()) -> Markup:
        return map_svg.draw(table.view.game, table.space_url, "")  # the event shown: #tt-at

    def space(self, table: Table, name_: str) -> Markup | None:
        s: State = table.view.game
        w = s.world
        if name_ not in w.spaces:
            return None
        sp = w.spaces[name_]
        by_owner: dict[str, Counter] = {}
        for u in s.units.values():
            if u.space == name_:
                by_owner.setdefault(u.owner, Counter())[u.kind] += 1
        return Markup(render_template(
            "aa_europe/space.html", sp=sp, controller=name(s.controller(name_)) if s.controller(name_) else "nobody",
            original=name(sp.owner) if sp.owner else "neutral", complex=name_ in s.complexes,
            group=sp.group.replace("_", " "),
            units=[(name(o), COLOURS.get(o, NEUTRAL), sorted(c.items())) for o, c in by_owner.items()],
            battles=[(b.key, b.kind, b.outcome or f"round {b.round}") for b in s.battles.values() if b.space == name_],
            capital=name(sp.capital) if sp.capital else "",
        ))


def _loading(s: State) -> dict[str, tuple[str, ...]]:
    """Where a load can happen: zones with a friendly transport, and the mover's coasts beside them."""
    w = s.world
    zones = {u.space for u in s.units.values() if w.units[u.kind].transport_capacity and w.allied(u.owner, s.power)}
    shores = {u.space for u in s.units.values() if u.owner == s.power and not u.aboard
              and w.units[u.kind].transport_cost and any(w.adjacent(u.space, z) for z in zones)}
    return {"zone": tuple(sorted(zones)), "territory": tuple(sorted(shores))}


def _unloading(s: State) -> dict[str, tuple[str, ...]]:
    """Where an unload can happen: zones where the mover has cargo aboard, and the land beside them."""
    w = s.world
    zones = {u.space for u in s.units.values() if u.owner == s.power and u.aboard and w.is_sea(u.space)
             and u.aboard in s.units and w.units[s.units[u.aboard].kind].transport_capacity}
    shores = {t for z in zones for t in w.spaces[z].borders if not w.is_sea(t) and not w.neutral(t)}
    return {"zone": tuple(sorted(zones)), "territory": tuple(sorted(shores))}


def _taking_over(s: State) -> dict[str, tuple[str, ...]]:
    """The Great Patriotic War [T L68]: Soviet territories where British or U.S. land or air units stand, and whose."""
    w = s.world
    there = [u for u in s.units.values() if u.owner in ALLIES and not w.is_sea(u.space) and not u.aboard
             and w.spaces[u.space].owner == "ussr" and w.spaces[u.space].group in SOVIET_GROUPS
             and s.controller(u.space) == "ussr"]
    return {"territory": tuple(sorted({u.space for u in there})), "owner": tuple(sorted({u.owner for u in there}))}


PRESENTER = EuropePresenter()
