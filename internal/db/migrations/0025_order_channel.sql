-- Where an order was placed (web, staff, ussd, sms, agent: package
-- checkout), and who placed it when someone ordered for the customer: the
-- staff member's or agent's account, and their name as it was then, which
-- stays when the account is erased.
ALTER TABLE orders ADD COLUMN channel TEXT NOT NULL DEFAULT 'web';
ALTER TABLE orders ADD COLUMN placed_by BIGINT REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE orders ADD COLUMN placed_by_name TEXT NOT NULL DEFAULT '';
-- The admin's order list by channel, newest first.
CREATE INDEX orders_channel ON orders (channel, created_at, id);
