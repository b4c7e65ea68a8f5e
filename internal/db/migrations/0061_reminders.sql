-- Reminders when the bag runs low, and replies by SMS (docs/notifications.md).

-- What a phone said yes or no to (package sms): reminders only once ticked,
-- and STOP (or acha, simama) ends every reminder and marketing text until
-- START. Order messages go whatever these say.
CREATE TABLE sms_phones (
    phone TEXT PRIMARY KEY,
    reminders BOOLEAN NOT NULL DEFAULT FALSE,
    stopped BOOLEAN NOT NULL DEFAULT FALSE,
    updated_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- One reminder per purchase of a size (package remind): the row is the
-- claim, so two instances never text it twice. A reply of 1 orders it
-- again once (claimed while the order is placed, reorder_id after).
CREATE TABLE reminders (
    id {{ID}},
    order_id BIGINT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    variant_id BIGINT NOT NULL REFERENCES variants (id) ON DELETE CASCADE,
    phone TEXT NOT NULL,
    quantity INTEGER NOT NULL CHECK (quantity > 0),
    lang TEXT NOT NULL,
    -- the price today with delivery the text named
    quoted_cents BIGINT NOT NULL,
    sent_at {{TIME}} NOT NULL,
    claimed BOOLEAN NOT NULL DEFAULT FALSE,
    reorder_id BIGINT REFERENCES orders (id) ON DELETE SET NULL,
    UNIQUE (order_id, variant_id)
);
CREATE INDEX reminders_phone ON reminders (phone, sent_at);

-- Africa's Talking's incoming messages (package remind), each once by its
-- id, with what the shop did about it; what no rule answers waits for staff.
CREATE TABLE sms_inbound (
    id {{ID}},
    provider_id TEXT NOT NULL UNIQUE,
    phone TEXT NOT NULL,
    short_code TEXT NOT NULL DEFAULT '',
    body TEXT NOT NULL,
    link_id TEXT NOT NULL DEFAULT '',
    sent_date TEXT NOT NULL DEFAULT '',
    -- order, stop, start or message; outcome says how it ended
    action TEXT NOT NULL DEFAULT '',
    outcome TEXT NOT NULL DEFAULT '',
    order_id BIGINT REFERENCES orders (id) ON DELETE SET NULL,
    received_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX sms_inbound_phone ON sms_inbound (phone, id);
CREATE INDEX sms_inbound_received ON sms_inbound (received_at);
