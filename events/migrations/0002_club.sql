-- The club: members who sign in, invitations, and seats (who holds which powers or side in a game).
CREATE TABLE club_settings (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE members (
    member_id     TEXT PRIMARY KEY,
    name          TEXT NOT NULL,
    password_hash TEXT,                          -- argon2id; NULL until the member chooses a password
    admin         BOOLEAN NOT NULL DEFAULT FALSE, -- may add members and invite them
    created_at    TEXT NOT NULL
);
CREATE UNIQUE INDEX members_name ON members (lower(name));

CREATE TABLE invitations (
    token_hash TEXT PRIMARY KEY,                 -- SHA-256 of the link's token: the link itself is never stored
    member_id  TEXT NOT NULL REFERENCES members (member_id),
    expires_at TIMESTAMPTZ NOT NULL,
    used_at    TIMESTAMPTZ
);

CREATE TABLE seats (
    game_id   TEXT    NOT NULL REFERENCES games (game_id),
    member_id TEXT    NOT NULL REFERENCES members (member_id),
    powers    TEXT[]  NOT NULL DEFAULT '{}',     -- the powers or sides this member plays, in the game's own names
    host      BOOLEAN NOT NULL DEFAULT FALSE,    -- the table host may act for every power
    PRIMARY KEY (game_id, member_id)
);
CREATE INDEX seats_member ON seats (member_id);
