-- The Kiswahili of the catalogue's texts (docs/i18n.md, "Product content"),
-- written by the admin beside the English: empty where none is written, and
-- then the shop shows the English. Categories have no description in
-- either language, so only their name has a Kiswahili twin.
ALTER TABLE products ADD COLUMN name_sw TEXT NOT NULL DEFAULT '' CHECK (length(name_sw) <= 200);
ALTER TABLE products ADD COLUMN description_sw TEXT NOT NULL DEFAULT '';
ALTER TABLE categories ADD COLUMN name_sw TEXT NOT NULL DEFAULT '' CHECK (length(name_sw) <= 100);

-- A Kiswahili list sorted by name reads its page in the order of the names
-- it shows (the Kiswahili name, else the English), from an index as the
-- English list does: the whole catalogue and a category's page.
CREATE INDEX products_active_name_sw ON products (is_active, LOWER(CASE WHEN name_sw <> '' THEN name_sw ELSE name END), id);
ALTER TABLE product_categories ADD COLUMN name_key_sw TEXT NOT NULL DEFAULT '';
UPDATE product_categories SET name_key_sw = name_key;
CREATE INDEX product_categories_name_sw ON product_categories (category_id, is_active, name_key_sw, product_id);
