-- Rate limits for every instance of the shop: sign-in failures, password
-- forms, registrations, contact and newsletter posts, M-Pesa prompts. One
-- row per event in a named bucket ("login:email:jane@farm.co.ke",
-- "mpesa:phone:254712345678"), counted in a sliding window. Owned by
-- internal/ratelimit; it replaces auth_attempts, which counted sign-in
-- failures only and was read before the password check instead of reserved.
DROP TABLE auth_attempts;

CREATE TABLE rate_events (
    id {{ID}},
    bucket TEXT NOT NULL,
    at {{TIME}} NOT NULL
);
CREATE INDEX rate_events_bucket_at ON rate_events (bucket, at);
CREATE INDEX rate_events_at ON rate_events (at);
