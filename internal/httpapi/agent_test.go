package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"shop/internal/app"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/testkit"
)

// agentOrder is POST /api/agent/orders/'s body for a farmer on phone.
func agentOrder(name, phone string, quantity int) string {
	return fmt.Sprintf(`{"customer":{"name":%q,"phone":%q},"items":[{"variant":1,"quantity":%d}],
		"delivery":{"county":"Kiambu","address":"Gate 3, Kiganjo","city":"Kiganjo"}}`, name, phone, quantity)
}

// linkOrder is agentOrder paid later by Paybill: no prompt, so the prompt
// limits of one phone do not stop a test ordering often for it.
func linkOrder(name, phone string) string {
	return strings.Replace(agentOrder(name, phone, 1), `"items"`, `"payment":"sms_link","items"`, 1)
}

// variantCategory is the category of size 1, the one the agents' orders buy.
func variantCategory(t *testing.T, d *db.DB) int64 {
	t.Helper()
	var id int64
	if err := d.QueryRow(context.Background(), `SELECT p.category_id FROM variants v JOIN products p ON p.id = v.product_id WHERE v.id = 1`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// signUpAgent signs up an agent as the owner and signs them in.
func (s *shop) signUpAgent(t *testing.T, owner []string, email, phone string, rateBP int) (id int64, code string, auth []string) {
	t.Helper()
	body := fmt.Sprintf(`{"name":"Njeri Kamau","phone":%q,"email":%q,"password":"Kiganjo2026","area":"Kiganjo","rates":[{"category":%d,"rate_bp":%d}]}`,
		phone, email, variantCategory(t, s.d), rateBP)
	status, a := s.do(t, "POST", "/api/admin/agents/", body, owner...)
	if status != 201 || a["code"] == "" || a["phone"] != "254"+strings.TrimPrefix(phone, "0") {
		t.Fatalf("sign up agent: %d %v", status, a)
	}
	access, _ := s.kit.Login(email, "Kiganjo2026")
	return int64(a["id"].(float64)), a["code"].(string), testkit.Bearer(access)
}

func (s *shop) agentPage(t *testing.T, auth []string) map[string]any {
	t.Helper()
	status, page := s.do(t, "GET", "/api/agent/", "", auth...)
	if status != 200 {
		t.Fatalf("agent page: %d %v", status, page)
	}
	return page
}

func figure(page map[string]any, name string) string {
	return page["figures"].(map[string]any)[name].(string)
}

// deliver moves a paid order through to delivered in the back office.
func (s *shop) deliver(t *testing.T, number string, owner []string) {
	t.Helper()
	for _, st := range []string{`"processing"`, `"dispatched","courier":"G4S"`, `"delivered"`} {
		if status, o := s.do(t, "PATCH", "/api/admin/orders/"+number+"/", `{"status":`+st+`}`, owner...); status != 200 {
			t.Fatalf("%s %s: %d %v", number, st, status, o)
		}
	}
}

// An agent signed up by the owner orders for a farmer from their page: the
// prompt rings the farmer's phone, the order counts for the agent, and its
// commission (on the goods at the agent's rate, not the delivery) is earned
// when paid, payable once delivered and the return window has passed, less
// a refund's share; the owner pays a period once, by hand or by M-Pesa;
// others see none of it.
func TestAgentOrdersForAFarmer(t *testing.T) {
	eachShop(t, true, func(t *testing.T, s *shop) {
		c := newContract(t)
		token, _ := s.kit.NewAdmin("owner@mifugobora.co.ke", "Ruiru2026Feeds")
		owner := testkit.Bearer(token)
		agentID, code, me := s.signUpAgent(t, owner, "njeri@agents.co.ke", "0733111222", 1000)
		agents := s.kit.Deps.Agents
		agents.ReturnWindow = 7 * 24 * time.Hour

		// A customer is no agent; nor is a stranger.
		if status, _ := s.do(t, "GET", "/api/agent/", ""); status != 401 {
			t.Fatalf("agent page without signing in: %d", status)
		}
		customer := s.signIn(t, "wanjiku@farm.co.ke")
		if status, _ := s.do(t, "GET", "/api/agent/", "", customer...); status != 403 {
			t.Fatalf("agent page for a customer: %d", status)
		}
		if status, _ := s.do(t, "POST", "/api/agent/orders/", agentOrder("Kamau", "0722000111", 1), customer...); status != 403 {
			t.Fatalf("agent order by a customer: %d", status)
		}
		// Bad input is a 400 on the fields.
		status, bad := s.do(t, "POST", "/api/agent/orders/", `{"customer":{"name":"","phone":"07"},"items":[],"delivery":{"county":"Atlantis"}}`, me...)
		if f, _ := bad["fields"].(map[string]any); status != 400 || f["customer.name"] == nil || f["customer.phone"] == nil || f["delivery.county"] == nil {
			t.Fatalf("bad agent order: %d %v", status, bad)
		}

		status, b := c.send(t, s, "POST", "/api/agent/orders/", agentOrder("Peter Kamau", "0722000111", 2), me...)
		var placed map[string]any
		_ = json.Unmarshal(b, &placed)
		if status != 201 || placed["promptSent"] != true {
			t.Fatalf("agent order: %d %s", status, b)
		}
		number := placed["orderId"].(string)
		s.waitForAdminStatus(t, number, "paid", owner)
		_, o := s.do(t, "GET", "/api/admin/orders/"+number+"/", "", owner...)
		pays := o["payments"].([]any)
		if o["channel"] != "agent" || o["placed_by"].(map[string]any)["name"] != "Njeri Kamau" || pays[0].(map[string]any)["phone"] != "254722000111" {
			t.Fatalf("the order is the agent's, the prompt the farmer's: %v", o)
		}
		ctx := context.Background()
		placedOrder, err := s.kit.Deps.Orders.ByNumber(ctx, number)
		if err != nil {
			t.Fatal(err)
		}
		var goods int64
		for _, it := range placedOrder.Items {
			goods += int64(it.UnitPrice)*int64(it.Quantity) - int64(it.Discount)
		}
		want := fmt.Sprintf("%d.%02d", goods/10/100, goods/10%100)

		status, b = c.send(t, s, "GET", "/api/agent/", "", me...)
		var page map[string]any
		_ = json.Unmarshal(b, &page)
		farmers := page["farmers"].([]any)
		if status != 200 || len(farmers) != 1 || farmers[0].(map[string]any)["phone"] != "254722000111" || farmers[0].(map[string]any)["place"] != "Kiganjo" {
			t.Fatalf("agent's farmers: %d %s", status, b)
		}
		if figure(page, "earned") != want || figure(page, "payable") != "0.00" || page["flags"] != nil {
			t.Fatalf("earned %s, want %s (10 %% of the goods, not the delivery): %v", figure(page, "earned"), want, page["figures"])
		}
		items := farmers[0].(map[string]any)["orders"].([]any)[0].(map[string]any)["items"].([]any)
		if items[0].(map[string]any)["variant"] != 1.0 {
			t.Fatalf("order again needs the size: %v", items)
		}

		// Delivered: still in the return window, then payable after it.
		s.deliver(t, number, owner)
		if page = s.agentPage(t, me); figure(page, "payable") != "0.00" || figure(page, "earned") != want {
			t.Fatalf("within the return window: %v", page["figures"])
		}
		agents.Now = func() time.Time { return time.Now().Add(8 * 24 * time.Hour) }
		if page = s.agentPage(t, me); figure(page, "payable") != want {
			t.Fatalf("after the return window: %v", page["figures"])
		}

		// A refund of a share of the order takes that share of the commission.
		half := int64(placedOrder.Total) / 2 / 100 * 100
		if status, r := s.do(t, "POST", "/api/admin/orders/"+number+"/refunds/",
			fmt.Sprintf(`{"amount":"%d","reason":"A torn bag","reference":"RFD1234567"}`, half/100), owner...); status != 201 {
			t.Fatalf("refund: %d %v", status, r)
		}
		net := goods / 10 * (int64(placedOrder.Total) - half) / int64(placedOrder.Total)
		wantNet := fmt.Sprintf("%d.%02d", net/100, net%100)
		if page = s.agentPage(t, me); figure(page, "payable") != wantNet {
			t.Fatalf("net of the refund: %v, want %s", page["figures"], wantNet)
		}

		// The owner pays the period once, even when asked twice at once.
		var wg sync.WaitGroup
		codes := make([]int, 4)
		for i := range codes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				codes[i], _ = s.do(t, "POST", fmt.Sprintf("/api/admin/agents/%d/payouts/", agentID), `{"period":"2026-11","method":"manual","reference":"QK7H2LM9"}`, owner...)
			}()
		}
		wg.Wait()
		created := 0
		for _, code := range codes {
			switch code {
			case 201:
				created++
			case 409:
			default:
				t.Fatalf("payouts at once: %v", codes)
			}
		}
		if created != 1 {
			t.Fatalf("one payout for the period, not %d: %v", created, codes)
		}
		if page = s.agentPage(t, me); figure(page, "paid") != wantNet || figure(page, "payable") != "0.00" || len(page["payouts"].([]any)) != 1 {
			t.Fatalf("paid: %v %v", page["figures"], page["payouts"])
		}
		if n, err := s.d.Count(ctx, "payouts audited", `SELECT COUNT(*) FROM admin_audit WHERE action = 'payout' AND entity = 'agent'`); err != nil || n != 1 {
			t.Fatalf("payout audited %d times (%v)", n, err)
		}

		// A shopper's code at checkout counts for the agent; an unknown code is a 400.
		s.do(t, "POST", "/api/cart/items/", `{"variant":1}`)
		status, body := s.do(t, "POST", "/api/payments/mpesa/initiate/",
			strings.Replace(strings.Replace(checkoutBody, "%s", "0708374149", 1), `"shippingAddress"`, `"agentCode":"NOSUCH","shippingAddress"`, 1))
		if f, _ := body["fields"].(map[string]any); status != 400 || f["agentCode"] == nil {
			t.Fatalf("unknown agent code: %d %v", status, body)
		}
		status, body = s.do(t, "POST", "/api/payments/mpesa/initiate/",
			strings.Replace(strings.Replace(checkoutBody, "%s", "0708374149", 1), `"shippingAddress"`, `"agentCode":" `+strings.ToLower(code)+`","shippingAddress"`, 1))
		if status != 201 {
			t.Fatalf("checkout with an agent code: %d %v", status, body)
		}
		byCode := body["orderId"].(string)
		s.waitForAdminStatus(t, byCode, "paid", owner)
		s.deliver(t, byCode, owner)
		page = s.agentPage(t, me)
		var seen bool
		for _, l := range page["orders"].([]any) {
			if l := l.(map[string]any); l["orderId"] == byCode {
				seen = l["via"] == "code" && l["state"] == "payable"
			}
		}
		if !seen {
			t.Fatalf("the order with the agent's code: %v", page["orders"])
		}
		// Paid by M-Pesa to the agent's phone, through the simulator's B2C.
		status, paid := s.do(t, "POST", fmt.Sprintf("/api/admin/agents/%d/payouts/", agentID), `{"period":"2026-12","method":"mpesa"}`, owner...)
		if status != 202 {
			t.Fatalf("M-Pesa payout: %d %v", status, paid)
		}
		payout := paid["payout"].(map[string]any)
		if payout["phone"] != "254733111222" || !strings.HasPrefix(payout["id"].(string), "PO") {
			t.Fatalf("payout: %v", payout)
		}
		testkit.WaitUntil(t, 10*time.Second, "payout sent", func() bool {
			p, err := s.kit.Deps.Payments.PayoutByID(ctx, payout["id"].(string))
			return err == nil && p.Status == "sent"
		})
		if status, _ := s.do(t, "POST", fmt.Sprintf("/api/admin/agents/%d/payouts/", agentID), `{"period":"2027-01","method":"mpesa"}`, owner...); status != 409 {
			t.Fatalf("nothing left to pay: %d", status)
		}

		// The owner's list and page carry the figures and flags.
		status, b = c.send(t, s, "GET", "/api/admin/agents/", "", owner...)
		if status != 200 || !strings.Contains(string(b), `"code":"`+code+`"`) {
			t.Fatalf("agents: %d %s", status, b)
		}
		if status, _ = c.send(t, s, "GET", fmt.Sprintf("/api/admin/agents/%d/", agentID), "", owner...); status != 200 {
			t.Fatalf("agent: %d", status)
		}
	})
}

// No commission on an order to the agent's own phone; the owner's flags
// catch a phone several agents order for, many orders to one farmer in a
// day and many failed payments.
func TestAgentCommissionGuards(t *testing.T) {
	eachShop(t, true, func(t *testing.T, s *shop) {
		token, _ := s.kit.NewAdmin("owner@mifugobora.co.ke", "Ruiru2026Feeds")
		owner := testkit.Bearer(token)
		first, _, me := s.signUpAgent(t, owner, "njeri@agents.co.ke", "0733111222", 1000)
		_, _, other := s.signUpAgent(t, owner, "otieno@agents.co.ke", "0733999888", 1000)

		status, o := s.do(t, "POST", "/api/agent/orders/", agentOrder("Njeri Kamau", "0733111222", 1), me...)
		if status != 201 {
			t.Fatalf("order to the agent's own phone: %d %v", status, o)
		}
		s.waitForAdminStatus(t, o["orderId"].(string), "paid", owner)
		page := s.agentPage(t, me)
		if figure(page, "earned") != "0.00" || len(page["farmers"].([]any)) != 0 {
			t.Fatalf("own phone earns nothing: %v %v", page["figures"], page["farmers"])
		}
		for range 3 {
			if status, o := s.do(t, "POST", "/api/agent/orders/", linkOrder("Peter Kamau", "0722000111"), me...); status != 201 {
				t.Fatalf("order: %d %v", status, o)
			}
		}
		if status, o := s.do(t, "POST", "/api/agent/orders/", linkOrder("Peter Kamau", "0722000111"), other...); status != 201 {
			t.Fatalf("another agent's order: %d %v", status, o)
		}
		_, flagged := s.do(t, "GET", fmt.Sprintf("/api/admin/agents/%d/", first), "", owner...)
		f := flagged["flags"].(map[string]any)
		if f["any"] != true || len(f["shared_phones"].([]any)) != 1 || len(f["busy_days"].([]any)) != 1 || f["own_phone_orders"] != 1.0 {
			t.Fatalf("flags: %v", f)
		}
		// The other agent sees only their own farmer's order.
		if page := s.agentPage(t, other); len(page["orders"].([]any)) != 1 {
			t.Fatalf("another agent's page: %v", page["orders"])
		}
	})
}

// A person is signed up as an agent once; staff are refused; a code is unique.
func TestAgentSignUp(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newShop(t, d, false, testkit.With(func(p *app.Parts) {}))
		token, _ := s.kit.NewAdmin("owner@mifugobora.co.ke", "Ruiru2026Feeds")
		owner := testkit.Bearer(token)
		s.kit.Register("Achieng", "Otieno", "achieng@farm.co.ke", "254711222333", "Shamba2026")
		status, a := s.do(t, "POST", "/api/admin/agents/", `{"name":"Achieng Otieno","phone":"0711222333","code":"ach-01"}`, owner...)
		if status != 201 || a["code"] != "ACH01" || a["email"] != "achieng@farm.co.ke" {
			t.Fatalf("customer promoted by phone: %d %v", status, a)
		}
		if status, _ := s.do(t, "POST", "/api/admin/agents/", `{"name":"Achieng Otieno","phone":"0711222333"}`, owner...); status != 409 {
			t.Fatalf("twice: %d", status)
		}
		if status, _ := s.do(t, "POST", "/api/admin/agents/", `{"name":"Owner","phone":"0711000000","email":"owner@mifugobora.co.ke"}`, owner...); status != 409 {
			t.Fatalf("staff: %d", status)
		}
		status, bad := s.do(t, "POST", "/api/admin/agents/", `{"name":"Baraka","phone":"0711000999","email":"baraka@agents.co.ke","code":"ACH01"}`, owner...)
		if f, _ := bad["fields"].(map[string]any); status != 400 || f["password"] == nil {
			t.Fatalf("new account without a password: %d %v", status, bad)
		}
		status, bad = s.do(t, "POST", "/api/admin/agents/", `{"name":"Baraka","phone":"0711000999","email":"baraka@agents.co.ke","password":"Baraka2026x","code":"ACH01"}`, owner...)
		if f, _ := bad["fields"].(map[string]any); status != 400 || f["code"] == nil {
			t.Fatalf("code taken: %d %v", status, bad)
		}
		id := int64(a["id"].(float64))
		status, a = s.do(t, "PATCH", fmt.Sprintf("/api/admin/agents/%d/", id), `{"area":"Bondo","active":false}`, owner...)
		if status != 200 || a["area"] != "Bondo" || a["active"] != false {
			t.Fatalf("update: %d %v", status, a)
		}
		access, _ := s.kit.Login("achieng@farm.co.ke", "Shamba2026")
		if status, _ := s.do(t, "GET", "/api/agent/", "", testkit.Bearer(access)...); status != 403 {
			t.Fatalf("a paused agent: %d", status)
		}
	})
}

// A farmer's data export lists the links of their orders to an agent, and
// erasing them forgets their phone on those links; erasing the agent takes
// their record and links, and the phone their payouts went to.
func TestAgentLinksInExportAndErasure(t *testing.T) {
	eachShop(t, true, func(t *testing.T, s *shop) {
		ctx := context.Background()
		token, _ := s.kit.NewAdmin("owner@mifugobora.co.ke", "Ruiru2026Feeds")
		owner := testkit.Bearer(token)
		agentID, code, me := s.signUpAgent(t, owner, "njeri@agents.co.ke", "0733111222", 1000)
		farmer := s.signIn(t, "wanjiku@farm.co.ke") // phone 254712345678
		status, o := s.do(t, "POST", "/api/agent/orders/", agentOrder("Wanjiku Mwangi", "0712345678", 1), me...)
		if status != 201 {
			t.Fatalf("order: %d %v", status, o)
		}
		number := o["orderId"].(string)
		s.waitForAdminStatus(t, number, "paid", owner)
		s.deliver(t, number, owner)
		if status, p := s.do(t, "POST", fmt.Sprintf("/api/admin/agents/%d/payouts/", agentID), `{"method":"manual","reference":"QK7H2LM9"}`, owner...); status != 201 {
			t.Fatalf("payout: %d %v", status, p)
		}

		_, export := s.do(t, "GET", "/api/auth/me/export/", "", farmer...)
		links, _ := export["agents"].(map[string]any)["agent_links"].([]any)
		if len(links) != 1 || links[0].(map[string]any)["orderId"] != number || links[0].(map[string]any)["agent_code"] != code {
			t.Fatalf("export's agent links: %v", export["agents"])
		}
		if status, _ := s.do(t, "DELETE", "/api/auth/me/", `{"password":"Shamba2026"}`, farmer...); status != 204 {
			t.Fatalf("erase farmer: %d", status)
		}
		if n, err := s.d.Count(ctx, "farmer's phone", `SELECT COUNT(*) FROM agent_orders WHERE farmer_phone = '254712345678'`); err != nil || n != 0 {
			t.Fatalf("the erased farmer's phone stays on %d links (%v)", n, err)
		}

		var userID int64
		if err := s.d.QueryRow(ctx, `SELECT user_id FROM agents WHERE id = $1`, agentID).Scan(&userID); err != nil {
			t.Fatal(err)
		}
		if status, _ := s.do(t, "DELETE", fmt.Sprintf("/api/admin/users/%d/", userID), "", owner...); status != 204 {
			t.Fatalf("erase agent: %d", status)
		}
		for _, q := range []string{`SELECT COUNT(*) FROM agents`, `SELECT COUNT(*) FROM agent_orders`, `SELECT COUNT(*) FROM payouts WHERE phone <> ''`} {
			if n, err := s.d.Count(ctx, "after erasing the agent", q); err != nil || n != 0 {
				t.Fatalf("%s: %d (%v)", q, n, err)
			}
		}
	})
}
