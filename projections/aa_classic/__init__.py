"""Axis & Allies read models: board, IPC ledger, battles, technologies, victory status."""

from projections.aa_classic.battles import BATTLES
from projections.aa_classic.board import BOARD
from projections.aa_classic.ledger import LEDGER
from projections.aa_classic.technologies import TECHNOLOGIES
from projections.aa_classic.victory import VICTORY

PROJECTIONS = (BOARD, LEDGER, BATTLES, TECHNOLOGIES, VICTORY)
