-- Checkout looks up the order a cart is already waiting to pay for, under
-- the cart's lock, on every submit: without this index that is a scan of
-- every order ever placed.
CREATE INDEX orders_cart ON orders (cart_id, status);
