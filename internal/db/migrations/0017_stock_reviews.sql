-- Stock movements and buyers' reviews (package catalog).

-- Every change of a size's stock, with why and who: the size's history in
-- the back office, and what the low-stock alert reads (package notify).
-- stock_after is the stock the change left, so the stock before is
-- stock_after - quantity.
CREATE TABLE stock_movements (
    id {{ID}},
    variant_id BIGINT NOT NULL REFERENCES variants (id) ON DELETE CASCADE,
    -- signed: + for stock in, - for stock out
    quantity INTEGER NOT NULL CHECK (quantity <> 0),
    stock_after INTEGER NOT NULL CHECK (stock_after >= 0),
    reason TEXT NOT NULL CHECK (reason IN ('sale', 'order_returned', 'received', 'damaged', 'count_correction', 'import', 'edit')),
    -- an admin's email, or 'system' for the checkout and the order flow
    actor TEXT NOT NULL,
    user_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    order_id BIGINT REFERENCES orders (id) ON DELETE SET NULL,
    note TEXT NOT NULL DEFAULT '',
    created_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX stock_movements_variant ON stock_movements (variant_id, id);

-- Reviews come from buyers now: one per customer and product, waiting for
-- an admin's approval. The business's own (demo) reviews have no user and
-- are approved.
ALTER TABLE reviews ADD COLUMN user_id BIGINT REFERENCES users (id) ON DELETE CASCADE;
ALTER TABLE reviews ADD COLUMN status TEXT NOT NULL DEFAULT 'approved' CHECK (status IN ('pending', 'approved', 'rejected'));
CREATE UNIQUE INDEX reviews_product_user ON reviews (product_id, user_id);
CREATE INDEX reviews_status ON reviews (status, created_at);

-- How far the low-stock alert has read the movements.
INSERT INTO notify_cursors (name, last_id) VALUES ('stock', 0);
