-- The short account number a farmer types in Lipa na M-Pesa to pay an order by
-- Paybill (docs/payments.md section 10): at most 8 characters from digits and
-- capitals without look-alikes (no 0, O, 1, I), where the order number
-- (ORDER-1795762342149) stays for links. Owned by internal/order. New orders
-- draw 7 random characters; the orders already taken get theirs here from
-- their id, multiplied by an odd number modulo 32^7 (a one-to-one shuffle, so
-- no two collide; the product stays in 64 bits for any id below 2^31) and
-- written in the same 32 characters. Orders stored
-- without one (the demo's past orders) show their order number instead.
ALTER TABLE orders ADD COLUMN account_number TEXT;
UPDATE orders SET account_number =
       SUBSTR('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', CAST((id * 2654435761 % 34359738368) / 1073741824 % 32 AS INTEGER) + 1, 1)
    || SUBSTR('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', CAST((id * 2654435761 % 34359738368) / 33554432 % 32 AS INTEGER) + 1, 1)
    || SUBSTR('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', CAST((id * 2654435761 % 34359738368) / 1048576 % 32 AS INTEGER) + 1, 1)
    || SUBSTR('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', CAST((id * 2654435761 % 34359738368) / 32768 % 32 AS INTEGER) + 1, 1)
    || SUBSTR('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', CAST((id * 2654435761 % 34359738368) / 1024 % 32 AS INTEGER) + 1, 1)
    || SUBSTR('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', CAST((id * 2654435761 % 34359738368) / 32 % 32 AS INTEGER) + 1, 1)
    || SUBSTR('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', CAST(id * 2654435761 % 34359738368 % 32 AS INTEGER) + 1, 1);
CREATE UNIQUE INDEX orders_account_number ON orders (account_number);
