-- The development outbox: in --dev the shop keeps the mail it "sends" here
-- instead of handing it to an SMTP server, so a person can read it (and click
-- a password-reset link) at /dev/outbox, across restarts and instances.
-- Nothing is written here in production.

CREATE TABLE mail_outbox (
    id {{ID}},
    to_address TEXT NOT NULL,
    subject TEXT NOT NULL,
    text_body TEXT NOT NULL,
    html_body TEXT NOT NULL DEFAULT '',
    created_at {{TIME}} NOT NULL
);
CREATE INDEX mail_outbox_created ON mail_outbox (created_at);
