-- The admin's order search by trigrams, and the dashboard's totals on SQLite
-- (docs/benchmarks.md, "The back office at scale").
--
-- A search matches any part of the order number, the customer's name, email
-- or phone (LIKE '%jiku%'). Walking the orders newest first (0021) finds a
-- page of a common name at once, but a search that matches few orders or
-- none read every one of 100,000. A trigram index names the orders that
-- hold every three letters of the search; the LIKE then checks only those.
-- engine: sqlite
-- One row a trigram and the orders holding it (detail=none, no copy of the
-- text): about 11 MB for 100,000 orders. The search ANDs the trigrams and
-- checks what they name against the orders themselves (order.AdminList).
CREATE VIRTUAL TABLE orders_search USING fts5(
    text, content='', contentless_delete=1, tokenize='trigram', detail='none');
INSERT INTO orders_search (rowid, text)
    SELECT id, order_number || char(10) || first_name || ' ' || last_name || char(10) || email || char(10) || phone FROM orders;
CREATE TRIGGER orders_search_insert AFTER INSERT ON orders BEGIN
    INSERT INTO orders_search (rowid, text)
        VALUES (new.id, new.order_number || char(10) || new.first_name || ' ' || new.last_name || char(10) || new.email || char(10) || new.phone);
END;
CREATE TRIGGER orders_search_update AFTER UPDATE OF order_number, first_name, last_name, email, phone ON orders BEGIN
    DELETE FROM orders_search WHERE rowid = old.id;
    INSERT INTO orders_search (rowid, text)
        VALUES (new.id, new.order_number || char(10) || new.first_name || ' ' || new.last_name || char(10) || new.email || char(10) || new.phone);
END;
CREATE TRIGGER orders_search_delete AFTER DELETE ON orders BEGIN
    DELETE FROM orders_search WHERE rowid = old.id;
END;

-- The dashboard's figures by status, as PostgreSQL keeps them since 0021,
-- but one row a status: SQLite has one writer at a time, so a shared row
-- makes no one wait. Summing 100,000 orders took 30-60 ms under load.
-- `shop copy` leaves this table out: PostgreSQL's triggers fill its own as
-- the orders are copied.
CREATE TABLE order_status_totals (
    status TEXT PRIMARY KEY,
    orders INTEGER NOT NULL,
    net_cents INTEGER NOT NULL,
    attention INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO order_status_totals (status, orders, net_cents, attention)
    SELECT status, COUNT(*), SUM(total_cents - refunded_cents), SUM(attention <> '') FROM orders GROUP BY status;
CREATE TRIGGER orders_totals_insert AFTER INSERT ON orders BEGIN
    INSERT INTO order_status_totals (status, orders, net_cents, attention)
        VALUES (new.status, 1, new.total_cents - new.refunded_cents, new.attention <> '')
        ON CONFLICT (status) DO UPDATE SET orders = orders + 1,
            net_cents = net_cents + excluded.net_cents, attention = attention + excluded.attention;
END;
CREATE TRIGGER orders_totals_update AFTER UPDATE OF status, total_cents, refunded_cents, attention ON orders BEGIN
    UPDATE order_status_totals SET orders = orders - 1,
        net_cents = net_cents - (old.total_cents - old.refunded_cents), attention = attention - (old.attention <> '')
        WHERE status = old.status;
    INSERT INTO order_status_totals (status, orders, net_cents, attention)
        VALUES (new.status, 1, new.total_cents - new.refunded_cents, new.attention <> '')
        ON CONFLICT (status) DO UPDATE SET orders = orders + 1,
            net_cents = net_cents + excluded.net_cents, attention = attention + excluded.attention;
END;
CREATE TRIGGER orders_totals_delete AFTER DELETE ON orders BEGIN
    UPDATE order_status_totals SET orders = orders - 1,
        net_cents = net_cents - (old.total_cents - old.refunded_cents), attention = attention - (old.attention <> '')
        WHERE status = old.status;
END;
-- engine: postgres
-- pg_trgm ships with PostgreSQL and is trusted: the shop's own user may
-- add it to its database. It goes in public, where every schema finds it.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
CREATE INDEX orders_admin_trigrams ON orders USING gin (admin_search public.gin_trgm_ops);
