"""The moves of A&A Europe: small standalone decide functions, each saying when it is possible."""
