package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"shop/internal/app"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/testkit"
)

// phoneOrder is POST /api/admin/orders/'s body for a caller on phone.
func phoneOrder(phone, payment string, quantity int) string {
	return fmt.Sprintf(`{"customer":{"name":"Achieng Otieno","phone":%q},"items":[{"variant":1,"quantity":%d}],
		"delivery":{"county":"Kiambu","address":"Plot 9, Ruiru","city":"Ruiru"},"payment":%q}`, phone, quantity, payment)
}

// A phone order is placed by staff for a new caller, with the prompt on the
// caller's own phone, and becomes paid through the simulator; a known
// caller is found by their phone with their last delivery and orders, and
// orders again by SMS link, whose prompt staff then send on request.
func TestPhoneOrderByStaff(t *testing.T) {
	eachShop(t, true, func(t *testing.T, s *shop) {
		c := newContract(t)
		token, _ := s.kit.NewAdmin("owner@mifugobora.co.ke", "Ruiru2026Feeds")
		auth := testkit.Bearer(token)
		decode := func(b []byte) map[string]any {
			var v map[string]any
			if err := json.Unmarshal(b, &v); err != nil {
				t.Fatalf("%v: %s", err, b)
			}
			return v
		}

		status, b := c.send(t, s, "GET", "/api/admin/customers/lookup/?phone=0722000111", "", auth...)
		if got := decode(b); status != 200 || got["known"] != false || got["phone"] != "254722000111" || len(got["orders"].([]any)) != 0 {
			t.Fatalf("unknown caller: %d %s", status, b)
		}
		if status, b := c.send(t, s, "GET", "/api/admin/customers/lookup/?phone=12", "", auth...); status != 400 {
			t.Fatalf("bad phone: %d %s", status, b)
		}
		// Sent past the document, which would refuse the payment road itself.
		status, bad := s.do(t, "POST", "/api/admin/orders/", `{"customer":{"name":" ","phone":"07"},"items":[],"delivery":{"county":"Atlantis"},"payment":"cash"}`, auth...)
		fields, _ := bad["fields"].(map[string]any)
		for _, f := range []string{"customer.name", "customer.phone", "delivery.county", "delivery.address", "payment"} {
			if status != 400 || fields[f] == nil {
				t.Fatalf("validation, %s: %d %v", f, status, bad)
			}
		}
		if status, _ := s.do(t, "POST", "/api/admin/orders/", phoneOrder("0722000111", "mpesa", 1)); status != 401 {
			t.Fatalf("without signing in: %d", status)
		}

		status, b = c.send(t, s, "POST", "/api/admin/orders/", phoneOrder("0722000111", "mpesa", 2), auth...)
		o := decode(b)
		if status != 201 || o["channel"] != "staff" || o["placed_by"] == nil || o["status"] != "pending_payment" {
			t.Fatalf("phone order: %d %s", status, b)
		}
		if by := o["placed_by"].(map[string]any); by["name"] == "" {
			t.Fatalf("placed_by: %v", by)
		}
		pays := o["payments"].([]any)
		if len(pays) != 1 || pays[0].(map[string]any)["phone"] != "254722000111" {
			t.Fatalf("the prompt goes to the caller's phone: %v", pays)
		}
		number := o["orderId"].(string)
		s.waitForAdminStatus(t, number, "paid", auth)

		status, b = c.send(t, s, "GET", "/api/admin/customers/lookup/?phone=+254722000111", "", auth...)
		known := decode(b)
		orders := known["orders"].([]any)
		if status != 200 || known["known"] != true || known["name"] != "Achieng Otieno" || len(orders) != 1 ||
			known["delivery"].(map[string]any)["county"] != "Kiambu" || orders[0].(map[string]any)["orderId"] != number {
			t.Fatalf("known caller: %d %s", status, b)
		}
		if item := orders[0].(map[string]any)["items"].([]any)[0].(map[string]any); item["variant"] != 1.0 || item["quantity"] != 2.0 {
			t.Fatalf("order again needs the sizes: %v", item)
		}

		// Order again, paid from a link: no prompt until staff send one.
		status, b = c.send(t, s, "POST", "/api/admin/orders/", phoneOrder("0722000111", "sms_link", 1), auth...)
		o = decode(b)
		if status != 201 || len(o["payments"].([]any)) != 0 || o["status"] != "pending_payment" {
			t.Fatalf("sms_link order: %d %s", status, b)
		}
		number = o["orderId"].(string)
		// Two "Send the prompt again" at once send one prompt.
		var wg sync.WaitGroup
		codes := make([]int, 2)
		for i := range codes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				codes[i], _ = s.do(t, "POST", "/api/admin/orders/"+number+"/prompt/", "", auth...)
			}()
		}
		wg.Wait()
		if !(codes[0] == 201 && codes[1] == 409 || codes[0] == 409 && codes[1] == 201) {
			t.Fatalf("two prompts at once: %v", codes)
		}
		s.waitForAdminStatus(t, number, "paid", auth)
		if status, b := c.send(t, s, "POST", "/api/admin/orders/"+number+"/prompt/", "", auth...); status != 409 {
			t.Fatalf("prompt for a paid order: %d %s", status, b)
		}
	})
}

// Stock holds for a phone order as at checkout: more than there is is
// refused and nothing is taken.
func TestPhoneOrderStock(t *testing.T) {
	eachShop(t, true, func(t *testing.T, s *shop) {
		token, _ := s.kit.NewAdmin("owner@mifugobora.co.ke", "Ruiru2026Feeds")
		auth := testkit.Bearer(token)
		status, body := s.do(t, "GET", "/api/products/1/", "")
		if status != 200 {
			t.Fatal(status)
		}
		stock := int(body["variants"].([]any)[0].(map[string]any)["stock"].(float64))
		if stock > 50 {
			t.Skipf("demo stock %d is more than one line may order", stock)
		}
		status, got := s.do(t, "POST", "/api/admin/orders/", phoneOrder("0722000111", "sms_link", stock+1), auth...)
		if status != 409 && status != 400 {
			t.Fatalf("more than in stock: %d %v", status, got)
		}
		_, after := s.do(t, "GET", "/api/products/1/", "")
		if left := after["variants"].([]any)[0].(map[string]any)["stock"]; left != float64(stock) {
			t.Fatalf("stock moved: %v, was %d", left, stock)
		}
		if status, got := s.do(t, "POST", "/api/admin/orders/", strings.Replace(phoneOrder("0722000111", "sms_link", 1), `"county":"Kiambu"`, `"county":"Kiambu","option":"pickup-999"`, 1), auth...); status != 400 {
			t.Fatalf("unknown pickup point: %d %v", status, got)
		}
	})
}

// waitForAdminStatus reads the order in the back office until it has status.
func (s *shop) waitForAdminStatus(t *testing.T, number, status string, auth []string) {
	t.Helper()
	testkit.WaitUntil(t, 30*time.Second, "order "+number+" "+status, func() bool {
		_, o := s.do(t, "GET", "/api/admin/orders/"+number+"/", "", auth...)
		return o["status"] == status
	})
}

// The payment link opens an unpaid phone order on any phone browser, with
// its total, the Paybill steps and a button whose prompt the simulator pays;
// a wrong code is a 404 that tells nothing.
func TestPaymentLink(t *testing.T) {
	eachShop(t, true, func(t *testing.T, s *shop) {
		token, _ := s.kit.NewAdmin("owner@mifugobora.co.ke", "Ruiru2026Feeds")
		auth := testkit.Bearer(token)
		status, o := s.do(t, "POST", "/api/admin/orders/", phoneOrder("0722000111", "sms_link", 1), auth...)
		if status != 201 {
			t.Fatalf("order: %d %v", status, o)
		}
		number := o["orderId"].(string)
		ctx := context.Background()
		placed, err := s.kit.Deps.Orders.ByNumber(ctx, number)
		if err != nil {
			t.Fatal(err)
		}
		code, err := s.kit.Deps.Orders.ShortCode(ctx, placed.ID)
		if err != nil {
			t.Fatal(err)
		}
		stranger := &shop{url: s.url, client: &http.Client{}}
		resp, page := stranger.raw(t, "GET", "/pay/"+code, "")
		html := string(page)
		for _, want := range []string{number, "Ksh 950", "Account number: " + o["account_number"].(string), "Business number: 174379", "0722 *** 111", `<form method="post">`} {
			if resp.StatusCode != 200 || !strings.Contains(html, want) {
				t.Fatalf("page lacks %q: %d %s", want, resp.StatusCode, html)
			}
		}
		if strings.Contains(html, "254722000111") {
			t.Fatal("the page shows the whole phone number")
		}
		if resp, _ := stranger.raw(t, "GET", "/pay/WRONGCODE1", ""); resp.StatusCode != 404 {
			t.Fatalf("wrong code: %d", resp.StatusCode)
		}
		resp, page = stranger.raw(t, "POST", "/pay/"+code, "")
		if resp.StatusCode != 200 || !strings.Contains(string(page), "check your phone") {
			t.Fatalf("button: %d %s", resp.StatusCode, page)
		}
		s.waitForAdminStatus(t, number, "paid", auth)
		_, detail := s.do(t, "GET", "/api/admin/orders/"+number+"/", "", auth...)
		if p := detail["payments"].([]any)[0].(map[string]any); p["phone"] != "254722000111" || p["status"] != "succeeded" {
			t.Fatalf("the prompt went to %v", p)
		}
		if resp, page := stranger.raw(t, "GET", "/pay/"+code, ""); !strings.Contains(string(page), "This order is paid") || strings.Contains(string(page), "<form") {
			t.Fatalf("paid: %d %s", resp.StatusCode, page)
		}
		if resp, _ := stranger.raw(t, "POST", "/pay/"+code, ""); resp.StatusCode != 409 {
			t.Fatalf("button on a paid order: %d", resp.StatusCode)
		}
	})
}

// A USSD order becomes paid through the simulator: the menu places it, the
// queue sends its prompt to the phone after END, and the simulated phone pays.
func TestUSSDOrderPaidThroughTheSimulator(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		const secret = "ussd-secret-0123456789-0123456789-abc"
		s := newShop(t, d, true, testkit.With(func(p *app.Parts) { p.USSDSecret = secret }))
		menu := s.kit.Deps.USSD
		menu.PromptDelay = 0
		var inputs []string
		var last string
		for _, in := range []string{"", "1", "1", "1", "1", "1", "Nakuru", "1", "1"} {
			if in != "" {
				inputs = append(inputs, in)
			}
			form := url.Values{"sessionId": {"ATUid_paid"}, "serviceCode": {"*384*123#"}, "phoneNumber": {"+254711000222"}, "networkCode": {"63902"},
				"text": {strings.Join(inputs, "*")}}
			resp, b := s.raw(t, "POST", "/api/ussd/"+secret+"/", form.Encode(), "Content-Type", "application/x-www-form-urlencoded")
			if last = string(b); resp.StatusCode != 200 {
				t.Fatalf("%v: %d %s", inputs, resp.StatusCode, b)
			}
		}
		// The END screen gives the short account number to type at Paybill.
		account := regexp.MustCompile(`Paybill ([0-9A-Z]{7})\.`).FindStringSubmatch(last)
		if !strings.HasPrefix(last, "END ") || account == nil {
			t.Fatalf("end: %q", last)
		}
		var number string
		if err := s.kit.Deps.DB.QueryRow(context.Background(), `SELECT order_number FROM orders WHERE account_number = $1`, account[1]).Scan(&number); err != nil {
			t.Fatal(err)
		}
		if sent, err := menu.SendDuePrompts(context.Background()); err != nil || sent != 1 {
			t.Fatalf("prompt: %d %v", sent, err)
		}
		token, _ := s.kit.NewAdmin("owner@mifugobora.co.ke", "Ruiru2026Feeds")
		auth := testkit.Bearer(token)
		s.waitForAdminStatus(t, number, "paid", auth)
		_, o := s.do(t, "GET", "/api/admin/orders/"+number+"/", "", auth...)
		if o["channel"] != "ussd" || o["payments"].([]any)[0].(map[string]any)["phone"] != "254711000222" {
			t.Fatalf("order: %v", o)
		}
	})
}
