-- The sales reports' daily totals (docs/architecture.md section 12): what
-- the paid orders (order.PaidStatuses) brought in, by Nairobi day and
-- county, and by day and product. A year's report summed 100,000 orders
-- (195-250 ms of CPU for its statement alone); it now sums at most a row a
-- day and county.
--
-- The totals are kept by triggers on orders and order_items, in the
-- transaction that changes an order, whatever the change (placed, paid,
-- cancelled, refunded, moved, erased, copied): an order's part is taken
-- out as it was and put back as it is. A change that moves no money (an
-- order going from paid to dispatched) touches no total. `shop copy`
-- leaves both tables out: PostgreSQL's triggers fill its own as the orders
-- and their lines are copied.
--
-- Sums are as report.go's recomputation adds them: revenue net of refunds;
-- a fully refunded order counts no order and no quantity; a part refund is
-- shared among the order's lines by their value, rounded down per line.
-- paid_orders and lines count every paid order and line, refunded or not,
-- so a county or product whose only order was refunded is still listed.
-- SQLite's day of a stored time: the text CURRENT_TIMESTAMP and db.TimeArg
-- write, or else the first 19 characters of what a driver wrote for a Go
-- time (always UTC here), so a write never fails on a day it cannot read.
-- engine: sqlite
CREATE TABLE sales_days (
    day TEXT NOT NULL,
    county TEXT NOT NULL,
    revenue_cents INTEGER NOT NULL,
    orders INTEGER NOT NULL,
    refunded_cents INTEGER NOT NULL,
    paid_orders INTEGER NOT NULL,
    PRIMARY KEY (day, county)
) WITHOUT ROWID;
CREATE TABLE sales_day_products (
    day TEXT NOT NULL,
    product_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    revenue_cents INTEGER NOT NULL,
    quantity INTEGER NOT NULL,
    lines INTEGER NOT NULL,
    PRIMARY KEY (day, product_id)
) WITHOUT ROWID;
-- The backfill: the same sums the triggers keep.
INSERT INTO sales_days (day, county, revenue_cents, orders, refunded_cents, paid_orders)
    SELECT COALESCE(date(created_at, '+3 hours'), date(substr(created_at, 1, 19), '+3 hours'), ''), county, SUM(total_cents - refunded_cents),
        SUM(status <> 'refunded'), SUM(refunded_cents), COUNT(*)
    FROM orders
    WHERE status IN ('paid', 'processing', 'dispatched', 'delivered', 'ready_for_pickup', 'collected', 'partially_refunded', 'refunded')
    GROUP BY 1, 2;
INSERT INTO sales_day_products (day, product_id, name, revenue_cents, quantity, lines)
    SELECT COALESCE(date(o.created_at, '+3 hours'), date(substr(o.created_at, 1, 19), '+3 hours'), ''), COALESCE(i.product_id, 0), MAX(i.product_name),
        SUM(i.total_price_cents - CASE WHEN o.refunded_cents = 0 THEN 0 ELSE i.total_price_cents * o.refunded_cents / o.total_cents END),
        SUM(CASE WHEN o.status = 'refunded' THEN 0 ELSE i.quantity END), COUNT(*)
    FROM orders o JOIN order_items i ON i.order_id = o.id
    WHERE o.status IN ('paid', 'processing', 'dispatched', 'delivered', 'ready_for_pickup', 'collected', 'partially_refunded', 'refunded')
    GROUP BY 1, 2;

-- An order's part: sign -1 takes it out, +1 puts it in. SQLite's triggers
-- take no arguments, so each trigger spells out its own two halves.
CREATE TRIGGER sales_orders_insert AFTER INSERT ON orders
    WHEN new.status IN ('paid', 'processing', 'dispatched', 'delivered', 'ready_for_pickup', 'collected', 'partially_refunded', 'refunded')
BEGIN
    INSERT INTO sales_days (day, county, revenue_cents, orders, refunded_cents, paid_orders)
        SELECT COALESCE(date(new.created_at, '+3 hours'), date(substr(new.created_at, 1, 19), '+3 hours'), ''), new.county, new.total_cents - new.refunded_cents,
            new.status <> 'refunded', new.refunded_cents, 1 WHERE true
        ON CONFLICT (day, county) DO UPDATE SET revenue_cents = revenue_cents + excluded.revenue_cents,
            orders = orders + excluded.orders, refunded_cents = refunded_cents + excluded.refunded_cents,
            paid_orders = paid_orders + excluded.paid_orders;
    INSERT INTO sales_day_products (day, product_id, name, revenue_cents, quantity, lines)
        SELECT COALESCE(date(new.created_at, '+3 hours'), date(substr(new.created_at, 1, 19), '+3 hours'), ''), COALESCE(i.product_id, 0), MAX(i.product_name),
            SUM(i.total_price_cents - CASE WHEN new.refunded_cents = 0 THEN 0 ELSE i.total_price_cents * new.refunded_cents / new.total_cents END),
            SUM(CASE WHEN new.status = 'refunded' THEN 0 ELSE i.quantity END), COUNT(*)
        FROM order_items i WHERE i.order_id = new.id GROUP BY COALESCE(i.product_id, 0)
        ON CONFLICT (day, product_id) DO UPDATE SET name = max(name, excluded.name),
            revenue_cents = revenue_cents + excluded.revenue_cents, quantity = quantity + excluded.quantity,
            lines = lines + excluded.lines;
END;

-- Only a change to what the totals read: whether the order counts, whether
-- it is fully refunded, its amounts, county or day.
CREATE TRIGGER sales_orders_update AFTER UPDATE OF status, total_cents, refunded_cents, county, created_at ON orders
    WHEN (old.status IN ('paid', 'processing', 'dispatched', 'delivered', 'ready_for_pickup', 'collected', 'partially_refunded', 'refunded'))
            <> (new.status IN ('paid', 'processing', 'dispatched', 'delivered', 'ready_for_pickup', 'collected', 'partially_refunded', 'refunded'))
        OR (new.status IN ('paid', 'processing', 'dispatched', 'delivered', 'ready_for_pickup', 'collected', 'partially_refunded', 'refunded')
            AND ((old.status = 'refunded') <> (new.status = 'refunded') OR old.total_cents <> new.total_cents
                OR old.refunded_cents <> new.refunded_cents OR old.county <> new.county OR old.created_at <> new.created_at))
BEGIN
    INSERT INTO sales_days (day, county, revenue_cents, orders, refunded_cents, paid_orders)
        SELECT COALESCE(date(old.created_at, '+3 hours'), date(substr(old.created_at, 1, 19), '+3 hours'), ''), old.county, -(old.total_cents - old.refunded_cents),
            -(old.status <> 'refunded'), -old.refunded_cents, -1
        WHERE old.status IN ('paid', 'processing', 'dispatched', 'delivered', 'ready_for_pickup', 'collected', 'partially_refunded', 'refunded')
        ON CONFLICT (day, county) DO UPDATE SET revenue_cents = revenue_cents + excluded.revenue_cents,
            orders = orders + excluded.orders, refunded_cents = refunded_cents + excluded.refunded_cents,
            paid_orders = paid_orders + excluded.paid_orders;
    INSERT INTO sales_day_products (day, product_id, name, revenue_cents, quantity, lines)
        SELECT COALESCE(date(old.created_at, '+3 hours'), date(substr(old.created_at, 1, 19), '+3 hours'), ''), COALESCE(i.product_id, 0), MAX(i.product_name),
            -SUM(i.total_price_cents - CASE WHEN old.refunded_cents = 0 THEN 0 ELSE i.total_price_cents * old.refunded_cents / old.total_cents END),
            -SUM(CASE WHEN old.status = 'refunded' THEN 0 ELSE i.quantity END), -COUNT(*)
        FROM order_items i
        WHERE i.order_id = old.id
            AND old.status IN ('paid', 'processing', 'dispatched', 'delivered', 'ready_for_pickup', 'collected', 'partially_refunded', 'refunded')
        GROUP BY COALESCE(i.product_id, 0)
        ON CONFLICT (day, product_id) DO UPDATE SET name = max(name, excluded.name),
            revenue_cents = revenue_cents + excluded.revenue_cents, quantity = quantity + excluded.quantity,
            lines = lines + excluded.lines;
    INSERT INTO sales_days (day, county, revenue_cents, orders, refunded_cents, paid_orders)
        SELECT COALESCE(date(new.created_at, '+3 hours'), date(substr(new.created_at, 1, 19), '+3 hours'), ''), new.county, new.total_cents - new.refunded_cents,
            new.status <> 'refunded', new.refunded_cents, 1
        WHERE new.status IN ('paid', 'processing', 'dispatched', 'delivered', 'ready_for_pickup', 'collected', 'partially_refunded', 'refunded')
        ON CONFLICT (day, county) DO UPDATE SET revenue_cents = revenue_cents + excluded.revenue_cents,
            orders = orders + excluded.orders, refunded_cents = refunded_cents + excluded.refunded_cents,
            paid_orders = paid_orders + excluded.paid_orders;
    INSERT INTO sales_day_products (day, product_id, name, revenue_cents, quantity, lines)
        SELECT COALESCE(date(new.created_at, '+3 hours'), date(substr(new.created_at, 1, 19), '+3 hours'), ''), COALESCE(i.product_id, 0), MAX(i.product_name),
            SUM(i.total_price_cents - CASE WHEN new.refunded_cents = 0 THEN 0 ELSE i.total_price_cents * new.refunded_cents / new.total_cents END),
            SUM(CASE WHEN new.status = 'refunded' THEN 0 ELSE i.quantity END), COUNT(*)
        FROM order_items i
        WHERE i.order_id = new.id
            AND new.status IN ('paid', 'processing', 'dispatched', 'delivered', 'ready_for_pickup', 'collected', 'partially_refunded', 'refunded')
        GROUP BY COALESCE(i.product_id, 0)
        ON CONFLICT (day, product_id) DO UPDATE SET name = max(name, excluded.name),
            revenue_cents = revenue_cents + excluded.revenue_cents, quantity = quantity + excluded.quantity,
            lines = lines + excluded.lines;
END;

-- Before the delete, while the order's lines are still there; their own
-- delete trigger then finds no order and takes nothing out again.
CREATE TRIGGER sales_orders_delete BEFORE DELETE ON orders
    WHEN old.status IN ('paid', 'processing', 'dispatched', 'delivered', 'ready_for_pickup', 'collected', 'partially_refunded', 'refunded')
BEGIN
    INSERT INTO sales_days (day, county, revenue_cents, orders, refunded_cents, paid_orders)
        SELECT COALESCE(date(old.created_at, '+3 hours'), date(substr(old.created_at, 1, 19), '+3 hours'), ''), old.county, -(old.total_cents - old.refunded_cents),
            -(old.status <> 'refunded'), -old.refunded_cents, -1 WHERE true
        ON CONFLICT (day, county) DO UPDATE SET revenue_cents = revenue_cents + excluded.revenue_cents,
            orders = orders + excluded.orders, refunded_cents = refunded_cents + excluded.refunded_cents,
            paid_orders = paid_orders + excluded.paid_orders;
    INSERT INTO sales_day_products (day, product_id, name, revenue_cents, quantity, lines)
        SELECT COALESCE(date(old.created_at, '+3 hours'), date(substr(old.created_at, 1, 19), '+3 hours'), ''), COALESCE(i.product_id, 0), MAX(i.product_name),
            -SUM(i.total_price_cents - CASE WHEN old.refunded_cents = 0 THEN 0 ELSE i.total_price_cents * old.refunded_cents / old.total_cents END),
            -SUM(CASE WHEN old.status = 'refunded' THEN 0 ELSE i.quantity END), -COUNT(*)
        FROM order_items i WHERE i.order_id = old.id GROUP BY COALESCE(i.product_id, 0)
        ON CONFLICT (day, product_id) DO UPDATE SET name = max(name, excluded.name),
            revenue_cents = revenue_cents + excluded.revenue_cents, quantity = quantity + excluded.quantity,
            lines = lines + excluded.lines;
END;

-- A line's part, when a line of a paid order is added, changed or removed
-- (an order's lines are written once when it is placed, unpaid, so these
-- only read the order's status).
CREATE TRIGGER sales_items_insert AFTER INSERT ON order_items BEGIN
    INSERT INTO sales_day_products (day, product_id, name, revenue_cents, quantity, lines)
        SELECT COALESCE(date(o.created_at, '+3 hours'), date(substr(o.created_at, 1, 19), '+3 hours'), ''), COALESCE(new.product_id, 0), new.product_name,
            new.total_price_cents - CASE WHEN o.refunded_cents = 0 THEN 0 ELSE new.total_price_cents * o.refunded_cents / o.total_cents END,
            CASE WHEN o.status = 'refunded' THEN 0 ELSE new.quantity END, 1
        FROM orders o
        WHERE o.id = new.order_id
            AND o.status IN ('paid', 'processing', 'dispatched', 'delivered', 'ready_for_pickup', 'collected', 'partially_refunded', 'refunded')
        ON CONFLICT (day, product_id) DO UPDATE SET name = max(name, excluded.name),
            revenue_cents = revenue_cents + excluded.revenue_cents, quantity = quantity + excluded.quantity,
            lines = lines + excluded.lines;
END;
CREATE TRIGGER sales_items_delete AFTER DELETE ON order_items BEGIN
    INSERT INTO sales_day_products (day, product_id, name, revenue_cents, quantity, lines)
        SELECT COALESCE(date(o.created_at, '+3 hours'), date(substr(o.created_at, 1, 19), '+3 hours'), ''), COALESCE(old.product_id, 0), old.product_name,
            -(old.total_price_cents - CASE WHEN o.refunded_cents = 0 THEN 0 ELSE old.total_price_cents * o.refunded_cents / o.total_cents END),
            -(CASE WHEN o.status = 'refunded' THEN 0 ELSE old.quantity END), -1
        FROM orders o
        WHERE o.id = old.order_id
            AND o.status IN ('paid', 'processing', 'dispatched', 'delivered', 'ready_for_pickup', 'collected', 'partially_refunded', 'refunded')
        ON CONFLICT (day, product_id) DO UPDATE SET name = max(name, excluded.name),
            revenue_cents = revenue_cents + excluded.revenue_cents, quantity = quantity + excluded.quantity,
            lines = lines + excluded.lines;
END;
CREATE TRIGGER sales_items_update AFTER UPDATE OF order_id, product_id, product_name, quantity, total_price_cents ON order_items BEGIN
    INSERT INTO sales_day_products (day, product_id, name, revenue_cents, quantity, lines)
        SELECT COALESCE(date(o.created_at, '+3 hours'), date(substr(o.created_at, 1, 19), '+3 hours'), ''), COALESCE(old.product_id, 0), old.product_name,
            -(old.total_price_cents - CASE WHEN o.refunded_cents = 0 THEN 0 ELSE old.total_price_cents * o.refunded_cents / o.total_cents END),
            -(CASE WHEN o.status = 'refunded' THEN 0 ELSE old.quantity END), -1
        FROM orders o
        WHERE o.id = old.order_id
            AND o.status IN ('paid', 'processing', 'dispatched', 'delivered', 'ready_for_pickup', 'collected', 'partially_refunded', 'refunded')
        ON CONFLICT (day, product_id) DO UPDATE SET name = max(name, excluded.name),
            revenue_cents = revenue_cents + excluded.revenue_cents, quantity = quantity + excluded.quantity,
            lines = lines + excluded.lines;
    INSERT INTO sales_day_products (day, product_id, name, revenue_cents, quantity, lines)
        SELECT COALESCE(date(o.created_at, '+3 hours'), date(substr(o.created_at, 1, 19), '+3 hours'), ''), COALESCE(new.product_id, 0), new.product_name,
            new.total_price_cents - CASE WHEN o.refunded_cents = 0 THEN 0 ELSE new.total_price_cents * o.refunded_cents / o.total_cents END,
            CASE WHEN o.status = 'refunded' THEN 0 ELSE new.quantity END, 1
        FROM orders o
        WHERE o.id = new.order_id
            AND o.status IN ('paid', 'processing', 'dispatched', 'delivered', 'ready_for_pickup', 'collected', 'partially_refunded', 'refunded')
        ON CONFLICT (day, product_id) DO UPDATE SET name = max(name, excluded.name),
            revenue_cents = revenue_cents + excluded.revenue_cents, quantity = quantity + excluded.quantity,
            lines = lines + excluded.lines;
END;
-- engine: postgres
CREATE TABLE sales_days (
    day TEXT NOT NULL,
    county TEXT NOT NULL,
    revenue_cents BIGINT NOT NULL,
    orders BIGINT NOT NULL,
    refunded_cents BIGINT NOT NULL,
    paid_orders BIGINT NOT NULL,
    PRIMARY KEY (day, county)
);
CREATE TABLE sales_day_products (
    day TEXT NOT NULL,
    product_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    revenue_cents BIGINT NOT NULL,
    quantity BIGINT NOT NULL,
    lines BIGINT NOT NULL,
    PRIMARY KEY (day, product_id)
);

-- An order's part, sign -1 out and +1 in. The day row is written before
-- the product rows, and those in product order, so two orders changed at
-- once lock the shared rows in the same order and never deadlock.
CREATE FUNCTION sales_order_part(o orders, sign BIGINT) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    d TEXT := to_char(o.created_at AT TIME ZONE 'Africa/Nairobi', 'YYYY-MM-DD');
BEGIN
    IF o.status NOT IN ('paid', 'processing', 'dispatched', 'delivered', 'ready_for_pickup', 'collected', 'partially_refunded', 'refunded') THEN
        RETURN;
    END IF;
    INSERT INTO sales_days AS t (day, county, revenue_cents, orders, refunded_cents, paid_orders)
        VALUES (d, o.county, sign * (o.total_cents - o.refunded_cents),
            sign * CASE WHEN o.status = 'refunded' THEN 0 ELSE 1 END, sign * o.refunded_cents, sign)
        ON CONFLICT (day, county) DO UPDATE SET revenue_cents = t.revenue_cents + excluded.revenue_cents,
            orders = t.orders + excluded.orders, refunded_cents = t.refunded_cents + excluded.refunded_cents,
            paid_orders = t.paid_orders + excluded.paid_orders;
    INSERT INTO sales_day_products AS t (day, product_id, name, revenue_cents, quantity, lines)
        SELECT d, COALESCE(i.product_id, 0), MAX(i.product_name),
            sign * SUM(i.total_price_cents - CASE WHEN o.refunded_cents = 0 THEN 0 ELSE i.total_price_cents * o.refunded_cents / o.total_cents END),
            sign * SUM(CASE WHEN o.status = 'refunded' THEN 0 ELSE i.quantity END), sign * COUNT(*)
        FROM order_items i WHERE i.order_id = o.id GROUP BY COALESCE(i.product_id, 0) ORDER BY 2
        ON CONFLICT (day, product_id) DO UPDATE SET name = GREATEST(t.name, excluded.name),
            revenue_cents = t.revenue_cents + excluded.revenue_cents, quantity = t.quantity + excluded.quantity,
            lines = t.lines + excluded.lines;
END $$;

-- A line's part, read with its order's state.
CREATE FUNCTION sales_item_part(i order_items, sign BIGINT) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO sales_day_products AS t (day, product_id, name, revenue_cents, quantity, lines)
        SELECT to_char(o.created_at AT TIME ZONE 'Africa/Nairobi', 'YYYY-MM-DD'), COALESCE(i.product_id, 0), i.product_name,
            sign * (i.total_price_cents - CASE WHEN o.refunded_cents = 0 THEN 0 ELSE i.total_price_cents * o.refunded_cents / o.total_cents END),
            sign * CASE WHEN o.status = 'refunded' THEN 0 ELSE i.quantity END, sign
        FROM orders o
        WHERE o.id = i.order_id
            AND o.status IN ('paid', 'processing', 'dispatched', 'delivered', 'ready_for_pickup', 'collected', 'partially_refunded', 'refunded')
        ON CONFLICT (day, product_id) DO UPDATE SET name = GREATEST(t.name, excluded.name),
            revenue_cents = t.revenue_cents + excluded.revenue_cents, quantity = t.quantity + excluded.quantity,
            lines = t.lines + excluded.lines;
END $$;

CREATE FUNCTION sales_orders_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        PERFORM sales_order_part(OLD, -1);
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
        PERFORM sales_order_part(NEW, 1);
    END IF;
    IF TG_OP = 'DELETE' THEN
        RETURN OLD;
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER sales_orders_insert AFTER INSERT ON orders FOR EACH ROW EXECUTE FUNCTION sales_orders_change();
-- Only a change to what the totals read, as on SQLite.
CREATE TRIGGER sales_orders_update AFTER UPDATE OF status, total_cents, refunded_cents, county, created_at ON orders FOR EACH ROW
    WHEN ((old.status IN ('paid', 'processing', 'dispatched', 'delivered', 'ready_for_pickup', 'collected', 'partially_refunded', 'refunded'))
            <> (new.status IN ('paid', 'processing', 'dispatched', 'delivered', 'ready_for_pickup', 'collected', 'partially_refunded', 'refunded'))
        OR (new.status IN ('paid', 'processing', 'dispatched', 'delivered', 'ready_for_pickup', 'collected', 'partially_refunded', 'refunded')
            AND ((old.status = 'refunded') <> (new.status = 'refunded') OR old.total_cents <> new.total_cents
                OR old.refunded_cents <> new.refunded_cents OR old.county <> new.county OR old.created_at <> new.created_at)))
    EXECUTE FUNCTION sales_orders_change();
-- Before the delete, while the lines are there; the lines' cascaded
-- delete then finds no order and takes nothing out again.
CREATE TRIGGER sales_orders_delete BEFORE DELETE ON orders FOR EACH ROW EXECUTE FUNCTION sales_orders_change();

CREATE FUNCTION sales_items_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        PERFORM sales_item_part(OLD, -1);
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
        PERFORM sales_item_part(NEW, 1);
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER sales_items_insert AFTER INSERT ON order_items FOR EACH ROW EXECUTE FUNCTION sales_items_change();
CREATE TRIGGER sales_items_update AFTER UPDATE OF order_id, product_id, product_name, quantity, total_price_cents ON order_items
    FOR EACH ROW EXECUTE FUNCTION sales_items_change();
CREATE TRIGGER sales_items_delete AFTER DELETE ON order_items FOR EACH ROW EXECUTE FUNCTION sales_items_change();

CREATE FUNCTION sales_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM sales_days;
    DELETE FROM sales_day_products;
    RETURN NULL;
END $$;
CREATE TRIGGER sales_orders_truncate AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION sales_clear();

INSERT INTO sales_days (day, county, revenue_cents, orders, refunded_cents, paid_orders)
    SELECT to_char(created_at AT TIME ZONE 'Africa/Nairobi', 'YYYY-MM-DD'), county, SUM(total_cents - refunded_cents),
        SUM(CASE WHEN status = 'refunded' THEN 0 ELSE 1 END), SUM(refunded_cents), COUNT(*)
    FROM orders
    WHERE status IN ('paid', 'processing', 'dispatched', 'delivered', 'ready_for_pickup', 'collected', 'partially_refunded', 'refunded')
    GROUP BY 1, 2;
INSERT INTO sales_day_products (day, product_id, name, revenue_cents, quantity, lines)
    SELECT to_char(o.created_at AT TIME ZONE 'Africa/Nairobi', 'YYYY-MM-DD'), COALESCE(i.product_id, 0), MAX(i.product_name),
        SUM(i.total_price_cents - CASE WHEN o.refunded_cents = 0 THEN 0 ELSE i.total_price_cents * o.refunded_cents / o.total_cents END),
        SUM(CASE WHEN o.status = 'refunded' THEN 0 ELSE i.quantity END), COUNT(*)
    FROM orders o JOIN order_items i ON i.order_id = o.id
    WHERE o.status IN ('paid', 'processing', 'dispatched', 'delivered', 'ready_for_pickup', 'collected', 'partially_refunded', 'refunded')
    GROUP BY 1, 2;
