"""Each power's colour, the same on the map, in the ledger and in the report's charts."""

COLOURS = {"ussr": "#8c1c13", "germany": "#3d3d3d", "uk": "#8a6d1f", "japan": "#a84f00", "usa": "#2f5d1e"}
NEUTRAL = "#d8d2c4"
SEA = "#a9c8e0"
