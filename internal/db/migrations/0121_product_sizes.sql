-- The size filter's narrow rows (docs/architecture.md section 9): a row per
-- size a product is sold in and per product, with what a list sorts on, so a
-- list by size (`weight=20kg`) is one range of an index, in the order shown,
-- and its count stops at the cap without reading another row. Before, the
-- list gathered every product of the size from the variants (5,000 of them
-- at 10,000 products) into a temporary table for each page and again for its
-- count. The keys are product_list's, which product_list's own triggers keep.
--
-- Triggers keep it in the statement that changes a variant or a product,
-- whatever writes it, on both engines.
-- engine: both
CREATE TABLE product_sizes (
    size_key TEXT NOT NULL,
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    is_active BOOLEAN NOT NULL,
    name_key TEXT NOT NULL,
    name_key_sw TEXT NOT NULL,
    price_cents BIGINT NOT NULL,
    PRIMARY KEY (size_key, product_id)
);
CREATE INDEX product_sizes_product ON product_sizes (product_id);
CREATE INDEX product_sizes_name ON product_sizes (size_key, is_active, name_key, product_id);
CREATE INDEX product_sizes_name_sw ON product_sizes (size_key, is_active, name_key_sw, product_id);
CREATE INDEX product_sizes_price ON product_sizes (size_key, is_active, price_cents, name_key, product_id);
CREATE INDEX product_sizes_price_sw ON product_sizes (size_key, is_active, price_cents, name_key_sw, product_id);
INSERT INTO product_sizes (size_key, product_id, is_active, name_key, name_key_sw, price_cents)
    SELECT DISTINCT v.size_key, pl.product_id, pl.is_active, pl.name_key, pl.name_key_sw, pl.price_cents
    FROM variants v JOIN product_list pl ON pl.product_id = v.product_id;
-- engine: sqlite
CREATE TRIGGER product_sizes_variant_insert AFTER INSERT ON variants BEGIN
    INSERT OR IGNORE INTO product_sizes (size_key, product_id, is_active, name_key, name_key_sw, price_cents)
    SELECT NEW.size_key, pl.product_id, pl.is_active, pl.name_key, pl.name_key_sw, pl.price_cents
    FROM product_list pl WHERE pl.product_id = NEW.product_id;
END;
-- A size stays while another variant of the product has it.
CREATE TRIGGER product_sizes_variant_update AFTER UPDATE OF size_key, product_id ON variants BEGIN
    DELETE FROM product_sizes WHERE size_key = OLD.size_key AND product_id = OLD.product_id
        AND NOT EXISTS (SELECT 1 FROM variants v WHERE v.size_key = OLD.size_key AND v.product_id = OLD.product_id);
    INSERT OR IGNORE INTO product_sizes (size_key, product_id, is_active, name_key, name_key_sw, price_cents)
    SELECT NEW.size_key, pl.product_id, pl.is_active, pl.name_key, pl.name_key_sw, pl.price_cents
    FROM product_list pl WHERE pl.product_id = NEW.product_id;
END;
CREATE TRIGGER product_sizes_variant_delete AFTER DELETE ON variants BEGIN
    DELETE FROM product_sizes WHERE size_key = OLD.size_key AND product_id = OLD.product_id
        AND NOT EXISTS (SELECT 1 FROM variants v WHERE v.size_key = OLD.size_key AND v.product_id = OLD.product_id);
END;
CREATE TRIGGER product_sizes_keys AFTER UPDATE ON product_list
WHEN OLD.is_active IS NOT NEW.is_active OR OLD.name_key IS NOT NEW.name_key OR OLD.name_key_sw IS NOT NEW.name_key_sw
    OR OLD.price_cents IS NOT NEW.price_cents BEGIN
    UPDATE product_sizes SET is_active = NEW.is_active, name_key = NEW.name_key, name_key_sw = NEW.name_key_sw,
        price_cents = NEW.price_cents
    WHERE product_id = NEW.product_id;
END;
-- SQLite's foreign keys can be off for a copy.
CREATE TRIGGER product_sizes_product_delete AFTER DELETE ON product_list BEGIN
    DELETE FROM product_sizes WHERE product_id = OLD.product_id;
END;
-- engine: postgres
-- Two transactions changing sizes of one product at once would each miss
-- the other's variant in NOT EXISTS: the product's row is locked first (as
-- an edit of the product would, so locks are taken in one order), and the
-- check's statement then sees what the other committed.
CREATE FUNCTION product_sizes_variant_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        PERFORM 1 FROM products WHERE id = OLD.product_id FOR NO KEY UPDATE;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        PERFORM 1 FROM products WHERE id = NEW.product_id FOR NO KEY UPDATE;
    END IF;
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        DELETE FROM product_sizes WHERE size_key = OLD.size_key AND product_id = OLD.product_id
            AND NOT EXISTS (SELECT 1 FROM variants v WHERE v.size_key = OLD.size_key AND v.product_id = OLD.product_id);
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO product_sizes (size_key, product_id, is_active, name_key, name_key_sw, price_cents)
        SELECT NEW.size_key, pl.product_id, pl.is_active, pl.name_key, pl.name_key_sw, pl.price_cents
        FROM product_list pl WHERE pl.product_id = NEW.product_id
        ON CONFLICT (size_key, product_id) DO NOTHING;
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER product_sizes_variant_insert AFTER INSERT ON variants FOR EACH ROW EXECUTE FUNCTION product_sizes_variant_change();
CREATE TRIGGER product_sizes_variant_update AFTER UPDATE OF size_key, product_id ON variants
    FOR EACH ROW EXECUTE FUNCTION product_sizes_variant_change();
CREATE TRIGGER product_sizes_variant_delete AFTER DELETE ON variants FOR EACH ROW EXECUTE FUNCTION product_sizes_variant_change();
CREATE FUNCTION product_sizes_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE product_sizes SET is_active = NEW.is_active, name_key = NEW.name_key, name_key_sw = NEW.name_key_sw,
        price_cents = NEW.price_cents
    WHERE product_id = NEW.product_id;
    RETURN NULL;
END $$;
CREATE TRIGGER product_sizes_keys AFTER UPDATE ON product_list FOR EACH ROW
    WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.name_key IS DISTINCT FROM NEW.name_key
        OR OLD.name_key_sw IS DISTINCT FROM NEW.name_key_sw OR OLD.price_cents IS DISTINCT FROM NEW.price_cents)
    EXECUTE FUNCTION product_sizes_keys();
