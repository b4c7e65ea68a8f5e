-- The mail outbox becomes the queue every message goes through, in
-- production as in --dev (docs/notifications.md, "Mail"): a message is a row
-- written in the transaction that causes it, claimed and sent by one
-- instance, retried on temporary failures for up to a day, and failed
-- visibly on permanent ones. Rows kept before this were mail the dev outbox
-- had already "sent".
ALTER TABLE mail_outbox ADD COLUMN dedupe_key TEXT;
ALTER TABLE mail_outbox ADD COLUMN order_id BIGINT REFERENCES orders (id) ON DELETE SET NULL;
ALTER TABLE mail_outbox ADD COLUMN kind TEXT NOT NULL DEFAULT '';
ALTER TABLE mail_outbox ADD COLUMN status TEXT NOT NULL DEFAULT 'sent' CHECK (status IN ('queued', 'sending', 'sent', 'failed'));
ALTER TABLE mail_outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE mail_outbox ADD COLUMN next_attempt_at {{TIME}};
ALTER TABLE mail_outbox ADD COLUMN status_text TEXT NOT NULL DEFAULT '';
-- the Message-ID's left part, the same on every attempt, so a server that
-- took a message whose answer was lost sees the retry as the same message
ALTER TABLE mail_outbox ADD COLUMN message_key TEXT NOT NULL DEFAULT '';
-- the body carries a key (a password-reset link): emptied once sent
ALTER TABLE mail_outbox ADD COLUMN secret BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE mail_outbox ADD COLUMN sent_at {{TIME}};
CREATE UNIQUE INDEX mail_outbox_dedupe ON mail_outbox (dedupe_key);
CREATE INDEX mail_outbox_due ON mail_outbox (status, next_attempt_at);
CREATE INDEX mail_outbox_order ON mail_outbox (order_id, id);
