"""The card catalogue: the rulebook's two cards, CSV and TOML round trips, per-row errors, the entry form."""

from __future__ import annotations

import msgspec
import pytest

from assistant.decider import Refused
from assistant.games.aa_miniatures import cards
from assistant.games.aa_miniatures import commands as c
from tests.games.aa_miniatures.table import EXTRA_CSV, Table


def test_the_two_printed_cards_are_built_in_as_the_book_prints_them():
    panzer, sherman = (next(x for x in cards.builtin() if x.id == i) for i in ("panzer-iv-ausf-g", "m4a1-sherman"))
    # p.8-9 (L219-L258): Panzer IV Ausf. G
    assert (panzer.cost, panzer.year, panzer.speed, panzer.defense) == (30, 1942, 3, (5, 3))
    assert panzer.attack_soldier == (7, 7, 6) and panzer.attack_vehicle == (15, 13, 11)
    assert panzer.side == "axis" and panzer.type == "vehicle" and panzer.subtypes == ("tank",)
    assert panzer.number == "32/48" and panzer.has_facing
    assert panzer.long_range("vehicle") == 10 and panzer.long_range("soldier") == 8  # Extended Range 10
    # p.16 (L552-L567): M4A1 Sherman
    assert (sherman.cost, sherman.year, sherman.speed, sherman.defense) == (21, 1942, 4, (5, 4))
    assert sherman.attack_soldier == (9, 9, 7) and sherman.attack_vehicle == (13, 11, 9)
    assert sherman.side == "allies" and sherman.long_range("vehicle") == 8


def test_csv_and_toml_round_trip_every_field():
    imported, errors = cards.read_csv(EXTRA_CSV)
    assert not errors and len(imported) == 14
    everything = list(cards.builtin()) + imported
    again_csv, e1 = cards.read_csv(cards.write_csv(everything))
    again_toml, e2 = cards.read_toml(cards.write_toml(everything))
    assert not e1 and not e2
    assert again_csv == everything and again_toml == everything
    assert cards.content_hash(again_toml) == cards.content_hash(reversed(everything))
    captain = next(x for x in imported if x.id == "red-devil-captain")
    assert captain.name == '"Red Devil" Captain' and captain.commander and captain.initiative_bonus == 2
    assert captain.abilities[0].command and captain.attack_vehicle == (2, None, None)


def test_ability_text_with_a_bar_a_colon_or_a_backslash_survives_the_csv_file():
    # "Name: text | Name: text": a "|" in a text, a ":" in a name are escaped with a backslash when written.
    card, problems = cards.card_from_row({"name": "Odd Gun", "nationality": "germany", "type": "soldier",
                                          "cost": "5", "year": "1940", "speed": "1", "defense": "4",
                                          "attack_soldier": "1/1/1", "attack_vehicle": "-/-/-"})
    assert card is not None and not problems
    odd = (cards.Ability(name="Blast", text="every unit | friends too: C:\\maps"), cards.Ability(name="Note: 2"),
           cards.Ability(name="Tally-Ho!", text="a | b", command=True))
    card = msgspec.structs.replace(card, abilities=odd)
    again, errors = cards.read_csv(cards.write_csv([card]))
    assert not errors and again == [card]
    again, errors = cards.read_toml(cards.write_toml([card]))
    assert not errors and again == [card]
    typed, _ = cards.card_from_row({**dict(name="G", nationality="germany", type="soldier", cost="1", year="1940",
                                          speed="1", defense="4", attack_soldier="1/1/1", attack_vehicle="-/-/-"),
                                    "abilities": "Blast: one \\| two | Camo"})  # the form reads the same way
    assert typed is not None and [(a.name, a.text) for a in typed.abilities] == [("Blast", "one | two"), ("Camo", "")]


@pytest.mark.parametrize("line, problem", [
    ("subtypes = 5", "subtypes are text (\"tank, artillery\") or a list of text, not the number 5"),
    ('subtypes = ["tank", 3]', "subtypes are text (\"tank, artillery\") or a list of text, not the number 3"),
    ("abilities = 7", "abilities are 'Name: text | Name: text' or a list of [[cards.abilities]] tables, not the "
                      "number 7"),
    ('abilities = {name = "Blast"}', "not a table"),
    ("abilities = [3]", "an ability is written 'Name: text' or as a table, not the number 3"),
    ("command_abilities = true", "command abilities are 'Name: text"),
    ("rarity = 3", "rarity must be text, not the number 3"),
])
def test_a_toml_value_of_the_wrong_kind_is_refused_not_turned_into_text(line, problem):
    text = ('[[cards]]\nname = "Rifles"\nnationality = "germany"\ntype = "soldier"\ncost = 4\nyear = 1940\n'
            f'speed = 2\ndefense = [4]\nattack_soldier = [6, 5, 3]\nattack_vehicle = [2, "-", "-"]\n{line}\n')
    found, errors = cards.read_toml(text)
    assert not found and len(errors) == 1 and problem in str(errors[0])
    t = Table()
    before = t.state
    with pytest.raises(Refused, match="nothing imported"):
        t.do(c.ImportCards(text=text, format="toml"))
    assert t.state == before


def test_a_bad_file_reports_each_row_and_imports_nothing():
    text = (
        "name,nationality,type,cost,year,speed,defense,attack_soldier,attack_vehicle\n"
        "Good Rifle,united_states,soldier,4,1942,2,4,6/5/3,2/-/-\n"
        "Bad Tank,atlantis,vehicle,ten,1942,3,5/3/1,7/7,15/13/11\n"
        "Soldier With Facing,germany,soldier,5,1960,2,4/3,6/5/3,2/-/-\n"
        "Good Rifle,united_states,soldier,4,1942,2,4,6/5/3,2/-/-\n"
    )
    found, errors = cards.read_csv(text)
    assert [e.row for e in errors] == [2, 3, 4]
    bad_tank = str(errors[0])
    assert "row 2 (Bad Tank)" in bad_tank and "nationality 'atlantis'" in bad_tank
    assert "cost must be a whole number" in bad_tank and "defense is one value" in bad_tank
    assert "attack vs Soldiers needs three values" in bad_tank
    assert "year must be 1930 to 1950, not 1960" in str(errors[1]) and "only Vehicles" in str(errors[1])
    assert "already used by row 1" in str(errors[2])
    t = Table()
    before = t.state
    with pytest.raises(Refused) as refused:
        t.do(c.ImportCards(text=text, format="csv"))
    assert "3 row(s) need fixing" in refused.value.reason and t.state == before


def test_bad_files_are_refused_in_one_line():
    assert "header row" in str(cards.read_csv("just some text")[1][0])
    assert "not valid TOML" in str(cards.read_toml("[[cards]\nname=")[1][0])
    assert "[[cards]] tables" in str(cards.read_toml("title = 'x'")[1][0])
    assert "larger than" in str(cards.read_csv("x" * 1_000_001)[1][0])


def test_the_entry_form_registers_a_card_and_refuses_a_bad_one():
    t = Table()
    t.do(c.RegisterCard(name="Bazooka", nationality="united_states", unit_type="soldier", cost=4, year=1942, speed=2,
                        defense="4", attack_soldier="4/3/-", attack_vehicle="8/6/-", cost_printing="Base set"))
    assert t.state.catalogue["bazooka"].attack_soldier == (4, 3, None)
    with pytest.raises(Refused) as refused:
        t.do(c.RegisterCard(name="Bazooka", nationality="united_states", unit_type="soldier", cost=4, year=1942,
                            speed=2, defense="0", attack_soldier="4/3", attack_vehicle="8/6/-"))
    assert "defense must be 1 to 20" in refused.value.reason and "three values" in refused.value.reason


def test_a_card_fielded_by_a_fixed_army_cannot_change():
    t = Table()
    t.enlist("axis", "panzer-iv-ausf-g")
    t.do(c.FinaliseArmy(side="axis"))
    with pytest.raises(Refused, match="fielded by a fixed army"):
        t.do(c.RegisterCard(id="panzer-iv-ausf-g", name="Panzer IV Ausf. G", nationality="germany",
                            unit_type="vehicle", cost=25, year=1942, speed=3, defense="5/3",
                            attack_soldier="7/7/6", attack_vehicle="15/13/11"))


def test_the_catalogue_travels_in_the_game_definition_with_its_hash():
    club = {"cards": [{"name": "Grenadier", "nationality": "germany", "type": "soldier", "cost": 5, "year": 1939,
                       "speed": 2, "defense": 4, "attack_soldier": [6, 5, 3], "attack_vehicle": [3, "-", "-"]}]}
    t = Table(catalogue=club)
    ids = {x["id"] for x in t.definition["catalogue"]}
    assert ids == {"grenadier", "panzer-iv-ausf-g", "m4a1-sherman"}
    assert t.definition["catalogue_hash"] == cards.content_hash(t.state.catalogue.values())
    with pytest.raises(Refused, match="rows to fix"):
        Table(catalogue={"cards": [{"name": "Nobody"}]})


def test_a_card_needs_an_id_and_a_csv_row_may_not_outgrow_its_header():
    # At the table: a name of punctuation only made a card with an empty id (enlisted by the card ""); a row with more
    # values than the header lost them silently; a column named twice kept only its last value.
    head = "name,nationality,type,cost,year,speed,defense,attack_soldier,attack_vehicle\n"
    found, errors = cards.read_csv(head + '"???",germany,soldier,4,1942,2,4,1/2/3,-/-/-\n')
    assert not found and "needs at least one letter or digit" in str(errors[0])
    found, errors = cards.read_csv(head + "Rifle,germany,soldier,4,1942,2,4,1/2/3,-/-/-,shot, in the dark\n")
    assert not found and "2 value(s) more than the header has columns" in str(errors[0])
    found, errors = cards.read_csv(head + "Rifle,germany,soldier,4,1942,2,4,1/2/3,-/-/-,,\n")  # empty cells: fine
    assert [x.id for x in found] == ["rifle"] and not errors
    found, errors = cards.read_csv("name," + head + "A,B,germany,soldier,4,1942,2,4,1/2/3,-/-/-\n")
    assert not found and "names a column twice: name" in str(errors[0])
    t = Table()
    with pytest.raises(Refused, match="at least one letter or digit"):
        t.do(c.RegisterCard(name="!!!", nationality="germany", unit_type="soldier", cost=4, year=1942, speed=2,
                            defense="4", attack_soldier="1/2/3", attack_vehicle="-/-/-"))
