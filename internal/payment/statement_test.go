package payment

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/payment/mpesa"
)

// upload sends the simulator's statement, as the portal exports it, with
// change applied to its lines.
func (f *fixture) upload(t *testing.T, dryRun bool, change func([]mpesa.StatementLine) []mpesa.StatementLine) StatementReport {
	t.Helper()
	lines, opening := f.sim.Statement()
	lines = change(lines)
	var csv bytes.Buffer
	if err := mpesa.WriteStatement(&csv, lines, opening); err != nil {
		t.Fatal(err)
	}
	parsed, err := mpesa.ParseStatement(strings.NewReader("Mifugo Bora Feeds statement\nShort code,174379\n\n"+csv.String()), StatementMaxLines)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := f.svc.Statement(context.Background(), parsed, dryRun)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func lineOf(rep StatementReport, receipt string) StatementLine {
	for _, l := range rep.Lines {
		if l.Receipt == receipt {
			return l
		}
	}
	return StatementLine{}
}

func TestStatementIsMatchedLineByLine(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 20, mpesa.CallbackOnce, time.Millisecond)
		f.withRefunds(t)
		matched := f.paid(t)
		missing := f.paid(t) // the statement will lack its payment
		r := f.refund(t, matched.Number, mpesaRefund(1000))
		f.refundIs(t, matched.Number, r.ID, order.RefundSent)
		refund := refundOf(f.order(t, matched.Number), r.ID)
		// A Paybill payment whose confirmation never came: only the
		// statement has it.
		due := f.cancelled(t, 1)
		var paybill mpesa.StatementLine
		change := func(lines []mpesa.StatementLine) []mpesa.StatementLine {
			var out []mpesa.StatementLine
			for _, l := range lines {
				if l.Receipt != missing.Payment.Receipt {
					out = append(out, l)
				}
			}
			paybill = mpesa.StatementLine{Receipt: "TKS0000001", CompletedAt: time.Now(), Status: "Completed", PaidIn: int64(due.Total),
				Details: "Pay Bill from 254711000222 - AKINYI ATIENO Acc. " + digits(due.Number), OtherParty: "254711000222 - AKINYI ATIENO",
				Account: digits(due.Number), ReasonType: "Pay Utility"}
			failed := mpesa.StatementLine{Receipt: "TKS0000002", CompletedAt: time.Now(), Status: "Failed", PaidIn: 99_00}
			return append(out, paybill, failed)
		}

		preview := f.upload(t, true, change)
		if l := lineOf(preview, "TKS0000001"); l.Outcome != LineUnknown || !preview.DryRun || preview.Imported != 0 {
			t.Fatalf("preview of the unknown line: %+v (imported %d)", l, preview.Imported)
		}
		if got := f.order(t, due.Number); got.AmountPaid != 0 {
			t.Fatalf("the preview recorded a payment: %s", got.AmountPaid)
		}

		rep := f.upload(t, false, change)
		if l := lineOf(rep, matched.Payment.Receipt); l.Outcome != LineMatched || l.Kind != "payment" || l.Order == nil || *l.Order != matched.Number {
			t.Errorf("the STK payment: %+v", l)
		}
		if l := lineOf(rep, refund.MpesaReceipt); l.Outcome != LineMatched || l.Kind != "refund" || l.Withdrawn != money.FromShillings(1000) {
			t.Errorf("the refund: %+v", l)
		}
		if l := lineOf(rep, "TKS0000001"); l.Outcome != LineImported || l.Order == nil || *l.Order != due.Number {
			t.Errorf("the unknown Paybill payment: %+v", l)
		}
		if l := lineOf(rep, "TKS0000002"); l.Outcome != LineIgnored {
			t.Errorf("a failed line: %+v", l)
		}
		if len(rep.Missing) != 1 || rep.Missing[0].Receipt != missing.Payment.Receipt || rep.Missing[0].Kind != "payment" {
			t.Errorf("missing: %+v", rep.Missing)
		}
		wantIn := matched.Total + due.Total
		if rep.Totals.StatementIn != wantIn || rep.Totals.StatementOut != money.FromShillings(1000) ||
			rep.Totals.ShopIn != matched.Total+missing.Total || rep.Totals.ShopOut != money.FromShillings(1000) {
			t.Errorf("totals %+v; statement in %s", rep.Totals, wantIn)
		}
		if got := f.order(t, due.Number); got.Status != order.Paid || got.AmountPaid != due.Total {
			t.Fatalf("the imported payment did not pay its order: %s %s", got.Status, got.AmountPaid)
		}

		// Uploaded again: the imported line is now known, nothing changes.
		again := f.upload(t, false, change)
		if l := lineOf(again, "TKS0000001"); l.Outcome != LineMatched || l.Kind != "paybill" || again.Imported != 0 {
			t.Fatalf("the second upload: %+v (imported %d)", l, again.Imported)
		}
		var n int
		if err := d.QueryRow(context.Background(), `SELECT COUNT(*) FROM c2b_payments WHERE trans_id = 'TKS0000001'`).Scan(&n); err != nil || n != 1 {
			t.Fatalf("%d rows, %v", n, err)
		}
		if got := f.order(t, due.Number); got.AmountPaid != due.Total {
			t.Fatalf("paid twice: %s", got.AmountPaid)
		}
	})
}

func TestStatementFilesThatAreNotStatements(t *testing.T) {
	for name, text := range map[string]string{
		"no header":   "Date,Amount\n2026-01-01,100\n",
		"bad time":    strings.Join(mpesa.StatementColumns, ",") + "\nTKX1,yesterday,,x,Completed,100,,,,,,,\n",
		"bad amount":  strings.Join(mpesa.StatementColumns, ",") + "\nTKX1,20-04-2017 15:50,,x,Completed,1.2.3,,,,,,,\n",
		"no receipt":  strings.Join(mpesa.StatementColumns, ",") + "\n,20-04-2017 15:50,,x,Completed,100,,,,,,,\n",
		"bad columns": "Receipt No.,Details\nTKX1,x\n",
	} {
		if _, err := mpesa.ParseStatement(strings.NewReader(text), 10); err == nil {
			t.Errorf("%s: read", name)
		}
	}
	// The 2017 test file's line, as the portal wrote it.
	lines, err := mpesa.ParseStatement(strings.NewReader(strings.Join(mpesa.StatementColumns, ",")+"\n"+
		"LDK7QX5ZN1,20-04-2017 15:50,20-04-2017 15:50,Pay Bill from 254727939578 - Customer Credits Acc. 23226324,Completed,100,,66,TRUE,Pay Utility,254727939578- Customer Credits,,23226324\n"), 10)
	if err != nil || len(lines) != 1 || lines[0].PaidIn != 100_00 || lines[0].Account != "23226324" || !lines[0].Completed() {
		t.Fatalf("%+v %v", lines, err)
	}
}
