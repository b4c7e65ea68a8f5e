-- PostgreSQL keeps product_category_sizes (migration 0123) with one trigger
-- function per table it follows, instead of one function branching on the
-- table's name: each reads as what a change to its own table means. The
-- rows kept are the same; TestNarrowRowsFollowTheProducts checks them after
-- every kind of write.
-- engine: postgres
-- A size and a category of one product added at once by two transactions
-- would each miss the other's row: as product_sizes' triggers do, each
-- change locks the product's row first, and the statement after it sees
-- what the other committed.
CREATE FUNCTION product_category_sizes_size_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        PERFORM 1 FROM products WHERE id = OLD.product_id FOR NO KEY UPDATE;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        PERFORM 1 FROM products WHERE id = NEW.product_id FOR NO KEY UPDATE;
    END IF;
    -- A new price or name of the same size changes its rows in place.
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
END $$;
CREATE FUNCTION product_category_sizes_category_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        PERFORM 1 FROM products WHERE id = OLD.product_id FOR NO KEY UPDATE;
        DELETE FROM product_category_sizes WHERE category_id = OLD.category_id AND product_id = OLD.product_id;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        PERFORM 1 FROM products WHERE id = NEW.product_id FOR NO KEY UPDATE;
        INSERT INTO product_category_sizes (category_id, size_key, product_id, is_active, name_key, name_key_sw, price_cents)
        SELECT NEW.category_id, ps.size_key, ps.product_id, ps.is_active, ps.name_key, ps.name_key_sw, ps.price_cents
        FROM product_sizes ps WHERE ps.product_id = NEW.product_id
        ON CONFLICT (category_id, size_key, product_id) DO NOTHING;
    END IF;
    RETURN NULL;
END $$;
DROP TRIGGER product_category_sizes_size_change ON product_sizes;
DROP TRIGGER product_category_sizes_category_change ON product_categories;
DROP FUNCTION product_category_sizes_change();
CREATE TRIGGER product_category_sizes_size_change AFTER INSERT OR UPDATE OR DELETE ON product_sizes
    FOR EACH ROW EXECUTE FUNCTION product_category_sizes_size_change();
CREATE TRIGGER product_category_sizes_category_change AFTER INSERT OR UPDATE OF category_id, product_id OR DELETE ON product_categories
    FOR EACH ROW EXECUTE FUNCTION product_category_sizes_category_change();
