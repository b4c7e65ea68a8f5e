-- Pay on delivery (docs/payments.md, "Pay on delivery"): a zone the owner
-- opens to it (internal/delivery), and the order's own status while its
-- goods wait to be paid at the door and its own payment method
-- (internal/order). The CHECKs are widened as 0018 widened them.
ALTER TABLE delivery_zones ADD COLUMN pay_on_delivery BOOLEAN NOT NULL DEFAULT FALSE;
-- engine: postgres
ALTER TABLE orders DROP CONSTRAINT orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN ('pending_payment', 'paid', 'processing', 'dispatched', 'delivered', 'ready_for_pickup', 'collected', 'payment_failed', 'cancelled', 'partially_refunded', 'refunded', 'awaiting_delivery_payment'));
ALTER TABLE orders DROP CONSTRAINT orders_payment_method_check;
ALTER TABLE orders ADD CONSTRAINT orders_payment_method_check CHECK (payment_method IN ('mpesa', 'card', 'on_delivery'));
-- engine: sqlite
PRAGMA writable_schema = ON;
UPDATE sqlite_schema SET sql = replace(replace(sql,
    'CHECK (status IN (''pending_payment'', ''paid'', ''processing'', ''dispatched'', ''delivered'', ''ready_for_pickup'', ''collected'', ''payment_failed'', ''cancelled'', ''partially_refunded'', ''refunded''))',
    'CHECK (status IN (''pending_payment'', ''paid'', ''processing'', ''dispatched'', ''delivered'', ''ready_for_pickup'', ''collected'', ''payment_failed'', ''cancelled'', ''partially_refunded'', ''refunded'', ''awaiting_delivery_payment''))'),
    'CHECK (payment_method IN (''mpesa'', ''card''))',
    'CHECK (payment_method IN (''mpesa'', ''card'', ''on_delivery''))') WHERE type = 'table' AND name = 'orders';
PRAGMA schema_version = {{NEXT_SCHEMA_VERSION}};
PRAGMA writable_schema = OFF;
