-- PostgreSQL's version of the search index in memory (docs/architecture.md
-- section 9, "The search index in memory"; SQLite's is migration 0126): each
-- process answers a search's page and count from its own copy of the
-- products' weighted words (product_search_text) and of the list's keys,
-- and rebuilds it when this number is no longer the one it was built at.
-- The same writes move it as on SQLite: the products' active flags, names,
-- prices, promotions, collections and words, their categories and sizes,
-- and the categories' slugs and deletions. The stock does not.
--
-- Every catalogue write moves this one row, so it is moved at commit
-- (constraint triggers, deferred), once a transaction: the row's lock is the
-- last a writer takes, and two writers that lock products in different
-- orders never wait for each other through it.
-- engine: postgres
CREATE TABLE product_search_version (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    n BIGINT NOT NULL
);
INSERT INTO product_search_version (id, n) VALUES (1, 1);
CREATE FUNCTION product_search_version_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF current_setting('shop.search_version_moved', true) IS DISTINCT FROM 'yes' THEN
        PERFORM set_config('shop.search_version_moved', 'yes', true);
        UPDATE product_search_version SET n = n + 1 WHERE id = 1;
    END IF;
    RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER product_search_version_list_change AFTER INSERT OR DELETE ON product_list
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION product_search_version_move();
CREATE CONSTRAINT TRIGGER product_search_version_list_update AFTER UPDATE ON product_list
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.name_key IS DISTINCT FROM NEW.name_key
        OR OLD.name_key_sw IS DISTINCT FROM NEW.name_key_sw OR OLD.price_cents IS DISTINCT FROM NEW.price_cents)
    EXECUTE FUNCTION product_search_version_move();
CREATE CONSTRAINT TRIGGER product_search_version_categories_change AFTER INSERT OR DELETE ON product_categories
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION product_search_version_move();
CREATE CONSTRAINT TRIGGER product_search_version_categories_update AFTER UPDATE ON product_categories
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN (OLD.category_id IS DISTINCT FROM NEW.category_id OR OLD.product_id IS DISTINCT FROM NEW.product_id)
    EXECUTE FUNCTION product_search_version_move();
CREATE CONSTRAINT TRIGGER product_search_version_sizes_change AFTER INSERT OR DELETE ON product_sizes
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION product_search_version_move();
CREATE CONSTRAINT TRIGGER product_search_version_sizes_update AFTER UPDATE ON product_sizes
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN (OLD.size_key IS DISTINCT FROM NEW.size_key OR OLD.product_id IS DISTINCT FROM NEW.product_id)
    EXECUTE FUNCTION product_search_version_move();
CREATE CONSTRAINT TRIGGER product_search_version_products AFTER UPDATE ON products
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN (OLD.promo IS DISTINCT FROM NEW.promo OR OLD.is_new_arrival IS DISTINCT FROM NEW.is_new_arrival
        OR OLD.is_best_seller IS DISTINCT FROM NEW.is_best_seller OR OLD.is_featured IS DISTINCT FROM NEW.is_featured)
    EXECUTE FUNCTION product_search_version_move();
CREATE CONSTRAINT TRIGGER product_search_version_category_slugs AFTER UPDATE ON categories
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.slug IS DISTINCT FROM NEW.slug)
    EXECUTE FUNCTION product_search_version_move();
CREATE CONSTRAINT TRIGGER product_search_version_category_delete AFTER DELETE ON categories
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION product_search_version_move();
CREATE CONSTRAINT TRIGGER product_search_version_words_change AFTER INSERT OR DELETE ON product_search_text
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION product_search_version_move();
CREATE CONSTRAINT TRIGGER product_search_version_words_update AFTER UPDATE ON product_search_text
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text)
    EXECUTE FUNCTION product_search_version_move();
