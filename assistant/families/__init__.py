"""Mechanics two or more games share. A game imports its family and the core, never another game."""
