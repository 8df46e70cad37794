"""The Engulfed family (Europe Engulfed, Asia Engulfed): block games on a two-month calendar with WERP economies.

Each module is parameterised by the game's own data (calendar rows, place formats, costs, limits); nothing here
names a nation or a place of either map, so the combined game (two maps, one calendar) can use the same pieces.
"""
