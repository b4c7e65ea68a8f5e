-- Agents who order for their neighbours (package agent, docs/product.md,
-- "Agents"). Every table here is the agent package's.
--
-- An agent is a user with role agent; the row keeps what the owner signed
-- them up with. code is what a shopper types at checkout: short, upper
-- case, unique.
CREATE TABLE agents (
    id {{ID}},
    user_id BIGINT NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
    code TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    phone TEXT NOT NULL,
    area TEXT NOT NULL DEFAULT '',
    active BOOLEAN NOT NULL DEFAULT TRUE,
    created_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- The commission an agent earns on a category's goods, in basis points
-- (100 = 1 %); a category not listed earns none.
CREATE TABLE agent_rates (
    agent_id BIGINT NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
    category_id BIGINT NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
    rate_bp INTEGER NOT NULL CHECK (rate_bp BETWEEN 0 AND 10000),
    PRIMARY KEY (agent_id, category_id)
);

-- An order that counts for an agent: placed by them for a farmer (via
-- 'agent') or with their code at checkout (via 'code'). commission_cents is
-- what its goods earned at the agent's rates when it was placed, before
-- refunds; own_phone marks an order to the agent's own phone, which earns
-- nothing. payout_id is the payment package's payout (payouts.public_id)
-- that paid it; one that failed leaves it payable again.
CREATE TABLE agent_orders (
    order_id BIGINT PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
    agent_id BIGINT NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
    via TEXT NOT NULL CHECK (via IN ('agent', 'code')),
    farmer_phone TEXT NOT NULL DEFAULT '',
    commission_cents BIGINT NOT NULL DEFAULT 0,
    own_phone BOOLEAN NOT NULL DEFAULT FALSE,
    payout_id TEXT,
    created_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX agent_orders_agent ON agent_orders (agent_id, created_at);
CREATE INDEX agent_orders_phone ON agent_orders (farmer_phone, agent_id);
