package payment

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/httpx"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/payment/mpesa"
	"shop/internal/ratelimit"
)

// withRefunds gives the fixture's shop an initiator the simulator knows,
// with the simulator's certificate, and serves the result and time-out URLs.
func (f *fixture) withRefunds(t *testing.T) *mpesa.Client {
	t.Helper()
	f.sim.InitiatorName, f.sim.InitiatorPassword = "apiop", "Mifugo#2026"
	client := f.moneyClient(t, f.sim.InitiatorPassword)
	f.svc.moneyOut, f.svc.manualWhy = client, ""
	h := &Handlers{Service: f.svc}
	f.mux.Handle("POST "+ResultPath+"{secret}/{$}", httpx.Handler(h.Result))
	f.mux.Handle("POST "+TimeoutPath+"{secret}/{$}", httpx.Handler(h.Timeout))
	return client
}

func (f *fixture) moneyClient(t *testing.T, password string) *mpesa.Client {
	t.Helper()
	cert, err := f.sim.Certificate()
	if err != nil {
		t.Fatal(err)
	}
	return mpesa.NewClient(mpesa.Config{BaseURL: f.daraja, ConsumerKey: "k", ConsumerSecret: "s", ShortCode: "174379", Passkey: "pass",
		Initiator: mpesa.Initiator{Name: "apiop", Password: password, Certificate: cert}}, nil)
}

// paid places an order of 2 bags (Ksh 3,500 with delivery) paid by STK
// from 254708374149.
func (f *fixture) paid(t *testing.T) order.Order {
	t.Helper()
	st := f.start(t, "0708374149", 2)
	return f.waitFor(t, st.Order.Number, isStatus(order.Paid))
}

// startRefund stores a refund of the order as the admin handler does.
func (f *fixture) startRefund(svc *Service, number string, in order.RefundInput) (order.Refund, error) {
	var r order.Refund
	err := f.d.Tx(context.Background(), func(tx *sql.Tx) error {
		var err error
		_, _, r, err = svc.RefundTx(context.Background(), tx, number, in, "admin:1")
		return err
	})
	return r, err
}

// refund stores and sends a refund, failing the test when it is refused.
func (f *fixture) refund(t *testing.T, number string, in order.RefundInput) order.Refund {
	t.Helper()
	r, err := f.startRefund(f.svc, number, in)
	if err != nil {
		t.Fatalf("refund %+v: %v", in, err)
	}
	if r.Status != order.RefundSending || r.ID == "" {
		t.Fatalf("refund stored as %+v", r)
	}
	if err := f.svc.SendRefund(context.Background(), r.ID); err != nil {
		t.Fatal(err)
	}
	return r
}

func refundOf(o order.Order, id string) order.Refund {
	for _, r := range o.Refunds {
		if r.ID == id {
			return r
		}
	}
	return order.Refund{}
}

// refundIs waits until refund id of the order has status, and returns the
// read that saw it: an order is read at one moment, so that read already
// holds the order as the refund's end left it.
func (f *fixture) refundIs(t *testing.T, number, id, status string) order.Order {
	t.Helper()
	return f.waitFor(t, number, func(o order.Order) bool { return refundOf(o, id).Status == status })
}

func mpesaRefund(ksh int64) order.RefundInput {
	return order.RefundInput{Method: order.RefundMpesa, Amount: money.FromShillings(ksh), Reason: "Overpaid"}
}

// reconcileLater runs the reconciler with the clock past the refunds'
// first query.
func (f *fixture) reconcileLater(t *testing.T, by time.Duration) {
	t.Helper()
	f.svc.now = func() time.Time { return time.Now().Add(by) }
	if _, err := f.svc.ReconcileOnce(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func TestRefundByB2CIsSentToThePayer(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackOnce, time.Millisecond)
		f.withRefunds(t)
		o := f.paid(t)
		float := f.sim.Utility()
		r := f.refund(t, o.Number, mpesaRefund(1000))
		if r.Phone != "254708374149" {
			t.Fatalf("refund goes to %q, want the payer", r.Phone)
		}
		// Sending: nothing counted yet.
		if now := f.order(t, o.Number); now.AmountRefunded != 0 && refundOf(now, r.ID).Status == order.RefundSending {
			t.Fatalf("a refund still sending counted: %s", now.AmountRefunded)
		}
		after := f.refundIs(t, o.Number, r.ID, order.RefundSent)
		got := refundOf(after, r.ID)
		if len(got.MpesaReceipt) != 10 || got.ReceiverName == "" || got.ResultCode != "0" || got.Method != order.RefundMpesa {
			t.Fatalf("sent refund %+v", got)
		}
		if after.AmountRefunded != money.FromShillings(1000) || after.Status != order.PartiallyRefunded {
			t.Fatalf("order after the refund: %s %s", after.Status, after.AmountRefunded)
		}
		if f.sim.Utility() != float-100_000 || f.sim.Paid() != 1 {
			t.Fatalf("utility %d (was %d), paid %d", f.sim.Utility(), float, f.sim.Paid())
		}
	})
}

// The order page re-reads the order while a refund is in flight and stops
// once none is: a read that saw a refund sent but the order's refunded total
// from before it would leave the page wrong until a reload.
func TestAnOrderIsReadWithItsRefundsAtOneMoment(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackOnce, time.Millisecond)
		f.withRefunds(t)
		o := f.paid(t)
		ctx, stop := context.WithCancel(context.Background())
		var reads int
		var wrong []string
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				got, err := f.orders.ByNumber(context.Background(), o.Number)
				if err != nil {
					wrong = append(wrong, err.Error())
					return
				}
				reads++
				var sent money.Cents
				for _, r := range got.Refunds {
					if r.Status == order.RefundSent {
						sent += r.Amount
					}
				}
				if sent != got.AmountRefunded {
					wrong = append(wrong, fmt.Sprintf("refunds sent %s, refunded in all %s", sent, got.AmountRefunded))
				}
			}
		}()
		for range 3 {
			r := f.refund(t, o.Number, mpesaRefund(300))
			f.refundIs(t, o.Number, r.ID, order.RefundSent)
		}
		stop()
		wg.Wait()
		if len(wrong) > 0 || reads == 0 {
			t.Fatalf("%d reads, %d of them inconsistent: %v", reads, len(wrong), wrong[:min(3, len(wrong))])
		}
	})
}

func TestRefundFailsInPlainWords(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 50, mpesa.CallbackOnce, time.Millisecond)
		f.withRefunds(t)
		for code, words := range map[string]string{
			"1":    "Not enough money in the Utility account",
			"2":    "Below M-Pesa's minimum",
			"3":    "Above M-Pesa's maximum",
			"2001": "Wrong initiator credentials",
			"8006": "credentials are locked",
			"2040": "not a registered M-Pesa customer",
			"17":   "The simulated payment failed.", // others by their text
		} {
			f.sim.B2COutcome = "fail:" + code
			o := f.paid(t)
			r := f.refund(t, o.Number, mpesaRefund(500))
			after := f.refundIs(t, o.Number, r.ID, order.RefundFailed)
			got := refundOf(after, r.ID)
			if got.ResultCode != code || !strings.Contains(got.ResultText, words) {
				t.Errorf("code %s: %q %q", code, got.ResultCode, got.ResultText)
			}
			if after.AmountRefunded != 0 || after.Status != order.Paid {
				t.Errorf("code %s: a failed refund counted: %s %s", code, after.Status, after.AmountRefunded)
			}
		}
		// A wrong password is really found wrong: the simulator decrypts
		// the credential.
		f.sim.B2COutcome = mpesa.B2COK
		f.svc.moneyOut = f.moneyClient(t, "not-the-password")
		o := f.paid(t)
		r := f.refund(t, o.Number, mpesaRefund(500))
		if got := refundOf(f.refundIs(t, o.Number, r.ID, order.RefundFailed), r.ID); got.ResultCode != "2001" {
			t.Fatalf("wrong password: %+v", got)
		}
		if f.sim.Paid() != 0 {
			t.Fatalf("%d paid", f.sim.Paid())
		}
	})
}

func TestRefundWhoseResultNeverComesIsFoundByTransactionStatus(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackOnce, time.Millisecond)
		f.withRefunds(t)
		f.sim.B2COutcome = mpesa.B2CNever
		o := f.paid(t)
		r := f.refund(t, o.Number, mpesaRefund(1200))
		f.reconcileLater(t, 0) // not due yet: nothing asked
		if got := refundOf(f.order(t, o.Number), r.ID); got.Status != order.RefundSending {
			t.Fatalf("before its first query: %+v", got)
		}
		f.reconcileLater(t, 2*refundFirstQuery)
		after := f.refundIs(t, o.Number, r.ID, order.RefundSent)
		if got := refundOf(after, r.ID); len(got.MpesaReceipt) != 10 || got.ReceiverName == "" {
			t.Fatalf("found by status: %+v", got)
		}
		if after.AmountRefunded != money.FromShillings(1200) || f.sim.Paid() != 1 {
			t.Fatalf("refunded %s, paid %d", after.AmountRefunded, f.sim.Paid())
		}
	})
}

func TestLateResultAfterTheStatusQueryChangesNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackOnce, time.Millisecond)
		f.withRefunds(t)
		f.sim.B2COutcome, f.sim.B2CLateBy = mpesa.B2CLate, time.Hour
		o := f.paid(t)
		r := f.refund(t, o.Number, mpesaRefund(700))
		f.reconcileLater(t, 2*refundFirstQuery)
		f.refundIs(t, o.Number, r.ID, order.RefundSent)
		results := f.sim.Results()
		f.sim.Flush()
		waitUntil(t, 30*time.Second, "the late result", func() bool { return f.sim.Results() > results })
		after := f.order(t, o.Number)
		if after.AmountRefunded != money.FromShillings(700) || len(after.Refunds) != 1 {
			t.Fatalf("the late result counted again: %s, %d refunds", after.AmountRefunded, len(after.Refunds))
		}
	})
}

func TestRefundResentAfterALostAnswerIsPaidOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackOnce, time.Millisecond)
		f.withRefunds(t)
		f.sim.B2COutcome = mpesa.B2CNever // only a status query can tell
		o := f.paid(t)
		f.loseAnswers.Store(1)
		r := f.refund(t, o.Number, mpesaRefund(900))
		if got := refundOf(f.order(t, o.Number), r.ID); got.Status != order.RefundUnknown {
			t.Fatalf("after a lost answer: %+v", got)
		}
		if f.sim.Paid() != 1 {
			t.Fatalf("M-Pesa paid %d", f.sim.Paid())
		}
		// The reconciler sends it again under the same id: M-Pesa refuses
		// the duplicate and Transaction Status tells how it ended.
		f.reconcileLater(t, 2*refundFirstQuery)
		after := f.refundIs(t, o.Number, r.ID, order.RefundSent)
		if f.sim.Paid() != 1 || after.AmountRefunded != money.FromShillings(900) {
			t.Fatalf("paid %d times, refunded %s", f.sim.Paid(), after.AmountRefunded)
		}
	})
}

func TestRefundNeverSentIsSentByTheReconciler(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackOnce, time.Millisecond)
		f.withRefunds(t)
		o := f.paid(t)
		// Stored, then the process died before sending it.
		r, err := f.startRefund(f.svc, o.Number, mpesaRefund(400))
		if err != nil {
			t.Fatal(err)
		}
		f.reconcileLater(t, 2*refundFirstQuery)
		f.refundIs(t, o.Number, r.ID, order.RefundSent)
		if f.sim.Paid() != 1 {
			t.Fatalf("paid %d", f.sim.Paid())
		}
	})
}

func TestTwoRefundsAtOnceNeverExceedWhatWasPaid(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackOnce, time.Millisecond)
		f.withRefunds(t)
		f.sim.B2COutcome = mpesa.B2CNever // both would still be sending
		o := f.paid(t)                    // Ksh 3,500
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = f.startRefund(f.svc, o.Number, mpesaRefund(2000))
			}()
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			if err == nil {
				ok++
			} else if e, _ := apperr.From(err); e == nil || e.Fields["amount"] != "At most Ksh 1,500 can be refunded." {
				t.Errorf("refused with %v", err)
			}
		}
		if ok != 1 {
			t.Fatalf("%d of two refunds of Ksh 2,000 from Ksh 3,500 taken: %v", ok, errs)
		}
	})
}

func TestRefundAmountsOutsideMpesaLimitsAreRefusedBeforeSending(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackOnce, time.Millisecond)
		f.withRefunds(t)
		o := f.paid(t)
		for _, c := range []struct {
			in   order.RefundInput
			want string
		}{
			{mpesaRefund(5), MsgRefundLimits},
			{order.RefundInput{Method: order.RefundMpesa, Amount: 100_050, Reason: "x"}, MsgRefundWholeShillings},
			{order.RefundInput{Method: order.RefundMpesa, Amount: 1000_00, Reason: "x", Phone: "12345"}, MsgRefundPhone},
			{order.RefundInput{Method: order.RefundMpesa, Amount: 250_001_00, Reason: "x"}, MsgRefundLimits},
			{order.RefundInput{Method: "cheque", Amount: 1000_00, Reason: "x"}, order.MsgRefundMethod},
			{order.RefundInput{Method: order.RefundReversal, Amount: 1000_00, Reason: "x", Receipt: "NOPE"}, MsgRefundNoReceipt},
		} {
			in, want := c.in, c.want
			_, err := f.startRefund(f.svc, o.Number, in)
			e, _ := apperr.From(err)
			if e == nil || !containsValue(e.Fields, want) {
				t.Errorf("%+v: %v %v", in, err, e)
			}
		}
		if n := len(f.order(t, o.Number).Refunds); n != 0 || f.sim.Paid() != 0 {
			t.Fatalf("%d refunds stored, %d paid", n, f.sim.Paid())
		}
	})
}

func containsValue(m map[string]string, v string) bool {
	for _, x := range m {
		if x == v {
			return true
		}
	}
	return false
}

func TestFullRefundByReversal(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackOnce, time.Millisecond)
		client := f.withRefunds(t)
		o := f.paid(t)
		r := f.refund(t, o.Number, order.RefundInput{Method: order.RefundReversal, Reason: "Paid twice", Restock: true})
		after := f.refundIs(t, o.Number, r.ID, order.RefundSent)
		if after.Status != order.Refunded || after.AmountRefunded != o.Total || f.stock(t) != 10 {
			t.Fatalf("after the reversal: %s %s, stock %d", after.Status, after.AmountRefunded, f.stock(t))
		}
		if got := refundOf(after, r.ID); got.Method != order.RefundReversal || got.MpesaReceipt == "" {
			t.Fatalf("reversal %+v", got)
		}

		// R000001: the payment was reversed already (here, on the portal).
		o2 := f.paid(t)
		if _, err := client.Reversal(context.Background(), mpesa.ReversalRequest{OriginatorID: "portal-1", Receipt: o2.Payment.Receipt,
			Amount: o2.Total.Shillings(), Remarks: "portal", Replies: f.svc.replies()}); err != nil {
			t.Fatal(err)
		}
		r2 := f.refund(t, o2.Number, order.RefundInput{Method: order.RefundReversal, Reason: "Paid twice"})
		got := refundOf(f.refundIs(t, o2.Number, r2.ID, order.RefundFailed), r2.ID)
		if got.ResultCode != "R000001" || got.ResultText != "This payment was already reversed" {
			t.Fatalf("R000001: %+v", got)
		}
		if mpesa.ResultText("R000002", "") != "M-Pesa does not know this receipt" {
			t.Fatal("R000002 in plain words")
		}
	})
}

func TestRefundOverTheFloatIsRefused(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackOnce, time.Millisecond)
		f.withRefunds(t)
		f.sim.SetUtility(800_00)
		o := f.paid(t)
		if _, err := f.svc.Float(context.Background()); err != nil {
			t.Fatal(err)
		}
		var fl Float
		waitUntil(t, 30*time.Second, "the account balance", func() bool {
			var err error
			fl, err = f.svc.Float(context.Background())
			return err == nil && fl.Utility != nil
		})
		if *fl.Utility != 800_00 || !fl.Sends || fl.DailyLimit != DefaultRefundDailyLimit {
			t.Fatalf("float %+v", fl)
		}
		_, err := f.startRefund(f.svc, o.Number, mpesaRefund(1000))
		if e, _ := apperr.From(err); e == nil || e.Fields["amount"] != "Move money to the Utility account first: it holds Ksh 800." {
			t.Fatalf("over the float: %v", err)
		}
		f.refundIs(t, o.Number, f.refund(t, o.Number, mpesaRefund(500)).ID, order.RefundSent)
		// What went out since the balance was read counts.
		_, err = f.startRefund(f.svc, o.Number, mpesaRefund(400))
		if e, _ := apperr.From(err); e == nil || e.Fields["amount"] != "Move money to the Utility account first: it holds Ksh 300." {
			t.Fatalf("over what is left of the float: %v", err)
		}
	})
}

func TestDailyLimitHoldsAcrossInstances(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackOnce, time.Millisecond)
		client := f.withRefunds(t)
		f.sim.B2COutcome = mpesa.B2CNever
		log := slog.New(slog.NewTextHandler(testWriter{t}, nil))
		var instances []*Service
		for range 2 {
			s := New(d, f.orders, client, ratelimit.New(d, nil), Config{PublicURL: f.shop, CallbackSecret: secret, Limits: &unlimited,
				MoneyOut: client, RefundDailyLimit: money.FromShillings(3000)}, log)
			instances = append(instances, s)
		}
		a, b := f.paid(t), f.paid(t)
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, number := range []string{a.Number, b.Number} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = f.startRefund(instances[i], number, mpesaRefund(2000))
			}()
		}
		wg.Wait()
		refused := 0
		for _, err := range errs {
			if e, _ := apperr.From(err); e != nil && strings.HasPrefix(e.Fields["amount"], "Today's M-Pesa refunds would pass the daily limit of Ksh 3,000") {
				refused++
			} else if err != nil {
				t.Errorf("refused with %v", err)
			}
		}
		if refused != 1 {
			t.Fatalf("%d of two refunds of Ksh 2,000 refused under a Ksh 3,000 limit: %v", refused, errs)
		}
		if _, err := f.startRefund(instances[1], b.Number, mpesaRefund(1000)); err != nil {
			t.Fatalf("what is left of the limit: %v", err)
		}
	})
}

func TestResultWithAWrongSecretChangesNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackOnce, time.Millisecond)
		f.withRefunds(t)
		f.sim.B2COutcome = mpesa.B2CNever
		o := f.paid(t)
		r := f.refund(t, o.Number, mpesaRefund(600))
		body, _ := json.Marshal(map[string]any{"Result": map[string]any{"ResultType": 0, "ResultCode": 0, "ResultDesc": "ok",
			"OriginatorConversationID": r.ID, "ConversationID": "AG_x", "TransactionID": "TKX0000001",
			"ResultParameters": map[string]any{"ResultParameter": []map[string]any{
				{"Key": "TransactionReceipt", "Value": "TKX0000001"}, {"Key": "ReceiverPartyPublicName", "Value": "254708374149 - WANJIKU MWANGI"}}}}})
		post := func(path string) int {
			resp, err := http.Post(f.shop+path, "application/json", bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			return resp.StatusCode
		}
		for _, path := range []string{ResultPath + "wrong-secret/", TimeoutPath + "wrong-secret/", ResultPath + secret[:len(secret)-1] + "/"} {
			if code := post(path); code != http.StatusNotFound {
				t.Fatalf("%s: %d", path, code)
			}
		}
		if got := refundOf(f.order(t, o.Number), r.ID); got.Status != order.RefundSending {
			t.Fatalf("a wrong secret changed the refund: %+v", got)
		}
		if code := post(ResultPath + secret + "/"); code != http.StatusOK {
			t.Fatalf("right secret: %d", code)
		}
		got := refundOf(f.order(t, o.Number), r.ID)
		if got.Status != order.RefundSent || got.MpesaReceipt != "TKX0000001" || got.ReceiverName != "WANJIKU MWANGI" {
			t.Fatalf("result: %+v", got)
		}
		// The same result again changes nothing.
		if code := post(ResultPath + secret + "/"); code != http.StatusOK {
			t.Fatalf("again: %d", code)
		}
		if after := f.order(t, o.Number); after.AmountRefunded != money.FromShillings(600) {
			t.Fatalf("counted twice: %s", after.AmountRefunded)
		}
	})
}

func TestQueueTimeoutMakesTheRefundUnknownUntilAsked(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackOnce, time.Millisecond)
		f.withRefunds(t)
		f.sim.B2COutcome = mpesa.B2CNever
		o := f.paid(t)
		r := f.refund(t, o.Number, mpesaRefund(300))
		body, _ := json.Marshal(map[string]any{"Result": map[string]any{"ResultType": 0, "ResultCode": "SVC0403",
			"ResultDesc": "Request timed out in the queue", "OriginatorConversationID": r.ID, "ConversationID": ""}})
		if err := f.svc.HandleTimeout(context.Background(), secret, body); err != nil {
			t.Fatal(err)
		}
		if got := refundOf(f.order(t, o.Number), r.ID); got.Status != order.RefundUnknown {
			t.Fatalf("after the time-out: %+v", got)
		}
		f.reconcileLater(t, time.Second)
		f.refundIs(t, o.Number, r.ID, order.RefundSent)
		if f.sim.Paid() != 1 {
			t.Fatalf("paid %d", f.sim.Paid())
		}
	})
}

func TestRefundsStayManualWithoutAnInitiator(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackOnce, time.Millisecond)
		o := f.paid(t)
		_, err := f.startRefund(f.svc, o.Number, mpesaRefund(500))
		if e, _ := apperr.From(err); e == nil || e.Kind != apperr.KindConflict || !strings.Contains(e.Message, "not configured") {
			t.Fatalf("without an initiator: %v", err)
		}
		// The recorded refund still works, as before.
		r, err := f.startRefund(f.svc, o.Number, order.RefundInput{Amount: money.FromShillings(500), Reason: "Overpaid", Reference: "tkm1234567"})
		if err != nil || r.Method != order.RefundManual || r.Status != order.RefundSent || r.Reference != "TKM1234567" {
			t.Fatalf("manual: %+v %v", r, err)
		}
	})
}

// waitUntil checks cond until it holds, failing the test after limit
// (testkit.WaitUntil's loop: testkit imports this package).
func waitUntil(t *testing.T, limit time.Duration, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(limit); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s", what)
		}
	}
}

func TestMoneyForACancelledOrderGoesBackInOneRefund(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackOnce, time.Millisecond)
		f.withRefunds(t)
		failed := f.cancelled(t, 1)
		err := d.Tx(context.Background(), func(tx *sql.Tx) error {
			_, err := order.Move(context.Background(), tx, failed, order.Cancelled, "Customer changed their mind", "admin:1")
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		f.pay(t, failed.Number, failed.Total)
		o := f.order(t, failed.Number)
		if o.Status != order.Cancelled || o.AmountPaid != failed.Total || o.Attention == "" {
			t.Fatalf("paid after cancelling: %s %s %q", o.Status, o.AmountPaid, o.Attention)
		}
		r := f.refund(t, o.Number, order.RefundInput{Method: order.RefundMpesa, Amount: o.AmountPaid, Reason: "Cancelled", Phone: "0712345678"})
		after := f.refundIs(t, o.Number, r.ID, order.RefundSent)
		if after.Status != order.Cancelled || after.AmountRefunded != o.AmountPaid {
			t.Fatalf("after the refund: %s %s", after.Status, after.AmountRefunded)
		}
		if _, err := f.startRefund(f.svc, o.Number, mpesaRefund(10)); err == nil {
			t.Fatal("refunded more than came in")
		}
	})
}
