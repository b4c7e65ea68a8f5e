-- The sales report's payment outcomes by Nairobi day (docs/payments.md,
-- "Payment outcomes by day"): M-Pesa prompts by the day they were started,
-- status and result code, and Paybill payments by the day they came in.
-- A year's outcomes read every payment of the year (about 110,000 at
-- 100,000 orders); they now read a few rows a day.
--
-- Kept by triggers on payments and c2b_payments in the writer's
-- transaction, whatever the writer: a row's part taken out as it was and
-- put back as it is. result_code -1 stands for none (no answer came).
-- `shop copy` leaves both tables out: PostgreSQL's triggers fill its own.
-- engine: sqlite
-- SQLite's writers take turns, so one row a day and outcome is shared.
CREATE TABLE payment_days (
    day TEXT NOT NULL,
    status TEXT NOT NULL,
    result_code INTEGER NOT NULL,
    prompts INTEGER NOT NULL,
    amount_cents INTEGER NOT NULL,
    PRIMARY KEY (day, status, result_code)
) WITHOUT ROWID;
CREATE TABLE paybill_days (
    day TEXT PRIMARY KEY,
    payments INTEGER NOT NULL,
    amount_cents INTEGER NOT NULL,
    unmatched INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO payment_days (day, status, result_code, prompts, amount_cents)
    SELECT COALESCE(date(created_at, '+3 hours'), date(substr(created_at, 1, 19), '+3 hours'), ''), status, COALESCE(result_code, -1), COUNT(*), SUM(amount_cents)
    FROM payments GROUP BY 1, 2, 3;
INSERT INTO paybill_days (day, payments, amount_cents, unmatched)
    SELECT COALESCE(date(received_at, '+3 hours'), date(substr(received_at, 1, 19), '+3 hours'), ''), COUNT(order_id), SUM(CASE WHEN order_id IS NULL THEN 0 ELSE amount_cents END), COUNT(*) - COUNT(order_id)
    FROM c2b_payments GROUP BY 1;

CREATE TRIGGER payment_days_insert AFTER INSERT ON payments BEGIN
    INSERT INTO payment_days (day, status, result_code, prompts, amount_cents)
        VALUES (COALESCE(date(new.created_at, '+3 hours'), date(substr(new.created_at, 1, 19), '+3 hours'), ''), new.status, COALESCE(new.result_code, -1), 1, new.amount_cents)
        ON CONFLICT (day, status, result_code) DO UPDATE SET prompts = prompts + 1, amount_cents = amount_cents + excluded.amount_cents;
END;
CREATE TRIGGER payment_days_update AFTER UPDATE OF status, result_code, amount_cents, created_at ON payments
    WHEN old.status <> new.status OR old.result_code IS NOT new.result_code OR old.amount_cents <> new.amount_cents OR old.created_at <> new.created_at
BEGIN
    UPDATE payment_days SET prompts = prompts - 1, amount_cents = amount_cents - old.amount_cents
        WHERE day = COALESCE(date(old.created_at, '+3 hours'), date(substr(old.created_at, 1, 19), '+3 hours'), '') AND status = old.status AND result_code = COALESCE(old.result_code, -1);
    INSERT INTO payment_days (day, status, result_code, prompts, amount_cents)
        VALUES (COALESCE(date(new.created_at, '+3 hours'), date(substr(new.created_at, 1, 19), '+3 hours'), ''), new.status, COALESCE(new.result_code, -1), 1, new.amount_cents)
        ON CONFLICT (day, status, result_code) DO UPDATE SET prompts = prompts + 1, amount_cents = amount_cents + excluded.amount_cents;
END;
CREATE TRIGGER payment_days_delete AFTER DELETE ON payments BEGIN
    UPDATE payment_days SET prompts = prompts - 1, amount_cents = amount_cents - old.amount_cents
        WHERE day = COALESCE(date(old.created_at, '+3 hours'), date(substr(old.created_at, 1, 19), '+3 hours'), '') AND status = old.status AND result_code = COALESCE(old.result_code, -1);
END;

CREATE TRIGGER paybill_days_insert AFTER INSERT ON c2b_payments BEGIN
    INSERT INTO paybill_days (day, payments, amount_cents, unmatched)
        VALUES (COALESCE(date(new.received_at, '+3 hours'), date(substr(new.received_at, 1, 19), '+3 hours'), ''), new.order_id IS NOT NULL,
            CASE WHEN new.order_id IS NULL THEN 0 ELSE new.amount_cents END, new.order_id IS NULL)
        ON CONFLICT (day) DO UPDATE SET payments = payments + excluded.payments,
            amount_cents = amount_cents + excluded.amount_cents, unmatched = unmatched + excluded.unmatched;
END;
CREATE TRIGGER paybill_days_update AFTER UPDATE OF order_id, amount_cents, received_at ON c2b_payments
    WHEN old.order_id IS NOT new.order_id OR old.amount_cents <> new.amount_cents OR old.received_at <> new.received_at
BEGIN
    UPDATE paybill_days SET payments = payments - (old.order_id IS NOT NULL),
            amount_cents = amount_cents - CASE WHEN old.order_id IS NULL THEN 0 ELSE old.amount_cents END,
            unmatched = unmatched - (old.order_id IS NULL)
        WHERE day = COALESCE(date(old.received_at, '+3 hours'), date(substr(old.received_at, 1, 19), '+3 hours'), '');
    INSERT INTO paybill_days (day, payments, amount_cents, unmatched)
        VALUES (COALESCE(date(new.received_at, '+3 hours'), date(substr(new.received_at, 1, 19), '+3 hours'), ''), new.order_id IS NOT NULL,
            CASE WHEN new.order_id IS NULL THEN 0 ELSE new.amount_cents END, new.order_id IS NULL)
        ON CONFLICT (day) DO UPDATE SET payments = payments + excluded.payments,
            amount_cents = amount_cents + excluded.amount_cents, unmatched = unmatched + excluded.unmatched;
END;
CREATE TRIGGER paybill_days_delete AFTER DELETE ON c2b_payments BEGIN
    UPDATE paybill_days SET payments = payments - (old.order_id IS NOT NULL),
            amount_cents = amount_cents - CASE WHEN old.order_id IS NULL THEN 0 ELSE old.amount_cents END,
            unmatched = unmatched - (old.order_id IS NULL)
        WHERE day = COALESCE(date(old.received_at, '+3 hours'), date(substr(old.received_at, 1, 19), '+3 hours'), '');
END;
-- engine: postgres
-- Every checkout starts a prompt, so a shared row a day would make the
-- day's checkouts wait on each other to the end of their transactions.
-- The triggers only ever add rows of changes (folded = FALSE); the report
-- folds the changes of past days into one row a day and outcome
-- (payment.Service.SalesOutcomes), as order_status_totals does.
CREATE TABLE payment_days (
    day TEXT NOT NULL,
    status TEXT NOT NULL,
    result_code INTEGER NOT NULL,
    prompts BIGINT NOT NULL,
    amount_cents BIGINT NOT NULL,
    folded BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX payment_days_changes ON payment_days (day) WHERE NOT folded;
CREATE UNIQUE INDEX payment_days_folded ON payment_days (day, status, result_code) WHERE folded;
CREATE TABLE paybill_days (
    day TEXT NOT NULL,
    payments BIGINT NOT NULL,
    amount_cents BIGINT NOT NULL,
    unmatched BIGINT NOT NULL,
    folded BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX paybill_days_changes ON paybill_days (day) WHERE NOT folded;
CREATE UNIQUE INDEX paybill_days_folded ON paybill_days (day) WHERE folded;
INSERT INTO payment_days (day, status, result_code, prompts, amount_cents, folded)
    SELECT to_char(created_at AT TIME ZONE 'Africa/Nairobi', 'YYYY-MM-DD'), status, COALESCE(result_code, -1), COUNT(*), SUM(amount_cents), TRUE
    FROM payments GROUP BY 1, 2, 3;
INSERT INTO paybill_days (day, payments, amount_cents, unmatched, folded)
    SELECT to_char(received_at AT TIME ZONE 'Africa/Nairobi', 'YYYY-MM-DD'), COUNT(order_id),
        SUM(CASE WHEN order_id IS NULL THEN 0 ELSE amount_cents END), COUNT(*) - COUNT(order_id), TRUE
    FROM c2b_payments GROUP BY 1;

CREATE FUNCTION payment_days_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        INSERT INTO payment_days (day, status, result_code, prompts, amount_cents)
            VALUES (to_char(OLD.created_at AT TIME ZONE 'Africa/Nairobi', 'YYYY-MM-DD'), OLD.status, COALESCE(OLD.result_code, -1), -1, -OLD.amount_cents);
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
        INSERT INTO payment_days (day, status, result_code, prompts, amount_cents)
            VALUES (to_char(NEW.created_at AT TIME ZONE 'Africa/Nairobi', 'YYYY-MM-DD'), NEW.status, COALESCE(NEW.result_code, -1), 1, NEW.amount_cents);
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER payment_days_insert AFTER INSERT ON payments FOR EACH ROW EXECUTE FUNCTION payment_days_change();
CREATE TRIGGER payment_days_update AFTER UPDATE OF status, result_code, amount_cents, created_at ON payments FOR EACH ROW
    WHEN (old.status <> new.status OR old.result_code IS DISTINCT FROM new.result_code OR old.amount_cents <> new.amount_cents OR old.created_at <> new.created_at)
    EXECUTE FUNCTION payment_days_change();
CREATE TRIGGER payment_days_delete AFTER DELETE ON payments FOR EACH ROW EXECUTE FUNCTION payment_days_change();

CREATE FUNCTION paybill_days_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        INSERT INTO paybill_days (day, payments, amount_cents, unmatched)
            VALUES (to_char(OLD.received_at AT TIME ZONE 'Africa/Nairobi', 'YYYY-MM-DD'),
                -(CASE WHEN OLD.order_id IS NULL THEN 0 ELSE 1 END), -(CASE WHEN OLD.order_id IS NULL THEN 0 ELSE OLD.amount_cents END),
                -(CASE WHEN OLD.order_id IS NULL THEN 1 ELSE 0 END));
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
        INSERT INTO paybill_days (day, payments, amount_cents, unmatched)
            VALUES (to_char(NEW.received_at AT TIME ZONE 'Africa/Nairobi', 'YYYY-MM-DD'),
                CASE WHEN NEW.order_id IS NULL THEN 0 ELSE 1 END, CASE WHEN NEW.order_id IS NULL THEN 0 ELSE NEW.amount_cents END,
                CASE WHEN NEW.order_id IS NULL THEN 1 ELSE 0 END);
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER paybill_days_insert AFTER INSERT ON c2b_payments FOR EACH ROW EXECUTE FUNCTION paybill_days_change();
CREATE TRIGGER paybill_days_update AFTER UPDATE OF order_id, amount_cents, received_at ON c2b_payments FOR EACH ROW
    WHEN (old.order_id IS DISTINCT FROM new.order_id OR old.amount_cents <> new.amount_cents OR old.received_at <> new.received_at)
    EXECUTE FUNCTION paybill_days_change();
CREATE TRIGGER paybill_days_delete AFTER DELETE ON c2b_payments FOR EACH ROW EXECUTE FUNCTION paybill_days_change();

CREATE FUNCTION payment_days_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_TABLE_NAME = 'payments' THEN
        DELETE FROM payment_days;
    ELSE
        DELETE FROM paybill_days;
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER payment_days_truncate AFTER TRUNCATE ON payments FOR EACH STATEMENT EXECUTE FUNCTION payment_days_clear();
CREATE TRIGGER paybill_days_truncate AFTER TRUNCATE ON c2b_payments FOR EACH STATEMENT EXECUTE FUNCTION payment_days_clear();
