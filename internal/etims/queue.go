package etims

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"shop/internal/apperr"
	"shop/internal/coupon"
	"shop/internal/db"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/vat"
)

// Service queues the shop's invoices and credit notes for KRA and sends
// them (sender.go). A nil client means eTIMS is off: nothing is queued.
type Service struct {
	db     *db.DB
	client *Client
	serial string
	// TradeName is the business's name on KRA's receipt data.
	TradeName string
	log       *slog.Logger
	now       func() time.Time
	// owner names this instance in the branch's lease.
	owner string
	// VerifyHost is KRA's receipt-verification site (docs/etims.md, "QR").
	VerifyHost string
	// OnSigned, when set, is told of each sale KRA signed, after it is
	// stored: the order mail held for the signature goes then.
	OnSigned func(ctx context.Context, orderID int64) error
}

// New returns the service; client nil turns eTIMS off, which is logged
// once, here.
func New(d *db.DB, client *Client, serial string, log *slog.Logger) *Service {
	if client == nil {
		log.Warn("eTIMS is not configured (SHOP_ETIMS_URL, SHOP_ETIMS_TIN, SHOP_ETIMS_DEVICE_SERIAL): sales are not reported to KRA and receipts are not tax invoices")
	}
	return &Service{db: d, client: client, serial: serial, log: log, now: time.Now, owner: randomOwner(),
		TradeName: "Mifugo Bora Feeds", VerifyHost: "https://etims.kra.go.ke"}
}

// Enabled reports whether sales are reported to KRA.
func (s *Service) Enabled() bool { return s != nil && s.client != nil }

// SetClock replaces the service's clock (tests of the backoff).
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// Errors of the queue.
var (
	// ErrExceedsInvoice refuses a credit note larger than what is left of its invoice.
	ErrExceedsInvoice = apperr.Conflict("The credit note would exceed the order's eTIMS invoice.")
	errNoInvoice      = errors.New("the order has no eTIMS invoice")
)

// Item codes: origin KE, type 2 (finished goods) or 3 (a service), the
// packaging and quantity units, and KRA's per-PIN sequence (docs/etims.md).
const (
	defaultItemClass = "1012150000" // UNSPSC 10121500, livestock feed
	serviceItemClass = "7810180000" // UNSPSC 78101800, road transport of goods
	deliveryKey      = -1           // the etims_items key of the delivery service
)

// units picks KRA's packaging and quantity units for a size: a bag for a
// weight, a piece otherwise. Both must be two letters, as the code embeds them.
func units(size string) (pkg, qty string) {
	s := strings.ToLower(size)
	if strings.Contains(s, "kg") || strings.HasSuffix(strings.TrimSpace(s), "g") {
		return "BG", "BG"
	}
	return "NT", "NO"
}

// itemFor is the item a line is sold as.
type itemFor struct {
	key        int64 // variant id, or deliveryKey
	name, band string
	service    bool
	price      money.Cents
	size       string
}

// ensureItemTx gives the item its code, once, inside tx; the counter row is
// locked first so two orders of a new size at once take one code.
func ensureItemTx(ctx context.Context, tx *sql.Tx, it itemFor) (string, error) {
	var code string
	err := tx.QueryRowContext(ctx, `SELECT item_cd FROM etims_items WHERE variant_id = $1`, it.key).Scan(&code)
	if err == nil {
		_, err = tx.ExecContext(ctx, `UPDATE etims_items SET name = $1, band = $2, price_cents = $3 WHERE variant_id = $4`,
			it.name, it.band, int64(it.price), it.key)
		return code, err
	}
	if !db.NoRows(err) {
		return "", fmt.Errorf("read eTIMS item %d: %w", it.key, err)
	}
	var seq int64
	if err := tx.QueryRowContext(ctx, `UPDATE etims_counters SET value = value + 1 WHERE name = 'item_seq' RETURNING value`).Scan(&seq); err != nil {
		return "", fmt.Errorf("next eTIMS item code: %w", err)
	}
	if err := tx.QueryRowContext(ctx, `SELECT item_cd FROM etims_items WHERE variant_id = $1`, it.key).Scan(&code); err == nil {
		// another order gave it its code while this one waited for the counter
		_, err = tx.ExecContext(ctx, `UPDATE etims_counters SET value = value - 1 WHERE name = 'item_seq'`)
		return code, err
	}
	pkg, qty := units(it.size)
	ty := "2"
	if it.service {
		ty, pkg, qty = "3", "OU", "NO"
	}
	code = fmt.Sprintf("KE%s%s%s%07d", ty, pkg, qty, seq)
	if _, err := tx.ExecContext(ctx, `INSERT INTO etims_items (variant_id, item_cd, name, price_cents, band) VALUES ($1, $2, $3, $4, $5)`,
		it.key, code, it.name, int64(it.price), it.band); err != nil {
		return "", fmt.Errorf("keep eTIMS item %d: %w", it.key, err)
	}
	return code, nil
}

// nextNumberTx takes the branch's next invoice number inside tx: the
// counter row's update holds it until tx ends, so numbers are consecutive
// and never given twice, whichever instance queues.
func nextNumberTx(ctx context.Context, tx *sql.Tx, branch string) (int64, error) {
	if _, err := tx.ExecContext(ctx, `INSERT INTO etims_branches (branch) VALUES ($1) ON CONFLICT (branch) DO NOTHING`, branch); err != nil {
		return 0, fmt.Errorf("eTIMS branch %s: %w", branch, err)
	}
	var n int64
	err := tx.QueryRowContext(ctx, `UPDATE etims_branches SET last_invc_no = last_invc_no + 1 WHERE branch = $1 RETURNING last_invc_no`, branch).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("next eTIMS invoice number: %w", err)
	}
	return n, nil
}

// line is an invoice line before KRA's fields: its amount after discount
// (VAT included) and the VAT in it.
type line struct {
	item            itemFor
	code            string
	qty             int
	unit, gross, dc money.Cents
	vat             money.Cents
	rateBP          int
}

func (l line) saleItem(seq int) SaleItem {
	pkg, qty := units(l.item.size)
	cls := defaultItemClass
	if l.item.service {
		pkg, qty, cls = "OU", "NO", serviceItemClass
	}
	net := l.gross - l.dc
	return SaleItem{ItemSeq: seq, ItemCd: l.code, ItemClsCd: cls, ItemNm: l.item.name, PkgUnitCd: pkg, Pkg: 1, QtyUnitCd: qty,
		Qty: Qty(l.qty), Prc: Amount(l.unit), SplyAmt: Amount(l.gross), DcRt: discountRate(l.dc, l.gross), DcAmt: Amount(l.dc),
		TaxTyCd: l.item.band, TaxblAmt: Amount(net - l.vat), TaxAmt: Amount(l.vat), TotAmt: Amount(net)}
}

// discountRate is the line's discount as a percentage with two decimals.
func discountRate(dc, gross money.Cents) Qty {
	if gross == 0 || dc == 0 {
		return 0
	}
	return Qty(float64((int64(dc)*10000+int64(gross)/2)/int64(gross)) / 100)
}

// build fills the invoice's items and its totals per band, which add up by
// construction to the lines' amounts: KRA checks the same sums.
func build(inv *Invoice, lines []line, rates map[string]int) {
	inv.ItemList = nil
	for _, b := range vat.Bands {
		_, rate, _ := inv.band(b)
		*rate = Qty(float64(rates[b]) / 100)
	}
	for i, l := range lines {
		it := l.saleItem(i + 1)
		inv.ItemList = append(inv.ItemList, it)
		taxbl, _, tax := inv.band(l.item.band)
		*taxbl += it.TaxblAmt
		*tax += it.TaxAmt
		inv.TotTaxblAmt += it.TaxblAmt
		inv.TotTaxAmt += it.TaxAmt
		inv.TotAmt += it.TotAmt
	}
	inv.TotItemCnt = len(inv.ItemList)
}

// OrderPaidTx queues order o's invoice inside tx, the transaction that made
// it paid: its lines with their coupon discounts and bands, the delivery
// fee as a line of its own, and the branch's next number. It answers the
// order's invoice as the order mail's receipt shows it (pending), or nil
// with eTIMS off.
func (s *Service) OrderPaidTx(ctx context.Context, tx *sql.Tx, o order.Order) (*order.Etims, error) {
	if !s.Enabled() {
		return nil, nil
	}
	rates, err := vat.RatesTx(ctx, tx)
	if err != nil {
		return nil, err
	}
	var lines []line
	for _, it := range o.Items {
		rates[it.VATClass] = it.VATRate // the rate the order was priced at
		lines = append(lines, line{item: itemFor{key: it.VariantID, name: it.ProductName + " " + it.Size, band: it.VATClass, price: it.UnitPrice, size: it.Size},
			qty: it.Quantity, unit: it.UnitPrice, gross: it.TotalPrice, dc: it.Discount, vat: it.VAT, rateBP: it.VATRate})
	}
	if o.ShippingCharge > 0 {
		// Delivery is a service at the standard rate, VAT included in the fee (docs/etims.md).
		rate := rates[vat.Standard]
		lines = append(lines, line{item: itemFor{key: deliveryKey, name: "Delivery", band: vat.Standard, service: true, price: o.ShippingCharge},
			qty: 1, unit: o.ShippingCharge, gross: o.ShippingCharge, vat: vat.Of(o.ShippingCharge, rate), rateBP: rate})
	}
	for i := range lines {
		if lines[i].code, err = ensureItemTx(ctx, tx, lines[i].item); err != nil {
			return nil, err
		}
	}
	no, err := nextNumberTx(ctx, tx, s.client.Branch())
	if err != nil {
		return nil, err
	}
	now := s.now()
	inv := Invoice{TrdInvcNo: o.Number, InvcNo: no, CustTin: o.KRAPIN, CustNm: trim(o.Customer.Name, 60), SalesTyCd: "N", RcptTyCd: Sale,
		PmtTyCd: payMobileMoney, SalesSttsCd: "02", CfmDt: stamp(now), SalesDt: day(now), PrchrAcptcYn: "N", Remark: "",
		RegrID: "shop", RegrNm: "shop", ModrID: "shop", ModrNm: "shop",
		Receipt: SaleReceipt{CustTin: o.KRAPIN, CustMblNo: o.Customer.Phone, RcptPbctDt: stamp(now), TrdeNm: s.TradeName, PrchrAcptcYn: "N"}}
	build(&inv, lines, rates)
	if money.Cents(inv.TotAmt) != o.Total {
		return nil, fmt.Errorf("eTIMS invoice of order %s adds up to %s, the order to %s", o.Number, money.Cents(inv.TotAmt), o.Total)
	}
	if err := s.insertTx(ctx, tx, inv, o.ID, nil); err != nil {
		return nil, err
	}
	return &order.Etims{Status: "pending", InvoiceNo: &no}, nil
}

func (s *Service) insertTx(ctx context.Context, tx *sql.Tx, inv Invoice, orderID int64, refundID *int64) error {
	body, err := json.Marshal(inv)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO etims_invoices (branch, invc_no, rcpt_ty, order_id, refund_id, org_invc_no, total_cents, body)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, s.client.Branch(), inv.InvcNo, inv.RcptTyCd, orderID, refundID, inv.OrgInvcNo, int64(inv.TotAmt), string(body))
	if err != nil {
		return fmt.Errorf("queue eTIMS invoice %d: %w", inv.InvcNo, err)
	}
	return nil
}

// RefundedTx queues a credit note for refund r of order o inside tx, the
// transaction in which the refund counts (recorded by hand, or an M-Pesa
// refund once sent). It credits what the refund gave back, at most what is
// left of the invoice: money refunded beyond the sale (an overpayment) was
// never invoiced.
func (s *Service) RefundedTx(ctx context.Context, tx *sql.Tx, o order.Order, r order.Refund) error {
	if !s.Enabled() {
		return nil
	}
	left, err := s.creditLeftTx(ctx, tx, o.ID)
	if errors.Is(err, errNoInvoice) {
		return nil // paid before eTIMS was on
	}
	if err != nil {
		return err
	}
	amount := min(r.Amount, left)
	if amount <= 0 {
		return nil
	}
	return s.CreditNoteTx(ctx, tx, o, r.RowID, amount)
}

// creditLeftTx is what the order's invoice can still be credited.
func (s *Service) creditLeftTx(ctx context.Context, tx *sql.Tx, orderID int64) (money.Cents, error) {
	var total, credited int64
	err := tx.QueryRowContext(ctx, `SELECT total_cents FROM etims_invoices WHERE order_id = $1 AND rcpt_ty = 'S'`, orderID).Scan(&total)
	if db.NoRows(err) {
		return 0, errNoInvoice
	}
	if err != nil {
		return 0, err
	}
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(SUM(total_cents), 0) FROM etims_invoices WHERE order_id = $1 AND rcpt_ty = 'R'`, orderID).Scan(&credited); err != nil {
		return 0, err
	}
	return money.Cents(total - credited), nil
}

// CreditNoteTx queues a credit note of amount against order o's invoice:
// the amount shared among the invoice's lines in proportion to what each
// has left, with each line's VAT at its band's rate. It refuses an amount
// beyond what is left of the invoice (ErrExceedsInvoice), before anything
// reaches KRA, which does not check this itself (docs/etims.md).
func (s *Service) CreditNoteTx(ctx context.Context, tx *sql.Tx, o order.Order, refundID int64, amount money.Cents) error {
	rows, err := tx.QueryContext(ctx, `SELECT rcpt_ty, body FROM etims_invoices WHERE order_id = $1 ORDER BY id`, o.ID)
	if err != nil {
		return err
	}
	var sale *Invoice
	var credits []Invoice
	for rows.Next() {
		var ty, body string
		if err := rows.Scan(&ty, &body); err != nil {
			rows.Close()
			return err
		}
		var inv Invoice
		if err := json.Unmarshal([]byte(body), &inv); err != nil {
			rows.Close()
			return fmt.Errorf("read eTIMS invoice of order %s: %w", o.Number, err)
		}
		if ty == Sale {
			sale = &inv
		} else {
			credits = append(credits, inv)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	if sale == nil {
		return errNoInvoice
	}
	left := make([]coupon.Line, len(sale.ItemList))
	in := make([]bool, len(left))
	var total money.Cents
	for i, it := range sale.ItemList {
		left[i] = coupon.Line{Total: money.Cents(it.TotAmt)}
		for _, c := range credits {
			for _, ci := range c.ItemList {
				if ci.ItemSeq == it.ItemSeq {
					left[i].Total -= money.Cents(ci.TotAmt)
				}
			}
		}
		in[i] = left[i].Total > 0
		total += max(left[i].Total, 0)
	}
	if amount <= 0 || amount > total {
		return ErrExceedsInvoice
	}
	shares := coupon.Allocate(amount, left, in)
	rates := map[string]int{}
	for _, b := range vat.Bands {
		_, rate, _ := sale.band(b)
		rates[b] = int(float64(*rate)*100 + 0.5)
	}
	no, err := nextNumberTx(ctx, tx, s.client.Branch())
	if err != nil {
		return err
	}
	now := s.now()
	cn := *sale
	cn.TrdInvcNo, cn.InvcNo, cn.OrgInvcNo, cn.RcptTyCd = fmt.Sprintf("%s-R%d", o.Number, no), no, sale.InvcNo, CreditNote
	cn.CfmDt, cn.SalesDt, cn.RfdDt, cn.RfdRsnCd, cn.Remark = stamp(now), day(now), stamp(now), refundReason, "refund"
	cn.Receipt.RcptPbctDt = stamp(now)
	cn.TaxblAmtA, cn.TaxblAmtB, cn.TaxblAmtC, cn.TaxblAmtD, cn.TaxblAmtE = 0, 0, 0, 0, 0
	cn.TaxAmtA, cn.TaxAmtB, cn.TaxAmtC, cn.TaxAmtD, cn.TaxAmtE = 0, 0, 0, 0, 0
	cn.TotTaxblAmt, cn.TotTaxAmt, cn.TotAmt = 0, 0, 0
	var items []SaleItem
	for i, it := range sale.ItemList {
		if shares[i] == 0 {
			continue
		}
		tax := vat.Of(shares[i], rates[it.TaxTyCd])
		// the line's amount credited, once: quantity 1 at the amount
		items = append(items, SaleItem{ItemSeq: it.ItemSeq, ItemCd: it.ItemCd, ItemClsCd: it.ItemClsCd, ItemNm: it.ItemNm, PkgUnitCd: it.PkgUnitCd,
			Pkg: 1, QtyUnitCd: it.QtyUnitCd, Qty: 1, Prc: Amount(shares[i]), SplyAmt: Amount(shares[i]), TaxTyCd: it.TaxTyCd,
			TaxblAmt: Amount(shares[i] - tax), TaxAmt: Amount(tax), TotAmt: Amount(shares[i])})
	}
	cn.ItemList = items
	for _, it := range items {
		taxbl, _, tax := cn.band(it.TaxTyCd)
		*taxbl += it.TaxblAmt
		*tax += it.TaxAmt
		cn.TotTaxblAmt += it.TaxblAmt
		cn.TotTaxAmt += it.TaxAmt
		cn.TotAmt += it.TotAmt
	}
	cn.TotItemCnt = len(items)
	var rid *int64
	if refundID != 0 {
		rid = &refundID
	}
	return s.insertTx(ctx, tx, cn, o.ID, rid)
}

func trim(s string, n int) string {
	r := []rune(strings.TrimSpace(s))
	if len(r) > n {
		r = r[:n]
	}
	return string(r)
}
