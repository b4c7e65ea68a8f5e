-- The list's narrow rows (docs/architecture.md section 9): what a
-- list without a category filters and sorts on, one row of a few dozen bytes
-- a product, beside the product's own row of about a kilobyte (its cards'
-- JSON and descriptions). A search steps from each match into this row for
-- the active flag and the sort keys, and a size filter or a count reads these
-- rows, so the rows a list touches stay in a read connection's page cache;
-- only the page's own products are read whole. The keys are the expressions
-- product_categories holds for a category's list.
--
-- Triggers keep it in the statement that changes a product, whatever writes
-- it (the back office, an import, a copy), on both engines.
-- engine: sqlite
-- The product's id is the row's own (INTEGER PRIMARY KEY): a match steps
-- into it in one seek, not through an index first.
CREATE TABLE product_list (
    product_id INTEGER PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
    is_active BOOLEAN NOT NULL,
    name_key TEXT NOT NULL,
    name_key_sw TEXT NOT NULL,
    price_cents BIGINT NOT NULL
);
-- engine: postgres
CREATE TABLE product_list (
    product_id BIGINT NOT NULL PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
    is_active BOOLEAN NOT NULL,
    name_key TEXT NOT NULL,
    name_key_sw TEXT NOT NULL,
    price_cents BIGINT NOT NULL
);
-- engine: both
CREATE INDEX product_list_name ON product_list (is_active, name_key, product_id);
CREATE INDEX product_list_name_sw ON product_list (is_active, name_key_sw, product_id);
CREATE INDEX product_list_price ON product_list (is_active, price_cents, name_key, product_id);
CREATE INDEX product_list_price_sw ON product_list (is_active, price_cents, name_key_sw, product_id);
INSERT INTO product_list (product_id, is_active, name_key, name_key_sw, price_cents)
    SELECT id, is_active, LOWER(name), LOWER(CASE WHEN name_sw <> '' THEN name_sw ELSE name END), base_price_cents FROM products;
-- engine: sqlite
CREATE TRIGGER product_list_insert AFTER INSERT ON products BEGIN
    INSERT INTO product_list (product_id, is_active, name_key, name_key_sw, price_cents)
    VALUES (NEW.id, NEW.is_active, LOWER(NEW.name), LOWER(CASE WHEN NEW.name_sw <> '' THEN NEW.name_sw ELSE NEW.name END), NEW.base_price_cents);
END;
CREATE TRIGGER product_list_update AFTER UPDATE OF is_active, name, name_sw, base_price_cents ON products BEGIN
    UPDATE product_list SET is_active = NEW.is_active, name_key = LOWER(NEW.name),
        name_key_sw = LOWER(CASE WHEN NEW.name_sw <> '' THEN NEW.name_sw ELSE NEW.name END), price_cents = NEW.base_price_cents
    WHERE product_id = NEW.id;
END;
-- A product's id never changes, and a deleted product's row goes by the
-- foreign key's cascade; SQLite's foreign keys can be off for a copy.
CREATE TRIGGER product_list_delete AFTER DELETE ON products BEGIN
    DELETE FROM product_list WHERE product_id = OLD.id;
END;
-- engine: postgres
CREATE FUNCTION product_list_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO product_list (product_id, is_active, name_key, name_key_sw, price_cents)
    VALUES (NEW.id, NEW.is_active, LOWER(NEW.name), LOWER(CASE WHEN NEW.name_sw <> '' THEN NEW.name_sw ELSE NEW.name END), NEW.base_price_cents)
    ON CONFLICT (product_id) DO UPDATE SET is_active = EXCLUDED.is_active, name_key = EXCLUDED.name_key,
        name_key_sw = EXCLUDED.name_key_sw, price_cents = EXCLUDED.price_cents;
    RETURN NULL;
END $$;
CREATE TRIGGER product_list_insert AFTER INSERT ON products FOR EACH ROW EXECUTE FUNCTION product_list_change();
CREATE TRIGGER product_list_update AFTER UPDATE OF is_active, name, name_sw, base_price_cents ON products
    FOR EACH ROW EXECUTE FUNCTION product_list_change();
