package admin

import (
	"database/sql"
	"net/http"
	"strings"
	"unicode/utf8"

	"shop/internal/apperr"
	"shop/internal/httpx"
	"shop/internal/order"
)

// Orders answers GET /api/admin/orders/ with the list's filters
// (readOrderFilter), ?page=, and the count of the filtered orders in each
// status for the list's chips. A search counts its matches up to
// catalog.CountCap (count_capped beyond).
func (h *Handlers) Orders(w http.ResponseWriter, r *http.Request, _ Actor) error {
	q, err := readSearchList(r, 20)
	if err != nil {
		return err
	}
	f, err := readOrderFilter(q)
	if err != nil {
		return err
	}
	list, err := h.orders.AdminList(r.Context(), f)
	if err != nil {
		return err
	}
	counts, err := h.orders.StatusCounts(r.Context(), f)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, OrdersPage{Page: cappedPage(r, q, list.Count, list.Capped, list.Orders), StatusCounts: counts})
}

// OrdersPage is the orders list's page with its status chips' counts
// (absent for a search too broad to count).
type OrdersPage struct {
	Page[order.Summary]
	StatusCounts map[order.Status]int `json:"status_counts,omitempty"`
}

// orderFilter reads the order list's filters, which the list and the
// accountant's export (ExportOrders) share: readOrderFilter.
func orderFilter(q listQuery) (order.AdminFilter, error) { return readOrderFilter(q) }

func statusList() string {
	s := make([]string, len(order.Statuses))
	for i, v := range order.Statuses {
		s[i] = string(v)
	}
	return strings.Join(s, ", ")
}

// Order answers GET /api/admin/orders/{orderId}/: items, customer, address,
// payments with their M-Pesa receipts, and the history.
func (h *Handlers) Order(w http.ResponseWriter, r *http.Request, _ Actor) error {
	d, err := h.orders.AdminDetail(r.Context(), r.PathValue("orderId"))
	if err != nil {
		return err
	}
	return h.writeOrder(r.Context(), w, d)
}

// MsgStatusRequired is the answer to a status change without a status.
const MsgStatusRequired = "Choose the order's new status."

// MsgCourierRequired is the answer to dispatching an order without naming
// who carries it.
const MsgCourierRequired = "Name the courier that carries this order."

// UpdateOrder answers PATCH /api/admin/orders/{orderId}/ with {status,
// note} (and {courier, tracking_number} when dispatching): the order moves
// only along an allowed transition (order.Move), and cancelling releases
// its stock. A dispatched order's courier and tracking number can be
// corrected by sending them again with its status.
func (h *Handlers) UpdateOrder(w http.ResponseWriter, r *http.Request, a Actor) error {
	number := r.PathValue("orderId")
	var in struct {
		Status   order.Status `json:"status"`
		Note     string       `json:"note"`
		Courier  string       `json:"courier"`
		Tracking string       `json:"tracking_number"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	in.Note, in.Courier, in.Tracking = strings.TrimSpace(in.Note), strings.TrimSpace(in.Courier), strings.TrimSpace(in.Tracking)
	switch {
	case in.Status == order.Dispatched && in.Courier == "":
		return apperr.InvalidField("courier", MsgCourierRequired)
	case utf8.RuneCountInString(in.Courier) > 100:
		return apperr.InvalidField("courier", "The courier must be at most 100 characters.")
	case utf8.RuneCountInString(in.Tracking) > 100:
		return apperr.InvalidField("tracking_number", "The tracking number must be at most 100 characters.")
	}
	switch {
	case in.Status == "":
		return apperr.InvalidField("status", MsgStatusRequired)
	case !order.ValidStatus(in.Status):
		msg := "status must be one of " + statusList() + "."
		return apperr.InvalidField("status", msg)
	case utf8.RuneCountInString(in.Note) > 500:
		msg := "The note must be at most 500 characters."
		return apperr.InvalidField("note", msg)
	}
	var after order.Order
	err := h.change(r.Context(), a, func(tx *sql.Tx) (Entry, error) {
		before, err := h.orders.ByNumberTx(r.Context(), tx, number)
		if err != nil {
			return Entry{}, err
		}
		after = before
		var d diff
		if before.Status != in.Status {
			note := in.Note
			if note == "" {
				note = "Status changed by the shop"
			}
			if after, err = order.Move(r.Context(), tx, before, in.Status, note, a.OrderActor()); err != nil {
				return Entry{}, err
			}
			d.add("status", before.Status, in.Status)
		}
		if in.Status == order.Dispatched {
			if after, err = order.RecordDispatch(r.Context(), tx, after, in.Courier, in.Tracking); err != nil {
				return Entry{}, err
			}
			d.add("courier", before.Courier, after.Courier)
			d.add("tracking_number", before.TrackingNumber, after.TrackingNumber)
		}
		if len(d) == 0 {
			return Entry{}, nil
		}
		summary := d.String()
		if in.Note != "" {
			summary += " (" + quote(in.Note) + ")"
		}
		return entry("status", "order", number, summary), nil
	})
	if err != nil {
		return err
	}
	return h.writeMoved(r.Context(), w, http.StatusOK, after)
}
