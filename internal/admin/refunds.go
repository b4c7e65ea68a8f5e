package admin

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"shop/internal/account"
	"shop/internal/apperr"
	"shop/internal/httpx"
	"shop/internal/order"
	"shop/internal/ratelimit"
)

// MsgRefundAmountFormat answers a refund amount that is no amount.
const MsgRefundAmountFormat = "Enter the amount like 1500.00."

// MsgTooManyRefunds answers M-Pesa refunds over refundLimit.
const MsgTooManyRefunds = "Many M-Pesa refunds were sent in the last hour. Please wait before sending more."

// refundLimit bounds the refunds the shop sends by M-Pesa, shop-wide: each
// moves money out (the day's total is bounded too, by payment).
var refundLimit = ratelimit.Limit{Max: 30, Window: time.Hour}

// RecordRefund answers POST /api/admin/orders/{orderId}/refunds/ with
// {method, amount, reason, reference, phone, receipt, restock, lines} for a paid
// order (never more than the order received less what went back or is
// going back), with its audit entry. A manual refund (the default) was
// sent by hand and is recorded: 201 with the order. With method mpesa or
// reversal the shop sends it itself once it is stored: 202 with the order,
// the refund in it sending (or already failed when M-Pesa refused it).
//
// A refund above the approval line by a role without refunds_approve (a
// manager) is checked as the refund would be, then only kept as waiting
// for an owner (refund_approvals): 202 with {"approval": …}, and no money,
// stock or credit note moves until an owner approves it.
func (h *Handlers) RecordRefund(w http.ResponseWriter, r *http.Request, a Actor) error {
	number := r.PathValue("orderId")
	refund, err := readRefund(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	if refund.Amount > h.approval && !a.Can(account.PermRefundsApprove) {
		ap, err := h.askApproval(ctx, a, number, refund)
		if err != nil {
			return err
		}
		return writeJSON(w, http.StatusAccepted, map[string]any{"approval": ap})
	}
	var after order.Order
	var sent order.Refund
	err = h.change(ctx, a, func(tx *sql.Tx) (e Entry, err error) {
		after, sent, e, err = h.refundTx(ctx, tx, number, refund, a)
		return e, err
	})
	if err != nil {
		return err
	}
	return h.answerRefund(ctx, w, number, after, sent)
}

// refundForm is the refund form as the API takes it, and as a refund
// waiting for approval keeps it.
type refundForm struct {
	Method    string          `json:"method"`
	Amount    json.RawMessage `json:"amount"`
	Reason    string          `json:"reason"`
	Reference string          `json:"reference"`
	Phone     string          `json:"phone"`
	Receipt   string          `json:"receipt"`
	Restock   bool            `json:"restock"`
	// Lines, optional, refund order lines by quantity, each restocked or not.
	Lines []order.RefundLine `json:"lines"`
}

// readRefund reads and checks the refund form of r.
func readRefund(r *http.Request) (order.RefundInput, error) {
	var in refundForm
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return order.RefundInput{}, err
	}
	refund := order.RefundInput{Method: in.Method, Reason: in.Reason, Reference: in.Reference, Phone: in.Phone, Receipt: in.Receipt, Restock: in.Restock,
		Lines: in.Lines}
	if err := refund.Amount.UnmarshalJSON(in.Amount); err != nil && len(in.Amount) > 0 {
		return refund, apperr.InvalidField("amount", MsgRefundAmountFormat)
	}
	return refund, refund.Check()
}

// refundTx records refund of order number inside tx, for a (who asked for
// it, or approved it), within the shop's M-Pesa refund limit: the normal
// refund road, whose audit entry it returns.
func (h *Handlers) refundTx(ctx context.Context, tx *sql.Tx, number string, refund order.RefundInput, a Actor) (order.Order, order.Refund, Entry, error) {
	if refund.Method != order.RefundManual {
		_, wait, err := h.limiter.ReserveTx(ctx, tx, ratelimit.Check{Bucket: "mpesa-refunds", Limit: refundLimit})
		if err != nil {
			return order.Order{}, order.Refund{}, Entry{}, err
		}
		if wait > 0 {
			return order.Order{}, order.Refund{}, Entry{}, apperr.TooManyRequests(MsgTooManyRefunds, wait)
		}
	}
	before, after, f, err := h.payments.RefundTx(ctx, tx, number, refund, a.OrderActor())
	if err != nil {
		return order.Order{}, order.Refund{}, Entry{}, err
	}
	var summary string
	switch f.Method {
	case order.RefundMpesa:
		summary = "refund " + f.Amount.Ksh() + " by M-Pesa to " + f.Phone + " as " + f.ID
	case order.RefundReversal:
		summary = "refund " + f.Amount.Ksh() + " by reversing the order's M-Pesa payment"
		if refund.Receipt != "" {
			summary += " " + refund.Receipt
		}
		summary += " as " + f.ID
	default:
		summary = "refund " + f.Amount.Ksh() + " by M-Pesa " + f.Reference
	}
	summary += " (" + quote(f.Reason) + ")"
	for _, l := range f.Lines {
		summary += fmt.Sprintf(", %d of line %d", l.Quantity, l.OrderItemID)
		if l.Restock {
			summary += " restocked"
		}
	}
	if f.Restocked && len(f.Lines) == 0 {
		summary += ", stock returned"
	}
	var d diff
	d.add("status", before.Status, after.Status)
	if len(d) > 0 {
		summary += "; " + d.String()
	}
	return after, f, entry("refund", "order", number, summary), nil
}

// answerRefund answers a stored refund: 201 with the order for a manual
// one; for one the shop sends, sends it first (or leaves it to the
// reconciler) and answers 202.
func (h *Handlers) answerRefund(ctx context.Context, w http.ResponseWriter, number string, after order.Order, sent order.Refund) error {
	if sent.Method == order.RefundManual {
		return h.writeMoved(ctx, w, http.StatusCreated, after)
	}
	// Stored: the refund is sent (or sent again by the reconciler) whatever
	// happens to this request now.
	if err := h.payments.SendRefund(context.WithoutCancel(ctx), sent.ID); err != nil {
		return err
	}
	d, err := h.orders.AdminDetail(ctx, number)
	if err != nil {
		return err
	}
	return h.writeOrderStatus(ctx, w, http.StatusAccepted, d)
}

// RefundFloat answers GET /api/admin/payments/float/: whether the shop
// sends refunds by M-Pesa (and why not), the Utility account's balance as
// last read (a fresh Account Balance query is sent when it is stale: read
// again in a moment), the day's limit and what went today, and when the
// initiator's password expires.
func (h *Handlers) RefundFloat(w http.ResponseWriter, r *http.Request, _ Actor) error {
	f, err := h.payments.Float(r.Context())
	if err != nil {
		return err
	}
	out := map[string]any{"sends": f.Sends, "why": f.Why, "utility": f.Utility, "checked_at": f.CheckedAt,
		"daily_limit": f.DailyLimit, "sent_today": f.SentToday, "password_expires_on": nil}
	if f.PasswordExpires != nil {
		out["password_expires_on"] = f.PasswordExpires.Format(time.DateOnly)
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}
