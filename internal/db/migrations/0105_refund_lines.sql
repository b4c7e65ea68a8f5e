-- Refunds by line (docs/payments.md section 12, "Refunds by line"): which
-- quantities of which order lines a refund gives back, and which of them go
-- back on sale. A line's refunded quantity is the sum over its refunds that
-- have not failed, read under the order's lock, so two refunds of one line
-- at once never give back more than was bought. Owned by internal/payment.
CREATE TABLE refund_lines (
    id {{ID}},
    refund_id BIGINT NOT NULL REFERENCES refunds (id) ON DELETE CASCADE,
    order_item_id BIGINT NOT NULL REFERENCES order_items (id) ON DELETE CASCADE,
    quantity INTEGER NOT NULL CHECK (quantity > 0),
    restock BOOLEAN NOT NULL DEFAULT FALSE,
    UNIQUE (refund_id, order_item_id)
);
CREATE INDEX refund_lines_item ON refund_lines (order_item_id);

-- How much of a line is back on sale (owned by internal/order): a return of
-- the whole order afterwards (a cancellation, a restock of the whole order)
-- gives back only the rest, so nothing is put back twice.
ALTER TABLE order_items ADD COLUMN restocked_quantity INTEGER NOT NULL DEFAULT 0 CHECK (restocked_quantity >= 0);
