package notify

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"shop/internal/db"
	"shop/internal/every"
	"shop/internal/mail"
	"shop/internal/sms"
	"shop/internal/stock"
)

// StockAlerts tells the business when a size runs low: one mail to the
// business inbox and one text to the business phone (when SMS is on) each
// time a size's stock crosses the threshold from above to at or below it.
// It reads the stock movements after its cursor. A movement is written in
// the same transaction as the stock change, and changes of one size are
// serialised by its row, so of several sales crossing together exactly one
// movement crosses, and it is read once (docs/notifications.md).
type StockAlerts struct {
	DB     *db.DB
	Ledger *stock.Ledger
	Mail   MailQueue
	Queue  *sms.Queue
	// Threshold is SHOP_LOW_STOCK_THRESHOLD; BusinessEmail and
	// BusinessPhone (254XXXXXXXXX, or "") are told.
	Threshold                               int
	BusinessEmail, BusinessPhone, PublicURL string
	Log                                     *slog.Logger
}

// Once sends the alerts of the movements since the cursor and reports how
// many it sent. A mail that fails stops the round before its movement, so
// it is tried again next time.
func (n *StockAlerts) Once(ctx context.Context) (int, error) {
	cursor, err := readCursor(ctx, n.DB, "stock")
	if err != nil {
		return 0, err
	}
	events, err := n.Ledger.MovementsAfter(ctx, cursor, 500)
	if err != nil || len(events) == 0 {
		return 0, err
	}
	sent := 0
	var sendErr error
	for _, e := range events {
		if e.CrossedDown(n.Threshold) {
			if sendErr = n.alert(ctx, e); sendErr != nil {
				break
			}
			sent++
		}
		cursor = e.ID
	}
	err = n.DB.Tx(ctx, func(tx *sql.Tx) error { return advanceTx(ctx, tx, "stock", cursor) })
	return sent, errors.Join(sendErr, err)
}

// alert queues the business's mail and text about e in one transaction.
// Their key makes a second reading of e queue nothing.
func (n *StockAlerts) alert(ctx context.Context, e stock.Event) error {
	key := fmt.Sprintf("stock:%d", e.ID)
	subject, body := LowStockMail(e, n.PublicURL)
	err := n.DB.Tx(ctx, func(tx *sql.Tx) error {
		if n.BusinessPhone != "" && n.Queue.Enabled() {
			if _, err := n.Queue.EnqueueTx(ctx, tx, key, 0, "low_stock", n.BusinessPhone, LowStockText(e)); err != nil {
				return err
			}
		}
		_, err := n.Mail.EnqueueTx(ctx, tx, key, 0, mail.Message{Kind: "low-stock", To: n.BusinessEmail, Subject: subject, Text: body})
		return err
	})
	if err != nil {
		return fmt.Errorf("low-stock alert for size %d: %w", e.Variant, err)
	}
	return nil
}

// LowStockMail is the alert's subject and text.
func LowStockMail(e stock.Event, publicURL string) (subject, body string) {
	subject = fmt.Sprintf("Low stock: %s (%s), %d left", e.ProductName, e.Size, e.StockAfter)
	body = fmt.Sprintf("%s (%s), SKU %s, is down to %d in stock after a %s (%+d).\n\nReceive stock in the back office: %s/admin\n",
		e.ProductName, e.Size, e.SKU, e.StockAfter, reasonWords(e.Reason), e.Quantity, publicURL)
	return subject, body
}

// LowStockText is the alert's SMS, one segment for any real name.
func LowStockText(e stock.Event) string {
	return oneSegment(fmt.Sprintf("Mifugo Bora: low stock. %s (%s) SKU %s: %d left.", e.ProductName, e.Size, e.SKU, e.StockAfter),
		fmt.Sprintf("Mifugo Bora: low stock. SKU %s: %d left.", e.SKU, e.StockAfter))
}

func reasonWords(r string) string {
	switch r {
	case stock.ReasonOrderReturned:
		return "returned order"
	case stock.ReasonCountCorrection:
		return "count correction"
	case stock.ReasonEdit:
		return "stock edit"
	}
	return r
}

// Run sends the alerts every interval, until ctx is done.
func (n *StockAlerts) Run(ctx context.Context, interval time.Duration) {
	every.Run(ctx, interval, n.Log, "low-stock alerts", func(ctx context.Context) error {
		_, err := n.Once(ctx)
		return err
	})
}
