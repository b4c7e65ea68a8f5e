-- USSD ordering (package ussd, docs/ussd.md). Every table here is the
-- ussd package's.
--
-- A session as the menu last saw it: a cache for the figures (which screen
-- it reached, how many requests) and the one order it may place. The menu
-- itself is rebuilt from the request's text each time, so losing a row
-- loses no state.
CREATE TABLE ussd_sessions (
    session_id TEXT PRIMARY KEY,
    phone TEXT NOT NULL,
    lang TEXT NOT NULL,
    screen TEXT NOT NULL,
    hops INTEGER NOT NULL DEFAULT 0,
    -- The order placed, and whether one is being placed now: a session
    -- places one order however often its confirmation comes.
    order_id BIGINT REFERENCES orders (id) ON DELETE SET NULL,
    claimed BOOLEAN NOT NULL DEFAULT FALSE,
    started_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX ussd_sessions_phone ON ussd_sessions (phone, started_at);
CREATE INDEX ussd_sessions_started ON ussd_sessions (started_at);

-- The language a phone chose on the menu (Kiswahili until it chooses).
CREATE TABLE ussd_phones (
    phone TEXT PRIMARY KEY,
    lang TEXT NOT NULL,
    updated_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- The M-Pesa prompt of an order placed by USSD, sent once the session has
-- ended (a prompt during the session fails with 1001): due_at a moment
-- after END, sooner when the end-of-session notification comes.
CREATE TABLE ussd_prompts (
    order_id BIGINT PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
    session_id TEXT NOT NULL,
    phone TEXT NOT NULL,
    due_at {{TIME}} NOT NULL,
    sent_at {{TIME}},
    outcome TEXT NOT NULL DEFAULT ''
);
CREATE INDEX ussd_prompts_due ON ussd_prompts (sent_at, due_at);

-- Africa's Talking's end-of-session notifications, as they came.
CREATE TABLE ussd_events (
    id {{ID}},
    session_id TEXT NOT NULL,
    phone TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT '',
    input TEXT NOT NULL DEFAULT '',
    hops INTEGER NOT NULL DEFAULT 0,
    duration_ms BIGINT NOT NULL DEFAULT 0,
    cost TEXT NOT NULL DEFAULT '',
    error_message TEXT NOT NULL DEFAULT '',
    received_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX ussd_events_session ON ussd_events (session_id);

-- Who a phone is, for phone orders and USSD sessions.
CREATE INDEX users_phone ON users (phone);
