package admin

import (
	"database/sql"
	"encoding/json"
	"net/http"

	"shop/internal/apperr"
	"shop/internal/httpx"
	"shop/internal/order"
)

// MsgRefundAmountFormat answers a refund amount that is no amount.
const MsgRefundAmountFormat = "Enter the amount like 1500.00."

// RecordRefund answers POST /api/admin/orders/{orderId}/refunds/ with
// {amount, reason, reference, restock}: money the shop sent back by M-Pesa
// for a paid order, recorded by payment.Service.RefundTx (never more than
// the order received less what went back already) with its audit entry;
// it answers 201 with the order as the back office reads it.
func (h *Handlers) RecordRefund(w http.ResponseWriter, r *http.Request, a Actor) error {
	number := r.PathValue("orderId")
	var in struct {
		Amount    json.RawMessage `json:"amount"`
		Reason    string          `json:"reason"`
		Reference string          `json:"reference"`
		Restock   bool            `json:"restock"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	refund := order.RefundInput{Reason: in.Reason, Reference: in.Reference, Restock: in.Restock}
	if err := refund.Amount.UnmarshalJSON(in.Amount); err != nil && len(in.Amount) > 0 {
		return apperr.InvalidField("amount", MsgRefundAmountFormat)
	}
	if err := refund.Check(); err != nil {
		return err
	}
	var after order.Order
	err := h.change(r.Context(), a, func(tx *sql.Tx) (Entry, error) {
		before, moved, err := h.payments.RefundTx(r.Context(), tx, number, refund, a.OrderActor())
		if err != nil {
			return Entry{}, err
		}
		after = moved
		summary := "refund " + refund.Amount.Ksh() + " by M-Pesa " + refund.Reference + " (" + quote(refund.Reason) + ")"
		if refund.Restock {
			summary += ", stock returned"
		}
		var d diff
		d.add("status", before.Status, after.Status)
		if len(d) > 0 {
			summary += "; " + d.String()
		}
		return entry("refund", "order", number, summary), nil
	})
	if err != nil {
		return err
	}
	return h.writeMoved(r.Context(), w, http.StatusCreated, after)
}
