"""Asia Engulfed at the table: the phase's actions only, the schematic map of the board the players entered, the
board panel (a land zone, a sea zone, a link, each missing fact, board files), the tracks, each nation's WERP,
Oil and transport ledgers with the event behind every line, production pipelines, sea-zone influence, the VP tally
and supply.

Presentation only: the game's ``decide`` judges everything. Which side's hidden blocks this device may see is
chosen per game ("seen by"); spectators see neither side's.
"""

from __future__ import annotations

import json
from dataclasses import replace as replace_form
from typing import Any

import msgspec
from flask import current_app, render_template, request, url_for
from markupsafe import Markup

from assistant.families.engulfed import seen_by
from assistant.families.engulfed.amendments import BoardGap
from assistant.families.engulfed.web.uploads import uploaded_text
from assistant.games.asia_engulfed import data, places
from assistant.games.asia_engulfed.board import merge
from assistant.games.asia_engulfed.board.format import Board
from assistant.games.asia_engulfed.board.gaps import BLOCKS, gaps
from assistant.games.asia_engulfed.board.loader import from_dict, loads
from assistant.games.asia_engulfed.board.validate import BoardInvalid
from assistant.games.asia_engulfed.describe import PHASES, RESULTS
from assistant.games.asia_engulfed.read_models import views
from assistant.games.asia_engulfed.rules.edits import TRACKS
from assistant.games.asia_engulfed.rules.influence import all_influence
from assistant.games.asia_engulfed.rules.turn import both_at_sea
from assistant.games.asia_engulfed.web import board_panel as panel
from assistant.games.asia_engulfed.web import setup_panel
from assistant.games.asia_engulfed.web.map import (CONTROL, INFLUENCE, INFLUENCE_WORDS, MAP_COLOURS, NOBODY, draw,
                                                   unknown_by_computation)
from assistant.games.asia_engulfed.wording import commands_named
from assistant.web.forms import FormError, form_for
from assistant.web.presenter import Presenter, RenderedForm, Table, new_command_id

LEDGER = "ae_ledger"
AMEND = "ae.amend_board"
FIRE = "ae.fire"
LOSSES = "ae.apply_losses"
SEEN_BY = ("all", "japan", "allies")
SUPPLY_ROWS = 14
GAP_PLACES = 30  # places listed with their missing facts; the rest are counted (the exported board has them all)
MAX_AMENDMENTS = 500  # ae.amend_board's bound


class AEPresenter(Presenter):
    round_name = "turn"  # the rulebook's game turns, as the report counts them

    def hints(self, table: Table) -> dict[str, tuple[str, ...]]:
        s = table.view.game
        viewer = viewer_of(table)
        visible = tuple(sorted(p["id"] for group in views.pieces(s, viewer).values() for p in group
                               if not p.get("hidden")))
        # a correction names a piece (its steps or place), a land zone (its control) or a track
        keys = (*visible, *sorted(s.board.zones), *TRACKS)
        return {**super().hints(table), "pieces": visible, "nation": data.NATIONS, "to": tuple(sorted(s.board.zones)),
                "sea": tuple(sorted(s.board.seas)), "key": keys, **setup_panel.hints(s)}

    def options_form(self, spec):
        """A new game on a phone: the scenario and the board come as files (or are entered at the table), so no JSON
        boxes; the players as side=name."""
        return replace_form(spec, fields=tuple(
            replace_form(f, label="Players: side=name, e.g. japan=Ann, allies=Bo (the bid may decide later)")
            for f in spec.fields if f.name == "players"))

    def term(self, word: str) -> str:
        if word in data.NATIONS:
            name = data.nation_name(word)
            return name[0].upper() + name[1:]
        return {"allies": "the Allies"}.get(word) or PHASES.get(word, word.replace("_", " "))

    # ------------------------------------------------------------------ the board panel
    def commands(self, table: Table):
        """The moment's actions; the board is entered through its own panel, not as raw JSON."""
        return [f for f in super().commands(table) if f.tag != AMEND]

    def forms(self, table: Table, errors=None) -> list[RenderedForm]:
        errors = errors or {}
        s = table.view.game
        out = [air_naval_form(land_combat_form(setup_panel.worded(f, s), s), s)
               for f in super().forms(table, errors) if f.spec.tag != AMEND]
        titles = {f.spec.tag: f.spec.title for f in out}
        for f in out:  # a refusal names the form to use, not the command line's tag
            f.error = commands_named(f.error, titles) if f.error else f.error
            named_choices(f, s)
        spec = form_for(table.loaded.catalogue.command_type(AMEND))
        message, values = errors.get(AMEND, ("", {}))
        return out + [RenderedForm(spec, new_command_id(), dict(values), message, template="asia_engulfed/board.html",
                                   data=self._panel_data(table, values), label="Save", apart=False)]

    def _panel_data(self, table: Table, values: dict[str, str]) -> dict[str, Any]:
        s = table.view.game
        board = s.board
        found = gaps(board)
        by_place: dict[str, list[BoardGap]] = {}
        for g in found:
            by_place.setdefault(g.subject, []).append(g)
        failed = _gap_of(values, board) if values.get("panel") == "gap" else None
        return {
            "panel": values.get("panel", ""), "setup": s.phase in ("setup", "bidding"),
            "zones": tuple(sorted(board.zones)), "seas": tuple(sorted(board.seas)),
            "count": len(found), "blocked": unknown_by_computation(found), "complete": board.complete,
            "places": [(p, _name(board, p), gs) for p, gs in list(by_place.items())[:GAP_PLACES]],
            "more": max(0, len(by_place) - GAP_PLACES), "sizes": (len(board.zones), len(board.seas), len(board.borders)),
            "files": [(part, url_for("web.game_file", game_id=table.game_id, part=part))
                      for part in table.assistant.parts(table.game_id)],
            "zone_inputs": panel.ZONE_INPUTS, "sea_inputs": panel.SEA_INPUTS, "links": panel.LINKS,
            "failed": failed, "failed_input": panel.input_for(failed.subject, failed.fact, board) if failed else None,
            "failed_name": _name(board, failed.subject) if failed else "",
            "zone": board.zones.get(values.get("zone", "")), "sea": board.seas.get(values.get("sea", "")),
        }

    def part(self, table: Table, name: str, args: dict[str, str]) -> Markup | None:
        """A prefilled form loaded on demand: one missing fact, or a land / sea zone's facts as the board has them."""
        board = table.view.game.board
        spec = form_for(table.loaded.catalogue.command_type(AMEND))
        form = RenderedForm(spec, new_command_id(), {}, "", label="Save", data={
            "zones": tuple(sorted(board.zones)), "seas": tuple(sorted(board.seas)),
            "zone_inputs": panel.ZONE_INPUTS, "sea_inputs": panel.SEA_INPUTS})
        if name == "gap":
            gap = _gap_of(args, board)
            if gap is None:
                return None
            return Markup(render_template("asia_engulfed/amend_gap.html", form=form, g=gap, v={},
                                          spec=panel.input_for(gap.subject, gap.fact, board), game_id=table.game_id,
                                          place_name=_name(board, gap.subject)))
        if name in ("zone", "sea"):
            key = args.get(name, "").strip()[:60]
            place = (board.zones if name == "zone" else board.seas).get(key)
            form.values = {name: key, **({"name": place.name} if place else {})}
            return Markup(render_template(f"asia_engulfed/amend_{name}.html", form=form, place=place,
                                          borders=_borders(board, key), game_id=table.game_id))
        return None

    def prepare(self, tag: str, form: dict[str, str], multi=None) -> dict[str, str]:
        """The board panel's plain inputs as ``ae.amend_board``'s amendments, read against the board now."""
        upload = setup_panel.prepared(tag, form)
        if upload is not None:
            return upload
        if tag != AMEND or form.get("panel") not in (*panel.PANELS, "file"):
            return form
        board = _board_now()
        if form["panel"] == "file":
            found = _file_amendments(board, form.get("source", "").strip()[:120])
        else:
            found = panel.amendments(form, board)
        return {"amendments": json.dumps(found), "reason": form.get("reason", "")[:200]}

    # ------------------------------------------------------------------ the map
    def spaces(self, table: Table) -> tuple[str, ...]:
        board = table.view.game.board
        return tuple(sorted([*board.zones, *board.seas]))

    def board(self, table: Table, arrows=()) -> Markup:
        s = setup_panel.shown(table.view.game)
        viewer = viewer_of(table)
        drawn = draw(s, viewer, views.pieces(s, viewer), table.space_url)  # the event shown: #tt-at
        return Markup(render_template(
            "asia_engulfed/map.html", drawn=drawn, seen=viewer or "all", at=table.at,
            choices=() if table.spectator or table.seat_powers is not None else SEEN_BY,
            spectator=bool(table.spectator), control=CONTROL, nobody=NOBODY, influence=INFLUENCE,
            influence_words=INFLUENCE_WORDS, colours=MAP_COLOURS, complete=s.board.complete,
            nation_words={"japan": "Japan", "usa": "US", "commonwealth": "CW", "china": "China",
                          "philippines": "Phil.", "dei": "DEI"}))

    def space(self, table: Table, name: str) -> Markup | None:
        s = setup_panel.shown(table.view.game)
        board = s.board
        if name not in board.zones and name not in board.seas:
            return None
        viewer = viewer_of(table)
        return Markup(render_template(
            "asia_engulfed/space.html", id=name, zone=board.zones.get(name), sea=board.seas.get(name), s=s,
            control=s.control.get(name, ""), pieces=views.pieces(s, viewer).get(name, []),
            influence=INFLUENCE_WORDS.get(all_influence(s).get(name, "none"), "") if name in board.seas else "",
            contested=name in board.zones and places.contested(s, name), borders=_borders(board, name),
            coasts=sorted(z for z, zone in board.zones.items() if name in (zone.seas or ())),
            missing=[g for g in gaps(board) if g.subject == name], seen=viewer or "all", game_id=table.game_id,
            # the space route always reads; a device may still amend unless it watches or looks at the past
            readonly=table.spectator is not None or table.at is not None, blocks=BLOCKS))

    def ledgers(self, table: Table) -> Markup:
        s = table.view.game
        viewer = viewer_of(table)
        book = table.view.read(LEDGER)
        supply = [{"piece": pid, "status": st} for pid, st in sorted(s.supply.items())
                  if st != "full" and pid in s.pieces and (not viewer or viewer == "all"
                                                           or data.side_of(s.pieces[pid].nation) == viewer)]
        return Markup(render_template(
            "asia_engulfed/ledgers.html", s=s, turn=data.calendar().name(s.turn) if s.turn else "Before the game",
            phase=self.term(s.phase), side="Japan" if s.side == "japan" else "the Allies" if s.side else "",
            tracks=views.tracks(s), ledgers=views.ledgers(book, s.turn, viewer, s), situation=views.situation(s),
            results=RESULTS, supply=supply[:SUPPLY_ROWS], more=max(len(supply) - SUPPLY_ROWS, 0),
            forces=views.pieces(s, viewer), seen=viewer or "all", game_id=table.game_id))


def land_combat_form(f: RenderedForm, s) -> RenderedForm:
    """The Fire and losses forms open on the zone the moment offers first (the round under way, the hits owed), so
    a lone battle needs no choosing; in an Assault under way the attacker's Fire form opens with Assault ticked. The
    losses form asks only for the steps lost: the assistant counted the hits (AE 6.24), so its title says them and
    the hits input is left out (the command takes the hits owed)."""
    if f.spec.tag not in (FIRE, LOSSES):
        return f
    if f.hints.get("zone") and not f.error:
        f.values = {"zone": f.hints["zone"][0], **f.values}
    if f.spec.tag != LOSSES:
        if f.values.get("zone") in s.assault_rounds and not f.error:  # the attacker fires in the round's type
            f.values = {"assault": "on", **f.values}  # (an Assault under way, AE 6.2, 6.32)
        f.template = "asia_engulfed/land_fire.html"  # what a round seldom needs folded (a phone's screen)
        return f
    owed = sorted((k.rsplit(":", 1), v) for k, v in s.land_hits.items() if v)
    said = "; ".join(f"{'Japan takes' if side == 'japan' else 'the Allies take'} {n} hit(s) at "
                     f"{s.board.zones[zone].name if zone in s.board.zones else zone}" for (zone, side), n in owed)
    hdf = any(side == "japan" and zone in places.HOME_ISLANDS and s.track(f"hdf_{zone}") for (zone, side), _ in owed)
    words = {"losses": "Steps lost, unit=steps (left empty when the hits leave no choice)",
             "hdf": "Home Defense Force steps lost"}
    f.spec = replace_form(f.spec, fields=tuple(replace_form(x, label=words.get(x.name, x.label))
                                               for x in f.spec.fields if x.name != "hits" and (x.name != "hdf" or hdf)),
                          title=f"Apply losses: {said}" if said else f.spec.title)
    return f


def named_choices(f: RenderedForm, s) -> RenderedForm:
    """Places and nations in a form's lists read as the board and the rule book name them ("Hong Kong", "South
    Philippine Sea", "Japan"), not as their ids."""
    places_ = {**{k: z.name for k, z in s.board.zones.items()}, **{k: z.name for k, z in s.board.seas.items()}}
    for field in f.spec.fields:
        offered = f.hints.get(field.name) or field.choices or ()
        names = NATION_NAMES if field.name == "nation" else {**TRACK_NAMES, **places_} if field.name == "key" \
            else places_
        found = {v: names[v] for v in offered if v in names}
        if found:  # the board's names before the words for nations ("usa" is the U.S.A. zone here)
            f.labels = {**f.labels, field.name: {**f.labels.get(field.name, {}), **found}}
    return f


TRACK_NAMES = {"asw": "ASW level", "dud_torpedoes": "US Dud Torpedoes", "kamikaze": "Kamikaze track",
               "jp_sr": "Japanese strategic moves", "us_level": "US production level",
               "hdf_honshu": "Home Defense Force, Honshu", "hdf_kyushu": "Home Defense Force, Kyushu",
               "hdf_shikoku": "Home Defense Force, Shikoku"}
NATION_NAMES = {n: data.nation_name(n)[:1].upper() + data.nation_name(n)[1:] for n in data.NATIONS}
AT_SEA = ("ae.intercept", "ae.naval_fire", "ae.anti_aircraft", "ae.submarine_attack", "ae.kamikaze")
NAVAL_MOVE = "ae.naval_move"


def air_naval_form(f: RenderedForm, s) -> RenderedForm:
    """The interception and sea-combat forms open on the sea zone where both sides are at sea (the first of them),
    so a lone naval battle needs no choosing; after an Avoid there, the naval move opens on the avoiders' fleets
    returning to base (AE 8.32: they leave the zone)."""
    if f.error:
        return f
    if s.phase == "return_to_base" and f.spec.tag == NAVAL_MOVE and not f.values.get("pieces"):
        # fleets only: a transport's block stays hidden from the other side's device
        at_sea = [p for p in s.pieces.values() if p.at in s.board.seas and places.is_fleet(p)]
        # AE 1.18: the non-phasing side's fleets go first; one sea zone's pieces at a time
        at_sea.sort(key=lambda p: (places.side(p) == s.side, p.at, p.id))
        if at_sea:
            first = at_sea[0]
            ids = [p.id for p in at_sea if p.at == first.at and places.side(p) == places.side(first)]
            f.values = {"pieces": ", ".join(ids), "mode": "return", **f.values}
        return f
    if s.phase != "air_naval_combat":
        return f
    seas = both_at_sea(s)
    if f.spec.tag in AT_SEA and seas and not f.values.get("sea"):
        f.values = {"sea": seas[0], **f.values}
    if f.spec.tag == NAVAL_MOVE and not f.values.get("pieces"):
        for sea in seas:
            _, outcome, sides = s.interceptions.get(sea, (0, "", ()))
            avoiders = [p.id for p in s.pieces.values() if p.at == sea and places.side(p) in sides
                        and places.is_fleet(p)]
            if outcome == "avoid" and avoiders:
                f.values = {"pieces": ", ".join(sorted(avoiders)), "mode": "return", **f.values}
                break
    return f


def viewer_of(table: Table) -> str:
    """"" shows everything (a screen both sides share); a side hides the other's blocks; spectators see none."""
    return seen_by.viewer(table, "ae_seen_by", SEEN_BY)


def _board_now() -> Board:
    """The board of the game this request amends (the panel reads it to send only what changes)."""
    game_id = (request.view_args or {}).get("game_id", "")
    return current_app.extensions["assistant"].view(game_id).game.board


def _file_amendments(board: Board, source: str) -> list[dict[str, Any]]:
    """A board file (TOML or JSON, as exported) merged into the game's board."""
    text = uploaded_text("board_file", "Board file")
    try:
        new = from_dict(json.loads(text)) if text.lstrip().startswith("{") else loads(text)
    except BoardInvalid as exc:
        raise FormError("Board file: " + "; ".join(exc.problems[:6])) from None
    except (ValueError, msgspec.ValidationError) as exc:
        raise FormError(f"Board file: {exc}") from None
    found = merge.amendments(board, new, source or "board file")
    if not found:
        raise FormError("Board file: it holds nothing this board does not already know")
    if len(found) > MAX_AMENDMENTS:
        raise FormError(f"Board file: it differs from this board in {len(found)} places and borders, more than "
                        f"{MAX_AMENDMENTS} at once; start a new game from it (new game page, board file)")
    return found


def _name(board: Board, place: str) -> str:
    found = board.zones.get(place) or board.seas.get(place)
    return found.name if found is not None else place.replace("_", " ")


def _borders(board: Board, place: str) -> list[tuple[str, str]]:
    return sorted((b.b if b.a == place else b.a, b.kind) for b in board.borders if place in (b.a, b.b))


def _gap_of(values: dict[str, str], board: Board) -> BoardGap | None:
    """The missing fact a form or link names, if the board still lacks it."""
    subject, fact = values.get("subject", "").strip(), values.get("fact", "")
    return next((g for g in gaps(board) if g.subject == subject and g.fact == fact), None)


PRESENTER = AEPresenter()
