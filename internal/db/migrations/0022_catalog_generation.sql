-- The catalogue's generation (package catalog): one number, raised after
-- every back-office write that can change what the catalogue shows. With the
-- last stock movement's id it tells each instance of the shop when its
-- cached catalogue answers have gone out of date, whichever instance made
-- the change (docs/architecture.md section 9).
CREATE TABLE catalog_generation (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    n BIGINT NOT NULL
);
INSERT INTO catalog_generation (id, n) VALUES (1, 0);
