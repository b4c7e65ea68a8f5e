-- Signing in: the key that signs access tokens (when SHOP_AUTH_SECRET is not
-- set), sign-in sessions and their refresh tokens, failed attempts for the
-- rate limit, and password-reset tokens. Tokens are stored only as SHA-256
-- hashes: a copy of the database signs nobody in.

CREATE TABLE auth_keys (
    name TEXT PRIMARY KEY,
    secret TEXT NOT NULL,
    created_at {{TIME}} NOT NULL
);

-- One row per sign-in. Every refresh token of the session carries its id,
-- so presenting a refresh token twice ends the whole session.
CREATE TABLE auth_sessions (
    id TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    remember BOOLEAN NOT NULL,
    created_at {{TIME}} NOT NULL,
    -- slides forward on each refresh
    expires_at {{TIME}} NOT NULL,
    revoked_at {{TIME}},
    revoked_reason TEXT
);
CREATE INDEX auth_sessions_user ON auth_sessions (user_id);

CREATE TABLE auth_refresh_tokens (
    token_hash TEXT PRIMARY KEY,
    session_id TEXT NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
    created_at {{TIME}} NOT NULL,
    -- set when the token is exchanged; a used token presented again is a theft signal
    used_at {{TIME}}
);
CREATE INDEX auth_refresh_tokens_session ON auth_refresh_tokens (session_id);

-- Failed attempts (sign-in, password change, reset requests) by bucket, such as
-- "login:email:jane@farm.co.ke" or "login:ip:41.90.1.2", counted in a sliding
-- window so the limit holds across every instance of the shop.
CREATE TABLE auth_attempts (
    id {{ID}},
    bucket TEXT NOT NULL,
    at {{TIME}} NOT NULL
);
CREATE INDEX auth_attempts_bucket_at ON auth_attempts (bucket, at);
CREATE INDEX auth_attempts_at ON auth_attempts (at);

CREATE TABLE password_resets (
    token_hash TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at {{TIME}} NOT NULL,
    expires_at {{TIME}} NOT NULL,
    used_at {{TIME}}
);
CREATE INDEX password_resets_user ON password_resets (user_id);
