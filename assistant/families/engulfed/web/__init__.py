"""What the Engulfed games' tables share: the schematic map laid out from a partial board, reading typed board
facts, and uploaded board files. Each game keeps its own drawing and words."""
