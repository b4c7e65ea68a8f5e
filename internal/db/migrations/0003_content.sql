-- What visitors send the shop outside an order: newsletter sign-ups and
-- messages from the contact form. email_key is the lower-case address, so an
-- address subscribes once whatever its case.

CREATE TABLE newsletter_subscribers (
    id {{ID}},
    email TEXT NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
    email_key TEXT NOT NULL UNIQUE,
    created_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE contact_messages (
    id {{ID}},
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    email TEXT NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
    subject TEXT NOT NULL CHECK (subject IN ('general', 'order', 'custom', 'wholesale', 'press')),
    message TEXT NOT NULL CHECK (length(message) BETWEEN 1 AND 5000),
    created_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP,
    -- set when someone at the shop has answered the message
    handled_at {{TIME}}
);
-- The admin's inbox lists unhandled messages first, newest first.
CREATE INDEX contact_messages_inbox ON contact_messages (handled_at, created_at);
