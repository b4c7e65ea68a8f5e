-- The products report's totals by month (docs/architecture.md section 12).
-- A year of sales_day_products at 100,000 orders over 10,000 products is
-- about 166,000 rows (most products sell a few bags a day at most); the
-- same year by month is about 93,000. The report reads whole months here
-- and the days at either end from sales_day_products.
--
-- Kept from sales_day_products by triggers: whatever changes a day's row
-- changes its month's by the same amount, in the same transaction.
-- `shop copy` leaves it out, as it does the days.
-- engine: sqlite
CREATE TABLE sales_month_products (
    month TEXT NOT NULL,
    product_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    revenue_cents INTEGER NOT NULL,
    quantity INTEGER NOT NULL,
    lines INTEGER NOT NULL,
    PRIMARY KEY (month, product_id)
) WITHOUT ROWID;
INSERT INTO sales_month_products (month, product_id, name, revenue_cents, quantity, lines)
    SELECT substr(day, 1, 7), product_id, MAX(name), SUM(revenue_cents), SUM(quantity), SUM(lines)
    FROM sales_day_products GROUP BY 1, 2;
CREATE TRIGGER sales_months_insert AFTER INSERT ON sales_day_products BEGIN
    INSERT INTO sales_month_products (month, product_id, name, revenue_cents, quantity, lines)
        VALUES (substr(new.day, 1, 7), new.product_id, new.name, new.revenue_cents, new.quantity, new.lines)
        ON CONFLICT (month, product_id) DO UPDATE SET name = max(name, excluded.name),
            revenue_cents = revenue_cents + excluded.revenue_cents, quantity = quantity + excluded.quantity,
            lines = lines + excluded.lines;
END;
CREATE TRIGGER sales_months_update AFTER UPDATE ON sales_day_products BEGIN
    INSERT INTO sales_month_products (month, product_id, name, revenue_cents, quantity, lines)
        VALUES (substr(old.day, 1, 7), old.product_id, old.name, -old.revenue_cents, -old.quantity, -old.lines)
        ON CONFLICT (month, product_id) DO UPDATE SET
            revenue_cents = revenue_cents + excluded.revenue_cents, quantity = quantity + excluded.quantity,
            lines = lines + excluded.lines;
    INSERT INTO sales_month_products (month, product_id, name, revenue_cents, quantity, lines)
        VALUES (substr(new.day, 1, 7), new.product_id, new.name, new.revenue_cents, new.quantity, new.lines)
        ON CONFLICT (month, product_id) DO UPDATE SET name = max(name, excluded.name),
            revenue_cents = revenue_cents + excluded.revenue_cents, quantity = quantity + excluded.quantity,
            lines = lines + excluded.lines;
END;
CREATE TRIGGER sales_months_delete AFTER DELETE ON sales_day_products BEGIN
    UPDATE sales_month_products SET revenue_cents = revenue_cents - old.revenue_cents,
            quantity = quantity - old.quantity, lines = lines - old.lines
        WHERE month = substr(old.day, 1, 7) AND product_id = old.product_id;
END;
-- engine: postgres
CREATE TABLE sales_month_products (
    month TEXT NOT NULL,
    product_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    revenue_cents BIGINT NOT NULL,
    quantity BIGINT NOT NULL,
    lines BIGINT NOT NULL,
    PRIMARY KEY (month, product_id)
);
INSERT INTO sales_month_products (month, product_id, name, revenue_cents, quantity, lines)
    SELECT substr(day, 1, 7), product_id, MAX(name), SUM(revenue_cents), SUM(quantity), SUM(lines)
    FROM sales_day_products GROUP BY 1, 2;
-- A day's row and its month's are locked in the same order by every
-- writer (the day's first), so they never deadlock.
CREATE FUNCTION sales_months_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        INSERT INTO sales_month_products AS t (month, product_id, name, revenue_cents, quantity, lines)
            VALUES (substr(OLD.day, 1, 7), OLD.product_id, OLD.name, -OLD.revenue_cents, -OLD.quantity, -OLD.lines)
            ON CONFLICT (month, product_id) DO UPDATE SET
                revenue_cents = t.revenue_cents + excluded.revenue_cents, quantity = t.quantity + excluded.quantity,
                lines = t.lines + excluded.lines;
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
        INSERT INTO sales_month_products AS t (month, product_id, name, revenue_cents, quantity, lines)
            VALUES (substr(NEW.day, 1, 7), NEW.product_id, NEW.name, NEW.revenue_cents, NEW.quantity, NEW.lines)
            ON CONFLICT (month, product_id) DO UPDATE SET name = GREATEST(t.name, excluded.name),
                revenue_cents = t.revenue_cents + excluded.revenue_cents, quantity = t.quantity + excluded.quantity,
                lines = t.lines + excluded.lines;
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER sales_months_change AFTER INSERT OR UPDATE OR DELETE ON sales_day_products
    FOR EACH ROW EXECUTE FUNCTION sales_months_change();
