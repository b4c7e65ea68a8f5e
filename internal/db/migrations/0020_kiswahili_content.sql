-- The Kiswahili of the catalogue's texts (docs/i18n.md, "Product content"),
-- written by the admin beside the English: empty where none is written, and
-- then the shop shows the English. Categories have no description in
-- either language, so only their name has a Kiswahili twin.
ALTER TABLE products ADD COLUMN name_sw TEXT NOT NULL DEFAULT '' CHECK (length(name_sw) <= 200);
ALTER TABLE products ADD COLUMN description_sw TEXT NOT NULL DEFAULT '';
ALTER TABLE categories ADD COLUMN name_sw TEXT NOT NULL DEFAULT '' CHECK (length(name_sw) <= 100);

-- A Kiswahili list sorted by name, or by price and then name, reads its page
-- in the order of the names it shows (the Kiswahili name, else the English)
-- from an index, as the English list does with those of 0014: one twin of
-- each, the key written as internal/catalog/language.go writes it.
CREATE INDEX products_active_name_sw ON products (is_active, LOWER(CASE WHEN name_sw <> '' THEN name_sw ELSE name END), id);
CREATE INDEX products_active_price_sw ON products (is_active, base_price_cents, LOWER(CASE WHEN name_sw <> '' THEN name_sw ELSE name END), id);
CREATE INDEX products_promo_name_sw ON products (promo, is_active, LOWER(CASE WHEN name_sw <> '' THEN name_sw ELSE name END), id);
CREATE INDEX products_new_name_sw ON products (is_new_arrival, is_active, LOWER(CASE WHEN name_sw <> '' THEN name_sw ELSE name END), id);
CREATE INDEX products_best_name_sw ON products (is_best_seller, is_active, LOWER(CASE WHEN name_sw <> '' THEN name_sw ELSE name END), id);
CREATE INDEX products_featured_name_sw ON products (is_featured, is_active, LOWER(CASE WHEN name_sw <> '' THEN name_sw ELSE name END), id);
ALTER TABLE product_categories ADD COLUMN name_key_sw TEXT NOT NULL DEFAULT '';
UPDATE product_categories SET name_key_sw = name_key;
CREATE INDEX product_categories_name_sw ON product_categories (category_id, is_active, name_key_sw, product_id);
CREATE INDEX product_categories_price_sw ON product_categories (category_id, is_active, price_cents, name_key_sw, product_id);
