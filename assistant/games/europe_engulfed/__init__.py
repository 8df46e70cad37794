"""Europe Engulfed (GMT, 1939-45): the block game of the war in Europe, WERP economy and supply."""
