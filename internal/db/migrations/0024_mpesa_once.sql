-- One M-Pesa transaction counts once, whichever road reported it
-- (docs/payments.md section 10, "One receipt, counted once").
--
-- The reference an STK push carried as its AccountReference: Pull
-- Transactions lists a push paid to a Paybill with it as the bill reference,
-- and a farmer may copy it from the M-Pesa message into a Paybill payment.
ALTER TABLE payments ADD COLUMN account_ref TEXT;
-- engine: sqlite
UPDATE payments SET account_ref = (SELECT substr(o.order_number, -12) FROM orders o WHERE o.id = payments.order_id);
-- engine: postgres
UPDATE payments SET account_ref = (SELECT right(o.order_number, 12) FROM orders o WHERE o.id = payments.order_id);
-- engine: both
CREATE INDEX payments_account_ref ON payments (account_ref, id);

-- A Paybill row that is an STK push's own payment reported again (by Pull
-- Transactions or a confirmation) names that payment: it is shown, matched
-- to the push's order, and never counted a second time.
ALTER TABLE c2b_payments ADD COLUMN payment_id BIGINT REFERENCES payments (id) ON DELETE SET NULL;

-- Confirmations the shop could not read (an amount in no form M-Pesa uses,
-- a missing TransID): answered 400 and kept, raw, for a person to check
-- against the M-Pesa statement. Never counted towards an order.
CREATE TABLE c2b_unreadable (
    id {{ID}},
    trans_id TEXT NOT NULL DEFAULT '',
    reason TEXT NOT NULL,
    body TEXT NOT NULL,
    received_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX c2b_unreadable_received ON c2b_unreadable (received_at, id);

-- "Once per phone" coupons count the M-Pesa number that pays as well as the
-- contact phone typed at checkout: one payer, many contact phones, is one
-- phone (package coupon).
ALTER TABLE coupon_uses ADD COLUMN payer TEXT NOT NULL DEFAULT '';
CREATE INDEX coupon_uses_payer ON coupon_uses (coupon_id, payer);
