-- Riders' deliveries (docs/product.md, "The rider's screen"): which rider
-- carries a home delivery, its four-digit delivery code (kept plain: the
-- dispatch text carries it, and only the customer is shown it), the wrong
-- codes tried, and how the delivery ended. Phones that refused a delivery
-- are offered pay on delivery no more. Owned by internal/rider.
CREATE TABLE rider_deliveries (
    order_id BIGINT PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
    rider_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    assigned_at {{TIME}},
    code TEXT NOT NULL CHECK (length(code) = 4),
    code_attempts INTEGER NOT NULL DEFAULT 0 CHECK (code_attempts >= 0),
    outcome TEXT NOT NULL DEFAULT '' CHECK (outcome IN ('', 'delivered', 'refused')),
    reason TEXT NOT NULL DEFAULT '',
    -- what the door payment brought, for the rider's end of the day
    collected_cents BIGINT NOT NULL DEFAULT 0 CHECK (collected_cents >= 0),
    outcome_at {{TIME}},
    created_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX rider_deliveries_rider ON rider_deliveries (rider_id, outcome, assigned_at);

CREATE TABLE refused_phones (
    phone TEXT PRIMARY KEY,
    order_id BIGINT REFERENCES orders (id) ON DELETE SET NULL,
    reason TEXT NOT NULL DEFAULT '',
    created_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);
