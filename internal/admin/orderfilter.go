package admin

import (
	"slices"
	"strings"
	"time"

	"shop/internal/apperr"
	"shop/internal/catalog"
	"shop/internal/db"
	"shop/internal/delivery"
	"shop/internal/order"
)

// readOrderFilter reads the orders list's filters, the same for the list and
// for whatever acts on the list's selection (its export): ?status= (one, or
// several separated by commas), ?search= (order id, phone or name),
// ?attention=1 (flagged orders only), ?channel= (web, staff, ussd, sms,
// agent), ?from= and ?to= (YYYY-MM-DD, Nairobi days, both included),
// ?county=, ?delivery= (delivery or pickup), ?sort= (newest, oldest, total,
// -total), and the page q was read with.
func readOrderFilter(q listQuery) (order.AdminFilter, error) {
	f := order.AdminFilter{Search: q.search, Attention: q.Get("attention") == "1", Channel: q.Get("channel"),
		County: strings.TrimSpace(q.Get("county")), DeliveryKind: q.Get("delivery"), Sort: q.Get("sort"),
		Page: q.page, PageSize: q.size, CountCap: catalog.CountCap}
	bad := map[string]string{}
	if raw := q.Get("status"); raw != "" {
		for _, part := range strings.Split(raw, ",") {
			st := order.Status(strings.TrimSpace(part))
			if !order.ValidStatus(st) {
				bad["status"] = "status must be one of " + statusList() + "."
				break
			}
			if !slices.Contains(f.Statuses, st) {
				f.Statuses = append(f.Statuses, st)
			}
		}
		if len(f.Statuses) == 1 {
			f.Status, f.Statuses = f.Statuses[0], nil
		}
	}
	if f.Channel != "" && !slices.Contains(order.Channels, f.Channel) {
		bad["channel"] = "channel must be one of " + strings.Join(order.Channels, ", ") + "."
	}
	if f.DeliveryKind != "" && f.DeliveryKind != "delivery" && f.DeliveryKind != "pickup" {
		bad["delivery"] = "delivery must be delivery or pickup."
	}
	if f.County != "" && !delivery.IsCounty(f.County) {
		bad["county"] = "county must be one of Kenya's 47 counties."
	}
	if _, ok := order.ListSorts[f.Sort]; !ok {
		bad["sort"] = "sort must be newest, oldest, total or -total."
	}
	f.From, f.To = readDays(q, bad)
	if raw := strings.TrimSpace(q.Get("orders")); raw != "" {
		for _, part := range strings.Split(raw, ",") {
			if n := strings.TrimSpace(part); n != "" && !slices.Contains(f.Numbers, n) {
				f.Numbers = append(f.Numbers, n)
			}
		}
		if len(f.Numbers) > MaxBulkIDs {
			bad["orders"] = MsgBulkTooMany
		}
	}
	if len(bad) > 0 {
		return order.AdminFilter{}, apperr.InvalidFields(bad, "status", "channel", "delivery", "county", "sort", "from", "to", "orders")
	}
	return f, nil
}

// readDays reads ?from= and ?to= (YYYY-MM-DD, Nairobi days, both included)
// as the instants a list's range starts at and stops before (zero when not
// asked), noting in bad what it cannot read.
func readDays(q listQuery, bad map[string]string) (from, to time.Time) {
	for _, d := range []struct {
		name string
		into *time.Time
		next int
	}{{"from", &from, 0}, {"to", &to, 1}} {
		raw := q.Get(d.name)
		if raw == "" {
			continue
		}
		day, err := time.ParseInLocation("2006-01-02", raw, db.Nairobi)
		if err != nil {
			bad[d.name] = d.name + " must be a date written YYYY-MM-DD."
			continue
		}
		// to names its day whole: the list stops at the next midnight.
		*d.into = day.AddDate(0, 0, d.next)
	}
	if bad["from"] == "" && bad["to"] == "" && !from.IsZero() && !to.IsZero() && !from.Before(to) {
		bad["from"] = "from must not be after to."
	}
	return from, to
}
