package payment

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"shop/internal/db"
	"shop/internal/money"
)

// PastPayment is a payment from the shop's history (order.Past): an STK
// prompt with its outcome, or a Paybill payment.
type PastPayment struct {
	OrderID int64
	Paybill bool
	// Status is pending, succeeded or failed (a prompt).
	Status     string
	ResultCode *int
	Phone      string
	Amount     money.Cents
	Receipt    string
	At         time.Time
}

// InsertPastTx writes past payments inside tx, in bulk.
func InsertPastTx(ctx context.Context, d *db.DB, tx *sql.Tx, list []PastPayment) error {
	var stk, c2b [][]any
	for i, p := range list {
		at := d.TimeArg(p.At)
		if p.Paybill {
			c2b = append(c2b, []any{p.Receipt, "Pay Bill", p.At.In(db.Nairobi).Format("20060102150405"), int64(p.Amount), "", "", p.Phone, "confirmation", p.OrderID, at, at})
			continue
		}
		var receipt any
		if p.Receipt != "" {
			receipt = p.Receipt
		}
		var desc string
		if p.ResultCode != nil {
			desc = fmt.Sprintf("result %d", *p.ResultCode)
		}
		stk = append(stk, []any{p.OrderID, p.Status, p.Phone, int64(p.Amount), fmt.Sprintf("ws_CO_past_%d_%d", p.OrderID, i), p.ResultCode, desc, receipt, at, at})
	}
	if err := d.InsertRows(ctx, tx, "payments", []string{"order_id", "status", "phone", "amount_cents", "checkout_request_id", "result_code",
		"result_desc", "receipt", "created_at", "updated_at"}, stk, "", nil); err != nil {
		return err
	}
	return d.InsertRows(ctx, tx, "c2b_payments", []string{"trans_id", "trans_type", "trans_time", "amount_cents", "bill_ref", "payer_name",
		"msisdn", "source", "order_id", "applied_at", "received_at"}, c2b, "", nil)
}
