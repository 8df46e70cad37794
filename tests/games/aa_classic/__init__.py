"""Tests of the Axis & Allies (2nd edition) game."""
