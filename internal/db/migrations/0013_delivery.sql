-- Delivery priced by county and weight, pickup points, each size's shipping
-- weight, and the delivery an order chose: a snapshot, so later changes to
-- zones and pickup points never change an order. Owned by internal/delivery
-- (zones, their counties, pickup points), internal/catalog (variants) and
-- internal/order (orders).

CREATE TABLE delivery_zones (
    id {{ID}},
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    base_fee_cents BIGINT NOT NULL CHECK (base_fee_cents >= 0),
    -- the weight the base fee carries; each further kg or part of one costs per_kg_cents
    included_grams BIGINT NOT NULL DEFAULT 0 CHECK (included_grams >= 0),
    per_kg_cents BIGINT NOT NULL DEFAULT 0 CHECK (per_kg_cents >= 0),
    eta TEXT NOT NULL DEFAULT '',
    -- delivery is free for a subtotal at or above this; NULL: never free
    free_over_cents BIGINT CHECK (free_over_cents >= 0),
    created_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- Each county is in exactly one zone: the key makes it at most one, and the
-- store never takes a county out of a zone without putting it in another.
CREATE TABLE delivery_zone_counties (
    county TEXT PRIMARY KEY,
    zone_id BIGINT NOT NULL REFERENCES delivery_zones (id) ON DELETE CASCADE
);
CREATE INDEX delivery_zone_counties_zone ON delivery_zone_counties (zone_id);

CREATE TABLE pickup_points (
    id {{ID}},
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    county TEXT NOT NULL,
    town TEXT NOT NULL,
    address TEXT NOT NULL,
    phone TEXT NOT NULL DEFAULT '',
    hours TEXT NOT NULL DEFAULT '',
    fee_cents BIGINT NOT NULL CHECK (fee_cents >= 0),
    eta TEXT NOT NULL DEFAULT '',
    -- the shop's own store, offered to farmers of every county
    is_store BOOLEAN NOT NULL DEFAULT FALSE,
    is_active BOOLEAN NOT NULL DEFAULT TRUE,
    created_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX pickup_points_county ON pickup_points (county, is_active);

-- Until the shop sets its zones, every county is one zone at the old flat
-- Ksh 500, so checkout keeps working on a shop that upgrades. The demo
-- (--dev) replaces it with zones around Ruiru.
INSERT INTO delivery_zones (name, base_fee_cents, included_grams, per_kg_cents, eta) VALUES ('All of Kenya', 50000, 0, 0, '1–3 days');
WITH c (county) AS (VALUES
    ('Baringo'), ('Bomet'), ('Bungoma'), ('Busia'), ('Elgeyo-Marakwet'), ('Embu'), ('Garissa'),
    ('Homa Bay'), ('Isiolo'), ('Kajiado'), ('Kakamega'), ('Kericho'), ('Kiambu'), ('Kilifi'),
    ('Kirinyaga'), ('Kisii'), ('Kisumu'), ('Kitui'), ('Kwale'), ('Laikipia'), ('Lamu'),
    ('Machakos'), ('Makueni'), ('Mandera'), ('Marsabit'), ('Meru'), ('Migori'), ('Mombasa'),
    ('Murang''a'), ('Nairobi'), ('Nakuru'), ('Nandi'), ('Narok'), ('Nyamira'), ('Nyandarua'),
    ('Nyeri'), ('Samburu'), ('Siaya'), ('Taita-Taveta'), ('Tana River'), ('Tharaka-Nithi'),
    ('Trans Nzoia'), ('Turkana'), ('Uasin Gishu'), ('Vihiga'), ('Wajir'), ('West Pokot')
)
INSERT INTO delivery_zone_counties (county, zone_id) SELECT c.county, z.id FROM c, delivery_zones z WHERE z.name = 'All of Kenya';

-- A size's shipping weight in grams. NULL until it is set or read from the
-- size's name ("70 Kg", "500 ml") when the shop starts (catalog.DeriveWeights).
ALTER TABLE variants ADD COLUMN weight_grams BIGINT CHECK (weight_grams >= 0);

-- What the order chose, as it was then.
ALTER TABLE orders ADD COLUMN delivery_kind TEXT NOT NULL DEFAULT 'delivery' CHECK (delivery_kind IN ('delivery', 'pickup'));
ALTER TABLE orders ADD COLUMN delivery_option TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN delivery_name TEXT NOT NULL DEFAULT 'Home delivery';
ALTER TABLE orders ADD COLUMN delivery_eta TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN delivery_address TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN delivery_hours TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN weight_grams BIGINT NOT NULL DEFAULT 0;
-- Recorded when the shop dispatches the order.
ALTER TABLE orders ADD COLUMN courier TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN tracking_number TEXT NOT NULL DEFAULT '';

-- Pickup orders become ready_for_pickup and then collected. PostgreSQL
-- replaces the status CHECK; SQLite cannot alter a CHECK, so it widens the
-- stored table definition in place (sqlite.org/lang_altertable.html, section
-- 7: safe because every stored row already passes the wider check), reloads
-- it, and the index created after it tells every other connection.
-- engine: postgres
ALTER TABLE orders DROP CONSTRAINT orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN ('pending_payment', 'paid', 'processing', 'dispatched', 'delivered', 'ready_for_pickup', 'collected', 'payment_failed', 'cancelled'));
-- engine: sqlite
PRAGMA writable_schema = ON;
UPDATE sqlite_schema SET sql = replace(sql, 'CHECK (status IN (''pending_payment'', ''paid'', ''processing'', ''dispatched'', ''delivered'', ''payment_failed'', ''cancelled''))',
    'CHECK (status IN (''pending_payment'', ''paid'', ''processing'', ''dispatched'', ''delivered'', ''ready_for_pickup'', ''collected'', ''payment_failed'', ''cancelled''))') WHERE type = 'table' AND name = 'orders';
PRAGMA writable_schema = RESET;
-- engine: both
CREATE INDEX orders_delivery_kind ON orders (delivery_kind, status);
