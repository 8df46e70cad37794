"""The rules of Europe Engulfed as small standalone functions: each decides one command or computes one figure."""
