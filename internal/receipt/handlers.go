package receipt

import (
	"net/http"

	"shop/internal/apperr"
	"shop/internal/order"
)

// Handlers serve the receipts.
type Handlers struct {
	Orders   *order.Handlers
	Business Business
}

// Get answers GET /api/orders/{orderId}/receipt.pdf for whoever may read the
// order (as GET /api/orders/{orderId}/); an unpaid order has no receipt
// yet and is not found, like an order the request may not read.
func (h *Handlers) Get(w http.ResponseWriter, r *http.Request) error {
	o, err := h.Orders.Viewed(w, r)
	if err != nil {
		return err
	}
	if !IsPaid(o) {
		return apperr.NotFound("Order not found")
	}
	pdf, err := PDF(o, h.Business, Options{})
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", `inline; filename="`+Filename(o)+`"`)
	w.Header().Set("Cache-Control", "no-store")
	_, err = w.Write(pdf)
	return err
}
