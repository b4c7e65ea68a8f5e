-- Carts, orders and M-Pesa payments. A cart belongs to a guest (by the hash
-- of the token in their cookie) or to a user. An order keeps a snapshot of
-- what was bought, at what price, for whom and where to; its payments keep
-- every M-Pesa attempt and what Daraja answered.

CREATE TABLE carts (
    id {{ID}},
    token_hash TEXT UNIQUE,
    user_id BIGINT UNIQUE REFERENCES users (id) ON DELETE CASCADE,
    created_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CHECK (token_hash IS NOT NULL OR user_id IS NOT NULL)
);

CREATE TABLE cart_items (
    id {{ID}},
    cart_id BIGINT NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
    variant_id BIGINT NOT NULL REFERENCES variants (id) ON DELETE CASCADE,
    quantity INTEGER NOT NULL CHECK (quantity > 0),
    added_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP,
    UNIQUE (cart_id, variant_id)
);

CREATE TABLE orders (
    id {{ID}},
    order_number TEXT NOT NULL UNIQUE,
    -- SHA-256 of the private token that lets a guest's browser read the order
    access_token_hash TEXT NOT NULL,
    user_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    cart_id BIGINT REFERENCES carts (id) ON DELETE SET NULL,
    status TEXT NOT NULL CHECK (status IN ('pending_payment', 'paid', 'processing', 'dispatched', 'delivered', 'payment_failed', 'cancelled')),
    -- whether the order's quantities are taken off the variants' stock now
    stock_reserved BOOLEAN NOT NULL,
    subtotal_cents BIGINT NOT NULL CHECK (subtotal_cents >= 0),
    shipping_cents BIGINT NOT NULL CHECK (shipping_cents >= 0),
    total_cents BIGINT NOT NULL CHECK (total_cents = subtotal_cents + shipping_cents),
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    email TEXT NOT NULL,
    phone TEXT NOT NULL,
    address TEXT NOT NULL,
    city TEXT NOT NULL,
    county TEXT NOT NULL,
    postal_code TEXT NOT NULL DEFAULT '',
    payment_method TEXT NOT NULL CHECK (payment_method IN ('mpesa', 'card')),
    -- set when something needs a person: a payment that came after its stock was sold
    attention TEXT NOT NULL DEFAULT '',
    created_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX orders_user ON orders (user_id, created_at);
CREATE INDEX orders_status ON orders (status, created_at);

CREATE TABLE order_items (
    id {{ID}},
    order_id BIGINT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    variant_id BIGINT REFERENCES variants (id) ON DELETE SET NULL,
    product_id BIGINT REFERENCES products (id) ON DELETE SET NULL,
    product_name TEXT NOT NULL,
    size TEXT NOT NULL,
    sku TEXT NOT NULL,
    quantity INTEGER NOT NULL CHECK (quantity > 0),
    unit_price_cents BIGINT NOT NULL CHECK (unit_price_cents >= 0),
    total_price_cents BIGINT NOT NULL CHECK (total_price_cents = unit_price_cents * quantity)
);
CREATE INDEX order_items_order ON order_items (order_id);
CREATE INDEX order_items_product ON order_items (product_id);

CREATE TABLE order_events (
    id {{ID}},
    order_id BIGINT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    from_status TEXT NOT NULL DEFAULT '',
    to_status TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    actor TEXT NOT NULL DEFAULT '',
    created_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX order_events_order ON order_events (order_id, id);

CREATE TABLE payments (
    id {{ID}},
    order_id BIGINT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    method TEXT NOT NULL DEFAULT 'mpesa',
    status TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
    phone TEXT NOT NULL,
    amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
    merchant_request_id TEXT,
    checkout_request_id TEXT UNIQUE,
    result_code INTEGER,
    result_desc TEXT NOT NULL DEFAULT '',
    receipt TEXT UNIQUE,
    -- STK Query reconciliation: when to ask Daraja next, and how often it was asked
    next_query_at {{TIME}},
    queries INTEGER NOT NULL DEFAULT 0,
    created_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX payments_order ON payments (order_id, id);
CREATE INDEX payments_pending ON payments (status, next_query_at);
