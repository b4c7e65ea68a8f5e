package remind_test

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"shop/internal/app"
	"shop/internal/checkout"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/demo"
	"shop/internal/i18n"
	"shop/internal/order"
	"shop/internal/payment/mpesa"
	"shop/internal/remind"
	"shop/internal/sms"
	"shop/internal/testkit"
)

const secret = "sms-secret-0123456789-0123456789-abcdef"

// gateway is M-Pesa as far as these tests care: it keeps each prompt.
type gateway struct {
	mu    sync.Mutex
	calls []string
	n     atomic.Int64
}

func (g *gateway) STKPush(_ context.Context, p mpesa.PushRequest) (mpesa.PushResponse, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.calls = append(g.calls, fmt.Sprintf("%s %d", p.Phone, p.Amount))
	id := fmt.Sprintf("ws_CO_%d", g.n.Add(1))
	return mpesa.PushResponse{MerchantRequestID: id, CheckoutRequestID: id}, nil
}

func (g *gateway) STKQuery(context.Context, string) (mpesa.QueryResult, error) {
	return mpesa.QueryResult{Pending: true}, nil
}

func (g *gateway) prompts() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]string(nil), g.calls...)
}

// clock is the shop's time, moved by the tests.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) set(t time.Time) { c.mu.Lock(); c.t = t; c.mu.Unlock() }

type env struct {
	t     *testing.T
	d     *db.DB
	shop  *testkit.Shop
	svc   *remind.Service
	sms   *testkit.SMS
	mpesa *gateway
	clock *clock
}

// 10:00 in Nairobi.
var morning = time.Date(2026, 3, 10, 7, 0, 0, 0, time.UTC)

func newEnv(t *testing.T, d *db.DB) *env {
	e := &env{t: t, d: d, sms: &testkit.SMS{}, mpesa: &gateway{}, clock: &clock{t: morning}}
	e.shop = testkit.NewShop(t, d, testkit.Demo, testkit.With(func(p *app.Parts) {
		p.SMS, p.Gateway, p.SMSSecret, p.Now = e.sms, e.mpesa, secret, e.clock.now
		p.Payment.CallbackSecret = "cb-secret-0123456789-0123456789-abcdef"
		p.BusinessPhone = "254722000111"
	}))
	e.svc = e.shop.Deps.Remind
	return e
}

func eachEnv(t *testing.T, fn func(t *testing.T, e *env)) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) { fn(t, newEnv(t, d)) })
}

func (e *env) exec(q string, args ...any) {
	e.t.Helper()
	if _, err := e.d.Exec(context.Background(), q, args...); err != nil {
		e.t.Fatalf("%s: %v", q, err)
	}
}

func (e *env) count(q string, args ...any) int {
	e.t.Helper()
	n, err := e.d.Count(context.Background(), "test", q, args...)
	if err != nil {
		e.t.Fatal(err)
	}
	return n
}

// buy places a paid order of quantity of size variant for tel, made at.
func (e *env) buy(tel string, variant int64, quantity int, at time.Time, reminders bool) order.Order {
	e.t.Helper()
	st, err := e.shop.Deps.Checkout.Place(context.Background(), checkout.Request{Channel: order.ChannelStaff, Road: checkout.Link, Lang: i18n.Kiswahili,
		Customer: checkout.Customer{FirstName: "Wanjiku", Phone: tel}, Address: checkout.Address{Address: "Plot 9", City: "Ruiru", County: "Kiambu"},
		Lines: []checkout.Line{{VariantID: variant, Quantity: quantity}}, Reminders: reminders})
	if err != nil {
		e.t.Fatal(err)
	}
	e.exec(`UPDATE orders SET status = 'paid', created_at = $1 WHERE id = $2`, e.d.TimeArg(at), st.Order.ID)
	return st.Order
}

// lasts sets how long size variant lasts.
func (e *env) lasts(variant int64, days int) {
	e.t.Helper()
	e.exec(`UPDATE variants SET lasts_days = $1, stock = 500 WHERE id = $2`, days, variant)
}

func (e *env) remind() int {
	e.t.Helper()
	n, err := e.svc.Once(context.Background())
	if err != nil {
		e.t.Fatal(err)
	}
	return n
}

// texts are the queued messages of kind to tel.
func (e *env) texts(kind, tel string) []string {
	e.t.Helper()
	list, err := db.QueryAll(context.Background(), e.d, "texts", func(r db.Scanner) (s string, err error) { return s, r.Scan(&s) },
		`SELECT body FROM sms_messages WHERE kind = $1 AND recipient = $2 AND status <> 'failed' ORDER BY id`, kind, tel)
	if err != nil {
		e.t.Fatal(err)
	}
	return list
}

const day = 24 * time.Hour

func TestReminderFromLastsDays(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.lasts(1, 20)
		tel := "254711000101"
		e.buy(tel, 1, 1, morning.Add(-16*day), true)
		if n := e.remind(); n != 0 {
			t.Fatalf("16 days into 20, lead 3: %d sent", n)
		}
		e.clock.set(morning.Add(day)) // 17 days: the bag runs out in 3
		if n := e.remind(); n != 1 {
			t.Fatalf("17 days into 20: %d sent", n)
		}
		got := e.texts(sms.KindReminder, tel)
		if len(got) != 1 || !strings.Contains(got[0], "huenda inaisha") || !strings.Contains(got[0], "Jibu 1") || !strings.Contains(got[0], "STOP") ||
			!strings.Contains(got[0], "Ksh ") || !strings.Contains(got[0], "pamoja na usafiri") {
			t.Fatalf("reminder: %q", got)
		}
		if n, gsm := sms.Segments(got[0]); n != 1 || !gsm {
			t.Fatalf("%q: %d segments", got[0], n)
		}
		// Once per purchase, however often the job runs, on several
		// instances at once.
		e.clock.set(morning.Add(2 * day))
		var wg sync.WaitGroup
		for range 4 {
			wg.Add(1)
			go func() { defer wg.Done(); _, _ = e.svc.Once(context.Background()) }()
		}
		wg.Wait()
		if got := e.texts(sms.KindReminder, tel); len(got) != 1 {
			t.Fatalf("twice for one purchase: %q", got)
		}
		// Quantity counts: two bags last twice as long.
		tel2 := "254711000102"
		e.buy(tel2, 1, 2, morning.Add(2*day-30*day), true)
		if n := e.remind(); n != 0 {
			t.Fatalf("two bags, 30 of 40 days: %d sent", n)
		}
	})
}

func TestReminderOptInWindowAndNewerOrder(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.lasts(1, 10)
		// Not ticked: no reminder.
		e.buy("254711000201", 1, 1, morning.Add(-8*day), false)
		// Ticked, then a newer order of the same size, still unpaid.
		e.buy("254711000202", 1, 1, morning.Add(-8*day), true)
		st, err := e.shop.Deps.Checkout.Place(context.Background(), checkout.Request{Channel: order.ChannelStaff, Road: checkout.Link,
			Customer: checkout.Customer{FirstName: "Otieno", Phone: "254711000202"}, Address: checkout.Address{Address: "Plot 1", City: "Ruiru", County: "Kiambu"},
			Lines: []checkout.Line{{VariantID: 1, Quantity: 1}}})
		if err != nil {
			t.Fatal(err)
		}
		// Ticked: the reminder, but only within 08:00-18:00 Nairobi.
		e.buy("254711000203", 1, 1, morning.Add(-8*day), true)
		e.clock.set(time.Date(2026, 3, 10, 16, 0, 0, 0, time.UTC)) // 19:00 Nairobi
		if n := e.remind(); n != 0 {
			t.Fatalf("at 19:00: %d sent", n)
		}
		e.clock.set(time.Date(2026, 3, 10, 4, 59, 0, 0, time.UTC)) // 07:59
		if n := e.remind(); n != 0 {
			t.Fatalf("at 07:59: %d sent", n)
		}
		e.clock.set(morning)
		if n := e.remind(); n != 1 || len(e.texts(sms.KindReminder, "254711000203")) != 1 {
			t.Fatalf("opt-in and window: %d sent", n)
		}
		// The newer order, once paid, is the purchase reminded about later.
		e.exec(`UPDATE orders SET status = 'paid', created_at = $1 WHERE id = $2`, e.d.TimeArg(morning.Add(-day)), st.Order.ID)
		if n := e.remind(); n != 0 {
			t.Fatalf("after a newer order: %d sent", n)
		}
	})
}

func TestReminderFromRhythm(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.lasts(1, 60)
		tel := "254711000301"
		// Bought every 12 days: the rhythm wins over the size's 60 days.
		e.buy(tel, 1, 1, morning.Add(-34*day), true)
		e.buy(tel, 1, 1, morning.Add(-22*day), false)
		last := e.buy(tel, 1, 1, morning.Add(-10*day), false)
		if n := e.remind(); n != 1 {
			t.Fatalf("rhythm of 12 days, 10 in: %d sent", n)
		}
		if n := e.count(`SELECT COUNT(*) FROM reminders WHERE order_id = $1`, last.ID); n != 1 {
			t.Fatalf("reminded about the latest purchase: %d", n)
		}
	})
}

// inbound posts an incoming message as Africa's Talking does.
func (e *env) inbound(path, from, text, id string) int {
	e.t.Helper()
	form := url.Values{"from": {from}, "to": {"21212"}, "text": {text}, "date": {"2026-03-10 10:00:00"}, "id": {id}, "linkId": {""}}
	rec := e.shop.Do("POST", path, form.Encode(), "Content-Type", "application/x-www-form-urlencoded")
	return rec.Code
}

func (e *env) reply(from, text, id string) {
	e.t.Helper()
	if code := e.inbound(remind.InboundPath+secret+"/", from, text, id); code != 200 {
		e.t.Fatalf("%q: %d", text, code)
	}
}

func TestReplyOneOrdersAgain(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.lasts(1, 10)
		tel := "254711000401"
		past := e.buy(tel, 1, 2, morning.Add(-18*day), true)
		if n := e.remind(); n != 1 {
			t.Fatalf("%d sent", n)
		}
		// Two deliveries of one message at once, and again later: one order.
		var wg sync.WaitGroup
		for range 3 {
			wg.Add(1)
			go func() { defer wg.Done(); e.inbound(remind.InboundPath+secret+"/", "+"+tel, "1", "ATXid_1") }()
		}
		wg.Wait()
		e.reply("+"+tel, "1", "ATXid_1")
		orders, err := e.shop.Deps.Orders.ForPhone(context.Background(), tel, 5)
		if err != nil {
			t.Fatal(err)
		}
		o := orders[0]
		if o.Channel != order.ChannelSMS || o.ID == past.ID || len(o.Items) != 1 || o.Items[0].Quantity != 2 ||
			o.ShippingAddress.Address != "Plot 9" || o.Status != order.PendingPayment || o.Lang != i18n.Kiswahili {
			t.Fatalf("order: %+v", o)
		}
		if got := e.mpesa.prompts(); len(got) != 1 || !strings.HasPrefix(got[0], tel+" ") {
			t.Fatalf("prompts: %q", got)
		}
		if n := e.count(`SELECT COUNT(*) FROM orders WHERE channel = 'sms'`); n != 1 {
			t.Fatalf("%d sms orders", n)
		}
		// Another 1 to the same reminder orders nothing more and says so.
		e.reply(tel, "1", "ATXid_2")
		if n := e.count(`SELECT COUNT(*) FROM orders WHERE channel = 'sms'`); n != 1 {
			t.Fatalf("%d sms orders", n)
		}
		if got := e.texts("reply", tel); len(got) != 1 || !strings.Contains(got[0], o.Number) {
			t.Fatalf("already ordered: %q", got)
		}
	})
}

func TestReplyDailyLimit(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tel := "254711000501"
		e.svc.OrdersPerPhone.Max = 2
		for i := range 3 {
			e.lasts(int64(i+1), 10)
			e.buy(tel, int64(i+1), 1, morning.Add(-9*day), true)
		}
		placed := 0
		for i := range 3 {
			// Each reply answers the newest reminder: send one at a time.
			e.exec(`DELETE FROM reminders WHERE reorder_id IS NULL`)
			if n := e.remind(); n < 1 {
				t.Fatalf("round %d: no reminder", i)
			}
			e.reply(tel, "ndio", fmt.Sprintf("ATXid_l%d", i))
			placed = e.count(`SELECT COUNT(*) FROM orders WHERE channel = 'sms'`)
		}
		if placed != 2 {
			t.Fatalf("%d orders by SMS, want the limit 2", placed)
		}
		if got := e.texts("reply", tel); len(got) != 1 || !strings.Contains(got[0], "kwa siku") {
			t.Fatalf("limit answer: %q", got)
		}
	})
}

func TestStopStartAndMessages(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.lasts(1, 10)
		tel := "254711000601"
		e.buy(tel, 1, 1, morning.Add(-8*day), true)
		if n := e.remind(); n != 1 {
			t.Fatalf("%d sent", n)
		}
		// STOP drops the reminder still queued, at once, and answers once.
		e.reply(tel, "Stop.", "ATXid_s1")
		e.reply(tel, "ACHA", "ATXid_s2")
		if got := e.texts(sms.KindReminder, tel); len(got) != 0 {
			t.Fatalf("queued reminder after STOP: %q", got)
		}
		if got := e.texts("reply", tel); len(got) != 1 || !strings.Contains(got[0], "START") {
			t.Fatalf("stop answered: %q", got)
		}
		// No reminder while stopped; order texts still go.
		e.exec(`DELETE FROM reminders`)
		if n := e.remind(); n != 0 {
			t.Fatalf("after STOP: %d sent", n)
		}
		if c, _ := sms.ConsentOf(context.Background(), e.d, tel); !c.Stopped || !c.Reminders {
			t.Fatalf("consent: %+v", c)
		}
		e.reply(tel, "start", "ATXid_s3")
		if n := e.remind(); n != 1 {
			t.Fatalf("after START: %d sent", n)
		}
		if got := e.texts("reply", tel); len(got) != 2 {
			t.Fatalf("start answered: %q", got)
		}
		// Anything else is kept for staff and answered once a day.
		e.reply(tel, "Je, mna mbegu za nyasi?", "ATXid_m1")
		e.reply(tel, "Halo?", "ATXid_m2")
		if got := e.texts("reply", tel); len(got) != 3 || !strings.Contains(got[2], "0722 000 111") {
			t.Fatalf("message answered: %q", got)
		}
		list, err := e.svc.Replies(context.Background(), false, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 2 || list[0].Text != "Halo?" || len(list[0].Orders) != 1 {
			t.Fatalf("kept for staff: %+v", list)
		}
		// The back office reads them.
		access, _ := e.shop.NewAdmin("owner@example.com", "Correct-horse-42")
		rec := e.shop.Do("GET", "/api/admin/sms/replies/", nil, testkit.Bearer(access)...)
		testkit.WantStatus(t, rec, 200)
		if !strings.Contains(rec.Body.String(), "mbegu") {
			t.Fatalf("admin replies: %s", rec.Body)
		}
	})
}

func TestInboundSecret(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		if code := e.inbound(remind.InboundPath+strings.Repeat("x", len(secret))+"/", "254711000701", "STOP", "ATXid_w"); code != 404 {
			t.Fatalf("wrong secret: %d", code)
		}
		if n := e.count(`SELECT COUNT(*) FROM sms_inbound`) + e.count(`SELECT COUNT(*) FROM sms_phones`); n != 0 {
			t.Fatalf("a wrong secret changed %d rows", n)
		}
		// A short secret turns replies off.
		short := testkit.NewShop(t, e.d, testkit.With(func(p *app.Parts) { p.SMS, p.SMSSecret = e.sms, "short" }))
		form := url.Values{"from": {"254711000701"}, "text": {"STOP"}, "id": {"x"}}
		if rec := short.Do("POST", remind.InboundPath+"short/", form.Encode(), "Content-Type", "application/x-www-form-urlencoded"); rec.Code != 404 {
			t.Fatalf("short secret: %d", rec.Code)
		}
	})
}

func TestReminderTextFitsOneSegment(t *testing.T) {
	for _, l := range []i18n.Lang{i18n.English, i18n.Kiswahili} {
		for _, name := range []string{"Dairy Meal 70 Kg", strings.Repeat("Supa Dairy Meal High Yield ", 5) + "70 Kg", "Mash “Bora” 50 Kg"} {
			text := remind.ReminderText(l, name, 12, 123456789)
			if n, gsm := sms.Segments(text); n != 1 || !gsm {
				t.Fatalf("%q: %d segments, gsm %v", text, n, gsm)
			}
		}
	}
	want := "Mifugo Bora: Dairy Meal 70 Kg huenda inaisha. Jibu 1 kuagiza tena (Ksh 3,900 pamoja na usafiri) au STOP kusitisha."
	if got := remind.ReminderText(i18n.Kiswahili, "Dairy Meal 70 Kg", 1, 390000); got != want {
		t.Fatalf("%q", got)
	}
}

func TestOrderAgain(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		e.exec(`UPDATE variants SET stock = 100 WHERE id IN (1, 2, 3, 4)`)
		st, err := e.shop.Deps.Checkout.Place(ctx, checkout.Request{Channel: order.ChannelStaff, Road: checkout.Link,
			Customer: checkout.Customer{FirstName: "Kamau", Phone: "254711000801"}, Address: checkout.Address{Address: "Plot 4", City: "Ruiru", County: "Kiambu"},
			Lines: []checkout.Line{{VariantID: 1, Quantity: 2}, {VariantID: 2, Quantity: 1}, {VariantID: 3, Quantity: 5}, {VariantID: 4, Quantity: 1}}})
		if err != nil {
			t.Fatal(err)
		}
		token := st.AccessToken
		// One size sold out, one short, one no longer sold; the first dearer today.
		e.exec(`UPDATE variants SET stock = 0 WHERE id = 2`)
		e.exec(`UPDATE variants SET stock = 3 WHERE id = 3`)
		e.exec(`DELETE FROM variants WHERE id = 4`)
		e.exec(`UPDATE variants SET price_cents = price_cents + 1000 WHERE id = 1`)
		path := "/api/orders/" + st.Order.Number + "/reorder/"
		// Only whoever may read the order.
		testkit.WantStatus(t, e.shop.Do("POST", path, `{}`), 404)
		rec := e.shop.Do("POST", path, `{}`, "X-Order-Token", token)
		testkit.WantStatus(t, rec, 200)
		out := testkit.Decode[struct {
			Items []struct {
				Quantity  int    `json:"quantity"`
				UnitPrice string `json:"unit_price"`
				Variant   struct {
					ID int64 `json:"id"`
				} `json:"variant"`
			} `json:"items"`
			LeftOut  []remind.LeftOut    `json:"left_out"`
			Delivery remind.LastDelivery `json:"delivery"`
		}](t, rec)
		if len(out.Items) != 2 || out.Items[0].Variant.ID != 1 || out.Items[0].Quantity != 2 || out.Items[1].Variant.ID != 3 || out.Items[1].Quantity != 3 {
			t.Fatalf("cart: %+v", out.Items)
		}
		if want := (st.Order.Items[0].UnitPrice + 1000).String(); out.Items[0].UnitPrice != want {
			t.Fatalf("today's price: %s, want %s", out.Items[0].UnitPrice, want)
		}
		reasons := testkit.Map(out.LeftOut, func(l remind.LeftOut) string { return fmt.Sprintf("%s:%d", l.Reason, l.Missing) })
		if strings.Join(reasons, ",") != "out_of_stock:1,fewer:2,not_sold:1" {
			t.Fatalf("left out: %v", reasons)
		}
		if out.Delivery.County != "Kiambu" || out.Delivery.Address != "Plot 4" || out.Delivery.Kind != "delivery" {
			t.Fatalf("delivery: %+v", out.Delivery)
		}
		// The cart cookie set by the answer holds the lines.
		var cookie string
		for _, c := range rec.Result().Cookies() {
			if c.Name == "shop_cart" {
				cookie = c.Name + "=" + c.Value
			}
		}
		if cookie == "" {
			t.Fatal("no cart cookie")
		}
		cart := e.shop.Do("GET", "/api/cart/", nil, "Cookie", cookie)
		if got := testkit.Decode[[]map[string]any](t, cart); len(got) != 2 {
			t.Fatalf("cart: %v", got)
		}
	})
}

func TestExportAndErasure(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		e.shop.Register("Njeri", "Kariuki", "njeri@example.co.ke", "254711000901", "Mbegu-2026")
		access, userID := e.shop.Login("njeri@example.co.ke", "Mbegu-2026")
		rec := e.shop.Do("PUT", "/api/account/reminders/", map[string]bool{"reminders": true}, testkit.Bearer(access)...)
		testkit.WantStatus(t, rec, 200)
		e.lasts(1, 10)
		o := e.buy("254711000901", 1, 1, morning.Add(-8*day), false)
		e.exec(`UPDATE orders SET user_id = $1 WHERE id = $2`, userID, o.ID)
		if n := e.remind(); n != 1 {
			t.Fatalf("%d sent", n)
		}
		e.reply("254711000901", "Mnauza mbegu?", "ATXid_p1")
		rec = e.shop.Do("GET", "/api/auth/me/export/", nil, testkit.Bearer(access)...)
		testkit.WantStatus(t, rec, 200)
		if body := rec.Body.String(); !strings.Contains(body, `"reminders":true`) || !strings.Contains(body, "Mnauza mbegu?") || !strings.Contains(body, o.Number) {
			t.Fatalf("export: %s", body)
		}
		if _, err := e.shop.Deps.Privacy.Erase(ctx, userID); err != nil {
			t.Fatal(err)
		}
		if n := e.count(`SELECT COUNT(*) FROM reminders`) + e.count(`SELECT COUNT(*) FROM sms_phones`) +
			e.count(`SELECT COUNT(*) FROM sms_inbound WHERE phone <> '' OR body <> ''`) +
			e.count(`SELECT COUNT(*) FROM sms_messages WHERE recipient = '254711000901'`); n != 0 {
			t.Fatalf("%d rows still name the phone", n)
		}
	})
}

func TestDevReplyForm(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		dev := testkit.NewShop(t, e.d, testkit.With(func(p *app.Parts) {
			p.SMS, p.SMSSecret, p.SMSDevForm, p.Now = e.sms, secret, true, e.clock.now
		}))
		form := url.Values{"from": {"+254711001001"}, "text": {"STOP"}}
		rec := dev.Do("POST", "/dev/sms/reply", form.Encode(), "Content-Type", "application/x-www-form-urlencoded")
		if rec.Code != 303 || rec.Header().Get("Location") != "/dev/outbox" {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
		if n := e.count(`SELECT COUNT(*) FROM sms_inbound WHERE phone = '254711001001' AND action = 'stop'`); n != 1 {
			t.Fatalf("%d replies", n)
		}
	})
}

// The demo's farmer whose bag runs low gets her reminder as the dev shop starts.
func TestDemoReminder(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		if err := demo.SeedReminder(context.Background(), e.d, e.shop.Deps.Catalog, morning); err != nil {
			t.Fatal(err)
		}
		if n := e.remind(); n != 1 || len(e.texts(sms.KindReminder, demo.ReminderPhone)) != 1 {
			t.Fatalf("%d sent", n)
		}
		e.reply(demo.ReminderPhone, "1", "ATXid_demo")
		if n := e.count(`SELECT COUNT(*) FROM orders WHERE channel = 'sms' AND phone = $1`, demo.ReminderPhone); n != 1 {
			t.Fatalf("%d orders", n)
		}
	})
}
