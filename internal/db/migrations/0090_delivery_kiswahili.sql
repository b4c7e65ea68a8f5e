-- Delivery in Kiswahili: each zone's and pickup point's name and estimated
-- time in Kiswahili ('' shows the English), a pickup point's directions in
-- both languages, and its opening hours as data, rows of days and times the
-- server and the app write in each language's form (docs/product.md
-- section 9): a JSON array of {"from": 1, "to": 5, "opens": "08:00",
-- "closes": "18:00"}, days 1 (Monday) to 7 (Sunday). A point whose rows are
-- empty still shows the hours it had as text. Owned by internal/delivery.
ALTER TABLE delivery_zones ADD COLUMN name_sw TEXT NOT NULL DEFAULT '' CHECK (length(name_sw) <= 100);
ALTER TABLE delivery_zones ADD COLUMN eta_sw TEXT NOT NULL DEFAULT '';
ALTER TABLE pickup_points ADD COLUMN name_sw TEXT NOT NULL DEFAULT '' CHECK (length(name_sw) <= 100);
ALTER TABLE pickup_points ADD COLUMN eta_sw TEXT NOT NULL DEFAULT '';
ALTER TABLE pickup_points ADD COLUMN directions TEXT NOT NULL DEFAULT '';
ALTER TABLE pickup_points ADD COLUMN directions_sw TEXT NOT NULL DEFAULT '';
ALTER TABLE pickup_points ADD COLUMN opening_hours TEXT NOT NULL DEFAULT '[]';
