-- Refunds the shop records on paid orders (package order): how much went
-- back to the farmer by M-Pesa, why, and the M-Pesa reference of the money
-- sent back. orders.refunded_cents keeps their sum on the order, written in
-- the same transaction, so the sales reports read one row per order.
CREATE TABLE refunds (
    id {{ID}},
    order_id BIGINT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
    reason TEXT NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
    reference TEXT NOT NULL UNIQUE CHECK (length(reference) BETWEEN 1 AND 40),
    restocked BOOLEAN NOT NULL DEFAULT FALSE,
    actor TEXT NOT NULL DEFAULT '',
    created_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX refunds_order ON refunds (order_id, id);

ALTER TABLE orders ADD COLUMN refunded_cents BIGINT NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0);

-- A refunded order is refunded (all the money it received went back) or
-- partially_refunded. Widened as 0013 did (see there why SQLite may).
-- engine: postgres
ALTER TABLE orders DROP CONSTRAINT orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN ('pending_payment', 'paid', 'processing', 'dispatched', 'delivered', 'ready_for_pickup', 'collected', 'payment_failed', 'cancelled', 'partially_refunded', 'refunded'));
-- engine: sqlite
PRAGMA writable_schema = ON;
UPDATE sqlite_schema SET sql = replace(sql, 'CHECK (status IN (''pending_payment'', ''paid'', ''processing'', ''dispatched'', ''delivered'', ''ready_for_pickup'', ''collected'', ''payment_failed'', ''cancelled''))',
    'CHECK (status IN (''pending_payment'', ''paid'', ''processing'', ''dispatched'', ''delivered'', ''ready_for_pickup'', ''collected'', ''payment_failed'', ''cancelled'', ''partially_refunded'', ''refunded''))') WHERE type = 'table' AND name = 'orders';
PRAGMA writable_schema = RESET;
-- engine: both
-- The sales reports read the paid statuses' ranges of dates with only these
-- columns, and the dashboard sums orders by status: both from the index
-- alone. The admin's customer list is newest first.
CREATE INDEX orders_report ON orders (status, created_at, total_cents, refunded_cents, county);
CREATE INDEX orders_status_totals ON orders (status, attention, total_cents, refunded_cents);
CREATE INDEX order_items_report ON order_items (order_id, product_id, quantity, total_price_cents, product_name);
CREATE INDEX payments_created ON payments (created_at, status, result_code, amount_cents);
CREATE INDEX users_created ON users (created_at, id);
-- The admin's order search by a whole phone number.
CREATE INDEX orders_phone ON orders (phone, created_at);
