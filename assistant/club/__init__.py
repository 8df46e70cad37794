"""The club mode: many tables on one PostgreSQL database, members who sign in, seats, live push to devices."""
