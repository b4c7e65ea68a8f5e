-- Drafts (docs/product.md section 5): a new product starts as a draft, never
-- active, and goes live by Publish once it has a size with a price. A draft
-- is an inactive product with this mark, so every storefront query that
-- shows only active products keeps drafts out without knowing of them.
-- Owned by internal/catalog.
ALTER TABLE products ADD COLUMN is_draft BOOLEAN NOT NULL DEFAULT FALSE CHECK (NOT (is_draft AND is_active));
