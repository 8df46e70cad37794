"""Asia Engulfed (GMT, 1941-45): Japan against the Allies, WERP, oil and transport points, the Supply Network."""
