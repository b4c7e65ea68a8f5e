-- The language the customer shopped in when they placed the order (package
-- order), so the mail and text messages about it come in that language
-- (docs/i18n.md, "Messages from the server"). Orders placed before it
-- were English.
ALTER TABLE orders ADD COLUMN lang TEXT NOT NULL DEFAULT 'en' CHECK (lang IN ('en', 'sw'));
