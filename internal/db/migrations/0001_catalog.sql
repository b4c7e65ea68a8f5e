-- The catalogue: categories (a tree), products, their variants (sizes with a
-- price and stock each), images and reviews. Money is integer cents.

CREATE TABLE categories (
    id {{ID}},
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    slug TEXT NOT NULL UNIQUE CHECK (length(slug) BETWEEN 1 AND 120),
    parent_id BIGINT REFERENCES categories (id) ON DELETE RESTRICT,
    sort_order INTEGER NOT NULL DEFAULT 0,
    CHECK (parent_id IS NULL OR parent_id <> id)
);
CREATE INDEX categories_parent ON categories (parent_id);

CREATE TABLE products (
    id {{ID}},
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    slug TEXT NOT NULL UNIQUE CHECK (length(slug) BETWEEN 1 AND 220),
    description TEXT NOT NULL DEFAULT '',
    base_price_cents BIGINT NOT NULL CHECK (base_price_cents >= 0),
    category_id BIGINT NOT NULL REFERENCES categories (id) ON DELETE RESTRICT,
    is_active BOOLEAN NOT NULL DEFAULT TRUE,
    is_featured BOOLEAN NOT NULL DEFAULT FALSE,
    is_best_seller BOOLEAN NOT NULL DEFAULT FALSE,
    is_new_arrival BOOLEAN NOT NULL DEFAULT FALSE,
    promo TEXT CHECK (promo IN ('bulk', 'seasonal')),
    created_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX products_category ON products (category_id);
CREATE INDEX products_active_name ON products (is_active, LOWER(name), id);
CREATE INDEX products_active_price ON products (is_active, base_price_cents, id);

CREATE TABLE variants (
    id {{ID}},
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    size TEXT NOT NULL CHECK (length(size) BETWEEN 1 AND 40),
    -- size without spaces, lower case ("10kg"): what the shop's weight filter matches
    size_key TEXT NOT NULL,
    sku TEXT NOT NULL UNIQUE CHECK (length(sku) BETWEEN 1 AND 64),
    price_cents BIGINT NOT NULL CHECK (price_cents >= 0),
    stock INTEGER NOT NULL CHECK (stock >= 0),
    sort_order INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX variants_product ON variants (product_id, sort_order);
CREATE INDEX variants_size_key ON variants (size_key, product_id);

CREATE TABLE product_images (
    id {{ID}},
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    path TEXT NOT NULL,
    alt TEXT NOT NULL DEFAULT '',
    width INTEGER NOT NULL CHECK (width > 0),
    height INTEGER NOT NULL CHECK (height > 0),
    sort_order INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX product_images_product ON product_images (product_id, sort_order);

CREATE TABLE reviews (
    id {{ID}},
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
    comment TEXT NOT NULL DEFAULT '',
    created_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX reviews_product ON reviews (product_id, created_at);
