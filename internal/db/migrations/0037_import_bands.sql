-- The product import carries each product's KRA tax band (internal/catalog,
-- docs/etims.md section 2), staged with the product's other fields.
ALTER TABLE import_products ADD COLUMN vat_class TEXT NOT NULL DEFAULT 'B';
