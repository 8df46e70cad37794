"""Commands refused rather than crashing or leaving pieces where none can stand (overrides waive rules, not pieces),
the log in the players' words rather than the game's ids, moves offered only where they apply, and ends of phases
that say beforehand what they destroy."""

from __future__ import annotations

import json

import pytest

from assistant.application import Assistant
from assistant.decider import Refused
from assistant.games.aa_europe import commands as c
from assistant.games.aa_europe import events as ev
from assistant.games.aa_europe.describe import describe
from assistant.games.aa_europe.rules import MOVES
from assistant.kinds import KindRegistry
from assistant.web import create_app
from events.store import EventStore
from tests.games.aa_europe.table import Table, of, spec
from tests.web.conftest import Client


def _refused_unchanged(t: Table, command, match: str) -> None:
    before = t.state
    with pytest.raises(Refused, match=match) as caught:
        t.do(command)
    assert caught.value.rule.startswith("A&A Europe §")
    assert t.state == before


# ---------------------------------------------------------------- refusals instead of crashes


def test_a_move_naming_no_unit_is_refused_not_crashed():
    """The web's move form sent with From and To but no count crashed (KeyError: 'pop from an empty set')."""
    t = Table()
    t.until("germany", "combat_move")
    _refused_unchanged(t, c.Move(path=("Poland", "Baltic States")), "name the units to move from Poland")
    _refused_unchanged(t, c.Move(path=("Poland", "Baltic States"), override="the table agrees"), "name the units")


def test_an_override_moves_real_pieces_only():
    """An override waives the rules, not the pieces: an id that is not a unit at the start is refused (it crashed)."""
    t = Table()
    t.until("germany", "combat_move")
    _refused_unchanged(t, c.Move(path=("Poland", "East Poland"), ids=(999999,), override="the table agrees"),
                       "no unit #999999 in Poland")
    moscow = t.ids("Moscow", "ussr", "infantry")[0]
    _refused_unchanged(t, c.Move(path=("Poland", "East Poland"), ids=(moscow,), override="the table agrees"),
                       f"no unit #{moscow} in Poland")
    done = t.do(c.Move(path=("Poland", "Moscow"), units={"infantry": 1}, override="the table agrees"))
    assert of(done, ev.RuleOverridden) and of(done, ev.UnitsMoved)


def test_an_override_never_loads_onto_a_missing_transport():
    """Overridden loads left infantry at sea aboard nothing (transport 0) or aboard a unit that does not exist."""
    t = Table()
    t.until("germany", "combat_move")
    _refused_unchanged(t, c.Load(territory="Germany", zone="Baltic Sea", units={"infantry": 1}, override="so be it"),
                       "no friendly transport in Baltic Sea")
    _refused_unchanged(t, c.Load(territory="Germany", zone="Danish Sea", units={"infantry": 1}, transport=99999,
                                 override="so be it"), "no friendly transport #99999 in Danish Sea")
    transport = t.ids("Danish Sea", "germany", "transport")[0]
    t.do(c.Load(territory="Germany", zone="Danish Sea", units={"armour": 1}))  # one armour fills it
    done = t.do(c.Load(territory="Germany", zone="Danish Sea", units={"infantry": 1}, override="a bigger ship"))
    cargo = of(done, ev.UnitsLoaded)[0]
    assert cargo.transport == transport and t.state.units[cargo.cargo[0]].aboard == transport


def test_an_override_never_unloads_nothing():
    t = Table()
    t.until("germany", "combat_move")
    _refused_unchanged(t, c.Unload(zone="Danish Sea", territory="Denmark", override="so be it"),
                       "no cargo aboard in Danish Sea")


def test_an_override_never_places_a_ship_on_land():
    t = Table()
    t.until("germany", "purchase")
    t.do(c.Purchase(units={"submarine": 1, "infantry": 1}))
    t.until("germany", "placement")
    _refused_unchanged(t, c.Place(space="Germany", units={"submarine": 1}, override="so be it"),
                       "submarine cannot stand in Germany")
    _refused_unchanged(t, c.Place(space="Danish Sea", units={"infantry": 1}, override="so be it"),
                       "infantry cannot stand in Danish Sea")


def test_refusals_in_plain_english():
    t = Table()
    t.do(c.SplitAdvance(amounts={"uk": 12}))
    _refused_unchanged(t, c.BuyWithAdvance(power="uk", space="Egypt", units={"infantry": 1}),
                       r"it is Germany's turn to buy with the advance")
    t.do(c.EndAdvance())
    t.do(c.EndAdvance())
    t.until("germany", "combat_move")
    _refused_unchanged(t, c.Move(path=("Poland", "East Poland"), units={"submarine": 1}),
                       "Germany has no submarine in Poland able to move now; 1 named")


# ---------------------------------------------------------------- the log in the players' words


def raid_on_the_uk(t: Table) -> str:
    """A German bomber and its escort raid the United Kingdom, held by an AA gun, a fighter and infantry."""
    t.until("germany", "combat_move")
    t.clear("United Kingdom", "France")
    t.edit(add=(spec("United Kingdom", "uk", "aa_gun"), spec("United Kingdom", "uk", "fighter"),
                spec("United Kingdom", "uk", "infantry"), spec("France", "germany", "fighter")))
    w = t.state.world
    t.do(c.Move(path=w.route("Germany", "United Kingdom", "air"), units={"bomber": 1}, bombing=True))
    t.do(c.Move(path=w.route("France", "United Kingdom", "air"), units={"fighter": 1}, escort=True))
    t.do(c.EndPhase())
    return "United Kingdom/bombing"


def _raid_losing_its_bomber(t: Table) -> list:
    key = raid_on_the_uk(t)
    t.do(c.Intercept(battle=key, count=1))
    t.do(c.Fire(battle=key), 1, 4)  # AA: one hit
    t.do(c.Fire(battle=key), 3)  # the interceptor misses
    t.do(c.Fire(battle=key), 1)  # the escort downs the interceptor
    return t.do(c.ChooseCasualties(battle=key, units={"bomber": 1}))


def test_a_raid_whose_bombers_all_fall_does_not_end_bombed():
    """[T L56] The bombing is one die per surviving bomber: with none left, nothing was bombed."""
    t = Table()
    done = _raid_losing_its_bomber(t)
    ended = of(done, ev.BattleEnded)[0]
    assert ended.outcome == "bombers_shot_down" and not of(done, ev.BombingDamage)
    assert describe(ended) == "The raid on United Kingdom ends: bombers shot down."


def test_the_log_names_the_throws_in_words():
    t = Table()
    _raid_losing_its_bomber(t)
    said = [describe(e) for e in t.log]
    assert "Great Britain: AA guns and interceptors score 1 hit." in said
    assert "Great Britain: AA fire scores 1 hit." in said
    assert "Germany: escorts score 1 hit." in said
    assert "Germany: 1 unit joins the raid on United Kingdom." in said
    assert "1 unit intercepts over United Kingdom." in said
    assert not any("_" in line or ":" in line.split(": ", 1)[-1] for line in said if "score" in line)


def test_the_united_states_turn_takes_the_apostrophe_alone():
    t = Table()
    t.until("usa", "purchase")
    said = [describe(e) for e in t.log]
    assert "Round 1: the United States' turn begins." in said
    assert "Round 1: the United States' purchase phase." in said
    assert not any("States's" in line for line in said)


# ---------------------------------------------------------------- what the table offers


def test_interceptors_and_submerging_are_offered_only_where_they_apply():
    t = Table()
    t.until("germany", "combat_move")
    t.do(c.Move(path=("Poland", "East Poland"), units={"infantry": 3}))
    t.do(c.EndPhase())
    intercept = next(m for m in MOVES if m.tag == "aae.intercept")
    submerge = next(m for m in MOVES if m.tag == "aae.submerge")
    assert not intercept.when(t.state) and intercept.choices(t.state) == {"battle": ()}
    assert not submerge.when(t.state)
    t2 = Table()
    _raid_losing_its_bomber(t2)
    assert intercept.choices(t2.state) == {"battle": ()}  # declared once, when the raid begins


def test_ending_a_phase_says_first_what_it_loses(tmp_path):
    """[T L68, L93] aircraft not landed and (ruling R28) units not placed are lost when the phase ends: the button's
    form says so before it is pressed."""
    store = EventStore(tmp_path / "warn.sqlite3")
    app = Assistant(store, KindRegistry())
    client = Client(create_app(app, testing=True))
    gid = app.new_game("aa_europe", {})
    for command in ({"type": "aae.end_advance"}, {"type": "aae.split_advance", "amounts": {"ussr": 12}},
                    {"type": "aae.end_advance"}, {"type": "aae.purchase", "units": {"submarine": 1}},
                    {"type": "aae.end_phase"},
                    {"type": "aae.move", "path": ["Poland", "East Poland"], "units": {"fighter": 1}},
                    {"type": "aae.end_phase"}):
        app.handle(gid, json.dumps(command))
    assert "Ending the phase now loses" not in client.get(f"/g/{gid}").data.decode()
    for command in ({"type": "aae.fire", "battle": "East Poland", "faces": [1]},
                    {"type": "aae.fire", "battle": "East Poland", "faces": [6, 6, 6, 6]},
                    {"type": "aae.retreat", "battle": "East Poland", "to": ""},
                    {"type": "aae.end_phase"}):
        app.handle(gid, json.dumps(command))
    html = client.get(f"/g/{gid}").data.decode()
    assert "Ending the phase now loses:</strong> fighter #" in html and "in East Poland" in html
    app.handle(gid, json.dumps({"type": "aae.end_phase"}))
    html = client.get(f"/g/{gid}").data.decode()
    assert "Ending the phase now loses:</strong> 1 submarine" in html
    store.close()


def test_the_dice_say_whose_throw_it_is_in_words():
    """The core's "Dice for …" sentence quotes the throw's purpose: the game's names, not its ids."""
    from assistant.describe import describe_core
    from events.core import DiceRolled

    t = Table()
    _raid_losing_its_bomber(t)
    throws = [e for e in t.log if isinstance(e, DiceRolled)]
    purposes = [e.purpose for e in throws]
    assert "Germany's escorts at United Kingdom (round 1)" in purposes, purposes
    assert "Great Britain's interceptors at United Kingdom (round 1)" in purposes, purposes
    assert all("_" not in p and ": " not in p for p in purposes), purposes
    assert describe_core(throws[-1]).startswith(f"Dice for {throws[-1].purpose}: ")


def test_a_move_out_of_its_phase_names_the_phase_as_players_say_it():
    t = Table()
    t.until("ussr", "combat_move")
    _refused_unchanged(t, c.Place(space="Russia", units={"infantry": 1}),
                       r"it is now the Soviet Union's combat move phase")
