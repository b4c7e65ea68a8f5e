-- Text messages to farmers' phones (package sms): queued in the same
-- transaction as what they announce, sent once by a worker, with their
-- delivery status kept for the admin (docs/notifications.md).
CREATE TABLE sms_messages (
    id {{ID}},
    -- makes queueing idempotent: an order event seen twice queues once;
    -- NULL for a message queued by hand (a resend)
    dedupe_key TEXT UNIQUE,
    order_id BIGINT REFERENCES orders (id) ON DELETE SET NULL,
    kind TEXT NOT NULL,
    -- 254XXXXXXXXX
    recipient TEXT NOT NULL,
    body TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at {{TIME}},
    status_code INTEGER NOT NULL DEFAULT 0,
    status_text TEXT NOT NULL DEFAULT '',
    provider_id TEXT NOT NULL DEFAULT '',
    cost TEXT NOT NULL DEFAULT '',
    created_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP,
    sent_at {{TIME}}
);
CREATE INDEX sms_messages_due ON sms_messages (status, next_attempt_at);
CREATE INDEX sms_messages_order ON sms_messages (order_id, id);

-- How far the notifier has read the order history (package notify).
CREATE TABLE notify_cursors (
    name TEXT PRIMARY KEY,
    last_id BIGINT NOT NULL
);

-- A short, unguessable code per order for the links in text messages
-- (/o/{code}); it opens the order like its private token.
ALTER TABLE orders ADD COLUMN short_code TEXT;
CREATE UNIQUE INDEX orders_short_code ON orders (short_code);

-- The notifier starts after the history that exists now: a new install does
-- not text customers about orders placed before it.
INSERT INTO notify_cursors (name, last_id) SELECT 'sms', COALESCE(MAX(id), 0) FROM order_events;
