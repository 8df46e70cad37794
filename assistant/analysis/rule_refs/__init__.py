"""Rule references per event type, one data file per game kind (``<kind>.toml``), read by ``teaching``."""
