"""Asia Engulfed tests."""
