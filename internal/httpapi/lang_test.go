package httpapi_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"shop/internal/checkout"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/notify"
	"shop/internal/order"
	"shop/internal/sms"
	"shop/internal/testkit"
)

// Error answers come in the request's language, chosen by Accept-Language
// or the lang cookie; English requests get the English words unchanged.
func TestErrorsInTheRequestsLanguage(t *testing.T) {
	eachShop(t, true, func(t *testing.T, s *shop) {
		empty := `{"phone":"","customerInfo":{},"shippingAddress":{}}`
		for _, c := range []struct {
			name   string
			header []string
			msg    string
			fields map[string]string
		}{
			{"cookie", []string{"Cookie", "lang=sw"}, "Tafadhali angalia sehemu zilizowekwa alama (7).", map[string]string{
				"mpesaPhone": "Namba ya simu ya M-Pesa inahitajika", "county": "Tafadhali chagua kaunti",
				"firstName": "Jina la kwanza linahitajika", "phone": "Namba ya simu inahitajika", "address": "Anwani inahitajika", "city": "Mji unahitajika"}},
			{"Accept-Language", []string{"Accept-Language", "sw"}, "Tafadhali angalia sehemu zilizowekwa alama (7).", map[string]string{
				"mpesaPhone": "Namba ya simu ya M-Pesa inahitajika", "lastName": "Jina la ukoo linahitajika"}},
			{"English", []string{"Accept-Language", "en-KE,en;q=0.9"}, "Please check the highlighted fields (7).", map[string]string{
				"mpesaPhone": order.MsgMpesaPhone, "county": order.MsgCounty, "firstName": order.MsgFirstName}},
		} {
			status, body := s.do(t, "POST", "/api/payments/mpesa/initiate/", empty, c.header...)
			fields, _ := body["fields"].(map[string]any)
			if status != 400 || body["error"] != c.msg || len(fields) != 7 || fields["email"] != nil {
				t.Fatalf("%s: %d %v", c.name, status, body)
			}
			for k, want := range c.fields {
				if fields[k] != want {
					t.Errorf("%s: %s = %q, want %q", c.name, k, fields[k], want)
				}
			}
		}

		// A message joined from its fields is joined again from their translations.
		status, body := s.do(t, "POST", "/api/orders/track/", `{}`, "Accept-Language", "sw")
		if status != 400 || body["error"] != "Andika namba ya oda yako (ORDER-…) Andika namba ya simu uliyotoa ulipoweka oda" {
			t.Fatalf("track in Kiswahili: %d %v", status, body)
		}
		status, body = s.do(t, "POST", "/api/orders/track/", `{}`)
		if status != 400 || body["error"] != order.MsgTrackOrder+" "+order.MsgTrackPhone {
			t.Fatalf("track in English: %d %v", status, body)
		}
		// A message with a value in it, and the body checks every handler shares.
		if status, body := s.do(t, "GET", "/api/nothing/", "", "Accept-Language", "sw"); status != 404 ||
			body["error"] != "Hakuna anwani kama hii ya API: GET /api/nothing/" {
			t.Fatalf("unknown endpoint: %d %v", status, body)
		}
		if status, body := s.do(t, "POST", "/api/orders/track/", `{"orderId": 7}`, "Cookie", "lang=sw"); status != 400 ||
			body["error"] != "Baadhi ya sehemu zina aina isiyo sahihi." || body["fields"].(map[string]any)["orderId"] != "Thamani hii ina aina isiyo sahihi." {
			t.Fatalf("wrong type: %d %v", status, body)
		}
	})
}

// An order keeps the language it was placed in, and its mail and text
// messages come in it; an English order's stay English. The payment's
// message and advice in the order follow whoever reads it.
func TestOrderRemembersItsLanguage(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		mailer := &testkit.Mailer{}
		s := newShop(t, d, true)
		n := notify.Orders{Mail: mailer, Log: testkit.Quiet(), BusinessEmail: "info@mifugobora.co.ke", PublicURL: "https://mifugobora.co.ke"}
		s.kit.Deps.Payments.OnPaidTx, s.kit.Deps.Payments.OnUnpaidTx = n.PaidTx, n.UnpaidTx
		gw, quiet := &testkit.SMS{}, testkit.Quiet()
		texts := &notify.Texts{DB: d, Orders: s.kit.Deps.Orders, Queue: sms.NewQueue(d, gw, quiet), PublicURL: "https://mifugobora.co.ke",
			BusinessPhone: "254722000111", Log: quiet}
		place := func(phone string, header ...string) (number, token, message string) {
			t.Helper()
			s.do(t, "POST", "/api/cart/items/", `{"variant":1}`, header...)
			status, body := s.do(t, "POST", "/api/payments/mpesa/initiate/", strings.Replace(checkoutBody, "%s", phone, 1), header...)
			if status != 201 {
				t.Fatalf("initiate: %d %v", status, body)
			}
			return body["orderId"].(string), body["orderToken"].(string), body["message"].(string)
		}

		sw, swToken, msg := place("0708374149", "Accept-Language", "sw")
		if msg != "Malipo yameanzishwa! Tafadhali angalia simu yako, ombi la M-Pesa linakuja." {
			t.Errorf("checkout's answer in Kiswahili: %q", msg)
		}
		if o := s.waitForStatus(t, sw, "paid", "X-Order-Token", swToken); o["lang"] != "sw" {
			t.Fatalf("order placed in Kiswahili reads lang %v", o["lang"])
		}
		en, enToken, msg := place("0708374149")
		if msg != checkout.MsgPushSent {
			t.Errorf("checkout's answer in English: %q", msg)
		}
		if o := s.waitForStatus(t, en, "paid", "X-Order-Token", enToken); o["lang"] != "en" {
			t.Fatalf("order placed in English reads lang %v", o["lang"])
		}
		for number, want := range map[string]string{sw: "sw", en: "en"} {
			var lang string
			if err := d.QueryRow(ctx, `SELECT lang FROM orders WHERE order_number = $1`, number).Scan(&lang); err != nil || lang != want {
				t.Fatalf("stored lang of %s: %q %v, want %s", number, lang, err, want)
			}
		}

		testkit.WaitUntil(t, 5*time.Second, "the confirmations", func() bool { return len(mailer.Messages()) == 4 })
		mails := map[string]string{}
		for _, m := range mailer.Messages() {
			mails[m.Subject] = m.Text
		}
		if text := mails["Oda yako "+sw+" imethibitishwa"]; !strings.Contains(text, "Tumepokea malipo yako ya M-Pesa.") ||
			!strings.Contains(text, "Angalia oda yako: https://mifugobora.co.ke/order-confirmation?orderId="+sw) {
			t.Errorf("Kiswahili confirmation:\n%s", text)
		}
		if text := mails["Your order "+en+" is confirmed"]; !strings.Contains(text, "We have received your M-Pesa payment.") {
			t.Errorf("English confirmation:\n%s", text)
		}
		for _, number := range []string{sw, en} {
			if !strings.Contains(mails[businessSubject(t, s, number)], "New paid order "+number) {
				t.Errorf("the business's notice of %s is not the English one: %v", number, mails)
			}
		}

		if _, err := texts.Once(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := texts.Queue.SendDue(ctx); err != nil {
			t.Fatal(err)
		}
		sent := strings.Join(gw.Sent(), "\n")
		for _, want := range []string{"+254712345678 Mifugo Bora: tumepokea Ksh", "kwa oda " + sw + ", risiti ya M-Pesa ",
			"+254712345678 Mifugo Bora: Ksh", "received for " + en + ", M-Pesa receipt ", "+254722000111 Mifugo Bora: new paid order " + sw} {
			if !strings.Contains(sent, want) {
				t.Errorf("text messages lack %q:\n%s", want, sent)
			}
		}

		// A cancelled prompt: the mail in the order's language; the
		// payment's message and advice in the reader's.
		failed, token, _ := place("254700000001", "Accept-Language", "sw")
		o := s.waitForStatus(t, failed, "payment_failed", "X-Order-Token", token, "Accept-Language", "sw")
		if p := o["payment"].(map[string]any); p["message"] != "Ulighairi malipo kwenye simu yako" ||
			p["advice"] != "Jaribu tena ukiwa tayari, au ulipe kwa Paybill hapa chini." {
			t.Errorf("payment read in Kiswahili: %v", p)
		}
		o = s.waitForStatus(t, failed, "payment_failed", "X-Order-Token", token)
		if p := o["payment"].(map[string]any); p["message"] != "You cancelled the payment on your phone" ||
			p["advice"] != "Try again when you are ready, or pay by Paybill below." {
			t.Errorf("payment read in English: %v", p)
		}
		testkit.WaitUntil(t, 5*time.Second, "the mail of the failed prompt", func() bool { return len(mailer.Messages()) == 5 })
		if m := mailer.Messages()[4]; m.Subject != "Oda yako "+failed+" inasubiri malipo" || !strings.Contains(m.Text, "hayakufaulu: Ulighairi malipo kwenye simu yako.") {
			t.Errorf("Kiswahili mail of the failed prompt:\n%s\n%s", m.Subject, m.Text)
		}
	})
}

// businessSubject is the subject of the business's notice of order number.
func businessSubject(t *testing.T, s *shop, number string) string {
	t.Helper()
	o, err := order.NewStore(s.d).ByNumber(context.Background(), number)
	if err != nil {
		t.Fatal(err)
	}
	return "New order " + number + " (" + o.Total.Ksh() + ")"
}
