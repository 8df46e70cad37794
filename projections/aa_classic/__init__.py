"""Axis & Allies read models."""
PROJECTIONS = ()
