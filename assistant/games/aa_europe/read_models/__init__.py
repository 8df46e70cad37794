"""A&A Europe read models: IPC ledger (treasury, chart level, convoy losses), battles, victory. The board is the
game's own state (``board.py`` asks it the table's questions)."""

from assistant.games.aa_europe.read_models.battles import BATTLES
from assistant.games.aa_europe.read_models.ledger import LEDGER
from assistant.games.aa_europe.read_models.victory import VICTORY

PROJECTIONS = (LEDGER, BATTLES, VICTORY)
