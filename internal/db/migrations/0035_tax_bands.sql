-- KRA's eTIMS tax bands replace the VAT classes (docs/etims.md): A exempt,
-- B 16 %, C zero-rated, D non-VAT, E 8 %. Owned by internal/vat (tax_bands),
-- internal/catalog (products.vat_class) and internal/order
-- (order_items.vat_class), whose columns keep their names and now hold a
-- band's letter. Today's classes map onto the bands: standard → B,
-- zero → C, exempt → A; the standard rate the admin set carries over to B.
CREATE TABLE tax_bands (
    code TEXT PRIMARY KEY CHECK (code IN ('A', 'B', 'C', 'D', 'E')),
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
    rate_bp INTEGER NOT NULL CHECK (rate_bp BETWEEN 0 AND 10000),
    updated_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP,
    -- exempt, zero-rated and non-VAT goods carry no VAT whatever a Finance Act says of B and E
    CHECK (code NOT IN ('A', 'C', 'D') OR rate_bp = 0)
);
INSERT INTO tax_bands (code, name, rate_bp) VALUES
    ('A', 'Exempt', 0),
    ('B', 'Standard rate', COALESCE((SELECT rate_bp FROM vat_classes WHERE code = 'standard'), 1600)),
    ('C', 'Zero-rated', 0),
    ('D', 'Non-VAT', 0),
    ('E', 'Reduced rate', 800);
DROP TABLE vat_classes;

-- engine: postgres
ALTER TABLE products DROP CONSTRAINT products_vat_class_check;
ALTER TABLE products ALTER COLUMN vat_class SET DEFAULT 'B';
ALTER TABLE order_items ALTER COLUMN vat_class SET DEFAULT 'B';
-- engine: sqlite
-- The CHECK and defaults widen in the stored definitions, as 0013 did (see
-- there why SQLite may): every stored row is rewritten below before the
-- new check could be asked of it.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema SET sql = replace(sql, 'vat_class TEXT NOT NULL DEFAULT ''standard'' CHECK (vat_class IN (''standard'', ''zero'', ''exempt''))',
    'vat_class TEXT NOT NULL DEFAULT ''B''') WHERE type = 'table' AND name = 'products';
UPDATE sqlite_schema SET sql = replace(sql, 'vat_class TEXT NOT NULL DEFAULT ''standard''',
    'vat_class TEXT NOT NULL DEFAULT ''B''') WHERE type = 'table' AND name = 'order_items';
PRAGMA writable_schema = RESET;
-- engine: both
UPDATE products SET vat_class = CASE vat_class WHEN 'zero' THEN 'C' WHEN 'exempt' THEN 'A' ELSE 'B' END;
UPDATE order_items SET vat_class = CASE vat_class WHEN 'zero' THEN 'C' WHEN 'exempt' THEN 'A' ELSE 'B' END;
-- engine: postgres
ALTER TABLE products ADD CONSTRAINT products_vat_class_check CHECK (vat_class IN ('A', 'B', 'C', 'D', 'E'));
-- engine: sqlite
PRAGMA writable_schema = ON;
UPDATE sqlite_schema SET sql = replace(sql, 'vat_class TEXT NOT NULL DEFAULT ''B''',
    'vat_class TEXT NOT NULL DEFAULT ''B'' CHECK (vat_class IN (''A'', ''B'', ''C'', ''D'', ''E''))') WHERE type = 'table' AND name = 'products';
PRAGMA writable_schema = RESET;
-- engine: both
CREATE INDEX products_vat_class ON products (vat_class);
