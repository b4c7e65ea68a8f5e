-- An order line keeps its product's Kiswahili name beside the English one it
-- was placed with (package order), so the order page, the mail, the text
-- messages and the receipt of an order placed in Kiswahili name what the
-- shopper bought as they read it then (docs/i18n.md, "Product content").
-- Empty where the product had no Kiswahili name: the English is shown.
-- Lines placed before it take their product's Kiswahili name of today.
ALTER TABLE order_items ADD COLUMN product_name_sw TEXT NOT NULL DEFAULT '';
UPDATE order_items SET product_name_sw = COALESCE((SELECT p.name_sw FROM products p WHERE p.id = order_items.product_id), '')
WHERE product_id IS NOT NULL;
