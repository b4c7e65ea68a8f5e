-- A parked callback that reports money paid is never thrown away: it waits
-- to be matched to its order (by phone and amount, or by an admin), and the
-- admin lists it meanwhile. These columns hold what the list shows; a
-- failure callback is kept a day only.
ALTER TABLE payment_callbacks ADD COLUMN result_code INTEGER NOT NULL DEFAULT -1;
ALTER TABLE payment_callbacks ADD COLUMN receipt TEXT NOT NULL DEFAULT '';
ALTER TABLE payment_callbacks ADD COLUMN amount_cents BIGINT NOT NULL DEFAULT 0;
ALTER TABLE payment_callbacks ADD COLUMN phone TEXT NOT NULL DEFAULT '';
CREATE INDEX payment_callbacks_result ON payment_callbacks (result_code, received_at);
