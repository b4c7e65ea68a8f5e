package admin

import (
	"database/sql"
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"

	"shop/internal/apperr"
	"shop/internal/delivery"
	"shop/internal/httpx"
	"shop/internal/order"
)

// Dispatching in one step (docs/product.md, "Dispatch"): a paid or
// processing order goes out with its courier and tracking number, through
// processing, in one audited transaction; a pickup order becomes ready for
// pickup the same way. The customer's text follows from the move as for
// any other (internal/notify, one per order and kind). The same request
// twice finds the order already out and answers it as it is, correcting
// the courier and tracking number if they differ; two at once are one
// after the other on the order's row (order.Move's check of the status it
// read).

// MsgNotDispatchable answers a dispatch of an order that is not paid or
// processing.
const MsgNotDispatchable = "This order is %s: only a paid or processing order can be sent out."

// DispatchInput is the dispatch form.
type DispatchInput struct {
	Courier  string `json:"courier"`
	Tracking string `json:"tracking"`
}

// DispatchOrder answers POST /api/admin/orders/{orderId}/dispatch/.
func (h *Handlers) DispatchOrder(w http.ResponseWriter, r *http.Request, a Actor) error {
	number := r.PathValue("orderId")
	var in DispatchInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	in.Courier, in.Tracking = strings.TrimSpace(in.Courier), strings.TrimSpace(in.Tracking)
	if utf8.RuneCountInString(in.Courier) > 100 {
		return apperr.InvalidField("courier", "The courier must be at most 100 characters.")
	}
	if utf8.RuneCountInString(in.Tracking) > 100 {
		return apperr.InvalidField("tracking", "The tracking number must be at most 100 characters.")
	}
	var after order.Order
	err := h.change(r.Context(), a, func(tx *sql.Tx) (Entry, error) {
		before, err := h.orders.ByNumberTx(r.Context(), tx, number)
		if err != nil {
			return Entry{}, err
		}
		pickup := before.Delivery.Kind == delivery.KindPickup
		out := order.Dispatched
		if pickup {
			out = order.ReadyForPickup
		}
		if !pickup && in.Courier == "" {
			return Entry{}, apperr.InvalidField("courier", MsgCourierRequired)
		}
		after = before
		var d diff
		switch before.Status {
		case order.Paid, order.Processing:
			for _, to := range []order.Status{order.Processing, out} {
				if after.Status == to {
					continue
				}
				if after, err = order.Move(r.Context(), tx, after, to, "Sent out by the shop", a.OrderActor()); err != nil {
					return Entry{}, err
				}
			}
			d.add("status", before.Status, after.Status)
		case out:
			// Already out: the same request again, or a correction.
		default:
			return Entry{}, apperr.Conflict(fmt.Sprintf(MsgNotDispatchable, strings.ReplaceAll(string(before.Status), "_", " ")))
		}
		if !pickup {
			if after, err = order.RecordDispatch(r.Context(), tx, after, in.Courier, in.Tracking); err != nil {
				return Entry{}, err
			}
			d.add("courier", before.Courier, after.Courier)
			d.add("tracking_number", before.TrackingNumber, after.TrackingNumber)
		}
		if len(d) == 0 {
			return Entry{}, nil
		}
		return entry("status", "order", number, "dispatched: "+d.String()), nil
	})
	if err != nil {
		return err
	}
	return h.writeMoved(r.Context(), w, http.StatusOK, after)
}

// Couriers answers GET /api/admin/delivery/couriers/, the default first.
func (h *Handlers) Couriers(w http.ResponseWriter, r *http.Request, _ Actor) error {
	return show(w, r, h.delivery.Couriers)
}

// CreateCourier answers POST /api/admin/delivery/couriers/.
func (h *Handlers) CreateCourier(w http.ResponseWriter, r *http.Request, a Actor) error {
	return create(h, w, r, a, &delivery.CourierInput{}, delivery.CreateCourierTx, func(c delivery.Courier) Entry {
		return entry("create", "courier", c.ID, fmt.Sprintf("added courier %s%s", quote(c.Name), defaultWord(c.IsDefault)))
	})
}

// UpdateCourier answers PUT /api/admin/delivery/couriers/{id}/: its name,
// and whether it is the default (taken from the one that was).
func (h *Handlers) UpdateCourier(w http.ResponseWriter, r *http.Request, a Actor) error {
	return update(h, w, r, a, "Courier", &delivery.CourierInput{}, delivery.UpdateCourierTx, func(id int64, before, after delivery.Courier) Entry {
		var d diff
		d.add("name", before.Name, after.Name)
		d.add("is_default", before.IsDefault, after.IsDefault)
		return updated("courier", id, quote(after.Name), d)
	})
}

// DeleteCourier answers DELETE /api/admin/delivery/couriers/{id}/.
func (h *Handlers) DeleteCourier(w http.ResponseWriter, r *http.Request, a Actor) error {
	id, err := pathID(r, "id", "Courier")
	if err != nil {
		return err
	}
	return h.remove(w, r, a, func(tx *sql.Tx) (Entry, error) {
		c, err := delivery.DeleteCourierTx(r.Context(), tx, id)
		if err != nil {
			return Entry{}, err
		}
		return entry("delete", "courier", id, "removed courier "+quote(c.Name)), nil
	})
}

func defaultWord(def bool) string {
	if def {
		return ", the default"
	}
	return ""
}
