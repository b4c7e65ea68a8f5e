-- PostgreSQL's narrow search keys (docs/architecture.md section 9): the
-- product's words without their positions and weights (strip), in its
-- narrow row. A search sorted by name or price, and every search's count,
-- match these keys, a few hundred bytes a product, instead of the weighted
-- vector in the product's own row (about a kilobyte, beside the cards' JSON).
-- The list's queries use only AND, OR and prefixes, which match a stripped
-- vector as they match the whole one. Ranking by relevance still reads the
-- weighted vector, for the matches only. SQLite's index is a table of its
-- own already (products_text).
-- engine: postgres
ALTER TABLE product_list ADD COLUMN search_keys tsvector NOT NULL DEFAULT ''::tsvector;
UPDATE product_list pl SET search_keys = strip(p.search_text) FROM products p WHERE p.id = pl.product_id;
CREATE INDEX product_list_search_keys ON product_list USING GIN (search_keys);
CREATE OR REPLACE FUNCTION product_list_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO product_list (product_id, is_active, name_key, name_key_sw, price_cents, search_keys)
    VALUES (NEW.id, NEW.is_active, LOWER(NEW.name), LOWER(CASE WHEN NEW.name_sw <> '' THEN NEW.name_sw ELSE NEW.name END),
        NEW.base_price_cents, strip(NEW.search_text))
    ON CONFLICT (product_id) DO UPDATE SET is_active = EXCLUDED.is_active, name_key = EXCLUDED.name_key,
        name_key_sw = EXCLUDED.name_key_sw, price_cents = EXCLUDED.price_cents, search_keys = EXCLUDED.search_keys;
    RETURN NULL;
END $$;
DROP TRIGGER product_list_update ON products;
CREATE TRIGGER product_list_update AFTER UPDATE OF is_active, name, name_sw, base_price_cents, search_text ON products
    FOR EACH ROW EXECUTE FUNCTION product_list_change();
