"""Axis & Allies, Milton Bradley 2nd edition (the 1942 "classic" game): board, units, set-up and rules."""
