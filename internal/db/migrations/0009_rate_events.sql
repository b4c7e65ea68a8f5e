-- Rate limits for every instance of the shop: sign-in failures, password
-- forms, registrations, contact and newsletter posts, M-Pesa prompts. One
-- row per event in a named bucket ("login:email:jane@farm.co.ke",
-- "mpesa:phone:254712345678"), counted in a sliding window. Owned by
-- internal/ratelimit. The sign-in attempts already counted carry over.
ALTER TABLE auth_attempts RENAME TO rate_events;
DROP INDEX auth_attempts_bucket_at;
DROP INDEX auth_attempts_at;
CREATE INDEX rate_events_bucket_at ON rate_events (bucket, at);
CREATE INDEX rate_events_at ON rate_events (at);
