-- Refunds the shop sends itself (package payment, docs/payments.md section
-- 12): by M-Pesa B2C to a phone, or by reversing a payment it received.
-- A recorded refund (method manual) is sent when it is written; one the
-- shop sends is sending until M-Pesa's result, and counts against its
-- order (orders.refunded_cents) only once sent. public_id is the refund's
-- own id and the B2C OriginatorConversationID: M-Pesa refuses a second
-- request with it, so a refund re-sent after a time-out is paid once.
ALTER TABLE refunds ADD COLUMN public_id TEXT;
ALTER TABLE refunds ADD COLUMN method TEXT NOT NULL DEFAULT 'manual' CHECK (method IN ('manual', 'mpesa', 'reversal'));
ALTER TABLE refunds ADD COLUMN status TEXT NOT NULL DEFAULT 'sent' CHECK (status IN ('sending', 'sent', 'failed', 'unknown'));
ALTER TABLE refunds ADD COLUMN phone TEXT NOT NULL DEFAULT '';
ALTER TABLE refunds ADD COLUMN receiver_name TEXT NOT NULL DEFAULT '';
ALTER TABLE refunds ADD COLUMN mpesa_receipt TEXT NOT NULL DEFAULT '';
-- The receipt of the payment a reversal sends back.
ALTER TABLE refunds ADD COLUMN original_receipt TEXT NOT NULL DEFAULT '';
ALTER TABLE refunds ADD COLUMN result_code TEXT NOT NULL DEFAULT '';
ALTER TABLE refunds ADD COLUMN result_text TEXT NOT NULL DEFAULT '';
-- originator_id is the request's OriginatorConversationID (public_id for a
-- B2C payment, M-Pesa's own for a reversal); conversation_id is M-Pesa's
-- for the request; status_conversation_id the
-- one of the latest Transaction Status query about it, whose result names
-- only itself.
ALTER TABLE refunds ADD COLUMN originator_id TEXT;
ALTER TABLE refunds ADD COLUMN conversation_id TEXT;
ALTER TABLE refunds ADD COLUMN status_conversation_id TEXT;
ALTER TABLE refunds ADD COLUMN queries INTEGER NOT NULL DEFAULT 0;
ALTER TABLE refunds ADD COLUMN next_query_at {{TIME}};
UPDATE refunds SET public_id = 'RF' || id;
CREATE UNIQUE INDEX refunds_public_id ON refunds (public_id);
CREATE INDEX refunds_originator ON refunds (originator_id);
CREATE INDEX refunds_conversation ON refunds (conversation_id);
CREATE INDEX refunds_status_conversation ON refunds (status_conversation_id);
-- The reconciler's list, and the day's total of money sent by the shop.
CREATE INDEX refunds_open ON refunds (status, next_query_at);
CREATE INDEX refunds_sent_by_shop ON refunds (method, created_at, status, amount_cents);

-- The Utility account's balance, as the latest Account Balance result gave
-- it; asked_* is a query whose result has not come yet. One row.
CREATE TABLE mpesa_float (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    utility_cents BIGINT,
    checked_at {{TIME}},
    asked_conversation_id TEXT,
    asked_at {{TIME}}
);
INSERT INTO mpesa_float (id) VALUES (1);
