package etims

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"shop/internal/db"
	"shop/internal/money"
	"shop/internal/order"
)

// verifyPath is KRA's receipt-verification page; its Data is the PIN, the
// branch and the receipt signature (docs/etims.md, "QR").
const verifyPath = "/common/link/etims/receipt/indexEtimsReceiptData?Data="

// VerifyHostFor is KRA's verification site for an OSCU base URL: the
// sandbox's for a sandbox (or simulated) OSCU, production's otherwise.
func VerifyHostFor(baseURL string) string {
	if strings.Contains(baseURL, "sbx") || strings.Contains(baseURL, "/dev/etims") {
		return "https://etims-sbx.kra.go.ke"
	}
	return "https://etims.kra.go.ke"
}

// Invoices returns each order's invoice by order id and each refund's
// credit note by refund id (order.InvoiceReader).
func (s *Service) Invoices(ctx context.Context, orderIDs []int64) (map[int64]order.Etims, map[int64]order.Etims, error) {
	sales, credits := map[int64]order.Etims{}, map[int64]order.Etims{}
	if len(orderIDs) == 0 {
		return sales, credits, nil
	}
	marks := make([]string, len(orderIDs))
	args := make([]any, len(orderIDs))
	for i, id := range orderIDs {
		marks[i], args[i] = fmt.Sprintf("$%d", i+1), id
	}
	rows, err := s.db.Query(ctx, `SELECT order_id, COALESCE(refund_id, 0), rcpt_ty, branch, invc_no, status, sdc_id, rcpt_no, intrl_data, rcpt_sign,
		sdc_date_time, signed_at FROM etims_invoices WHERE order_id IN (`+strings.Join(marks, ", ")+`) ORDER BY id`, args...)
	if err != nil {
		return nil, nil, fmt.Errorf("read eTIMS invoices: %w", err)
	}
	type row struct {
		orderID, refundID int64
		ty                string
		e                 order.Etims
	}
	list, err := db.Collect(rows, func(r db.Scanner) (x row, err error) {
		var branch string
		var no, rcptNo int64
		var signed sql.NullTime
		err = r.Scan(&x.orderID, &x.refundID, &x.ty, &branch, &no, &x.e.Status, &x.e.SCUID, &rcptNo, &x.e.InternalData, &x.e.Signature,
			&x.e.KRADateTime, &signed)
		x.e.InvoiceNo = &no
		if x.e.Status == "signed" {
			t := signed.Time.UTC()
			x.e.SignedAt = &t
			if x.e.SCUID != "" && rcptNo > 0 {
				x.e.CUInvoiceNo = fmt.Sprintf("%s/%d", x.e.SCUID, rcptNo)
			}
			if x.e.Signature != "" {
				x.e.VerifyURL = s.VerifyHost + verifyPath + s.tin() + branch + x.e.Signature
			}
		}
		return x, err
	})
	if err != nil {
		return nil, nil, err
	}
	for _, x := range list {
		if x.ty == Sale {
			sales[x.orderID] = x.e
		} else if x.refundID != 0 {
			credits[x.refundID] = x.e
		}
	}
	return sales, credits, nil
}

func (s *Service) tin() string {
	if s.client == nil {
		return ""
	}
	return s.client.TIN()
}

// Queued is an invoice or credit note as the back office's eTIMS tab lists it.
type Queued struct {
	InvoiceNo   int64       `json:"invoice_no"`
	Kind        string      `json:"kind"` // sale or credit_note
	OrderNumber string      `json:"order_number"`
	OrgInvoice  int64       `json:"original_invoice_no"`
	Total       money.Cents `json:"total"`
	Status      string      `json:"status"`
	Attempts    int         `json:"attempts"`
	ResultCode  string      `json:"result_code"`
	ResultMsg   string      `json:"result_message"`
	CUInvoiceNo string      `json:"cu_invoice_no"`
	NextTry     *time.Time  `json:"next_try_at"`
	SignedAt    *time.Time  `json:"signed_at"`
	CreatedAt   time.Time   `json:"created_at"`
}

// RegisteredItem is a size as KRA knows it.
type RegisteredItem struct {
	ItemCode     string      `json:"item_code"`
	Name         string      `json:"name"`
	Band         string      `json:"band"`
	Price        money.Cents `json:"price"`
	RegisteredAt *time.Time  `json:"registered_at"`
	ResultCode   string      `json:"result_code"`
	ResultMsg    string      `json:"result_message"`
}

// Overview is the back office's eTIMS tab.
type Overview struct {
	Enabled bool   `json:"enabled"`
	Branch  string `json:"branch"`
	SCUID   string `json:"scu_id"`
	// Pending are waiting for KRA; Refused stop the queue until retried;
	// SignedToday were signed since midnight in Nairobi.
	Pending     []Queued         `json:"pending"`
	Refused     []Queued         `json:"refused"`
	SignedToday []Queued         `json:"signed_today"`
	Items       []RegisteredItem `json:"items"`
	// Late counts invoices unsigned for more than an hour.
	Late int `json:"unsigned_over_an_hour"`
}

// Late counts the invoices and credit notes KRA has not signed an hour
// after they were queued: the dashboard shows it.
func (s *Service) Late(ctx context.Context) (int, error) {
	if !s.Enabled() {
		return 0, nil
	}
	var n int
	err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM etims_invoices WHERE status <> 'signed' AND created_at < $1`, s.now().Add(-time.Hour).UTC()).Scan(&n)
	return n, err
}

// Overview reads the back office's eTIMS tab.
func (s *Service) Overview(ctx context.Context, orderNumber func(ctx context.Context, ids []int64) (map[int64]string, error)) (Overview, error) {
	ov := Overview{Enabled: s.Enabled(), Pending: []Queued{}, Refused: []Queued{}, SignedToday: []Queued{}, Items: []RegisteredItem{}}
	if !ov.Enabled {
		return ov, nil
	}
	ov.Branch = s.client.Branch()
	if err := s.db.QueryRow(ctx, `SELECT sdc_id FROM etims_branches WHERE branch = $1`, ov.Branch).Scan(&ov.SCUID); err != nil && !db.NoRows(err) {
		return ov, err
	}
	local := s.now().In(nairobi)
	midnight := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, nairobi).UTC()
	var orderIDs []int64
	list, err := db.QueryAll(ctx, s.db, "eTIMS queue", func(r db.Scanner) (q Queued, err error) {
		var next, signed sql.NullTime
		var sdc string
		var rcpt, orderID int64
		err = r.Scan(&q.InvoiceNo, &q.Kind, &orderID, &q.OrgInvoice, &q.Total, &q.Status, &q.Attempts, &q.ResultCode, &q.ResultMsg,
			&sdc, &rcpt, &next, &signed, &q.CreatedAt)
		q.Kind = map[string]string{Sale: "sale", CreditNote: "credit_note"}[q.Kind]
		orderIDs = append(orderIDs, orderID)
		if next.Valid && q.Status == "pending" {
			t := next.Time.UTC()
			q.NextTry = &t
		}
		if signed.Valid {
			t := signed.Time.UTC()
			q.SignedAt = &t
			if sdc != "" && rcpt > 0 {
				q.CUInvoiceNo = fmt.Sprintf("%s/%d", sdc, rcpt)
			}
		}
		return q, err
	}, `SELECT invc_no, rcpt_ty, order_id, org_invc_no, total_cents, status, attempts, result_cd, result_msg, sdc_id, rcpt_no, next_try_at, signed_at, created_at
		FROM etims_invoices WHERE branch = $1 AND (status <> 'signed' OR signed_at >= $2) ORDER BY invc_no`, ov.Branch, midnight)
	if err != nil {
		return ov, err
	}
	numbers, err := orderNumber(ctx, orderIDs)
	if err != nil {
		return ov, err
	}
	for i, q := range list {
		id := orderIDs[i]
		q.OrderNumber = numbers[id]
		switch q.Status {
		case "pending":
			ov.Pending = append(ov.Pending, q)
		case "refused":
			ov.Refused = append(ov.Refused, q)
		default:
			ov.SignedToday = append(ov.SignedToday, q)
		}
	}
	ov.Items, err = db.QueryAll(ctx, s.db, "eTIMS items", func(r db.Scanner) (it RegisteredItem, err error) {
		var at sql.NullTime
		err = r.Scan(&it.ItemCode, &it.Name, &it.Band, &it.Price, &at, &it.ResultCode, &it.ResultMsg)
		if at.Valid {
			t := at.Time.UTC()
			it.RegisteredAt = &t
		}
		return it, err
	}, `SELECT item_cd, name, band, price_cents, registered_at, result_cd, result_msg FROM etims_items ORDER BY item_cd`)
	if err != nil {
		return ov, err
	}
	ov.Late, err = s.Late(ctx)
	return ov, err
}
