"""The Allies helping one another across their turns: cargo on an ally's transport [T L54] and the Great Patriotic
War [T L68]."""

from __future__ import annotations

import json

import pytest

from assistant.decider import Refused
from assistant.games.aa_europe import commands as c
from assistant.games.aa_europe import events as ev
from tests.games.aa_europe.table import Table, of, spec


def test_british_cargo_on_a_us_transport_lands_on_britain_s_next_turn():
    """[T L54] Load on your turn, the owner sails it on its turn, unload on your next turn; unloading at once is
    refused with that rule, not as missing cargo."""
    t = Table(players=3)
    t.until("uk", "noncombat_move")
    t.clear("Celtic Sea")
    t.edit(add=(spec("Celtic Sea", "usa", "transport"),))
    transport = t.ids("Celtic Sea", "usa", "transport")[0]
    t.do(c.Load(territory="United Kingdom", zone="Celtic Sea", units={"infantry": 2}))
    with pytest.raises(Refused, match="went aboard an ally's transport this turn: it can land on Great Britain's next "
                                      "turn") as refused:
        t.do(c.Unload(zone="Celtic Sea", territory="United Kingdom"))
    assert "L54" in refused.value.rule
    t.until("usa", "combat_move")
    t.do(c.Move(path=("Celtic Sea", "English Channel"), ids=(transport,)))
    with pytest.raises(Refused, match="no such cargo"):  # not the United States' to land
        t.do(c.Unload(zone="English Channel", territory="France"))
    t.until("uk", "combat_move")
    done = t.do(c.Unload(zone="English Channel", territory="France"))
    assert of(done, ev.UnitsUnloaded)[0].amphibious and "France" in t.state.battles


def test_the_soviet_player_need_not_say_whose_units_when_only_one_ally_has_them():
    """[T L68] Naming kinds is enough when only Britain or only the United States has such units there; when both
    do, the refusal asks whose."""
    t = Table(players=2)
    t.until("uk", "noncombat_move")
    t.edit(add=(spec("Karelia", "uk", "fighter"), spec("Karelia", "uk", "infantry", 2), spec("Karelia", "usa", "infantry")))
    t.until("ussr", "noncombat_move")
    done = t.do(c.TakeOver(territory="Karelia", units={"fighter": 1}))
    assert of(done, ev.UnitsTransferred)[0].previous == "uk" and t.count("Karelia", "ussr", "fighter") >= 1
    with pytest.raises(Refused, match="both Great Britain and the United States have infantry in Karelia"):
        t.do(c.TakeOver(territory="Karelia", units={"infantry": 1}))
    with pytest.raises(Refused, match="neither Great Britain nor the United States has armour in Karelia"):
        t.do(c.TakeOver(territory="Karelia", units={"armour": 1}))
    done = t.do(c.TakeOver(territory="Karelia", units={"infantry": 1}, owner="usa"))
    assert of(done, ev.UnitsTransferred)[0].previous == "usa"


def test_the_forms_offer_only_the_spaces_the_moment_allows(tmp_path):
    """Load, unload and take-over forms list the spaces where they can happen (not the whole board), and a lone
    choice is filled in: the Soviet player names only the units to take over."""
    from assistant.application import Assistant
    from assistant.kinds import KindRegistry
    from assistant.web import create_app
    from events.store import EventStore
    from tests.web.conftest import Client

    store = EventStore(tmp_path / "forms.sqlite3")
    app = Assistant(store, KindRegistry())
    gid = app.new_game("aa_europe", {"players": 2})
    for command in ({"type": "aae.end_advance"}, {"type": "aae.split_advance", "amounts": {"ussr": 12}},
                    {"type": "aae.end_advance"},
                    {"type": "aae.edit", "reason": "the table's position",
                     "add": [{"space": "Karelia", "power": "uk", "kind": "fighter"}]}):
        app.handle(gid, json.dumps(command))
    while app.view(gid).game.power != "ussr" or app.view(gid).game.phase != "noncombat_move":
        app.handle(gid, json.dumps({"type": "aae.end_phase"}))
    html = Client(create_app(app, testing=True)).get(f"/g/{gid}").data.decode()
    take_over = html[html.index("aae-take_over-territory"):]
    territory = take_over[:take_over.index("</select>")]
    assert territory.count("<option") == 1 and '<option value="Karelia" selected>' in territory
    owner = take_over[take_over.index("aae-take_over-owner"):]
    assert '<option value="uk" selected>' in owner[:owner.index("</select>")]
    load = html[html.index("aae-load-zone"):]
    assert "Baltic Sea" not in load[:load.index("</select>")]  # no Allied transport there
    store.close()
