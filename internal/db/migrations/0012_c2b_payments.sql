-- Money a customer sent by Paybill or Buy Goods from their own M-Pesa menu
-- (C2B), one row per M-Pesa transaction, matched to an order by the account
-- number typed or by an admin. Every payment the shop is told about is kept,
-- matched or not (docs/payments.md section 10).
CREATE TABLE c2b_payments (
    id {{ID}},
    trans_id TEXT NOT NULL UNIQUE,
    trans_type TEXT NOT NULL DEFAULT '',
    -- yyyyMMddHHmmss in Nairobi time, as Daraja sent it
    trans_time TEXT NOT NULL DEFAULT '',
    amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
    bill_ref TEXT NOT NULL DEFAULT '',
    payer_name TEXT NOT NULL DEFAULT '',
    -- masked or hashed by Daraja: shown, never matched on
    msisdn TEXT NOT NULL DEFAULT '',
    short_code TEXT NOT NULL DEFAULT '',
    -- confirmation, pull (found by the reconciler) or assigned
    source TEXT NOT NULL,
    order_id BIGINT REFERENCES orders (id),
    -- set once the payment has counted towards its order: a row with an
    -- order and no applied_at is applied by the reconciler after a crash
    applied_at {{TIME}},
    received_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX c2b_payments_order ON c2b_payments (order_id, applied_at);
CREATE INDEX c2b_payments_received ON c2b_payments (received_at, id);
