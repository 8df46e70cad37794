"""The ids of the places the rules themselves name, so rule code and the board agree on them.

Every id here must exist on any board (the validator checks it); their facts live in data/board.toml.
"""

from __future__ import annotations

# Sea areas (EE 3.3, 3.32, 8.3, 5.33).
ATLANTIC = "atlantic"
MEDITERRANEAN = "mediterranean"
BALTIC = "baltic"
BLACK_SEA = "black_sea"
RED_SEA = "red_sea"
PERSIAN_GULF = "persian_gulf"

# Land areas, fortresses and boxes with a role in supply (EE 3.2, 3.3, 3.32, 3.33, 5.17, 8.31, 8.32).
LENINGRAD = "leningrad"
LADOGA = "ladoga_swamps"
NOVGOROD = "novgorod"
KARELIA = "karelia"
USA_BOX = "usa_box"
URALS = "ural_mountains"
BAKU = "baku"
GIBRALTAR = "gibraltar"
MOROCCO = "morocco"
MALTA = "malta"
SICILY = "sicily"
SARDINIA = "sardinia"
CRETE = "crete"
ALEXANDRIA = "alexandria"
SINAI = "sinai_desert"
UPPER_EGYPT = "upper_egypt"
PERSIA = "persia"
RUHR = "ruhr"
DENMARK = "denmark"

# Major-power home areas that are supply sources without a second line when friendly (EE 3.2).
SELF_SUFFICIENT_SOURCES = (USA_BOX, URALS, BAKU)

# Sea areas whose fleet points may be transferred, hence crossed by one supply line (EE 3.3, 8.31, 8.32).
NAMED_SEAS = (ATLANTIC, MEDITERRANEAN, BALTIC, BLACK_SEA, RED_SEA, PERSIAN_GULF)
