"""Unit profiles for the tests: the A&A 2nd edition reference chart (digest §3.1, French rulebook p.9 chart)."""

from assistant.families.axis_allies.odds import profiles_from_table

AA_CLASSIC = profiles_from_table(
    [
        dict(name="infantry", attack=1, defence=2, cost=3, can_take_territory=True),
        dict(name="armour", attack=3, defence=2, cost=5, can_take_territory=True),
        dict(name="fighter", attack=3, defence=4, cost=12, is_aircraft=True),
        dict(name="bomber", attack=4, defence=1, cost=15, is_aircraft=True),
        dict(name="aa_gun", attack=0, defense=1, cost=5, is_aa_gun=True),
        dict(name="battleship", attack=4, defence=4, cost=24, is_battleship=True),
        dict(name="carrier", attack=1, defence=3, cost=18),
        dict(name="transport", attack=0, defence=1, cost=8, is_transport=True),
        dict(name="submarine", attack=2, defence=2, cost=8, is_submarine=True),
    ]
)
