package sms_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/sms"
	"shop/internal/testkit"
)

// fakeAT is a local stand-in for Africa's Talking's messaging API: it checks
// the request as the real one would and answers by recipient number, so each
// outcome the shop must handle can be played.
type fakeAT struct {
	mu    sync.Mutex
	sent  []url.Values
	calls map[string]int
	// taken, when set, is told of each message the gateway took, before
	// it answers.
	taken func()
}

func (f *fakeAT) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	form, _ := url.ParseQuery(string(body))
	if r.Method != http.MethodPost || r.URL.Path != "/version1/messaging" || r.Header.Get("apiKey") != "at-key" ||
		r.Header.Get("Accept") != "application/json" || form.Get("username") != "sandbox" {
		http.Error(w, "The supplied authentication is invalid", http.StatusUnauthorized)
		return
	}
	to := form.Get("to")
	f.mu.Lock()
	f.calls[to]++
	n := f.calls[to]
	f.mu.Unlock()
	code, status := 101, "Success"
	switch to {
	case "+254700000403":
		code, status = 403, "InvalidPhoneNumber"
	case "+254700000500":
		if n < 3 { // the gateway's own trouble, twice
			http.Error(w, "Internal Server Error", http.StatusInternalServerError)
			return
		}
	}
	if code == 101 {
		f.mu.Lock()
		f.sent = append(f.sent, form)
		f.mu.Unlock()
		if f.taken != nil {
			f.taken()
		}
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"SMSMessageData": map[string]any{"Message": "Sent to 1/1 Total Cost: KES 0.8000",
		"Recipients": []map[string]any{{"statusCode": code, "number": to, "status": status, "cost": "KES 0.8000", "messageId": fmt.Sprintf("ATXid_%d", n)}}}})
}

func newFake(t *testing.T) (*fakeAT, *sms.Client) {
	f := &fakeAT{calls: map[string]int{}}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	return f, sms.NewClient(sms.Config{BaseURL: srv.URL, Username: "sandbox", APIKey: "at-key", SenderID: "MIFUGO"}, nil)
}

func TestClientAgainstTheGateway(t *testing.T) {
	f, c := newFake(t)
	ctx := context.Background()
	res, err := c.Send(ctx, "+254712345678", "Mifugo Bora: order ORDER-1 received.")
	if err != nil || !res.Sent() || res.Code != 101 || res.MessageID == "" {
		t.Fatalf("success: %+v %v", res, err)
	}
	if got := f.sent[0]; got.Get("from") != "MIFUGO" || got.Get("message") != "Mifugo Bora: order ORDER-1 received." {
		t.Fatalf("form sent: %v", got)
	}
	if res, err = c.Send(ctx, "+254700000403", "x"); err != nil || res.Sent() || res.Code != 403 || res.Retry() {
		t.Fatalf("invalid number: %+v %v", res, err)
	}
	var temp *sms.TemporaryError
	if _, err = c.Send(ctx, "+254700000500", "x"); !errorsAs(err, &temp) {
		t.Fatalf("5xx: %v", err)
	}
}

func errorsAs(err error, target **sms.TemporaryError) bool {
	t, ok := err.(*sms.TemporaryError)
	*target = t
	return ok
}

// The queue sends a message once, gives up at once on a refusal, and tries
// again after a growing wait on the gateway's 5xx, until it goes through.
func TestQueueRetriesOnlyTheGatewaysOwnFailures(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, c := newFake(t)
		ctx := context.Background()
		now := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
		q := sms.NewQueue(d, c, testkit.Quiet())
		sms.SetClock(q, func() time.Time { return now })
		enqueue := func(key, to string) {
			t.Helper()
			if err := d.Tx(ctx, func(tx *sql.Tx) error {
				_, err := q.EnqueueTx(ctx, tx, key, 0, "test", to, "Mifugo Bora: hello")
				return err
			}); err != nil {
				t.Fatal(err)
			}
		}
		enqueue("a", "254712345678")
		enqueue("a", "254712345678") // the same key: queued once
		enqueue("b", "254700000403")
		enqueue("c", "254700000500")
		if n, err := q.SendDue(ctx); err != nil || n != 3 {
			t.Fatalf("first round: %d %v", n, err)
		}
		if s, _ := status(t, d, "254712345678"); s != "sent" {
			t.Fatalf("success: %s", s)
		}
		if s, _ := status(t, d, "254700000403"); s != "failed" {
			t.Fatalf("refused: %s", s)
		}
		if s, a := status(t, d, "254700000500"); s != "queued" || a != 1 {
			t.Fatalf("5xx: %s after %d", s, a)
		}
		// Not due yet: nothing is tried again before the backoff.
		if n, _ := q.SendDue(ctx); n != 0 {
			t.Fatalf("tried %d before the backoff", n)
		}
		for round := 0; round < 2; round++ {
			now = now.Add(time.Hour)
			if _, err := q.SendDue(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if s, a := status(t, d, "254700000500"); s != "sent" || a != 3 {
			t.Fatalf("after retries: %s after %d", s, a)
		}
		if f.calls["+254712345678"] != 1 || f.calls["+254700000403"] != 1 || f.calls["+254700000500"] != 3 {
			t.Fatalf("gateway calls: %v", f.calls)
		}
		if n, _ := q.FailedCount(ctx); n != 1 {
			t.Fatalf("failed count %d", n)
		}
	})
}

// Two senders at once (two instances) send each message once.
func TestParallelSendersSendOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, c := newFake(t)
		ctx := context.Background()
		q := sms.NewQueue(d, c, testkit.Quiet())
		if err := d.Tx(ctx, func(tx *sql.Tx) error {
			for i := range 20 {
				if _, err := q.EnqueueTx(ctx, tx, fmt.Sprint(i), 0, "test", fmt.Sprintf("2547123456%02d", i), "hello"); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := q.SendDue(ctx); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if len(f.sent) != 20 {
			t.Fatalf("%d sent, want 20", len(f.sent))
		}
		for to, n := range f.calls {
			if n != 1 {
				t.Fatalf("%s got %d messages", to, n)
			}
		}
	})
}

// A sender told to stop while the gateway takes a message (its job's lease
// lost on a busy machine, a shutdown) records that message as sent and
// claims no other: cut off, the message would stay claimed unrecorded and
// the next sender would send it again after the claim's lease.
func TestStoppedSenderFinishesTheMessageInHand(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, c := newFake(t)
		now := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
		q := sms.NewQueue(d, c, testkit.Quiet())
		sms.SetClock(q, func() time.Time { return now })
		ctx, stop := context.WithCancel(context.Background())
		f.taken = stop
		if err := d.Tx(ctx, func(tx *sql.Tx) error {
			for _, to := range []string{"254712345601", "254712345602"} {
				if _, err := q.EnqueueTx(ctx, tx, to, 0, "test", to, "Mifugo Bora: hello"); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if n, err := q.SendDue(ctx); err != nil || n != 1 {
			t.Fatalf("stopped sender: tried %d (%v), want the one in hand", n, err)
		}
		if s, a := status(t, d, "254712345601"); s != "sent" || a != 1 {
			t.Fatalf("the message in hand: %s after %d attempts, want sent", s, a)
		}
		if s, a := status(t, d, "254712345602"); s != "queued" || a != 0 {
			t.Fatalf("the next message: %s after %d attempts, want queued untried", s, a)
		}
		// The next sender, well past any claim's lease, sends the rest once.
		f.taken = nil
		now = now.Add(time.Hour)
		if n, err := q.SendDue(context.Background()); err != nil || n != 1 {
			t.Fatalf("next sender: tried %d (%v), want 1", n, err)
		}
		if f.calls["+254712345601"] != 1 || f.calls["+254712345602"] != 1 {
			t.Fatalf("gateway calls: %v, want one each", f.calls)
		}
	})
}

// status is the queue's status of the message to a recipient, and its attempts.
func status(t *testing.T, d *db.DB, to string) (s string, attempts int) {
	t.Helper()
	if err := d.QueryRow(context.Background(), `SELECT status, attempts FROM sms_messages WHERE recipient = $1`, to).Scan(&s, &attempts); err != nil {
		t.Fatal(err)
	}
	return s, attempts
}

func TestSegments(t *testing.T) {
	for _, tc := range []struct {
		text     string
		segments int
		gsm      bool
	}{
		{strings.Repeat("a", 160), 1, true},
		{strings.Repeat("a", 161), 2, true},
		{strings.Repeat("€", 80), 1, true},
		{strings.Repeat("€", 81), 2, true},
		{"Wanjirũ", 1, false},
		{strings.Repeat("ũ", 71), 2, false},
	} {
		if n, gsm := sms.Segments(tc.text); n != tc.segments || gsm != tc.gsm {
			t.Errorf("%.20q…: %d %v, want %d %v", tc.text, n, gsm, tc.segments, tc.gsm)
		}
	}
}
