package mpesa

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestPasswordVector(t *testing.T) {
	got := Password("174379", "bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919", "20210628092408")
	want := "MTc0Mzc5YmZiMjc5ZjlhYTliZGJjZjE1OGU5N2RkNzFhNDY3Y2QyZTBjODkzMDU5YjEwZjc4ZTZiNzJhZGExZWQyYzkxOTIwMjEwNjI4MDkyNDA4"
	if got != want {
		t.Fatalf("got %s", got)
	}
}

func TestTimestampIsNairobiTime(t *testing.T) {
	utc := time.Date(2021, 6, 28, 6, 24, 8, 0, time.UTC)
	if got := Timestamp(utc); got != "20210628092408" {
		t.Fatalf("got %s", got)
	}
	ny := utc.In(time.FixedZone("X", -5*3600))
	if got := Timestamp(ny); got != "20210628092408" {
		t.Fatalf("server zone leaked: %s", got)
	}
}

func TestParseCallback(t *testing.T) {
	ok := `{"Body":{"stkCallback":{"MerchantRequestID":"29115-34620561-1","CheckoutRequestID":"ws_CO_191220191020363925",
	 "ResultCode":0,"ResultDesc":"The service request is processed successfully.",
	 "CallbackMetadata":{"Item":[{"Name":"MpesaReceiptNumber","Value":"NLJ7RT61SV"},{"Name":"Amount","Value":1.00},
	 {"Name":"Balance"},{"Name":"TransactionDate","Value":20191219102115},{"Name":"PhoneNumber","Value":254708374149}]}}}}`
	cb, err := ParseCallback([]byte(ok))
	if err != nil || cb.ResultCode != 0 || cb.Receipt != "NLJ7RT61SV" || cb.AmountCents != 100 || cb.Phone != "254708374149" ||
		cb.CheckoutRequestID != "ws_CO_191220191020363925" {
		t.Fatalf("%+v %v", cb, err)
	}
	failed := `{"Body":{"stkCallback":{"MerchantRequestID":"f1e2","CheckoutRequestID":"ws_CO_2107","ResultCode":"1032","ResultDesc":"Request cancelled by user"}}}`
	cb, err = ParseCallback([]byte(failed))
	if err != nil || cb.ResultCode != 1032 || cb.Receipt != "" || cb.AmountCents != 0 {
		t.Fatalf("%+v %v", cb, err)
	}
	for _, bad := range []string{`{`, `{"Body":{}}`, `[]`} {
		if _, err := ParseCallback([]byte(bad)); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

func TestCustomerMessages(t *testing.T) {
	for code, want := range map[int]string{0: "Payment received", 1: "Not enough money in your M-Pesa account",
		1032: "You cancelled the payment on your phone", 1037: "Your phone did not answer: is it on and in signal?",
		2001: "The M-Pesa PIN was wrong", 1019: "The payment request expired", 17: "M-Pesa is busy right now", 26: "M-Pesa is busy right now",
		1001: "Another M-Pesa payment is open on your phone",
		1025: "We could not reach your phone", 9999: "We could not reach your phone", 42: "Payment failed. Please try again."} {
		if got := CustomerMessage(code); got != want {
			t.Errorf("%d: %q", code, got)
		}
	}
	// Every failure says what to do next; the phone that did not answer is
	// told how to refresh its SIM, and an unknown code is never a success.
	for _, code := range []int{1, 17, 26, 1001, 1019, 1025, 1032, 1037, 2001, 9999, 42} {
		if CustomerAdvice(code) == "" {
			t.Errorf("%d: no advice", code)
		}
	}
	if !strings.Contains(CustomerAdvice(1037), "*234#") || !strings.Contains(CustomerAdvice(1), "Fuliza") || CustomerAdvice(0) != "" {
		t.Error("advice for 1037, 1 or 0 is wrong")
	}
}

// harness runs the simulator and a callback receiver, and a client on them.
type harness struct {
	sim       *Simulator
	client    *Client
	callbacks chan CallbackResult
	tokens    atomic.Int32
	callback  string
}

func newHarness(t *testing.T, mode CallbackMode) *harness {
	t.Helper()
	h := &harness{callbacks: make(chan CallbackResult, 10)}
	h.sim = &Simulator{ConsumerKey: "key", ConsumerSecret: "secret", ShortCode: "174379",
		Passkey: "bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919", Delay: 30 * time.Millisecond, Mode: mode, LateBy: 60 * time.Millisecond}
	daraja := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/oauth/v1/generate" {
			h.tokens.Add(1)
		}
		h.sim.ServeHTTP(w, r)
	}))
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		cb, err := ParseCallback(b)
		if err != nil {
			t.Errorf("simulator sent an unreadable callback: %v", err)
		}
		h.callbacks <- cb
	}))
	t.Cleanup(func() { h.sim.Close(); daraja.Close(); receiver.Close() })
	h.callback = receiver.URL + "/api/payments/callback/s3cret/"
	h.client = NewClient(Config{BaseURL: daraja.URL, ConsumerKey: "key", ConsumerSecret: "secret", ShortCode: "174379",
		Passkey: h.sim.Passkey}, nil)
	return h
}

func (h *harness) push(t *testing.T, phone string) PushResponse {
	t.Helper()
	resp, err := h.client.STKPush(context.Background(), PushRequest{Phone: phone, Amount: 1500, Reference: "ORDER-123", Description: "Order", CallbackURL: h.callback})
	if err != nil {
		t.Fatalf("push: %v", err)
	}
	return resp
}

func TestPushQueryAndCallbackOutcomes(t *testing.T) {
	for phone, code := range map[string]int{"254708374149": 0, "254700000001": 1032, "254700000002": 1, "254700000003": 1037, "254700000004": 2001} {
		t.Run(phone, func(t *testing.T) {
			h := newHarness(t, CallbackOnce)
			resp := h.push(t, phone)
			q, err := h.client.STKQuery(context.Background(), resp.CheckoutRequestID)
			if err != nil || !q.Pending {
				t.Fatalf("query before the phone answers: %+v %v", q, err)
			}
			cb := <-h.callbacks
			if cb.CheckoutRequestID != resp.CheckoutRequestID || cb.ResultCode != code {
				t.Fatalf("callback %+v", cb)
			}
			if code == 0 && (cb.AmountCents != 150000 || len(cb.Receipt) != 10) {
				t.Fatalf("success callback without amount or receipt: %+v", cb)
			}
			q, err = h.client.STKQuery(context.Background(), resp.CheckoutRequestID)
			if err != nil || q.Pending || q.ResultCode != code {
				t.Fatalf("query after: %+v %v", q, err)
			}
		})
	}
}

func TestTokenIsSharedAndRefreshedOnce(t *testing.T) {
	h := newHarness(t, CallbackNever)
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() { defer wg.Done(); h.push(t, "254708374149") }()
	}
	wg.Wait()
	if n := h.tokens.Load(); n != 1 {
		t.Fatalf("%d token requests for 8 pushes, want 1", n)
	}
	// Daraja forgets the token: the client fetches a new one and retries once.
	h.sim.mu.Lock()
	h.sim.tokens = map[string]bool{}
	h.sim.mu.Unlock()
	h.push(t, "254708374149")
	if n := h.tokens.Load(); n != 2 {
		t.Fatalf("%d token requests after invalidation, want 2", n)
	}
}

func TestPushRefusals(t *testing.T) {
	h := newHarness(t, CallbackNever)
	for name, req := range map[string]PushRequest{
		"bad phone":        {Phone: "254600000000", Amount: 10, Reference: "R", Description: "D", CallbackURL: h.callback},
		"zero amount":      {Phone: "254708374149", Amount: 0, Reference: "R", Description: "D", CallbackURL: h.callback},
		"too much":         {Phone: "254708374149", Amount: 250001, Reference: "R", Description: "D", CallbackURL: h.callback},
		"word in callback": {Phone: "254708374149", Amount: 10, Reference: "R", Description: "D", CallbackURL: "https://x.example/api/payments/mpesa/callback/s/"},
		"no callback":      {Phone: "254708374149", Amount: 10, Reference: "R", Description: "D"},
	} {
		_, err := h.client.STKPush(context.Background(), req)
		var de *Error
		if !errors.As(err, &de) || de.Code != "400.002.02" {
			t.Errorf("%s: %v", name, err)
		}
	}
	wrong := NewClient(Config{BaseURL: h.client.cfg.BaseURL, ConsumerKey: "key", ConsumerSecret: "secret", ShortCode: "174379", Passkey: "wrong"}, nil)
	_, err := wrong.STKPush(context.Background(), PushRequest{Phone: "254708374149", Amount: 10, Reference: "R", Description: "D", CallbackURL: h.callback})
	var de *Error
	if !errors.As(err, &de) || de.Message != "Bad Request - Invalid Password" {
		t.Errorf("wrong passkey: %v", err)
	}
	badKey := NewClient(Config{BaseURL: h.client.cfg.BaseURL, ConsumerKey: "nope", ConsumerSecret: "secret", ShortCode: "174379", Passkey: "x"}, nil)
	if _, err := badKey.STKPush(context.Background(), PushRequest{Phone: "254708374149", Amount: 10, CallbackURL: h.callback}); !errors.As(err, &de) || de.Code != "400.008.01" {
		t.Errorf("wrong consumer key: %v", err)
	}
}

func TestCallbackModes(t *testing.T) {
	h := newHarness(t, CallbackTwice)
	resp := h.push(t, "254708374149")
	a, b := <-h.callbacks, <-h.callbacks
	if a.CheckoutRequestID != resp.CheckoutRequestID || b.Receipt != a.Receipt {
		t.Fatalf("twice: %+v %+v", a, b)
	}
	never := newHarness(t, CallbackNever)
	resp = never.push(t, "254708374149")
	time.Sleep(80 * time.Millisecond)
	select {
	case cb := <-never.callbacks:
		t.Fatalf("never mode sent %+v", cb)
	default:
	}
	if q, _ := never.client.STKQuery(context.Background(), resp.CheckoutRequestID); q.Pending || q.ResultCode != 0 {
		t.Fatalf("never mode query: %+v", q)
	}
}
