-- PostgreSQL's weighted words for ranking, narrow (docs/architecture.md
-- section 9): a search by relevance scores each match with ts_rank over the
-- product's weighted vector (products.search_text, about a kilobyte). Read
-- from the products' own rows, the ranking of a broad search read the whole
-- table (3 KB a product with the cards' JSON; 33 MB at 10,000 products,
-- more than the buffer pool keeps for a scan): "kuku", 4,380 matches, took
-- 20.4 ms, 8.3 of them in that scan. This table holds the vector alone, a
-- third of the pages, and the same ranking takes 13.9 ms. The products keep
-- their column: the back office's writes and the suggestions read it there.
--
-- Triggers keep it in the statement that writes the vector, as they keep
-- product_list's stripped keys (migration 0122). SQLite ranks with FTS5's
-- own index (products_text) and needs none.
-- engine: postgres
CREATE TABLE product_search_text (
    product_id BIGINT NOT NULL PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
    search_text tsvector NOT NULL
);
INSERT INTO product_search_text (product_id, search_text) SELECT id, search_text FROM products;
CREATE FUNCTION product_search_text_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO product_search_text (product_id, search_text) VALUES (NEW.id, NEW.search_text)
    ON CONFLICT (product_id) DO UPDATE SET search_text = EXCLUDED.search_text;
    RETURN NULL;
END $$;
CREATE TRIGGER product_search_text_insert AFTER INSERT ON products
    FOR EACH ROW EXECUTE FUNCTION product_search_text_change();
CREATE TRIGGER product_search_text_update AFTER UPDATE OF search_text ON products
    FOR EACH ROW EXECUTE FUNCTION product_search_text_change();
