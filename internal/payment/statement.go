package payment

import (
	"context"
	"fmt"
	"strings"
	"time"

	"shop/internal/db"
	"shop/internal/money"
	"shop/internal/payment/mpesa"
)

// The M-Pesa statement checked against the shop's books (docs/payments.md
// section 13): each completed line is matched to a payment or a refund the
// shop knows by its receipt; money in that the shop never heard of is a
// Paybill payment whose confirmation never came, imported through the
// confirmation's own path (once: its receipt is then known); and what the
// shop counts in the statement's period that the statement lacks is listed
// for the owner. Uploaded twice, a statement changes nothing.

// StatementMaxLines bounds one upload.
const StatementMaxLines = 20_000

// Statement line outcomes.
const (
	LineMatched  = "matched"
	LineUnknown  = "unknown"  // money the shop never heard of
	LineImported = "imported" // an unknown payment in, now recorded
	LineIgnored  = "ignored"  // not completed: no money moved
)

// StatementLine is a line of the statement and what the shop made of it.
type StatementLine struct {
	Receipt     string      `json:"receipt"`
	CompletedAt time.Time   `json:"completed_at"`
	Details     string      `json:"details"`
	PaidIn      money.Cents `json:"paid_in"`
	Withdrawn   money.Cents `json:"withdrawn"`
	Outcome     string      `json:"outcome"`
	// Kind is what the line matched: payment (STK), paybill or refund.
	Kind  string  `json:"kind"`
	Order *string `json:"order"`
}

// MissingLine is money the shop counts that the statement lacks.
type MissingLine struct {
	Receipt string      `json:"receipt"`
	Kind    string      `json:"kind"`
	Amount  money.Cents `json:"amount"`
	At      time.Time   `json:"at"`
	Order   *string     `json:"order"`
}

// StatementTotals are the money in and out of the period, by the statement
// and by the shop's books.
type StatementTotals struct {
	StatementIn  money.Cents `json:"statement_in"`
	StatementOut money.Cents `json:"statement_out"`
	ShopIn       money.Cents `json:"shop_in"`
	ShopOut      money.Cents `json:"shop_out"`
}

// StatementReport is the answer to an upload.
type StatementReport struct {
	DryRun  bool            `json:"dry_run"`
	From    *time.Time      `json:"from"`
	To      *time.Time      `json:"to"`
	Lines   []StatementLine `json:"lines"`
	Missing []MissingLine   `json:"missing"`
	Totals  StatementTotals `json:"totals"`
	// Imported counts the payments recorded from this upload.
	Imported int `json:"imported"`
}

// known is a transaction the shop's books hold.
type known struct {
	receipt string
	kind    string
	amount  money.Cents
	at      time.Time
	order   *string
}

// booksTx lists the shop's M-Pesa transactions with a receipt between from
// and to (money in: STK payments and Paybill payments; out: refunds the
// shop sent), and those whose receipts are in receipts, whenever.
func (s *Service) books(ctx context.Context, from, to time.Time, receipts []string) ([]known, error) {
	scan := func(r db.Scanner) (k known, err error) {
		var number *string
		err = r.Scan(&k.receipt, &k.kind, &k.amount, &k.at, &number)
		k.order = number
		return k, err
	}
	inArgs := make([]any, 0, len(receipts)+2)
	inArgs = append(inArgs, s.db.TimeArg(from), s.db.TimeArg(to))
	marks := make([]string, len(receipts))
	for i, r := range receipts {
		inArgs = append(inArgs, r)
		marks[i] = fmt.Sprintf("$%d", i+3)
	}
	in := "''"
	if len(marks) > 0 {
		in = strings.Join(marks, ", ")
	}
	// STK payments count by when they succeeded (updated_at); Paybill
	// payments by when they were received; refunds by when they were
	// asked for (a result comes within minutes).
	return db.QueryAll(ctx, s.db, "the shop's M-Pesa books", scan, `
		SELECT p.receipt, 'payment', p.amount_cents, p.updated_at, o.order_number FROM payments p JOIN orders o ON o.id = p.order_id
			WHERE p.status = 'succeeded' AND p.receipt IS NOT NULL AND (p.updated_at BETWEEN $1 AND $2 OR p.receipt IN (`+in+`))
		UNION ALL
		SELECT c.trans_id, 'paybill', c.amount_cents, c.received_at, o.order_number FROM c2b_payments c LEFT JOIN orders o ON o.id = c.order_id
			WHERE c.payment_id IS NULL AND (c.received_at BETWEEN $1 AND $2 OR c.trans_id IN (`+in+`))
		UNION ALL
		SELECT r.mpesa_receipt, 'refund', r.amount_cents, r.created_at, o.order_number FROM refunds r JOIN orders o ON o.id = r.order_id
			WHERE r.method IN ('mpesa', 'reversal') AND r.status = 'sent' AND r.mpesa_receipt <> ''
			AND (r.created_at BETWEEN $1 AND $2 OR r.mpesa_receipt IN (`+in+`))`, inArgs...)
}

// Statement checks the statement's lines against the shop's books. Unless
// dryRun, money in the shop never heard of is recorded as a Paybill payment
// (source statement), matched to an order by its account number as a
// confirmation would be.
func (s *Service) Statement(ctx context.Context, lines []mpesa.StatementLine, dryRun bool) (StatementReport, error) {
	rep := StatementReport{DryRun: dryRun, Lines: make([]StatementLine, 0, len(lines)), Missing: []MissingLine{}}
	var from, to time.Time
	var receipts []string
	for _, l := range lines {
		if !l.Completed() {
			continue
		}
		if from.IsZero() || l.CompletedAt.Before(from) {
			from = l.CompletedAt
		}
		if l.CompletedAt.After(to) {
			to = l.CompletedAt
		}
		receipts = append(receipts, l.Receipt)
	}
	if !from.IsZero() {
		// The portal writes whole minutes (or seconds): the period runs to
		// the end of its last one.
		to = to.Add(time.Minute)
		f, t := from.UTC(), to.UTC()
		rep.From, rep.To = &f, &t
	}
	books := map[string]known{}
	if len(receipts) > 0 {
		list, err := s.books(ctx, from, to, receipts)
		if err != nil {
			return rep, err
		}
		for _, k := range list {
			books[k.receipt] = k
		}
	}
	seen := map[string]bool{}
	for _, l := range lines {
		out := StatementLine{Receipt: l.Receipt, CompletedAt: l.CompletedAt.UTC(), Details: l.Details,
			PaidIn: money.Cents(l.PaidIn), Withdrawn: money.Cents(l.Withdrawn), Outcome: LineIgnored}
		if l.Completed() {
			seen[l.Receipt] = true
			rep.Totals.StatementIn += out.PaidIn
			rep.Totals.StatementOut += out.Withdrawn
			if k, ok := books[l.Receipt]; ok {
				out.Outcome, out.Kind, out.Order = LineMatched, k.kind, k.order
			} else {
				out.Outcome = LineUnknown
				if l.PaidIn > 0 && !dryRun {
					if err := s.importStatementLine(ctx, l); err != nil {
						return rep, err
					}
					out.Outcome, out.Kind = LineImported, "paybill"
					out.Order = s.orderOfPaybill(ctx, l.Receipt)
					rep.Imported++
				}
			}
		}
		rep.Lines = append(rep.Lines, out)
	}
	for _, k := range books {
		if k.at.Before(from) || !k.at.Before(to) {
			continue
		}
		if k.kind == "refund" {
			rep.Totals.ShopOut += k.amount
		} else {
			rep.Totals.ShopIn += k.amount
		}
		if !seen[k.receipt] {
			rep.Missing = append(rep.Missing, MissingLine{Receipt: k.receipt, Kind: k.kind, Amount: k.amount, At: k.at.UTC(), Order: k.order})
		}
	}
	return rep, nil
}

// importStatementLine records money in that only the statement reports,
// through the confirmation's path (its receipt is then known: once).
func (s *Service) importStatementLine(ctx context.Context, l mpesa.StatementLine) error {
	name := l.OtherParty
	phone := ""
	if p, n, ok := strings.Cut(l.OtherParty, " - "); ok {
		phone, name = strings.TrimSpace(p), strings.TrimSpace(n)
	}
	if len(phone) > 7 {
		// Shown to people like Daraja's own masked numbers, never matched on.
		phone = phone[:4] + " ***** " + phone[len(phone)-3:]
	}
	p := mpesa.C2BPayment{TransID: l.Receipt, TransType: "Pay Bill", TransTime: mpesa.Timestamp(l.CompletedAt),
		AmountCents: l.PaidIn, BillRef: l.Account, FirstName: name, MSISDN: phone}
	if err := s.receiveC2B(ctx, p, "statement"); err != nil && err != errUnreadable {
		return err
	}
	return nil
}

// orderOfPaybill is the order number a Paybill payment was matched to.
func (s *Service) orderOfPaybill(ctx context.Context, transID string) *string {
	var number *string
	_ = s.db.QueryRow(ctx, `SELECT o.order_number FROM c2b_payments c JOIN orders o ON o.id = c.order_id WHERE c.trans_id = $1`, transID).Scan(&number)
	return number
}
