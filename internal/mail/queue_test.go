package mail_test

import (
	"context"
	"database/sql"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/mail"
	"shop/internal/testkit"
)

// clock is a settable time for the queue's waits.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func queueOn(t *testing.T, d *db.DB, addr string, c *clock) *mail.Outbox {
	t.Helper()
	s, err := mail.NewSMTP("smtp://"+addr+"?tls=off", "Mifugo Bora Feeds <orders@mifugobora.co.ke>", "info@mifugobora.co.ke")
	if err != nil {
		t.Fatal(err)
	}
	o := mail.NewOutbox(d, s, testkit.Quiet())
	mail.SetClock(o, c.now)
	return o
}

func enqueue(t *testing.T, d *db.DB, o *mail.Outbox, key string, m mail.Message) {
	t.Helper()
	if err := d.Tx(context.Background(), func(tx *sql.Tx) error {
		_, err := o.EnqueueTx(context.Background(), tx, key, 0, m)
		return err
	}); err != nil {
		t.Fatal(err)
	}
}

type row struct {
	status, text, body string
	attempts           int
	sent               bool
}

func rowOf(t *testing.T, d *db.DB, subject string) row {
	t.Helper()
	var r row
	var sent sql.NullTime
	if err := d.QueryRow(context.Background(), `SELECT status, status_text, text_body, attempts, sent_at FROM mail_outbox WHERE subject = $1`, subject).
		Scan(&r.status, &r.text, &r.body, &r.attempts, &sent); err != nil {
		t.Fatal(err)
	}
	r.sent = sent.Valid
	return r
}

func sendDue(t *testing.T, o *mail.Outbox) int {
	t.Helper()
	n, err := o.SendDue(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

var receipt = mail.Attachment{Filename: "receipt-ORDER-7.pdf", ContentType: "application/pdf", Data: []byte("%PDF-1.4\x00\xff\xac binary")}

func TestOutboxRetriesATemporaryRefusalAndSendsOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		srv := testkit.StartSMTP(t, func(n int) error {
			if n == 1 {
				return testkit.SMTPRefusal(451)
			}
			return nil
		})
		c := &clock{t: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
		o := queueOn(t, d, srv.Addr, c)
		enqueue(t, d, o, "order:7:paid", mail.Message{Kind: "order-paid", To: "wanjiku@farm.co.ke", Subject: "Your order ORDER-7 is confirmed",
			Text: "Asante", Attachments: []mail.Attachment{receipt}})
		enqueue(t, d, o, "order:7:paid", mail.Message{Kind: "order-paid", To: "wanjiku@farm.co.ke", Subject: "Your order ORDER-7 is confirmed", Text: "Asante"})

		if n := sendDue(t, o); n != 1 {
			t.Fatalf("tried %d, want the one message (queued once under its key)", n)
		}
		r := rowOf(t, d, "Your order ORDER-7 is confirmed")
		if r.status != "queued" || r.attempts != 1 || !strings.Contains(r.text, "451") || r.sent {
			t.Fatalf("after a 451: %+v", r)
		}
		if n := sendDue(t, o); n != 0 {
			t.Fatalf("tried %d before the retry's time", n)
		}
		c.add(mail.RetryWait(1))
		if n := sendDue(t, o); n != 1 {
			t.Fatalf("tried %d at the retry's time", n)
		}
		if r := rowOf(t, d, "Your order ORDER-7 is confirmed"); r.status != "sent" || r.attempts != 2 || r.text != "" || !r.sent {
			t.Fatalf("after the retry: %+v", r)
		}
		if n := sendDue(t, o); n != 0 {
			t.Fatalf("a sent message was tried again (%d)", n)
		}
		got := srv.Received()
		if len(got) != 1 {
			t.Fatalf("the server took %d messages, want 1", len(got))
		}
		h := got[0].Header
		ids := srv.MessageIDs()
		if len(ids) != 2 || ids[0] != ids[1] || !strings.HasSuffix(ids[0], "@mifugobora.co.ke>") {
			t.Errorf("Message-IDs %v: want one id in the sender's domain on both attempts", ids)
		}
		if h.Get("Reply-To") != "<info@mifugobora.co.ke>" {
			t.Errorf("Reply-To %q", h.Get("Reply-To"))
		}
		body, _ := io.ReadAll(got[0].Body)
		if !strings.Contains(string(body), receipt.Filename) {
			t.Errorf("the receipt is not attached:\n%s", body)
		}
	})
}

func TestOutboxFailsAPermanentRefusalAtOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		srv := testkit.StartSMTP(t, func(int) error { return testkit.SMTPRefusal(550) })
		c := &clock{t: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
		o := queueOn(t, d, srv.Addr, c)
		enqueue(t, d, o, "", mail.Message{To: "nobody@farm.co.ke", Subject: "Refused", Text: "x"})
		sendDue(t, o)
		if r := rowOf(t, d, "Refused"); r.status != "failed" || r.attempts != 1 || !strings.Contains(r.text, "550") {
			t.Fatalf("after a 550: %+v", r)
		}
		c.add(mail.GiveUpAfter)
		if n := sendDue(t, o); n != 0 {
			t.Fatalf("a failed message was tried again")
		}
		if n, err := o.FailedCount(context.Background()); err != nil || n != 1 {
			t.Fatalf("failed count %d %v", n, err)
		}
	})
}

func TestOutboxKeepsTryingADeadServerForADay(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		c := &clock{t: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
		o := queueOn(t, d, testkit.FreeAddr(t), c) // nothing listens there
		enqueue(t, d, o, "", mail.Message{To: "otieno@farm.co.ke", Subject: "Unheard", Text: "x"})
		start := c.now()
		tries := 0
		for c.now().Before(start.Add(mail.GiveUpAfter + time.Hour)) {
			tries += sendDue(t, o)
			r := rowOf(t, d, "Unheard")
			if r.status == "failed" {
				break
			}
			if r.status != "queued" || r.text == "" {
				t.Fatalf("after a dead server: %+v", r)
			}
			c.add(mail.RetryWait(r.attempts))
		}
		r := rowOf(t, d, "Unheard")
		if r.status != "failed" || r.attempts != tries || tries < 10 {
			t.Fatalf("after a day: %+v in %d tries", r, tries)
		}
		if gaveUp := c.now().Sub(start); gaveUp < mail.GiveUpAfter-time.Hour || gaveUp > mail.GiveUpAfter {
			t.Fatalf("gave up after %v", gaveUp)
		}
	})
}

func TestOutboxInstancesSendEachMessageOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		srv := testkit.StartSMTP(t, func(int) error { return nil })
		c := &clock{t: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
		a, b := queueOn(t, d, srv.Addr, c), queueOn(t, d, srv.Addr, c)
		const n = 6
		for i := range n {
			enqueue(t, d, a, "", mail.Message{To: "farmer@farm.co.ke", Subject: "Notice " + string(rune('A'+i)), Text: "x"})
		}
		var wg sync.WaitGroup
		for _, o := range []*mail.Outbox{a, b, a, b} {
			wg.Go(func() {
				if _, err := o.SendDue(context.Background()); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		got := srv.Received()
		seen := map[string]bool{}
		for _, m := range got {
			if seen[m.Header.Get("Subject")] {
				t.Errorf("%s was sent twice", m.Header.Get("Subject"))
			}
			seen[m.Header.Get("Subject")] = true
		}
		if len(got) != n {
			t.Fatalf("sent %d of %d", len(got), n)
		}
	})
}

// A sender told to stop while the server takes a message (its job's lease
// lost, a shutdown) records that message as sent and claims no other, so
// the next sender does not send it again after the claim's lease.
func TestOutboxStoppedSenderFinishesTheMessageInHand(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx, stop := context.WithCancel(context.Background())
		srv := testkit.StartSMTP(t, func(int) error { stop(); return nil })
		c := &clock{t: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
		o := queueOn(t, d, srv.Addr, c)
		enqueue(t, d, o, "", mail.Message{To: "farmer@farm.co.ke", Subject: "Notice A", Text: "x"})
		enqueue(t, d, o, "", mail.Message{To: "farmer@farm.co.ke", Subject: "Notice B", Text: "x"})
		if n, err := o.SendDue(ctx); err != nil || n != 1 {
			t.Fatalf("stopped sender: tried %d (%v), want the one in hand", n, err)
		}
		if r := rowOf(t, d, "Notice A"); r.status != "sent" || r.attempts != 1 {
			t.Fatalf("the message in hand: %+v, want sent", r)
		}
		if r := rowOf(t, d, "Notice B"); r.status != "queued" || r.attempts != 0 {
			t.Fatalf("the next message: %+v, want queued untried", r)
		}
		c.add(time.Hour) // past any claim's lease
		if n := sendDue(t, o); n != 1 {
			t.Fatalf("next sender tried %d, want 1", n)
		}
		if got := srv.Received(); len(got) != 2 {
			t.Fatalf("the server took %d messages, want one of each", len(got))
		}
	})
}

func TestOutboxEmptiesASecretOnceSentAndResendsWithAttachments(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		srv := testkit.StartSMTP(t, func(int) error { return nil })
		c := &clock{t: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
		o := queueOn(t, d, srv.Addr, c)
		ctx := context.Background()
		enqueue(t, d, o, "", mail.Message{Kind: "password-reset", To: "jane@farm.co.ke", Subject: "Reset", Text: "https://shop/reset?token=s3cret", Secret: true})
		if _, err := d.Exec(ctx, `INSERT INTO orders (id, order_number, access_token_hash, status, stock_reserved, subtotal_cents, shipping_cents,
				total_cents, first_name, last_name, email, phone, address, city, county, payment_method)
			VALUES (7, 'ORDER-7', 'h', 'paid', FALSE, 100, 0, 100, 'Wanjiku', 'Kamau', 'wanjiku@farm.co.ke', '254712345678', 'Farm 1', 'Ruiru', 'Kiambu', 'mpesa')`); err != nil {
			t.Fatal(err)
		}
		var orderMail int64
		if err := d.Tx(ctx, func(tx *sql.Tx) error {
			if _, err := o.EnqueueTx(ctx, tx, "order:7:paid", 7, mail.Message{Kind: "order-paid", To: "wanjiku@farm.co.ke", Subject: "Paid",
				Text: "Asante", Attachments: []mail.Attachment{receipt}}); err != nil {
				return err
			}
			return tx.QueryRowContext(ctx, `SELECT id FROM mail_outbox WHERE subject = 'Paid'`).Scan(&orderMail)
		}); err != nil {
			t.Fatal(err)
		}
		sendDue(t, o)
		if r := rowOf(t, d, "Reset"); r.status != "sent" || r.body != "" {
			t.Fatalf("a sent reset mail keeps its body: %+v", r)
		}
		if r := rowOf(t, d, "Paid"); r.status != "sent" || r.body != "Asante" {
			t.Fatalf("order mail: %+v", r)
		}
		if err := d.Tx(ctx, func(tx *sql.Tx) error {
			_, err := o.ResendTx(ctx, tx, 7, orderMail)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		sendDue(t, o)
		list, err := o.ForOrder(ctx, 7)
		if err != nil || len(list) != 2 || list[0].Status != "sent" || list[0].ID == orderMail {
			t.Fatalf("the order's mail: %+v %v", list, err)
		}
		got := srv.Received()
		if len(got) != 3 {
			t.Fatalf("the server took %d messages", len(got))
		}
		body, _ := io.ReadAll(got[2].Body)
		if got[2].Header.Get("Subject") != "Paid" || !strings.Contains(string(body), receipt.Filename) {
			t.Fatalf("the resent mail lacks its receipt:\n%s", body)
		}
	})
}
