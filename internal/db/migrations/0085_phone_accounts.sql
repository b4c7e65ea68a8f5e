-- Accounts by phone (docs/product.md, "Accounts"): the email becomes
-- optional ('' without one; email_key, which makes an address unique, is
-- NULL then), and a phone is confirmed by a code sent by SMS before the
-- guest orders placed with it join the account. Owned by internal/account.
-- engine: postgres
ALTER TABLE users ALTER COLUMN email_key DROP NOT NULL;
ALTER TABLE users DROP CONSTRAINT IF EXISTS users_email_check;
ALTER TABLE users ADD CONSTRAINT users_email_check CHECK (email = '' OR length(email) BETWEEN 3 AND 254);
-- engine: sqlite
-- Loosening a CHECK and dropping a NOT NULL leave every row valid, so the
-- table's definition is edited in place, as 0050 does.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
   SET sql = replace(replace(sql, 'email TEXT NOT NULL CHECK (length(email) BETWEEN 3 AND 254)',
       'email TEXT NOT NULL CHECK (email = '''' OR length(email) BETWEEN 3 AND 254)'),
       'email_key TEXT NOT NULL UNIQUE', 'email_key TEXT UNIQUE')
 WHERE type = 'table' AND name = 'users';
PRAGMA schema_version = {{NEXT_SCHEMA_VERSION}};
PRAGMA writable_schema = OFF;
-- engine: both
-- When the phone was confirmed; NULL while it is not. A phone changed on
-- the account page is unconfirmed again. One account at most holds a
-- number confirmed, so signing in by phone finds one.
ALTER TABLE users ADD COLUMN phone_confirmed_at {{TIME}};
CREATE UNIQUE INDEX users_phone_confirmed ON users (phone) WHERE phone_confirmed_at IS NOT NULL;

-- The code sent to confirm a user's phone: one at a time per user (a new
-- one replaces it), an HMAC of the code rather than the code, for the
-- number it was sent to, good until expires_at and for five tries.
CREATE TABLE phone_codes (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    phone TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    tries INTEGER NOT NULL DEFAULT 0,
    created_at {{TIME}} NOT NULL,
    expires_at {{TIME}} NOT NULL
);
