package admin

import (
	"net/http"
	"time"

	"shop/internal/httpx"
	"shop/internal/order"
	"shop/internal/ussd"
)

// ChannelsReport is where a span's orders came from, and how the USSD
// menu's sessions went.
type ChannelsReport struct {
	From     string               `json:"from"`
	To       string               `json:"to"`
	Channels []order.ChannelSales `json:"channels"`
	USSD     ussd.Figures         `json:"ussd"`
}

// ChannelsReport answers GET /api/admin/reports/channels/?from=&to=
// (Nairobi dates, the last 30 days by default): orders placed and paid,
// and revenue, by channel; USSD sessions started, completed, and
// abandoned on each screen.
func (h *Handlers) ChannelsReport(w http.ResponseWriter, r *http.Request, _ Actor) error {
	q, err := readReport(r, time.Now())
	if err != nil {
		return err
	}
	ctx := r.Context()
	sp := q.span()
	rep := ChannelsReport{From: q.from.Format("2006-01-02"), To: q.to.Format("2006-01-02"),
		USSD: ussd.Figures{Abandoned: []ussd.ScreenCount{}, Notifications: []ussd.StatusCount{}}}
	if rep.Channels, err = h.orders.SalesByChannel(ctx, sp); err != nil {
		return err
	}
	if h.ussd != nil {
		if rep.USSD, err = h.ussd.FiguresOf(ctx, sp.Start, sp.End); err != nil {
			return err
		}
	}
	httpx.WriteJSON(w, http.StatusOK, rep)
	return nil
}
