-- Daraja callbacks that arrived before the shop had stored the push's
-- CheckoutRequestID (the callback can beat the push's own answer). They are
-- kept here and applied as soon as the id is stored, so no result is lost.
CREATE TABLE payment_callbacks (
    id {{ID}},
    checkout_request_id TEXT NOT NULL,
    body TEXT NOT NULL,
    received_at {{TIME}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX payment_callbacks_checkout ON payment_callbacks (checkout_request_id);
