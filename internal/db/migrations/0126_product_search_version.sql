-- What the catalogue's search index in memory is built from moves this
-- counter (docs/architecture.md section 9, "The search index in memory"):
-- on SQLite each process answers a search's page and count from its own copy
-- of products_text's words and of the list's keys, and rebuilds it when
-- this number is no longer the one it was built at. The writes that move it
-- are the products' active flags, names, prices, promotions and collections,
-- their categories and sizes, the categories' slugs, and their texts
-- (catalog.textsChangedTx, as products_text is a virtual table that takes no
-- trigger). The stock and the cards' other columns do not: a checkout leaves
-- the index as it is.
--
-- products_text_words reads the words of products_text with their product
-- and column, one row a word's occurrence, for the build.
-- engine: sqlite
CREATE TABLE product_search_version (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    n BIGINT NOT NULL
);
INSERT INTO product_search_version (id, n) VALUES (1, 1);
CREATE VIRTUAL TABLE products_text_words USING fts5vocab(products_text, instance);
CREATE TRIGGER product_search_version_list_insert AFTER INSERT ON product_list BEGIN
    UPDATE product_search_version SET n = n + 1;
END;
CREATE TRIGGER product_search_version_list_update AFTER UPDATE ON product_list
WHEN OLD.is_active IS NOT NEW.is_active OR OLD.name_key IS NOT NEW.name_key OR OLD.name_key_sw IS NOT NEW.name_key_sw
    OR OLD.price_cents IS NOT NEW.price_cents BEGIN
    UPDATE product_search_version SET n = n + 1;
END;
CREATE TRIGGER product_search_version_list_delete AFTER DELETE ON product_list BEGIN
    UPDATE product_search_version SET n = n + 1;
END;
CREATE TRIGGER product_search_version_categories_insert AFTER INSERT ON product_categories BEGIN
    UPDATE product_search_version SET n = n + 1;
END;
CREATE TRIGGER product_search_version_categories_update AFTER UPDATE OF category_id, product_id ON product_categories BEGIN
    UPDATE product_search_version SET n = n + 1;
END;
CREATE TRIGGER product_search_version_categories_delete AFTER DELETE ON product_categories BEGIN
    UPDATE product_search_version SET n = n + 1;
END;
CREATE TRIGGER product_search_version_sizes_insert AFTER INSERT ON product_sizes BEGIN
    UPDATE product_search_version SET n = n + 1;
END;
CREATE TRIGGER product_search_version_sizes_update AFTER UPDATE OF size_key, product_id ON product_sizes BEGIN
    UPDATE product_search_version SET n = n + 1;
END;
CREATE TRIGGER product_search_version_sizes_delete AFTER DELETE ON product_sizes BEGIN
    UPDATE product_search_version SET n = n + 1;
END;
CREATE TRIGGER product_search_version_products AFTER UPDATE OF promo, is_new_arrival, is_best_seller, is_featured ON products
WHEN OLD.promo IS NOT NEW.promo OR OLD.is_new_arrival IS NOT NEW.is_new_arrival OR OLD.is_best_seller IS NOT NEW.is_best_seller
    OR OLD.is_featured IS NOT NEW.is_featured BEGIN
    UPDATE product_search_version SET n = n + 1;
END;
CREATE TRIGGER product_search_version_category_slugs AFTER UPDATE OF slug ON categories
WHEN OLD.slug IS NOT NEW.slug BEGIN
    UPDATE product_search_version SET n = n + 1;
END;
CREATE TRIGGER product_search_version_category_delete AFTER DELETE ON categories BEGIN
    UPDATE product_search_version SET n = n + 1;
END;
