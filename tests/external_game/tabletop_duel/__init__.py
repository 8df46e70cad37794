"""Duel: the smallest complete game for the tabletop assistant, shipped as its own package."""
