package mail_test

import (
	"bytes"
	"context"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"

	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/mail"
	"shop/internal/testkit"
)

func TestOutboxKeepsMailAndListsItEscaped(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		var logs bytes.Buffer
		log := slog.New(slog.NewTextHandler(&logs, nil))
		o := mail.NewOutbox(d, mail.DevLog{Log: log}, log)
		o.KeepSecrets = true
		ctx := context.Background()
		if err := o.Send(ctx, mail.Message{To: "jane@farm.co.ke", Subject: "Reset <b>now</b>", Secret: true,
			Text: "Open http://localhost:8080/reset-password?token=abc&x=<script>.\nThanks."}); err != nil {
			t.Fatal(err)
		}
		pdf := mail.Attachment{Filename: "receipt-ORDER-1.pdf", ContentType: "application/pdf", Data: []byte("%PDF-1.3\x00\xff")}
		if err := o.Send(ctx, mail.Message{To: "otieno@farm.co.ke", Subject: "Your order", Text: "Order ORDER-1 is paid.",
			Attachments: []mail.Attachment{pdf}}); err != nil {
			t.Fatal(err)
		}
		if err := o.Send(ctx, mail.Message{To: "bad", Subject: "x", Text: "x"}); err == nil {
			t.Fatal("a bad recipient was accepted")
		}
		if n, err := o.SendDue(ctx); err != nil || n != 2 {
			t.Fatalf("sent %d: %v", n, err)
		}
		if !strings.Contains(logs.String(), "token=abc") {
			t.Errorf("the dev log does not show the mail: %s", logs.String())
		}
		list, err := o.List(ctx, 10)
		if err != nil || len(list) != 2 || list[0].To != "otieno@farm.co.ke" || list[1].SentAt == nil {
			t.Fatalf("list: %+v %v", list, err)
		}
		if a := list[0].Attachments; len(a) != 1 || a[0].Filename != pdf.Filename || a[0].ContentType != pdf.ContentType || !bytes.Equal(a[0].Data, pdf.Data) ||
			len(list[1].Attachments) != 0 {
			t.Fatalf("attachments: %+v / %+v", list[0].Attachments, list[1].Attachments)
		}

		// A second outbox on the same database (another instance, or after a
		// restart) sees the same mail.
		again, _ := mail.NewOutbox(d, nil, testkit.Quiet()).List(ctx, 10)
		if len(again) != 2 {
			t.Fatalf("another outbox sees %d messages", len(again))
		}

		rec := httptest.NewRecorder()
		mail.OutboxPage(o).ServeHTTP(rec, httptest.NewRequest("GET", "/dev/outbox", nil))
		page := rec.Body.String()
		if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
			t.Fatalf("status %d %v", rec.Code, rec.Header())
		}
		for _, want := range []string{
			`<a href="http://localhost:8080/reset-password?token=abc&amp;x=">http://localhost:8080/reset-password?token=abc&amp;x=</a>&lt;script&gt;.`,
			"Reset &lt;b&gt;now&lt;/b&gt;", "otieno@farm.co.ke", "Attached: receipt-ORDER-1.pdf",
		} {
			if !strings.Contains(page, want) {
				t.Errorf("page lacks %s:\n%s", want, page)
			}
		}
		if strings.Contains(page, "<script>") || strings.Contains(page, "<b>now") {
			t.Errorf("page is not escaped:\n%s", page)
		}

		rec = httptest.NewRecorder()
		mail.OutboxPage(o).ServeHTTP(rec, httptest.NewRequest("GET", "/dev/outbox?to=Jane@Farm.co.ke", nil))
		if strings.Contains(rec.Body.String(), "otieno@") || !strings.Contains(rec.Body.String(), "token=abc") {
			t.Errorf("filter by recipient:\n%s", rec.Body.String())
		}
	})
}

func TestUnsent(t *testing.T) {
	var logs bytes.Buffer
	u := mail.Unsent{Log: slog.New(slog.NewTextHandler(&logs, nil))}
	if err := u.Send(context.Background(), mail.Message{To: "a@x.co", Subject: "Reset", Text: "https://x/reset?token=s3cret"}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(logs.String(), "s3cret") || !strings.Contains(logs.String(), "a@x.co") {
		t.Fatalf("unsent log: %s", logs.String())
	}
}
