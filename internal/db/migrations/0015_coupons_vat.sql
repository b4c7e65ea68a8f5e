-- Coupons, VAT and receipts (docs/architecture.md section 11). Owned by
-- internal/coupon (coupons, their product and category limits, their uses,
-- and the code a cart carries), internal/vat (vat_classes), internal/catalog
-- (products.vat_class), internal/order (the discount and VAT of orders and
-- their lines) and internal/mail (the outbox's attachments).

-- An order's discount and the code that gave it, as they were at checkout.
-- The total CHECK widens to subtotal - discount + shipping. PostgreSQL
-- replaces the constraint; SQLite rewrites the stored table definition (the
-- pattern of 0013: every stored row already passes the new check, since
-- discount_cents is 0 on each).
ALTER TABLE orders ADD COLUMN discount_cents BIGINT NOT NULL DEFAULT 0 CHECK (discount_cents >= 0);
ALTER TABLE orders ADD COLUMN coupon_code TEXT NOT NULL DEFAULT '';
-- engine: postgres
ALTER TABLE orders DROP CONSTRAINT orders_check;
ALTER TABLE orders ADD CONSTRAINT orders_total_check CHECK (total_cents = subtotal_cents - discount_cents + shipping_cents AND discount_cents <= subtotal_cents);
-- engine: sqlite
PRAGMA writable_schema = ON;
UPDATE sqlite_schema SET sql = replace(sql, 'CHECK (total_cents = subtotal_cents + shipping_cents)',
    'CHECK (total_cents = subtotal_cents - discount_cents + shipping_cents AND discount_cents <= subtotal_cents)') WHERE type = 'table' AND name = 'orders';
PRAGMA writable_schema = RESET;
-- engine: both
CREATE INDEX orders_coupon ON orders (coupon_code);

CREATE TABLE coupons (
    id {{ID}},
    -- as the admin typed it; code_key is its lower case, what shoppers' codes match
    code TEXT NOT NULL CHECK (length(code) BETWEEN 3 AND 40),
    code_key TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL CHECK (kind IN ('percent', 'fixed')),
    -- whole percent (1 to 100) for percent, cents for fixed
    value BIGINT NOT NULL CHECK (value > 0),
    min_subtotal_cents BIGINT NOT NULL DEFAULT 0 CHECK (min_subtotal_cents >= 0),
    starts_at {{TIME}},
    ends_at {{TIME}},
    -- NULL: no limit
    max_uses INTEGER CHECK (max_uses > 0),
    max_uses_per_phone INTEGER CHECK (max_uses_per_phone > 0),
    active BOOLEAN NOT NULL DEFAULT TRUE,
    created_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CHECK (kind <> 'percent' OR value <= 100),
    CHECK (starts_at IS NULL OR ends_at IS NULL OR starts_at < ends_at)
);

-- A coupon limited to products or categories (a category with everything
-- under it) applies to those lines only; with neither, to every line.
CREATE TABLE coupon_products (
    coupon_id BIGINT NOT NULL REFERENCES coupons (id) ON DELETE CASCADE,
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    PRIMARY KEY (coupon_id, product_id)
);
CREATE TABLE coupon_categories (
    coupon_id BIGINT NOT NULL REFERENCES coupons (id) ON DELETE CASCADE,
    category_id BIGINT NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
    PRIMARY KEY (coupon_id, category_id)
);

-- One row per order that uses a coupon, while the order holds it: the
-- limits are counted from these rows, and a failed or cancelled order's row
-- is deleted (its use given back).
CREATE TABLE coupon_uses (
    id {{ID}},
    coupon_id BIGINT NOT NULL REFERENCES coupons (id),
    order_id BIGINT NOT NULL UNIQUE REFERENCES orders (id) ON DELETE CASCADE,
    phone TEXT NOT NULL,
    created_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX coupon_uses_phone ON coupon_uses (coupon_id, phone);

-- The code a cart carries until its order is paid.
CREATE TABLE cart_coupons (
    cart_id BIGINT PRIMARY KEY REFERENCES carts (id) ON DELETE CASCADE,
    coupon_id BIGINT NOT NULL REFERENCES coupons (id) ON DELETE CASCADE,
    applied_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX cart_coupons_coupon ON cart_coupons (coupon_id);

-- VAT rates are data: Finance Acts change them. Rates are basis points
-- (1600 = 16%); exempt carries no VAT but reads differently on a receipt
-- from zero-rated.
CREATE TABLE vat_classes (
    code TEXT PRIMARY KEY CHECK (code IN ('standard', 'zero', 'exempt')),
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
    rate_bp INTEGER NOT NULL CHECK (rate_bp BETWEEN 0 AND 10000),
    updated_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CHECK (code <> 'exempt' OR rate_bp = 0)
);
INSERT INTO vat_classes (code, name, rate_bp) VALUES ('standard', 'Standard rate', 1600), ('zero', 'Zero-rated', 0), ('exempt', 'Exempt', 0);

ALTER TABLE products ADD COLUMN vat_class TEXT NOT NULL DEFAULT 'standard' CHECK (vat_class IN ('standard', 'zero', 'exempt'));

-- Each order line's share of the discount, its VAT class and rate then, and
-- its VAT in cents, computed once at checkout (internal/vat).
ALTER TABLE order_items ADD COLUMN discount_cents BIGINT NOT NULL DEFAULT 0 CHECK (discount_cents >= 0);
ALTER TABLE order_items ADD COLUMN vat_class TEXT NOT NULL DEFAULT 'standard';
ALTER TABLE order_items ADD COLUMN vat_rate_bp INTEGER NOT NULL DEFAULT 1600;
ALTER TABLE order_items ADD COLUMN vat_cents BIGINT NOT NULL DEFAULT 0 CHECK (vat_cents >= 0);
-- Orders placed before VAT was kept were all at the standard rate; their
-- VAT is worked out the same way (half up: floor((2·t·r + d) / 2d)).
UPDATE order_items SET vat_cents = (2 * total_price_cents * 1600 + 11600) / (2 * 11600);

-- engine: sqlite
CREATE TABLE mail_outbox_attachments (
    id {{ID}},
    mail_id BIGINT NOT NULL REFERENCES mail_outbox (id) ON DELETE CASCADE,
    filename TEXT NOT NULL,
    content_type TEXT NOT NULL,
    body BLOB NOT NULL
);
-- engine: postgres
CREATE TABLE mail_outbox_attachments (
    id {{ID}},
    mail_id BIGINT NOT NULL REFERENCES mail_outbox (id) ON DELETE CASCADE,
    filename TEXT NOT NULL,
    content_type TEXT NOT NULL,
    body BYTEA NOT NULL
);
-- engine: both
CREATE INDEX mail_outbox_attachments_mail ON mail_outbox_attachments (mail_id);
