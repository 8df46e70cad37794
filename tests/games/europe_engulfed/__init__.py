"""Europe Engulfed tests."""
