package order

import (
	"context"
	"strconv"
	"strings"

	"shop/internal/db"
	"shop/internal/money"
)

// ChannelSales is what one channel's orders of a span came to: how many
// were placed, how many were paid, and the paid ones' money less refunds.
type ChannelSales struct {
	Channel string      `json:"channel"`
	Placed  int         `json:"placed"`
	Paid    int         `json:"paid"`
	Revenue money.Cents `json:"revenue"`
}

// SalesByChannel sums the orders of sp by the channel they were placed
// through, every channel listed, in the order of Channels.
func (s *Store) SalesByChannel(ctx context.Context, sp Span) ([]ChannelSales, error) {
	paid := make([]string, len(PaidStatuses))
	args := []any{s.db.TimeArg(sp.Start), s.db.TimeArg(sp.End)}
	for i, st := range PaidStatuses {
		args = append(args, string(st))
		paid[i] = "$" + strconv.Itoa(len(args))
	}
	in := "o.status IN (" + strings.Join(paid, ", ") + ")"
	rows, err := db.QueryAll(ctx, s.db, "sales by channel", func(r db.Scanner) (c ChannelSales, err error) {
		return c, r.Scan(&c.Channel, &c.Placed, &c.Paid, &c.Revenue)
	}, `SELECT o.channel, COUNT(*),
		SUM(CASE WHEN `+in+` AND o.status <> 'refunded' THEN 1 ELSE 0 END),
		SUM(CASE WHEN `+in+` THEN o.total_cents - o.refunded_cents ELSE 0 END)
		FROM orders o WHERE o.created_at >= $1 AND o.created_at < $2 GROUP BY o.channel`, args...)
	if err != nil {
		return nil, err
	}
	by := map[string]ChannelSales{}
	for _, r := range rows {
		by[r.Channel] = r
	}
	out := make([]ChannelSales, len(Channels))
	for i, c := range Channels {
		out[i] = by[c]
		out[i].Channel = c
	}
	return out, nil
}
