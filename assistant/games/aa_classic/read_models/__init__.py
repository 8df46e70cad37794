"""Axis & Allies read models: board, IPC ledger, battles, technologies, victory status."""

from assistant.games.aa_classic.read_models.battles import BATTLES
from assistant.games.aa_classic.read_models.board import BOARD
from assistant.games.aa_classic.read_models.ledger import LEDGER
from assistant.games.aa_classic.read_models.technologies import TECHNOLOGIES
from assistant.games.aa_classic.read_models.victory import VICTORY

PROJECTIONS = (BOARD, LEDGER, BATTLES, TECHNOLOGIES, VICTORY)
