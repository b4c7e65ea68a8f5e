-- The CSV import's status column (docs/product.md section 5, "Import/Export"):
-- a product it creates may be a draft, and an existing draft stays one until
-- a row says status active. Owned by internal/catalogcsv, as 0026's tables.
ALTER TABLE import_products ADD COLUMN is_draft BOOLEAN NOT NULL DEFAULT FALSE;
