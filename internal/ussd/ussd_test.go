package ussd_test

import (
	"context"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"shop/internal/app"
	"shop/internal/checkout"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/i18n"
	"shop/internal/order"
	"shop/internal/ratelimit"
	"shop/internal/testkit"
	"shop/internal/ussd"
)

const secret = "ussd-secret-0123456789-0123456789-abc"

// prompts records the prompts the menu's orders get, as the payment
// service would send them.
type prompts struct {
	mu    sync.Mutex
	calls []string
	// pushed, when set, is told of each prompt as it is sent.
	pushed func()
}

func (p *prompts) Enabled() bool { return true }

func (p *prompts) Prompt(_ context.Context, o order.Order, phone, _, _ string) (order.PaymentStart, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.calls = append(p.calls, o.Number+" "+phone)
	if p.pushed != nil {
		p.pushed()
	}
	return order.PaymentStart{Order: o}, nil
}

func (p *prompts) sent() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.calls...)
}

// env is the whole shop with the demo catalogue and the USSD menu on.
type env struct {
	t      *testing.T
	d      *db.DB
	shop   *testkit.Shop
	svc    *ussd.Service
	prompt *prompts
}

func newEnv(t *testing.T, d *db.DB) *env {
	e := &env{t: t, d: d, prompt: &prompts{}}
	e.shop = testkit.NewShop(t, d, testkit.Demo, testkit.With(func(p *app.Parts) { p.USSDSecret = secret }))
	// The prompts are recorded here, not sent: the payment service's own
	// are tested with the simulator (internal/httpapi).
	e.svc = e.shop.Deps.USSD
	e.svc.Payments = e.prompt
	return e
}

func eachEnv(t *testing.T, fn func(t *testing.T, e *env)) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) { fn(t, newEnv(t, d)) })
}

var option = regexp.MustCompile(`^(\d+) `)

// post sends one screen's request and checks the answer is a screen any
// handset shows: CON or END, at most 160 plain GSM characters, at most
// five options.
func (e *env) post(session, phone, text string) string {
	e.t.Helper()
	form := url.Values{"sessionId": {session}, "serviceCode": {"*384*123#"}, "phoneNumber": {phone}, "networkCode": {"63902"}, "text": {text}}
	rec := e.shop.Do("POST", "/api/ussd/"+secret+"/", form.Encode(), "Content-Type", "application/x-www-form-urlencoded")
	body := rec.Body.String()
	if rec.Code != 200 || !(strings.HasPrefix(body, "CON ") || strings.HasPrefix(body, "END ")) {
		e.t.Fatalf("%q: %d %q", text, rec.Code, body)
	}
	screen := body[4:]
	if len(screen) > ussd.MaxScreen {
		e.t.Fatalf("%q: screen of %d characters: %q", text, len(screen), screen)
	}
	for _, r := range screen {
		if r > 126 || (r < 32 && r != '\n') || strings.ContainsRune("[]{}\\^~|`", r) {
			e.t.Fatalf("%q: %q is no plain GSM text: %q", text, r, screen)
		}
	}
	n := 0
	for _, l := range strings.Split(screen, "\n") {
		if option.MatchString(l) {
			n++
		}
	}
	if n > 5 {
		e.t.Fatalf("%q: %d options: %q", text, n, screen)
	}
	return body
}

// session is one phone's session, its inputs so far.
type session struct {
	e         *env
	id, phone string
	inputs    []string
}

func (e *env) dial(id, phone string) (*session, string) {
	s := &session{e: e, id: id, phone: phone}
	return s, e.post(id, phone, "")
}

func (s *session) send(in string) string {
	s.e.t.Helper()
	s.inputs = append(s.inputs, in)
	return s.e.post(s.id, s.phone, strings.Join(s.inputs, "*"))
}

func (e *env) count(query string, args ...any) int {
	e.t.Helper()
	var n int
	if err := e.d.QueryRow(context.Background(), query, args...).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

var accountNumber = regexp.MustCompile(`(?:account|Paybill) ([2-9A-Z]{7})\b`)

// numberIn is the number of the order whose Paybill account number an END
// screen gives, "" when it gives none.
func (e *env) numberIn(screen string) string {
	e.t.Helper()
	m := accountNumber.FindStringSubmatch(screen)
	if m == nil {
		return ""
	}
	var number string
	if err := e.d.QueryRow(context.Background(), `SELECT order_number FROM orders WHERE account_number = $1`, m[1]).Scan(&number); err != nil {
		e.t.Fatalf("%q: %v", screen, err)
	}
	return number
}

// buyByOnes walks the menu choosing 1 at every list, quantity typed, and a
// pickup point in Nakuru, and returns the END screen.
func (s *session) buyByOnes(quantity string) string {
	s.e.t.Helper()
	for _, in := range []string{"1", "1", "1", "1"} {
		if got := s.send(in); !strings.HasPrefix(got, "CON ") {
			s.e.t.Fatalf("after %v: %q", s.inputs, got)
		}
	}
	got := s.send(quantity)
	if strings.Contains(got, "Leta hadi") || strings.Contains(got, "Deliver to") {
		got = s.send("2")
	}
	if !strings.Contains(got, "Kiambu") {
		s.e.t.Fatalf("asks for the county: %q", got)
	}
	if got = s.send("nakuru"); !strings.Contains(got, "1 ") {
		s.e.t.Fatalf("pickup points: %q", got)
	}
	if got = s.send("1"); !strings.Contains(got, "Jumla") && !strings.Contains(got, "Total") {
		s.e.t.Fatalf("confirmation: %q", got)
	}
	return s.send("1")
}

// A whole order by choosing 1 and typing a quantity, in Kiswahili: it is
// placed once (a repeated confirmation answers the same order) with
// channel ussd, and its prompt goes to the phone only after END, when the
// queue sends it.
func TestOrderByChoosingOnes(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.svc.PromptDelay = 0
		s, home := e.dial("ATUid_1", "+254711000222")
		if !strings.Contains(home, "Karibu") || !strings.Contains(home, "1 Nunua") || strings.Contains(home, "0 Rudi") {
			t.Fatalf("home: %q", home)
		}
		end := s.buyByOnes("2")
		number := e.numberIn(end)
		if !strings.HasPrefix(end, "END ") || number == "" {
			t.Fatalf("end: %q", end)
		}
		if got := e.prompt.sent(); len(got) != 0 {
			t.Fatalf("a prompt during the session: %v", got)
		}
		if again := e.post(s.id, s.phone, strings.Join(s.inputs, "*")); e.numberIn(again) != number {
			t.Fatalf("the confirmation again: %q", again)
		}
		if n := e.count(`SELECT COUNT(*) FROM orders`); n != 1 {
			t.Fatalf("%d orders", n)
		}
		o, err := e.shop.Deps.Orders.ByNumber(context.Background(), number)
		if err != nil {
			t.Fatal(err)
		}
		if o.Channel != order.ChannelUSSD || o.Customer.Phone != "254711000222" || o.Lang != i18n.Kiswahili ||
			o.Delivery.Kind != "pickup" || o.Items[0].Quantity != 2 || o.Status != order.PendingPayment {
			t.Fatalf("order: %+v", o)
		}
		sent, err := e.svc.SendDuePrompts(context.Background())
		if err != nil || sent != 1 {
			t.Fatalf("due prompts: %d %v", sent, err)
		}
		if got := e.prompt.sent(); len(got) != 1 || got[0] != number+" 254711000222" {
			t.Fatalf("prompts: %v", got)
		}
		if sent, _ := e.svc.SendDuePrompts(context.Background()); sent != 0 {
			t.Fatalf("a prompt sent twice")
		}
	})
}

// A sender told to stop as a prompt goes out (its job's lease lost, a
// shutdown) records that prompt's outcome and claims no other: cut off, the
// claimed prompt would be lost though nothing crashed.
func TestStoppedSenderFinishesThePromptInHand(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.svc.PromptDelay = 0
		for i, phone := range []string{"+254711000444", "+254711000555"} {
			s, _ := e.dial("ATUid_stop"+strconv.Itoa(i), phone)
			if end := s.buyByOnes("1"); e.numberIn(end) == "" {
				t.Fatal(end)
			}
		}
		ctx, stop := context.WithCancel(context.Background())
		e.prompt.pushed = stop
		if sent, err := e.svc.SendDuePrompts(ctx); err != nil || sent != 1 {
			t.Fatalf("stopped sender: %d sent (%v), want the one in hand", sent, err)
		}
		if n := e.count(`SELECT COUNT(*) FROM ussd_prompts WHERE outcome = 'sent'`); n != 1 {
			t.Fatalf("%d prompts recorded sent, want the one in hand", n)
		}
		if n := e.count(`SELECT COUNT(*) FROM ussd_prompts WHERE sent_at IS NULL`); n != 1 {
			t.Fatalf("%d prompts unclaimed, want the other", n)
		}
		e.prompt.pushed = nil
		if sent, err := e.svc.SendDuePrompts(context.Background()); err != nil || sent != 1 {
			t.Fatalf("next sender: %d sent (%v), want 1", sent, err)
		}
		if got := e.prompt.sent(); len(got) != 2 {
			t.Fatalf("prompts: %v, want one for each order", got)
		}
	})
}

// A prompt due later is sent as soon as the end-of-session notification
// says the phone is free, and the notification is kept.
func TestEndOfSessionNotification(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.svc.PromptDelay = 1 << 40
		s, _ := e.dial("ATUid_2", "0711000333")
		if end := s.buyByOnes("1"); e.numberIn(end) == "" {
			t.Fatal(end)
		}
		if sent, _ := e.svc.SendDuePrompts(context.Background()); sent != 0 {
			t.Fatal("sent before it was due")
		}
		form := url.Values{"sessionId": {s.id}, "phoneNumber": {"+254711000333"}, "status": {"Success"}, "input": {strings.Join(s.inputs, "*")},
			"hopsCount": {"9"}, "durationInMillis": {"41000"}, "cost": {"KES 0.10"}, "serviceCode": {"*384*123#"}, "networkCode": {"63902"}}
		if rec := e.shop.Do("POST", "/api/ussd/wrong-secret-0123456789-0123456789/events/", form.Encode(), "Content-Type", "application/x-www-form-urlencoded"); rec.Code != 404 {
			t.Fatalf("wrong secret: %d", rec.Code)
		}
		if n := e.count(`SELECT COUNT(*) FROM ussd_events`); n != 0 {
			t.Fatalf("a wrong secret stored %d", n)
		}
		if rec := e.shop.Do("POST", "/api/ussd/"+secret+"/events/", form.Encode(), "Content-Type", "application/x-www-form-urlencoded"); rec.Code != 200 {
			t.Fatalf("notification: %d %s", rec.Code, rec.Body)
		}
		if n := e.count(`SELECT COUNT(*) FROM ussd_events WHERE status = 'Success' AND hops = 9 AND duration_ms = 41000`); n != 1 {
			t.Fatalf("%d notifications kept", n)
		}
		if sent, _ := e.svc.SendDuePrompts(context.Background()); sent != 1 {
			t.Fatal("not sent once the session ended")
		}
	})
}

// Back, home, the next page and a wrong choice, on every list; typed
// screens list no options; the language is chosen and kept for the phone.
func TestMenuMoves(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		s, home := e.dial("ATUid_3", "0711000444")
		if got := s.send("7"); !strings.Contains(got, "Chaguo si sahihi") || !strings.Contains(got, "1 Nunua") {
			t.Fatalf("wrong choice: %q", got)
		}
		cats := s.send("1")
		if got := s.send("0"); got != home {
			t.Fatalf("back: %q, not %q", got, home)
		}
		if got := s.send("1"); got != cats {
			t.Fatalf("forward again: %q", got)
		}
		products := s.send("1")
		paged := false
		for range 30 {
			if !strings.Contains(products, "\n98 ") {
				break
			}
			next := s.send("98")
			if next == products || !strings.HasPrefix(next, "CON ") {
				t.Fatalf("next page: %q", next)
			}
			paged, products = true, next
		}
		if paged {
			if got := s.send("98"); !strings.Contains(got, "Chaguo si sahihi") {
				t.Fatalf("past the last page: %q", got)
			}
		}
		if got := s.send("00"); !strings.HasSuffix(got, home[4:]) {
			t.Fatalf("home: %q", got)
		}
		s.send("1")
		s.send("1")
		s.send("1")
		qty := s.send("1")
		for _, l := range strings.Split(qty[4:], "\n") {
			if option.MatchString(l) {
				t.Fatalf("a typed screen lists options: %q", qty)
			}
		}
		if got := s.send("abc"); !strings.Contains(got, "Andika namba") {
			t.Fatalf("not a number: %q", got)
		}
		if got := s.send("100000"); !strings.Contains(got, "Andika namba") && !strings.Contains(got, "Zimebaki") {
			t.Fatalf("too many: %q", got)
		}
		s.send("1")
		if got := s.send("Atlantis"); !strings.Contains(got, "Kaunti haijulikani") {
			t.Fatalf("unknown county: %q", got)
		}

		l, _ := e.dial("ATUid_4", "0711000444")
		if got := l.send("4"); !strings.Contains(got, "1 Kiswahili") || !strings.Contains(got, "2 English") {
			t.Fatalf("languages: %q", got)
		}
		if got := l.send("2"); !strings.Contains(got, "Welcome") || !strings.Contains(got, "1 Buy") {
			t.Fatalf("English: %q", got)
		}
		if got := l.send("1"); !strings.Contains(got, "Choose a category") {
			t.Fatalf("English carries on: %q", got)
		}
		if _, home := e.dial("ATUid_5", "0711000444"); !strings.Contains(home, "Welcome") {
			t.Fatalf("the phone's choice is kept: %q", home)
		}
		if _, home := e.dial("ATUid_6", "0711000555"); !strings.Contains(home, "Karibu") {
			t.Fatalf("another phone: %q", home)
		}
	})
}

// Reordering names a size sold out and orders the rest at today's price;
// tracking reads the latest order; without an order both say so.
func TestReorderAndTrack(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		s, _ := e.dial("ATUid_7", "0711000666")
		if got := s.send("2"); !strings.HasPrefix(got, "END ") || !strings.Contains(got, "Hakuna oda") {
			t.Fatalf("reorder without an order: %q", got)
		}
		st, err := e.shop.Deps.Checkout.Place(ctx, checkout.Request{Channel: order.ChannelStaff, Road: checkout.Link, Lang: i18n.Kiswahili,
			Customer: checkout.Customer{FirstName: "Kamau", Phone: "0711000666"}, Address: checkout.Address{Address: "Plot 4", City: "Ruiru", County: "Kiambu"},
			Lines: []checkout.Line{{VariantID: 1, Quantity: 1}, {VariantID: 2, Quantity: 1}}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.d.Exec(ctx, `UPDATE variants SET stock = 0 WHERE id = 2`); err != nil {
			t.Fatal(err)
		}
		if _, err := e.d.Exec(ctx, `UPDATE variants SET price_cents = price_cents + 1000 WHERE id = 1`); err != nil {
			t.Fatal(err)
		}
		s, _ = e.dial("ATUid_8", "0711000666")
		got := s.send("2")
		gone := st.Order.Items[1]
		if !strings.Contains(got, "Imeisha") || !strings.Contains(got, strings.TrimPrefix(gone.ProductName, "Mifugo Bora ")[:12]) || !strings.Contains(got, "1 x ") || !strings.Contains(got, "1 Thibitisha") {
			t.Fatalf("reorder: %q", got)
		}
		end := s.send("1")
		number := e.numberIn(end)
		o, err := e.shop.Deps.Orders.ByNumber(ctx, number)
		if err != nil {
			t.Fatalf("%q: %v", end, err)
		}
		if len(o.Items) != 1 || o.Items[0].UnitPrice != st.Order.Items[0].UnitPrice+1000 || o.Delivery.Kind != "delivery" || o.ShippingAddress.Address != "Plot 4" {
			t.Fatalf("reordered: %+v", o)
		}
		s, _ = e.dial("ATUid_9", "0711000666")
		if got := s.send("3"); !strings.HasPrefix(got, "END ") || !strings.Contains(got, number) || !strings.Contains(got, "inasubiri malipo") {
			t.Fatalf("track: %q", got)
		}
		// With a home address on file, delivery offers it first.
		s, _ = e.dial("ATUid_10", "0711000666")
		for _, in := range []string{"1", "1", "1", "1"} {
			s.send(in)
		}
		if got := s.send("1"); !strings.Contains(got, "1 Leta hadi Plot 4") {
			t.Fatalf("home delivery: %q", got)
		}
	})
}

// Two sessions of one phone at once each keep their own place and order;
// the phone's limit stops a third; a restart (another instance, the
// session cache lost) carries on from the text alone.
func TestSessionsAndLimits(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.svc.OrdersPerPhone = ratelimit.Limit{Max: 2, Window: 1 << 40}
		a, _ := e.dial("ATUid_A", "0711000777")
		b, _ := e.dial("ATUid_B", "0711000777")
		a.send("1")
		if got := b.send("3"); !strings.HasPrefix(got, "END ") {
			t.Fatalf("b tracks: %q", got)
		}
		if got := a.send("0"); !strings.Contains(got, "1 Nunua") {
			t.Fatalf("a is where it was: %q", got)
		}
		a.inputs = nil
		var wg sync.WaitGroup
		ends := make([]string, 2)
		for i, id := range []string{"ATUid_C", "ATUid_D"} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				s := &session{e: e, id: id, phone: "0711000777"}
				e.post(id, s.phone, "")
				ends[i] = s.buyByOnes("1")
			}()
		}
		wg.Wait()
		one, two := e.numberIn(ends[0]), e.numberIn(ends[1])
		if one == "" || two == "" || one == two {
			t.Fatalf("two sessions: %q", ends)
		}
		c, _ := e.dial("ATUid_E", "0711000777")
		if got := c.buyByOnes("1"); !strings.Contains(got, "Oda nyingi mno") {
			t.Fatalf("over the limit: %q", got)
		}
		if n := e.count(`SELECT COUNT(*) FROM orders`); n != 2 {
			t.Fatalf("%d orders", n)
		}

		// A restart: another shop on the same database, and the session
		// cache gone; the text alone says where the session stands.
		r, _ := e.dial("ATUid_F", "0711000888")
		r.send("1")
		before := r.send("1")
		if _, err := e.d.Exec(context.Background(), `DELETE FROM ussd_sessions WHERE session_id = 'ATUid_F'`); err != nil {
			t.Fatal(err)
		}
		e2 := newEnv(t, e.d)
		if got := e2.post(r.id, r.phone, strings.Join(r.inputs, "*")); got != before {
			t.Fatalf("after a restart %q, not %q", got, before)
		}
	})
}

// A wrong or missing secret is a 404 that records nothing; a short secret
// keeps USSD off.
func TestSecret(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		form := url.Values{"sessionId": {"x"}, "phoneNumber": {"+254711000999"}, "text": {""}}.Encode()
		for _, path := range []string{"/api/ussd/not-it-0123456789-0123456789-0123/", "/api/ussd/" + secret[:len(secret)-1] + "/"} {
			if rec := e.shop.Do("POST", path, form, "Content-Type", "application/x-www-form-urlencoded"); rec.Code != 404 {
				t.Fatalf("%s: %d", path, rec.Code)
			}
		}
		if n := e.count(`SELECT COUNT(*) FROM ussd_sessions`); n != 0 {
			t.Fatalf("%d sessions stored", n)
		}
		off := testkit.NewShop(t, e.d, testkit.With(func(p *app.Parts) { p.USSDSecret = "short" }))
		if rec := off.Do("POST", "/api/ussd/short/", form, "Content-Type", "application/x-www-form-urlencoded"); rec.Code != 404 {
			t.Fatalf("short secret: %d", rec.Code)
		}
		if rec := e.shop.Do("POST", "/api/ussd/"+secret+"/", url.Values{"sessionId": {"x"}, "phoneNumber": {"12"}}.Encode(),
			"Content-Type", "application/x-www-form-urlencoded"); rec.Code != 400 {
			t.Fatalf("no phone: %d", rec.Code)
		}
	})
}

// The owner's figures: orders by channel, and the sessions started,
// completed and abandoned per screen.
func TestFigures(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		s, _ := e.dial("ATUid_F1", "0711000111")
		if end := s.buyByOnes("1"); e.numberIn(end) == "" {
			t.Fatal(end)
		}
		a, _ := e.dial("ATUid_F2", "0711000112")
		a.send("1")
		b, _ := e.dial("ATUid_F3", "0711000113")
		b.send("3")
		token, _ := e.shop.NewAdmin("owner@mifugobora.co.ke", "Ruiru2026Feeds")
		rec := e.shop.Do("GET", "/api/admin/reports/channels/", nil, testkit.Bearer(token)...)
		rep := testkit.Decode[struct {
			Channels []struct {
				Channel      string
				Placed, Paid int
			}
			USSD struct {
				Started, Completed int
				Abandoned          []struct {
					Screen   string
					Sessions int
				}
			}
		}](t, rec)
		if rec.Code != 200 || rep.USSD.Started != 3 || rep.USSD.Completed != 1 || len(rep.USSD.Abandoned) != 1 ||
			rep.USSD.Abandoned[0].Screen != "categories" || rep.USSD.Abandoned[0].Sessions != 1 {
			t.Fatalf("ussd figures: %d %s", rec.Code, rec.Body)
		}
		for _, c := range rep.Channels {
			if want := map[bool]int{true: 1}[c.Channel == "ussd"]; c.Placed != want || c.Paid != 0 {
				t.Fatalf("channels: %s", rec.Body)
			}
		}
	})
}
