-- Staff roles (docs/product.md, "Roles"): the one back-office role "admin"
-- becomes the owner, and the staff's other jobs become roles of their own.
-- Owned by internal/account.
-- engine: postgres
ALTER TABLE users DROP CONSTRAINT IF EXISTS users_role_check;
UPDATE users SET role = 'owner' WHERE role = 'admin';
ALTER TABLE users ADD CONSTRAINT users_role_check
    CHECK (role IN ('customer', 'owner', 'manager', 'clerk', 'storekeeper', 'rider', 'agent'));
-- engine: sqlite
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
   SET sql = replace(sql, 'CHECK (role IN (''customer'', ''admin''))',
       'CHECK (role IN (''customer'', ''owner'', ''manager'', ''clerk'', ''storekeeper'', ''rider'', ''agent''))')
 WHERE type = 'table' AND name = 'users';
PRAGMA schema_version = {{NEXT_SCHEMA_VERSION}};
PRAGMA writable_schema = OFF;
UPDATE users SET role = 'owner' WHERE role = 'admin';
