"""A&A Europe read models: board, IPC ledger (treasury, chart level, convoy losses), battles, victory."""

from assistant.games.aa_europe.read_models.battles import BATTLES
from assistant.games.aa_europe.read_models.board import BOARD
from assistant.games.aa_europe.read_models.ledger import LEDGER
from assistant.games.aa_europe.read_models.victory import VICTORY

PROJECTIONS = (BOARD, LEDGER, BATTLES, VICTORY)
