package admin

import (
	"context"
	"database/sql"
	"net/http"
	"slices"
	"strings"

	"shop/internal/apperr"
	"shop/internal/httpx"
	"shop/internal/payment"
)

// UnmatchedPayments answers GET /api/admin/payments/unmatched/: M-Pesa
// payments that arrived but that no order claimed yet (a prompt whose
// reference was lost), oldest first. They stay listed until assigned.
func (h *Handlers) UnmatchedPayments(w http.ResponseWriter, r *http.Request, _ Actor) error {
	list := []payment.Unmatched{}
	if h.payments != nil {
		var err error
		if list, err = h.payments.Unmatched(r.Context()); err != nil {
			return err
		}
	}
	return writeJSON(w, http.StatusOK, map[string]any{"count": len(list), "results": list})
}

// MsgOrderRequired asks which order an unmatched payment belongs to.
const MsgOrderRequired = "Choose the order this payment was made for."

// AssignPayment answers POST /api/admin/payments/unmatched/{id}/assign/
// {orderId}: the payment is tied to that order, which is then paid as if
// the payment had come the usual way (or flagged, when it cannot be).
func (h *Handlers) AssignPayment(w http.ResponseWriter, r *http.Request, a Actor) error {
	return h.assign(w, r, a, "No such unmatched payment", func(ctx context.Context, tx *sql.Tx, id int64, orderID string) (assignment, error) {
		p, err := h.payments.AssignTx(ctx, tx, id, orderID)
		return assignment{p.Receipt, "M-Pesa payment " + p.String(), p.OrderNumber,
			func(ctx context.Context) error { return h.payments.ApplyAssigned(ctx, p) }}, err
	})
}

// assignment is what giving a payment to an order did: its receipt and
// words for the audit log, the order, and the settling that follows the
// commit.
type assignment struct {
	receipt, summary, order string
	apply                   func(context.Context) error
}

// assign decodes {orderId}, assigns payment {id} with do inside the audited
// transaction, applies it once committed, and answers with the order.
func (h *Handlers) assign(w http.ResponseWriter, r *http.Request, a Actor, notFound string,
	do func(ctx context.Context, tx *sql.Tx, id int64, orderID string) (assignment, error)) error {
	id, err := pathID(r, "id", "Payment")
	if err != nil {
		return err
	}
	if h.payments == nil {
		return apperr.NotFound(notFound)
	}
	var in struct {
		OrderID string `json:"orderId"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if in.OrderID = strings.TrimSpace(in.OrderID); in.OrderID == "" {
		return apperr.Invalid(MsgOrderRequired, map[string]string{"orderId": MsgOrderRequired})
	}
	ctx := r.Context()
	var done assignment
	err = h.change(ctx, a, func(tx *sql.Tx) (Entry, error) {
		var err error
		if done, err = do(ctx, tx, id, in.OrderID); err != nil {
			return Entry{}, err
		}
		return entry("assign", "payment", done.receipt, done.summary), nil
	})
	if err != nil {
		return err
	}
	if err := done.apply(ctx); err != nil {
		return err
	}
	d, err := h.orders.AdminDetail(ctx, done.order)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, d)
}

// PaybillPayments answers GET /api/admin/payments/?matched=false: payments
// customers made by Paybill or Buy Goods, newest first; matched=false lists
// those whose account number matched no order, matched=true the others.
func (h *Handlers) PaybillPayments(w http.ResponseWriter, r *http.Request, _ Actor) error {
	var matched *bool
	switch v := r.URL.Query().Get("matched"); v {
	case "":
	case "true", "false":
		b := v == "true"
		matched = &b
	default:
		return apperr.Invalid("matched is true or false.", map[string]string{"matched": "matched is true or false."})
	}
	list := []payment.PaybillPayment{}
	if h.payments != nil {
		var err error
		if list, err = h.payments.PaybillPayments(r.Context(), matched); err != nil {
			return err
		}
	}
	return writeJSON(w, http.StatusOK, map[string]any{"count": len(list), "results": list})
}

// AllPayments answers GET /api/admin/payments/all/: every payment, M-Pesa
// prompts and Paybill payments in one list (payment.Service.AdminList), with
// ?status= (one or several, by commas), ?method= (mpesa or paybill),
// ?search= (an M-Pesa receipt, a phone or an order number), ?from= and ?to=
// (Nairobi days, both included), ?sort= (newest, oldest, amount, -amount),
// ?page=, and the count in each status for the list's chips.
func (h *Handlers) AllPayments(w http.ResponseWriter, r *http.Request, _ Actor) error {
	q, err := readSearchList(r, 25)
	if err != nil {
		return err
	}
	f := payment.ListFilter{Method: q.Get("method"), Search: q.search, Sort: q.Get("sort"), Page: q.page, PageSize: q.size}
	bad := map[string]string{}
	if raw := q.Get("status"); raw != "" {
		for _, part := range strings.Split(raw, ",") {
			st := strings.TrimSpace(part)
			if !slices.Contains(payment.ListStatuses, st) {
				bad["status"] = "status must be one of " + strings.Join(payment.ListStatuses, ", ") + "."
				break
			}
			if !slices.Contains(f.Statuses, st) {
				f.Statuses = append(f.Statuses, st)
			}
		}
	}
	if f.Method != "" && f.Method != payment.MethodPrompt && f.Method != payment.MethodPaybill {
		bad["method"] = "method must be mpesa or paybill."
	}
	if f.Sort == "newest" {
		f.Sort = ""
	}
	if _, ok := payment.ListSorts[f.Sort]; !ok {
		bad["sort"] = "sort must be newest, oldest, amount or -amount."
	}
	f.From, f.To = readDays(q, bad)
	if len(bad) > 0 {
		return apperr.InvalidFields(bad, "status", "method", "sort", "from", "to")
	}
	list := payment.ListPage{Payments: []payment.Listed{}, StatusCounts: map[string]int{}}
	if h.payments != nil {
		if list, err = h.payments.AdminList(r.Context(), f); err != nil {
			return err
		}
	}
	return writeJSON(w, http.StatusOK, PaymentsPage{Page: cappedPage(r, q, list.Count, false, list.Payments), StatusCounts: list.StatusCounts})
}

// PaymentsPage is the payments list's page with its status chips' counts.
type PaymentsPage struct {
	Page[payment.Listed]
	StatusCounts map[string]int `json:"status_counts"`
}

// UnreadablePayments answers GET /api/admin/payments/unreadable/: Paybill
// confirmations the shop could not read, raw, newest first, for a person to
// check against the M-Pesa statement.
func (h *Handlers) UnreadablePayments(w http.ResponseWriter, r *http.Request, _ Actor) error {
	list := []payment.UnreadablePayment{}
	if h.payments != nil {
		var err error
		if list, err = h.payments.UnreadablePayments(r.Context()); err != nil {
			return err
		}
	}
	return writeJSON(w, http.StatusOK, map[string]any{"count": len(list), "results": list})
}

// AssignPaybill answers POST /api/admin/payments/{id}/assign/ {orderId}: a
// Paybill payment is given to an order, which counts it as if its account
// number had matched (paid when covered, flagged when it cannot take it).
func (h *Handlers) AssignPaybill(w http.ResponseWriter, r *http.Request, a Actor) error {
	return h.assign(w, r, a, "No such payment", func(ctx context.Context, tx *sql.Tx, id int64, orderID string) (assignment, error) {
		p, err := h.payments.AssignPaybillTx(ctx, tx, id, orderID)
		return assignment{p.TransID, "Paybill payment " + p.TransID + " (" + p.Amount.Ksh() + ") to " + p.OrderID, p.OrderID,
			func(ctx context.Context) error { return h.payments.ApplyPaybill(ctx, p) }}, err
	})
}
