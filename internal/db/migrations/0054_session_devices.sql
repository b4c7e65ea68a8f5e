-- Signed-in devices (docs/security.md, "Sessions"): which browser a session
-- started in, from which address, and when it was last seen (set at sign-in
-- and at each refresh, not on every request). Owned by internal/account.
ALTER TABLE auth_sessions ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';
ALTER TABLE auth_sessions ADD COLUMN ip TEXT NOT NULL DEFAULT '';
ALTER TABLE auth_sessions ADD COLUMN last_seen_at {{TIME}};
