-- The back office's payments list finds a payment by the phone that paid
-- (docs/payments.md section 10): the prompts' phone and the Paybill
-- payments' MSISDN, each its own index, as the list reads each table apart.
-- Its date filters read payments_created (0018) and c2b_payments_received
-- (0012); the customers list's users_created (0018).
CREATE INDEX payments_phone ON payments (phone, id);
CREATE INDEX c2b_payments_msisdn ON c2b_payments (msisdn, id);
