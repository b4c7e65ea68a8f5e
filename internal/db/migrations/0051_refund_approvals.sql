-- Refunds waiting for an owner (docs/product.md, "Roles"; docs/payments.md,
-- "Refunds above the approval line"): a manager's refund above
-- SHOP_REFUND_APPROVAL_OVER is kept here as it was asked, and nothing else
-- happens until an owner approves it (then the normal refund runs, in the
-- transaction that marks the row approved) or declines it. Owned by
-- internal/admin.
CREATE TABLE refund_approvals (
    id {{ID}},
    order_number TEXT NOT NULL,
    amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
    -- the refund form as the manager sent it (method, reason, phone, …)
    request TEXT NOT NULL,
    requested_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    requested_email TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'approved', 'declined')),
    decided_email TEXT NOT NULL DEFAULT '',
    decided_at {{TIME}},
    -- the refund the approval recorded (order_refunds' id)
    refund_id TEXT NOT NULL DEFAULT '',
    created_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX refund_approvals_status ON refund_approvals (status, created_at);
