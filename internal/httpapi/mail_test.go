package httpapi_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"shop/internal/app"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/mail"
	"shop/internal/testkit"
)

// adminMail is an order's mail as the admin's order view lists it.
type adminMail struct {
	ID         int64  `json:"id"`
	Kind       string `json:"kind"`
	To         string `json:"to"`
	Status     string `json:"status"`
	Attempts   int    `json:"attempts"`
	StatusText string `json:"status_text"`
}

func orderMail(t *testing.T, s *shop, number string, auth []string, method, path string) []adminMail {
	t.Helper()
	resp, body := s.raw(t, method, path, "", auth...)
	if resp.StatusCode != 200 {
		t.Fatalf("%s %s: %d %s", method, path, resp.StatusCode, body)
	}
	var v struct {
		Mail []adminMail `json:"mail"`
	}
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatal(err)
	}
	return v.Mail
}

// A paid order's mail is queued with the payment and sent by the outbox to
// a real SMTP server on the loopback: a temporary refusal leaves the
// confirmation waiting, visibly, in the admin's order view, whose 'Send
// again' queues a new copy that goes out once.
func TestOrderMailGoesThroughTheOutbox(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		srv := testkit.StartSMTP(t, func(n int) error {
			if n == 1 {
				return testkit.SMTPRefusal(451)
			}
			return nil
		})
		sender, err := mail.NewSMTP("smtp://"+srv.Addr+"?tls=off", "Mifugo Bora Feeds <orders@mifugobora.co.ke>", "info@mifugobora.co.ke")
		if err != nil {
			t.Fatal(err)
		}
		s := newShop(t, d, true, testkit.With(func(p *app.Parts) { p.Mailer, p.BusinessEmail = sender, "info@mifugobora.co.ke" }))
		outbox := s.kit.Outbox
		number, _ := s.placeOrder(t, "254708374149")
		s.waitForStatus(t, number, "paid")
		admin, _ := s.kit.NewAdmin("owner@mifugobora.co.ke", "Ruiru2026Feeds")
		auth := testkit.Bearer(admin)

		// Queued with the payment: there as soon as the order reads paid.
		list := orderMail(t, s, number, auth, "GET", "/api/admin/orders/"+number+"/")
		if len(list) != 2 || list[0].Status != "queued" || list[1].Status != "queued" {
			t.Fatalf("the paid order's mail: %+v", list)
		}
		if n, err := outbox.SendDue(ctx); err != nil || n != 2 {
			t.Fatalf("sent %d: %v", n, err)
		}
		list = orderMail(t, s, number, auth, "GET", "/api/admin/orders/"+number+"/")
		byKind := map[string]adminMail{}
		for _, m := range list {
			byKind[m.Kind] = m
		}
		confirmation, notice := byKind["order-paid"], byKind["order-business"]
		if confirmation.To != "wanjiku@farm.co.ke" || confirmation.Status != "queued" || confirmation.Attempts != 1 ||
			!strings.Contains(confirmation.StatusText, "451") {
			t.Fatalf("the refused confirmation: %+v", confirmation)
		}
		if notice.To != "info@mifugobora.co.ke" || notice.Status != "sent" || notice.StatusText != "" {
			t.Fatalf("the business's notice: %+v", notice)
		}

		list = orderMail(t, s, number, auth, "POST", "/api/admin/orders/"+number+"/mail/"+itoa(int(confirmation.ID))+"/resend/")
		if len(list) != 3 || list[0].Kind != "order-paid" || list[0].Status != "queued" || list[0].Attempts != 0 {
			t.Fatalf("after 'Send again': %+v", list)
		}
		if n, err := outbox.SendDue(ctx); err != nil || n != 1 {
			t.Fatalf("sent %d: %v", n, err)
		}
		got := srv.Received()
		if len(got) != 2 || got[1].Header.Get("To") != "<wanjiku@farm.co.ke>" {
			t.Fatalf("the server took %d messages", len(got))
		}
		if resp, _ := s.raw(t, "POST", "/api/admin/orders/"+number+"/mail/999999/resend/", "", auth...); resp.StatusCode != 404 {
			t.Fatalf("resend of no such mail: %d", resp.StatusCode)
		}
		if resp, _ := s.raw(t, "POST", "/api/admin/orders/"+number+"/mail/"+itoa(int(confirmation.ID))+"/resend/", ""); resp.StatusCode != 401 {
			t.Fatalf("resend without signing in: %d", resp.StatusCode)
		}
	})
}
