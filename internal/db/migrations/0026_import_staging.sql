-- The products import, staged (package catalog, docs/architecture.md
-- section 13). An import's rows are prepared and written here in short
-- transactions, then one transaction publishes them into products and
-- variants with set-based statements. Nothing reads these tables but the
-- import, so an import that fails or whose process is killed half-way has
-- changed nothing the shop shows; what it left here is deleted with its run
-- (ON DELETE CASCADE) at the next start, by the hourly janitor or by the
-- next import. No foreign key points at the catalogue: staging must never
-- stop an admin from deleting a product.

-- One import under way. touched_at is moved by each batch, so a run left
-- untouched for a minute is known to be abandoned.
CREATE TABLE import_runs (
    id {{ID}},
    touched_at {{TIME}} NOT NULL
);
CREATE INDEX import_runs_touched ON import_runs (touched_at);

-- The products the import creates (created: under an id reserved for it)
-- or touches, in the file's order (n), with every field the import gives
-- them. A new product comes with its card and its search texts (text_a,
-- text_b, text_c) made beforehand, so publishing it is one insert.
CREATE TABLE import_products (
    run_id BIGINT NOT NULL REFERENCES import_runs (id) ON DELETE CASCADE,
    n INTEGER NOT NULL,
    product_id BIGINT NOT NULL,
    created BOOLEAN NOT NULL,
    slug TEXT NOT NULL,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    name_sw TEXT NOT NULL,
    description_sw TEXT NOT NULL,
    category_id BIGINT NOT NULL,
    is_active BOOLEAN NOT NULL,
    base_price_cents BIGINT NOT NULL,
    -- a stored product's own fields change
    changed BOOLEAN NOT NULL,
    price_min_cents BIGINT,
    price_max_cents BIGINT,
    in_stock BOOLEAN NOT NULL,
    card_variants TEXT NOT NULL,
    text_a TEXT NOT NULL,
    text_b TEXT NOT NULL,
    text_c TEXT NOT NULL,
    PRIMARY KEY (run_id, n)
);

-- The sizes the import creates (created: under a reserved id) or changes,
-- in the file's order (n). stock is the file's; stock_read what the import
-- read before it (NULL for a new size), so sales made while it runs are
-- kept: the import adds stock - stock_read. position is a new size's place
-- after its product's sizes.
CREATE TABLE import_sizes (
    run_id BIGINT NOT NULL REFERENCES import_runs (id) ON DELETE CASCADE,
    n INTEGER NOT NULL,
    variant_id BIGINT NOT NULL,
    created BOOLEAN NOT NULL,
    product_id BIGINT NOT NULL,
    sku TEXT NOT NULL,
    size TEXT NOT NULL,
    size_key TEXT NOT NULL,
    price_cents BIGINT NOT NULL,
    weight_grams BIGINT NOT NULL,
    stock INTEGER NOT NULL,
    stock_read INTEGER,
    position INTEGER NOT NULL,
    PRIMARY KEY (run_id, n)
);
