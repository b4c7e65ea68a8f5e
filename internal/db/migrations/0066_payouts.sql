-- Money the shop pays out that is not a refund: an agent's commission
-- (package payment, docs/payments.md section 12, "Payouts"). A payout is
-- sent by M-Pesa B2C (method mpesa) the way a refund is, public_id being
-- its OriginatorConversationID, or recorded as paid by hand (manual).
-- payee_id and period name whom and what it pays: one payout per payee
-- and period, a failed one leaving the way open for another.
CREATE TABLE payouts (
    id {{ID}},
    public_id TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL CHECK (kind IN ('agent')),
    payee_id BIGINT NOT NULL,
    period TEXT NOT NULL,
    method TEXT NOT NULL CHECK (method IN ('manual', 'mpesa')),
    status TEXT NOT NULL CHECK (status IN ('sending', 'sent', 'failed', 'unknown')),
    amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
    phone TEXT NOT NULL DEFAULT '',
    reference TEXT NOT NULL DEFAULT '',
    note TEXT NOT NULL DEFAULT '',
    receiver_name TEXT NOT NULL DEFAULT '',
    mpesa_receipt TEXT NOT NULL DEFAULT '',
    result_code TEXT NOT NULL DEFAULT '',
    result_text TEXT NOT NULL DEFAULT '',
    originator_id TEXT,
    conversation_id TEXT,
    status_conversation_id TEXT,
    queries INTEGER NOT NULL DEFAULT 0,
    next_query_at {{TIME}},
    actor TEXT NOT NULL DEFAULT '',
    created_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX payouts_once ON payouts (kind, payee_id, period) WHERE status <> 'failed';
CREATE INDEX payouts_payee ON payouts (kind, payee_id, created_at);
CREATE INDEX payouts_originator ON payouts (originator_id);
CREATE INDEX payouts_conversation ON payouts (conversation_id);
CREATE INDEX payouts_status_conversation ON payouts (status_conversation_id);
CREATE INDEX payouts_open ON payouts (status, next_query_at);
