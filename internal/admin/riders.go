package admin

import (
	"database/sql"
	"fmt"
	"net/http"

	"shop/internal/httpx"
	"shop/internal/rider"
)

// OrderRider answers GET /api/admin/orders/{orderId}/rider/: the rider the
// order is given to, or null.
func (h *Handlers) OrderRider(w http.ResponseWriter, r *http.Request, _ Actor) error {
	if _, err := h.orders.AdminDetail(r.Context(), r.PathValue("orderId")); err != nil {
		return err
	}
	a, err := h.riders.RiderOf(r.Context(), r.PathValue("orderId"))
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, a)
}

// AssignRider answers PUT /api/admin/orders/{orderId}/rider/ {rider_id}:
// the order's home delivery goes with that rider (rider.Service.AssignTx),
// audited with the change.
func (h *Handlers) AssignRider(w http.ResponseWriter, r *http.Request, a Actor) error {
	var in struct {
		RiderID int64 `json:"rider_id"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	number := r.PathValue("orderId")
	return commit(h, w, r, a, http.StatusOK, func(tx *sql.Tx) (rider.Assignment, Entry, error) {
		got, err := h.riders.AssignTx(r.Context(), tx, number, in.RiderID)
		if err != nil {
			return got, Entry{}, err
		}
		return got, Entry{Action: "update", Entity: "order", EntityID: number,
			Summary: fmt.Sprintf("rider: %s (user %d)", got.Rider, got.RiderID)}, nil
	})
}

// RidersSummary answers GET /api/admin/riders/summary/?date=YYYY-MM-DD:
// each rider's day (today without a date): delivered, collected, refused.
func (h *Handlers) RidersSummary(w http.ResponseWriter, r *http.Request, _ Actor) error {
	date, err := h.riders.ParseDate(r.URL.Query().Get("date"))
	if err != nil {
		return err
	}
	list, err := h.riders.Summaries(r.Context(), date)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, struct {
		Date   string               `json:"date"`
		Riders []rider.RiderSummary `json:"riders"`
	}{date, list})
}
