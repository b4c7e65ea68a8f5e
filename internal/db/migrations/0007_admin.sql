-- The back office: an audit log of every change an admin makes (who, what,
-- when, and before → after in brief), the files behind an uploaded product
-- image, and the indexes the admin's lists sort by.

CREATE TABLE admin_audit (
    id {{ID}},
    -- kept when the admin's account is deleted: the email says who it was
    actor_user_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    actor_email TEXT NOT NULL,
    -- create, update, delete, deactivate, status, role, upload, reorder, handled, ...
    action TEXT NOT NULL,
    -- product, variant, image, category, order, user, message
    entity TEXT NOT NULL,
    entity_id TEXT NOT NULL DEFAULT '',
    summary TEXT NOT NULL DEFAULT '',
    created_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX admin_audit_created ON admin_audit (created_at, id);
CREATE INDEX admin_audit_entity ON admin_audit (entity, entity_id);

-- Every file an uploaded image was stored as (one per width), space-separated
-- names under media/products, so deleting the image removes them all. Empty
-- for images that are not uploads (the demo packshots).
ALTER TABLE product_images ADD COLUMN files TEXT NOT NULL DEFAULT '';

-- The admin's order list, newest first, with or without a status filter.
CREATE INDEX orders_created ON orders (created_at, id);
-- The dashboard's low-stock list.
CREATE INDEX variants_stock ON variants (stock);
