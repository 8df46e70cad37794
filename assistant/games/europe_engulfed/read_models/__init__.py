"""Europe Engulfed read models."""
