"""Hidden information every Engulfed game keeps: blocks stand on edge, and what a power buys is its own secret.

A viewer is a side's name, or "" for a screen both sides share (and replays): that one sees everything. Which
blocks stand on edge (EE: until revealed, never ground support units; AE: land blocks outside contested zones) is
each game's rule; who may look is the same in both.
"""

from __future__ import annotations


def sees(viewer: str, owner: str, face_up: bool) -> bool:
    """Does ``viewer`` see what a block of ``owner``'s side is (its kind and steps), not only its nation?"""
    return not viewer or owner == viewer or face_up


def discloses(viewer: str, owner: str, private: bool) -> bool:
    """Does ``viewer`` see what a ledger line of ``owner``'s side bought (EE 4.5, AE 4.6: the amount is public)?"""
    return sees(viewer, owner, not private)
