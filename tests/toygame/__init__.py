"""A small test-only game that exercises every part of the core (buy, roll, phases, edits, read models)."""
