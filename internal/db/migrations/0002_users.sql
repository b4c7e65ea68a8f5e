-- Shop users: customers and admins. The email is the username; email_key is
-- its lower-case form, so an address is taken whatever its case.

CREATE TABLE users (
    id {{ID}},
    email TEXT NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
    email_key TEXT NOT NULL UNIQUE,
    first_name TEXT NOT NULL DEFAULT '',
    last_name TEXT NOT NULL DEFAULT '',
    phone TEXT NOT NULL DEFAULT '',
    password_hash TEXT NOT NULL,
    role TEXT NOT NULL DEFAULT 'customer' CHECK (role IN ('customer', 'admin')),
    created_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP,
    last_login_at {{TIME}}
);
