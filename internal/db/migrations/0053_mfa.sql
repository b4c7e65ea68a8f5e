-- Two-step sign-in (docs/security.md): a user's authenticator secret, their
-- one-time recovery codes and the short-lived challenges between the
-- password and the code. Owned by internal/account.

-- One row per user who started setting it up; enabled_at is set once a
-- code from the app confirmed it. The secret is sealed (AES-GCM with a key
-- made from the sign-in key), never kept in clear.
CREATE TABLE auth_mfa (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    secret_sealed TEXT NOT NULL,
    created_at {{TIME}} NOT NULL,
    enabled_at {{TIME}},
    -- the 30-second step of the last code accepted: a code is good once,
    -- and never one older than it
    last_step BIGINT NOT NULL DEFAULT 0
);

-- Only SHA-256 hashes of the codes; used_at is set by the one request
-- that uses a code, whichever of two at once gets there first.
CREATE TABLE auth_recovery_codes (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash TEXT NOT NULL,
    created_at {{TIME}} NOT NULL,
    used_at {{TIME}},
    PRIMARY KEY (user_id, code_hash)
);

-- The mfa_token a right password gets when the second step is on: it
-- opens nothing but POST /api/auth/login/mfa/, for a few minutes, once.
CREATE TABLE auth_mfa_challenges (
    token_hash TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    remember BOOLEAN NOT NULL,
    created_at {{TIME}} NOT NULL,
    expires_at {{TIME}} NOT NULL,
    used_at {{TIME}}
);
CREATE INDEX auth_mfa_challenges_user ON auth_mfa_challenges (user_id);
CREATE INDEX auth_mfa_challenges_expires ON auth_mfa_challenges (expires_at);
