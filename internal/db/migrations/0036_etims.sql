-- KRA eTIMS (docs/etims.md), owned by internal/etims: each branch's
-- device details and invoice counter, the sizes registered as KRA items,
-- and the invoices and credit notes queued for KRA. internal/order owns
-- orders.kra_pin, internal/account users.kra_pin.

-- One row per KRA branch (bhfId). last_invc_no is the counter every
-- queued invoice and credit note takes its number from, in the
-- transaction that queues it: numbers are consecutive, assigned once and
-- never reused. The lease is the sender's claim on the branch's queue.
CREATE TABLE etims_branches (
    branch TEXT PRIMARY KEY CHECK (length(branch) = 2),
    last_invc_no BIGINT NOT NULL DEFAULT 0 CHECK (last_invc_no >= 0),
    -- from initialisation: the SCU id printed on receipts and the key every call carries
    sdc_id TEXT NOT NULL DEFAULT '',
    mrc_no TEXT NOT NULL DEFAULT '',
    cmc_key TEXT NOT NULL DEFAULT '',
    initialised_at {{TIME}},
    lease_owner TEXT NOT NULL DEFAULT '',
    lease_until {{TIME}}
);

-- Counters KRA keeps per PIN: the item code's sequence and the stock
-- movement number (sarNo).
CREATE TABLE etims_counters (
    name TEXT PRIMARY KEY,
    value BIGINT NOT NULL DEFAULT 0
);
INSERT INTO etims_counters (name, value) VALUES ('item_seq', 0), ('sar_no', 0);

-- A size as KRA knows it: its item code, fixed once given, and what was
-- last registered (a change of name, price or band registers it again).
CREATE TABLE etims_items (
    variant_id BIGINT PRIMARY KEY,
    item_cd TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL DEFAULT '',
    price_cents BIGINT NOT NULL DEFAULT 0,
    band TEXT NOT NULL DEFAULT '',
    -- NULL until KRA accepted it; registered is the "name|band" it accepted
    registered_at {{TIME}},
    registered TEXT NOT NULL DEFAULT '',
    result_cd TEXT NOT NULL DEFAULT '',
    result_msg TEXT NOT NULL DEFAULT ''
);

-- An invoice (rcpt_ty S) for a paid order, or a credit note (R) for a
-- refund against the order's invoice (org_invc_no). body is the request
-- as KRA will read it; status pending until KRA signs it, refused when it
-- said no (the branch's queue then waits for an admin's retry).
CREATE TABLE etims_invoices (
    id {{ID}},
    branch TEXT NOT NULL,
    invc_no BIGINT NOT NULL CHECK (invc_no > 0),
    rcpt_ty TEXT NOT NULL CHECK (rcpt_ty IN ('S', 'R')),
    order_id BIGINT NOT NULL,
    refund_id BIGINT UNIQUE,
    org_invc_no BIGINT NOT NULL DEFAULT 0,
    total_cents BIGINT NOT NULL CHECK (total_cents >= 0),
    body TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'signed', 'refused')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_try_at {{TIME}},
    result_cd TEXT NOT NULL DEFAULT '',
    result_msg TEXT NOT NULL DEFAULT '',
    -- KRA's signature
    sdc_id TEXT NOT NULL DEFAULT '',
    rcpt_no BIGINT NOT NULL DEFAULT 0,
    tot_rcpt_no BIGINT NOT NULL DEFAULT 0,
    intrl_data TEXT NOT NULL DEFAULT '',
    rcpt_sign TEXT NOT NULL DEFAULT '',
    sdc_date_time TEXT NOT NULL DEFAULT '',
    signed_at {{TIME}},
    -- the stock movement KRA wants after each accepted sale
    stock_status TEXT NOT NULL DEFAULT 'pending' CHECK (stock_status IN ('pending', 'sent', 'failed')),
    created_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP,
    UNIQUE (branch, invc_no)
);
CREATE UNIQUE INDEX etims_invoices_sale ON etims_invoices (order_id) WHERE rcpt_ty = 'S';
CREATE INDEX etims_invoices_queue ON etims_invoices (branch, status, invc_no);
CREATE INDEX etims_invoices_order ON etims_invoices (order_id, id);

-- The buyer's KRA PIN, printed on the invoice: given at checkout, and kept
-- in My Account.
ALTER TABLE orders ADD COLUMN kra_pin TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN kra_pin TEXT NOT NULL DEFAULT '';
