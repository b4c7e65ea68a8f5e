-- The couriers the shop sends with (G4S, a matatu sacco, the shop's van), kept
-- by the owner so dispatching picks one instead of typing it anew; at most one
-- is the default the dispatch form starts with. Owned by internal/delivery.
-- An order keeps its courier's name as text (orders.courier): renaming or
-- removing a courier leaves the orders sent with it as they were.
CREATE TABLE couriers (
    id {{ID}},
    name TEXT NOT NULL,
    is_default BOOLEAN NOT NULL DEFAULT FALSE,
    created_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX couriers_name ON couriers (LOWER(name));
CREATE UNIQUE INDEX couriers_one_default ON couriers (is_default) WHERE is_default;
