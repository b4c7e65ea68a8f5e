package admin

import (
	"database/sql"
	"net/http"
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
	id, err := pathID(r, "id", "Payment")
	if err != nil {
		return err
	}
	if h.payments == nil {
		return apperr.NotFound("No such unmatched payment")
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
	var done payment.Assigned
	err = h.change(r.Context(), a, func(tx *sql.Tx) (Entry, error) {
		var err error
		done, err = h.payments.AssignTx(r.Context(), tx, id, in.OrderID)
		if err != nil {
			return Entry{}, err
		}
		return entry("assign", "payment", done.Receipt, "M-Pesa payment "+done.String()), nil
	})
	if err != nil {
		return err
	}
	if err := h.payments.ApplyAssigned(r.Context(), done); err != nil {
		return err
	}
	d, err := h.orders.AdminDetail(r.Context(), done.OrderNumber)
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

// AssignPaybill answers POST /api/admin/payments/{id}/assign/ {orderId}: a
// Paybill payment is given to an order, which counts it as if its account
// number had matched (paid when covered, flagged when it cannot take it).
func (h *Handlers) AssignPaybill(w http.ResponseWriter, r *http.Request, a Actor) error {
	id, err := pathID(r, "id", "Payment")
	if err != nil {
		return err
	}
	if h.payments == nil {
		return apperr.NotFound("No such payment")
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
	var done payment.PaybillPayment
	err = h.change(r.Context(), a, func(tx *sql.Tx) (Entry, error) {
		var err error
		if done, err = h.payments.AssignPaybillTx(r.Context(), tx, id, in.OrderID); err != nil {
			return Entry{}, err
		}
		return entry("assign", "payment", done.TransID, "Paybill payment "+done.TransID+" ("+done.Amount.Ksh()+") to "+done.OrderID), nil
	})
	if err != nil {
		return err
	}
	if err := h.payments.ApplyPaybill(r.Context(), done); err != nil {
		return err
	}
	d, err := h.orders.AdminDetail(r.Context(), done.OrderID)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, d)
}
