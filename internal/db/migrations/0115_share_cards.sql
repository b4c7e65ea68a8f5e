-- The share cards link previews show (docs/architecture.md section 9,
-- "Share cards"), drawn by a background job and kept in the media store at
-- media_key; owned by internal/storefront. One row a product and language.
-- checked_at is when the job last looked at the product: a product whose
-- updated_at is not before it is looked at again, and redrawn when what the
-- card shows (fingerprint) has changed. media_key is '' until the first
-- drawing is stored; the shop's generic card answers meanwhile.
CREATE TABLE share_cards (
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    lang TEXT NOT NULL,
    media_key TEXT NOT NULL DEFAULT '',
    fingerprint TEXT NOT NULL DEFAULT '',
    checked_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP,
    PRIMARY KEY (product_id, lang)
);
