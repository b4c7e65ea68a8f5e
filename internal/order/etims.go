package order

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// Etims is an order's KRA tax invoice, or a refund's credit note, as the
// order page and the receipt show it (docs/etims.md).
type Etims struct {
	// Status is off (no eTIMS invoice: eTIMS is off, or the order is not
	// paid), pending (queued for KRA), signed or refused.
	Status string `json:"status"`
	// InvoiceNo is the shop's invoice number at KRA (invcNo); nil when off.
	InvoiceNo *int64 `json:"invoice_no"`
	// CUInvoiceNo is the control unit invoice number, "SCU ID/receipt number"; "" until signed.
	CUInvoiceNo string     `json:"cu_invoice_no"`
	SignedAt    *time.Time `json:"signed_at"`
	// VerifyURL is KRA's receipt-verification link, the QR code's; "" until signed.
	VerifyURL string `json:"verify_url"`
	// SCUID, InternalData and Signature are KRA's signature, printed on the receipt.
	SCUID        string `json:"scu_id"`
	InternalData string `json:"internal_data"`
	Signature    string `json:"receipt_signature"`
	// KRADateTime is the control unit's date and time of signing, as KRA wrote it.
	KRADateTime string `json:"-"`
}

// InvoiceReader reads what the etims package knows of orders' invoices.
type InvoiceReader interface {
	// Invoices returns each order's invoice by order id (an order without
	// one is absent), and each refund's credit note by refund id.
	Invoices(ctx context.Context, orderIDs []int64) (sales map[int64]Etims, credits map[int64]Etims, err error)
	// Enabled reports whether sales are reported to KRA.
	Enabled() bool
}

// UseInvoices makes the store show orders with their KRA invoices from r.
func (s *Store) UseInvoices(r InvoiceReader) { s.invoices = r }

// withInvoices fills each order's KRA invoice and its refunds' credit notes.
func (s *Store) withInvoices(ctx context.Context, orders ...*Order) error {
	if s.invoices == nil || len(orders) == 0 {
		return nil
	}
	ids := make([]int64, len(orders))
	for i, o := range orders {
		ids[i] = o.ID
	}
	sales, credits, err := s.invoices.Invoices(ctx, ids)
	if err != nil {
		return err
	}
	for _, o := range orders {
		e, ok := sales[o.ID]
		if !ok {
			e = Etims{Status: "off"}
		}
		o.Etims = &e
		for i := range o.Refunds {
			if c, ok := credits[o.Refunds[i].RowID]; ok {
				o.Refunds[i].Etims = &c
			}
		}
	}
	return nil
}

// Numbers returns the ORDER-… numbers of the orders ids, by id.
func (s *Store) Numbers(ctx context.Context, ids []int64) (map[int64]string, error) {
	out := make(map[int64]string, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	marks := make([]string, len(ids))
	args := make([]any, len(ids))
	for i, id := range ids {
		marks[i], args[i] = fmt.Sprintf("$%d", i+1), id
	}
	rows, err := s.db.Query(ctx, `SELECT id, order_number FROM orders WHERE id IN (`+strings.Join(marks, ", ")+`)`, args...)
	if err != nil {
		return nil, fmt.Errorf("order numbers: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var n string
		if err := rows.Scan(&id, &n); err != nil {
			return nil, err
		}
		out[id] = n
	}
	return out, rows.Err()
}
