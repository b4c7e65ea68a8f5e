-- A size within a category, narrow (docs/architecture.md section 9): a row
-- per category a product is listed under (product_categories) and per size
-- it is sold in (product_sizes), with what a list sorts on, so a list asked
-- for both (`category=feeds&weight=20kg`) is one range of an index, in the
-- order shown, and its count stops at the cap without reading another row.
-- Before, each page and again its count gathered every product of the size
-- (5,400 at 10,000 products for 20 kg) into a temporary table and walked the
-- category looking each one up. The keys are product_sizes', which follow
-- product_list's.
--
-- Triggers on the two tables it joins keep it in the statement that changes
-- either, whatever writes it, on both engines.
-- engine: both
CREATE TABLE product_category_sizes (
    category_id BIGINT NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
    size_key TEXT NOT NULL,
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    is_active BOOLEAN NOT NULL,
    name_key TEXT NOT NULL,
    name_key_sw TEXT NOT NULL,
    price_cents BIGINT NOT NULL,
    PRIMARY KEY (category_id, size_key, product_id)
);
CREATE INDEX product_category_sizes_product ON product_category_sizes (product_id);
CREATE INDEX product_category_sizes_name ON product_category_sizes (category_id, size_key, is_active, name_key, product_id);
CREATE INDEX product_category_sizes_name_sw ON product_category_sizes (category_id, size_key, is_active, name_key_sw, product_id);
CREATE INDEX product_category_sizes_price ON product_category_sizes (category_id, size_key, is_active, price_cents, name_key, product_id);
CREATE INDEX product_category_sizes_price_sw ON product_category_sizes (category_id, size_key, is_active, price_cents, name_key_sw, product_id);
INSERT INTO product_category_sizes (category_id, size_key, product_id, is_active, name_key, name_key_sw, price_cents)
    SELECT pc.category_id, ps.size_key, ps.product_id, ps.is_active, ps.name_key, ps.name_key_sw, ps.price_cents
    FROM product_sizes ps JOIN product_categories pc ON pc.product_id = ps.product_id;
-- engine: sqlite
CREATE TRIGGER product_category_sizes_size_insert AFTER INSERT ON product_sizes BEGIN
    INSERT OR IGNORE INTO product_category_sizes (category_id, size_key, product_id, is_active, name_key, name_key_sw, price_cents)
    SELECT pc.category_id, NEW.size_key, NEW.product_id, NEW.is_active, NEW.name_key, NEW.name_key_sw, NEW.price_cents
    FROM product_categories pc WHERE pc.product_id = NEW.product_id;
END;
CREATE TRIGGER product_category_sizes_size_keys AFTER UPDATE ON product_sizes BEGIN
    UPDATE product_category_sizes SET size_key = NEW.size_key, product_id = NEW.product_id, is_active = NEW.is_active,
        name_key = NEW.name_key, name_key_sw = NEW.name_key_sw, price_cents = NEW.price_cents
    WHERE size_key = OLD.size_key AND product_id = OLD.product_id;
END;
CREATE TRIGGER product_category_sizes_size_delete AFTER DELETE ON product_sizes BEGIN
    DELETE FROM product_category_sizes WHERE size_key = OLD.size_key AND product_id = OLD.product_id;
END;
CREATE TRIGGER product_category_sizes_category_insert AFTER INSERT ON product_categories BEGIN
    INSERT OR IGNORE INTO product_category_sizes (category_id, size_key, product_id, is_active, name_key, name_key_sw, price_cents)
    SELECT NEW.category_id, ps.size_key, ps.product_id, ps.is_active, ps.name_key, ps.name_key_sw, ps.price_cents
    FROM product_sizes ps WHERE ps.product_id = NEW.product_id;
END;
CREATE TRIGGER product_category_sizes_category_update AFTER UPDATE OF category_id, product_id ON product_categories BEGIN
    DELETE FROM product_category_sizes WHERE category_id = OLD.category_id AND product_id = OLD.product_id;
    INSERT OR IGNORE INTO product_category_sizes (category_id, size_key, product_id, is_active, name_key, name_key_sw, price_cents)
    SELECT NEW.category_id, ps.size_key, ps.product_id, ps.is_active, ps.name_key, ps.name_key_sw, ps.price_cents
    FROM product_sizes ps WHERE ps.product_id = NEW.product_id;
END;
CREATE TRIGGER product_category_sizes_category_delete AFTER DELETE ON product_categories BEGIN
    DELETE FROM product_category_sizes WHERE category_id = OLD.category_id AND product_id = OLD.product_id;
END;
-- engine: postgres
-- A size and a category of one product added at once by two transactions
-- would each miss the other's row: as product_sizes' triggers do, each
-- change locks the product's row first, and the statement after it sees
-- what the other committed.
CREATE FUNCTION product_category_sizes_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        PERFORM 1 FROM products WHERE id = OLD.product_id FOR NO KEY UPDATE;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        PERFORM 1 FROM products WHERE id = NEW.product_id FOR NO KEY UPDATE;
    END IF;
    IF TG_TABLE_NAME = 'product_sizes' THEN
        IF TG_OP = 'UPDATE' AND OLD.size_key = NEW.size_key AND OLD.product_id = NEW.product_id THEN
            UPDATE product_category_sizes SET is_active = NEW.is_active, name_key = NEW.name_key,
                name_key_sw = NEW.name_key_sw, price_cents = NEW.price_cents
            WHERE size_key = NEW.size_key AND product_id = NEW.product_id;
            RETURN NULL;
        END IF;
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
            DELETE FROM product_category_sizes WHERE size_key = OLD.size_key AND product_id = OLD.product_id;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
            INSERT INTO product_category_sizes (category_id, size_key, product_id, is_active, name_key, name_key_sw, price_cents)
            SELECT pc.category_id, NEW.size_key, NEW.product_id, NEW.is_active, NEW.name_key, NEW.name_key_sw, NEW.price_cents
            FROM product_categories pc WHERE pc.product_id = NEW.product_id
            ON CONFLICT (category_id, size_key, product_id) DO NOTHING;
        END IF;
        RETURN NULL;
    END IF;
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        DELETE FROM product_category_sizes WHERE category_id = OLD.category_id AND product_id = OLD.product_id;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO product_category_sizes (category_id, size_key, product_id, is_active, name_key, name_key_sw, price_cents)
        SELECT NEW.category_id, ps.size_key, ps.product_id, ps.is_active, ps.name_key, ps.name_key_sw, ps.price_cents
        FROM product_sizes ps WHERE ps.product_id = NEW.product_id
        ON CONFLICT (category_id, size_key, product_id) DO NOTHING;
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER product_category_sizes_size_change AFTER INSERT OR UPDATE OR DELETE ON product_sizes
    FOR EACH ROW EXECUTE FUNCTION product_category_sizes_change();
CREATE TRIGGER product_category_sizes_category_change AFTER INSERT OR UPDATE OF category_id, product_id OR DELETE ON product_categories
    FOR EACH ROW EXECUTE FUNCTION product_category_sizes_change();
