-- A catalogue that stays fast at 10,000 products, and search that understands
-- farmers (docs/architecture.md section 9).
--
-- What a product card shows is kept on the product itself, written by the
-- catalog package in the same transaction as the change behind it, so a page
-- of the list is one read: the cheapest and dearest size, whether any size is
-- in stock, the rating and its count, the sizes and the first picture in the
-- API's own JSON. search_version says which version of the search text and
-- card the row holds; rows behind the code's version are refreshed at start.
ALTER TABLE products ADD COLUMN price_min_cents BIGINT;
ALTER TABLE products ADD COLUMN price_max_cents BIGINT;
ALTER TABLE products ADD COLUMN in_stock BOOLEAN NOT NULL DEFAULT FALSE;
-- the mean rating in tenths, rounded down (43 for 4.3); NULL without reviews
ALTER TABLE products ADD COLUMN rating_tenths INTEGER;
ALTER TABLE products ADD COLUMN review_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE products ADD COLUMN card_variants TEXT NOT NULL DEFAULT '[]';
ALTER TABLE products ADD COLUMN card_images TEXT NOT NULL DEFAULT '[]';
ALTER TABLE products ADD COLUMN search_version INTEGER NOT NULL DEFAULT 0;

-- Each filter and sort of the list reads its page from an index.
DROP INDEX products_active_price;
CREATE INDEX products_active_price ON products (is_active, base_price_cents, LOWER(name), id);
CREATE INDEX products_promo_name ON products (promo, is_active, LOWER(name), id);
CREATE INDEX products_new_name ON products (is_new_arrival, is_active, LOWER(name), id);
CREATE INDEX products_best_name ON products (is_best_seller, is_active, LOWER(name), id);
CREATE INDEX products_featured_name ON products (is_featured, is_active, LOWER(name), id);
-- Every category a product is found under: its own and each one above it,
-- with what the list filters and sorts by, so a category's page (its
-- sub-categories' products included) is one range of an index read in the
-- order shown.
CREATE TABLE product_categories (
    category_id BIGINT NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    is_active BOOLEAN NOT NULL,
    name_key TEXT NOT NULL,
    price_cents BIGINT NOT NULL,
    PRIMARY KEY (category_id, product_id)
);
CREATE INDEX product_categories_product ON product_categories (product_id);
CREATE INDEX product_categories_name ON product_categories (category_id, is_active, name_key, product_id);
CREATE INDEX product_categories_price ON product_categories (category_id, is_active, price_cents, name_key, product_id);

-- The admin's list, newest first.
CREATE INDEX products_admin ON products (is_active, id);

-- The spelling table: every word of four letters or more in a product's or a
-- category's name ("term"), under itself and under each form with one letter
-- left out ("word"). A typed word with one letter wrong, missing, extra or
-- swapped shares one of those forms with the word meant, so a typo is found
-- by a handful of key look-ups, never a scan.
-- Words compare byte by byte, so "every word beginning with albend" is a
-- range of the key on both engines (SQLite's default; PostgreSQL's "C").
-- engine: sqlite
CREATE TABLE search_words (
    word TEXT NOT NULL,
    term TEXT NOT NULL,
    PRIMARY KEY (word, term)
);
-- engine: postgres
CREATE TABLE search_words (
    word TEXT COLLATE "C" NOT NULL,
    term TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (word, term)
);
-- engine: both

-- Farmers' words the admin can edit: a phrase typed (lower case, words
-- separated by single spaces) and what it means, comma-separated
-- alternatives each searched as well as the phrase itself.
CREATE TABLE search_synonyms (
    id {{ID}},
    phrase TEXT NOT NULL UNIQUE CHECK (length(phrase) BETWEEN 1 AND 100),
    expansion TEXT NOT NULL CHECK (length(expansion) BETWEEN 1 AND 300)
);
INSERT INTO search_synonyms (phrase, expansion) VALUES
    ('dawa ya minyoo', 'dewormer'),
    ('minyoo', 'dewormer'),
    ('wormer', 'dewormer'),
    ('chakula cha kuku', 'poultry, layers, chick, broiler, kienyeji'),
    ('kuku', 'poultry, layers, chick, broiler, kienyeji'),
    ('ngombe', 'dairy, cow'),
    ('maziwa', 'dairy'),
    ('nguruwe', 'pig feeds, pig'),
    ('madini', 'mineral, dcp');

-- The full-text index: a product's name, its category (with the categories
-- above it) and the rest (description, sizes, SKUs), weighted in that order.
-- engine: sqlite
CREATE VIRTUAL TABLE products_text USING fts5(name, category, body, content='', contentless_delete=1, prefix='2 3 4');
-- engine: postgres
ALTER TABLE products ADD COLUMN search_text tsvector NOT NULL DEFAULT ''::tsvector;
CREATE INDEX products_search_text ON products USING GIN (search_text);
