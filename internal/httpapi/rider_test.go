package httpapi_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"shop/internal/account"
	"shop/internal/app"
	"shop/internal/checkout"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/money"
	"shop/internal/payment/mpesa"
	"shop/internal/rider"
	"shop/internal/testkit"
)

// podBody is checkoutBody paying on delivery, to county, from payer.
func podBody(county, payer string) string {
	b := strings.Replace(checkoutBody, "%s", payer, 1)
	b = strings.Replace(b, `"county":"Kiambu"`, `"county":"`+county+`"`, 1)
	return strings.Replace(b, `{"phone"`, `{"paymentMethod":"on_delivery","phone"`, 1)
}

// staffMember signs up a user, gives them role through the account store
// (as the users screen does) and signs them in again.
func staffMember(t *testing.T, s *shop, first, email, phone, role string) (token string, id int64) {
	t.Helper()
	const pw = "Ruiru2026Feeds"
	s.kit.Register(first, "Kamau", email, phone, pw)
	_, id = s.kit.Login(email, pw)
	err := s.d.Tx(context.Background(), func(tx *sql.Tx) error {
		_, err := account.NewStore(s.d).SetRoleTx(context.Background(), tx, id, role)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	token, _ = s.kit.Login(email, pw)
	return token, id
}

func (s *shop) stock(t *testing.T, variant int) int {
	t.Helper()
	var n int
	if err := s.d.QueryRow(context.Background(), `SELECT stock FROM variants WHERE id = $1`, variant).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func (s *shop) as(t *testing.T, token, method, path string, body any) (int, map[string]any) {
	t.Helper()
	rec := s.kit.Do(method, path, body, testkit.Bearer(token)...)
	return rec.Code, testkit.Decode[map[string]any](t, rec)
}

// The whole road of a pay-on-delivery order: offered by the zone, the fee
// paid first with the stock taken, given to a rider, who collects the
// goods' money at the door through the simulator; the screen shows it
// paid only after the callback, and the rider then hands it over. Another
// rider sees none of it. A prepaid order needs its delivery code; a
// refusal cancels the order, puts the stock back and marks the phone.
func TestPayOnDeliveryAndTheRider(t *testing.T) {
	eachShop(t, true, func(t *testing.T, s *shop) {
		// The callbacks come a moment after the phone answers, so the screen
		// can be caught before the money is known.
		s.sim.Mode, s.sim.LateBy = mpesa.CallbackLate, 300*time.Millisecond
		admin, _ := s.kit.NewAdmin("owner@mifugobora.co.ke", "Ruiru2026Feeds")
		riderA, riderAID := staffMember(t, s, "Otieno", "otieno@mifugobora.co.ke", "254722000201", account.RoleRider)
		riderB, _ := staffMember(t, s, "Achieng", "achieng@mifugobora.co.ke", "254722000202", account.RoleRider)
		customer, customerID := staffMember(t, s, "Juma", "juma@farm.co.ke", "254722000203", account.RoleCustomer)

		// Offered in Kiambu's zone, not in Nakuru's.
		if status, body := s.do(t, "POST", "/api/cart/items/", `{"variant":1}`); status != 201 {
			t.Fatalf("add: %d %v", status, body)
		}
		for county, want := range map[string]bool{"Kiambu": true, "Nakuru": false} {
			resp, b := s.raw(t, "GET", "/api/delivery/options/?county="+county, "")
			if resp.StatusCode != 200 || strings.Contains(string(b), `"kind":"delivery","name":"Home delivery`) &&
				strings.Contains(string(b), `"pay_on_delivery":true`) != want {
				t.Fatalf("options for %s: %d %s", county, resp.StatusCode, b)
			}
		}
		status, body := s.do(t, "POST", "/api/payments/mpesa/initiate/", podBody("Nakuru", "0708374149"))
		if f, _ := body["fields"].(map[string]any); status != 400 || f["paymentMethod"] != checkout.MsgNoPayOnDelivery {
			t.Fatalf("pay on delivery in Nakuru: %d %v", status, body)
		}

		// The fee alone is asked for; once paid the order waits for the
		// door with its stock taken and the cart emptied.
		before := s.stock(t, 1)
		status, body = s.do(t, "POST", "/api/payments/mpesa/initiate/", podBody("Kiambu", "0708374149"))
		if status != 201 {
			t.Fatalf("pay on delivery checkout: %d %v", status, body)
		}
		number, token := body["orderId"].(string), body["orderToken"].(string)
		o := s.waitForStatus(t, number, "awaiting_delivery_payment", "X-Order-Token", token)
		total, fee := amount(o["total"].(string)), amount(o["shipping"].(string))
		if o["pay_on_delivery"] != true || amount(o["amount_paid"].(string)) != fee || amount(o["balance_due"].(string)) != total-fee ||
			amount(o["payment"].(map[string]any)["amount"].(string)) != fee {
			t.Fatalf("after the fee: %v", o)
		}
		if got := s.stock(t, 1); got != before-1 {
			t.Fatalf("stock %d, want %d taken", got, before-1)
		}
		if status, body := s.do(t, "GET", "/api/cart/", ""); status != 200 || strings.TrimSpace(string(body["list"].(json.RawMessage))) != "[]" {
			t.Fatalf("cart after the fee: %v", body)
		}

		// Given to a rider (only a rider), and dispatched.
		orderPath := "/api/admin/orders/" + number + "/rider/"
		if status, body := s.as(t, admin, "PUT", orderPath, map[string]any{"rider_id": customerID}); status != 400 {
			t.Fatalf("a customer as rider: %d %v", status, body)
		}
		if status, body := s.as(t, admin, "PUT", orderPath, map[string]any{"rider_id": riderAID}); status != 200 || body["rider"] != "Otieno Kamau" {
			t.Fatalf("assign: %d %v", status, body)
		}
		if status, body := s.as(t, admin, "PATCH", "/api/admin/orders/"+number+"/", map[string]any{"status": "dispatched", "courier": "Otieno (rider)"}); status != 200 {
			t.Fatalf("dispatch: %d %v", status, body)
		}

		// The rider's day: the customer, the map, the money due.
		status, body = s.as(t, riderA, "GET", "/api/rider/deliveries/", nil)
		list, _ := body["deliveries"].([]any)
		if status != 200 || len(list) != 1 {
			t.Fatalf("rider's day: %d %v", status, body)
		}
		d := list[0].(map[string]any)
		if d["orderId"] != number || d["phone"] != "254712345678" || d["paid"] != false || amount(d["amount_due"].(string)) != total-fee ||
			!strings.HasPrefix(d["map_url"].(string), "https://www.google.com/maps/search/?api=1&query=Plot+4") || d["paybill"] == nil {
			t.Fatalf("delivery: %v", d)
		}

		// Nobody else sees or touches it.
		one := "/api/rider/deliveries/" + number + "/"
		for _, c := range []struct {
			who, token, method, path string
			want                     int
		}{
			{"another rider", riderB, "GET", one, 404},
			{"another rider", riderB, "POST", one + "collect/", 404},
			{"another rider", riderB, "POST", one + "delivered/", 404},
			{"another rider", riderB, "POST", one + "refused/", 404},
			{"a customer", customer, "GET", "/api/rider/deliveries/", 403},
			{"the owner", admin, "GET", one, 403},
			{"anyone", "", "GET", "/api/rider/deliveries/", 401},
		} {
			body := map[string]any{"reason": "x", "code": "0000"}
			if rec := s.kit.Do(c.method, c.path, body, testkit.Bearer(c.token)...); rec.Code != c.want {
				t.Errorf("%s %s as %s: %d, want %d (%s)", c.method, c.path, c.who, rec.Code, c.want, rec.Body)
			}
		}
		if status, b := s.as(t, riderB, "GET", "/api/rider/deliveries/", nil); status != 200 || len(b["deliveries"].([]any)) != 0 {
			t.Fatalf("another rider's day: %d %v", status, b)
		}

		// Not handed over while money is due, code or not.
		if status, body := s.as(t, riderA, "POST", one+"delivered/", map[string]any{"code": "1234"}); status != 409 {
			t.Fatalf("delivered unpaid: %d %v", status, body)
		}

		// Two taps at once ring the customer once.
		var wg sync.WaitGroup
		codes := make([]int, 2)
		existing := make([]any, 2)
		for i := range codes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rec := s.kit.Do("POST", one+"collect/", map[string]any{}, testkit.Bearer(riderA)...)
				codes[i] = rec.Code
				if rec.Code < 300 {
					existing[i] = testkit.Decode[map[string]any](t, rec)["existing"]
				}
			}()
		}
		wg.Wait()
		if !(codes[0] == 201 && codes[1] == 200 && existing[1] == true) && !(codes[1] == 201 && codes[0] == 200 && existing[0] == true) {
			t.Fatalf("two taps: %v %v", codes, existing)
		}
		// The phone has answered but the callback has not come: not paid.
		if status, b := s.as(t, riderA, "GET", one, nil); status != 200 || b["paid"] != false {
			t.Fatalf("before the callback: %d %v", status, b)
		}
		testkit.WaitUntil(t, 5*time.Second, "the door payment", func() bool {
			_, b := s.as(t, riderA, "GET", one, nil)
			return b["paid"] == true
		})
		status, body = s.as(t, riderA, "POST", one+"delivered/", map[string]any{})
		if status != 200 || body["status"] != "delivered" || body["outcome"] != "delivered" {
			t.Fatalf("delivered after paying: %d %v", status, body)
		}

		// A prepaid order needs its code: wrong ones are refused and counted.
		s.do(t, "POST", "/api/cart/items/", `{"variant":1}`)
		prepaid, prepaidToken := s.placeOrder(t, "0708374149")
		s.waitForStatus(t, prepaid, "paid", "X-Order-Token", prepaidToken)
		s.as(t, admin, "PUT", "/api/admin/orders/"+prepaid+"/rider/", map[string]any{"rider_id": riderAID})
		var code string
		if err := s.d.QueryRow(context.Background(), `SELECT code FROM rider_deliveries d JOIN orders o ON o.id = d.order_id WHERE o.order_number = $1`, prepaid).Scan(&code); err != nil {
			t.Fatal(err)
		}
		p := "/api/rider/deliveries/" + prepaid + "/delivered/"
		if status, body := s.as(t, riderA, "POST", p, map[string]any{}); status != 400 || body["fields"].(map[string]any)["code"] != rider.MsgCodeRequired {
			t.Fatalf("no code: %d %v", status, body)
		}
		wrong := fmt.Sprintf("%04d", (atoi(code)+1)%10000)
		if status, body := s.as(t, riderA, "POST", p, map[string]any{"code": wrong}); status != 400 || body["fields"].(map[string]any)["code"] != rider.MsgCodeWrong {
			t.Fatalf("wrong code: %d %v", status, body)
		}
		if status, body := s.as(t, riderA, "POST", p, map[string]any{"code": code}); status != 200 || body["status"] != "delivered" {
			t.Fatalf("right code: %d %v", status, body)
		}

		// Refused at the door: cancelled, the stock back, the phone marked.
		s.do(t, "POST", "/api/cart/items/", `{"variant":1}`)
		stockBefore := s.stock(t, 1)
		status, body = s.do(t, "POST", "/api/payments/mpesa/initiate/", podBody("Kiambu", "0708374149"))
		if status != 201 {
			t.Fatalf("second pay on delivery: %d %v", status, body)
		}
		refused := body["orderId"].(string)
		s.waitForStatus(t, refused, "awaiting_delivery_payment", "X-Order-Token", body["orderToken"].(string))
		s.as(t, admin, "PUT", "/api/admin/orders/"+refused+"/rider/", map[string]any{"rider_id": riderAID})
		rp := "/api/rider/deliveries/" + refused + "/refused/"
		if status, body := s.as(t, riderA, "POST", rp, map[string]any{"reason": " "}); status != 400 {
			t.Fatalf("refused without a reason: %d %v", status, body)
		}
		if status, body := s.as(t, riderA, "POST", rp, map[string]any{"reason": "The farmer was not at home and would not pay"}); status != 200 ||
			body["status"] != "cancelled" || body["outcome"] != "refused" {
			t.Fatalf("refused: %d %v", status, body)
		}
		if got := s.stock(t, 1); got != stockBefore {
			t.Fatalf("stock after the refusal %d, want %d", got, stockBefore)
		}
		s.do(t, "POST", "/api/cart/items/", `{"variant":1}`)
		status, body = s.do(t, "POST", "/api/payments/mpesa/initiate/", podBody("Kiambu", "0708374150"))
		if f, _ := body["fields"].(map[string]any); status != 400 || f["paymentMethod"] != checkout.MsgNoPayOnDelivery {
			t.Fatalf("pay on delivery after a refusal: %d %v", status, body)
		}

		// The end of the day, the rider's and the back office's.
		status, body = s.as(t, riderA, "GET", "/api/rider/deliveries/", nil)
		sum := body["summary"].(map[string]any)
		if status != 200 || sum["delivered"] != float64(2) || sum["refused"] != float64(1) || amount(sum["collected"].(string)) != total-fee {
			t.Fatalf("rider's summary: %d %v", status, body)
		}
		status, body = s.as(t, admin, "GET", "/api/admin/riders/summary/", nil)
		riders, _ := body["riders"].([]any)
		if status != 200 || len(riders) != 2 || riders[1].(map[string]any)["name"] != "Otieno Kamau" ||
			riders[1].(map[string]any)["delivered"] != float64(2) || riders[1].(map[string]any)["refused"] != float64(1) || riders[0].(map[string]any)["delivered"] != float64(0) {
			t.Fatalf("admin's summary: %d %v", status, body)
		}
		if status, body := s.as(t, riderA, "GET", "/api/rider/deliveries/?date=2020-01-01", nil); status != 200 || len(body["deliveries"].([]any)) != 0 {
			t.Fatalf("another day: %d %v", status, body)
		}
		if status, _ := s.as(t, riderA, "GET", "/api/rider/deliveries/?date=yesterday", nil); status != 400 {
			t.Fatalf("a bad date: %d", status)
		}
	})
}

// Five wrong codes lock a delivery: the right one then is refused too.
func TestDeliveryCodeAttemptsAreLimited(t *testing.T) {
	eachShop(t, true, func(t *testing.T, s *shop) {
		admin, _ := s.kit.NewAdmin("owner@mifugobora.co.ke", "Ruiru2026Feeds")
		r, id := staffMember(t, s, "Otieno", "otieno@mifugobora.co.ke", "254722000201", account.RoleRider)
		number, token := s.placeOrder(t, "0708374149")
		s.waitForStatus(t, number, "paid", "X-Order-Token", token)
		if status, body := s.as(t, admin, "PUT", "/api/admin/orders/"+number+"/rider/", map[string]any{"rider_id": id}); status != 200 {
			t.Fatalf("assign: %d %v", status, body)
		}
		var code string
		if err := s.d.QueryRow(context.Background(), `SELECT code FROM rider_deliveries`).Scan(&code); err != nil {
			t.Fatal(err)
		}
		wrong := fmt.Sprintf("%04d", (atoi(code)+1)%10000)
		p := "/api/rider/deliveries/" + number + "/delivered/"
		for range rider.MaxCodeAttempts {
			if status, _ := s.as(t, r, "POST", p, map[string]any{"code": wrong}); status != 400 {
				t.Fatalf("wrong code: %d", status)
			}
		}
		if status, body := s.as(t, r, "POST", p, map[string]any{"code": code}); status != 409 || body["error"] != rider.MsgCodeLocked {
			t.Fatalf("after %d wrong codes: %d %v", rider.MaxCodeAttempts, status, body)
		}
	})
}

// Above SHOP_POD_MAX the goods are not paid on delivery.
func TestPayOnDeliveryCap(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newShop(t, d, true, testkit.With(func(p *app.Parts) { p.PODMax = money.FromShillings(100) }))
		s.do(t, "POST", "/api/cart/items/", `{"variant":1}`)
		resp, b := s.raw(t, "GET", "/api/delivery/options/?county=Kiambu", "")
		if resp.StatusCode != 200 || strings.Contains(string(b), `"pay_on_delivery":true`) {
			t.Fatalf("options over the cap: %s", b)
		}
		status, body := s.do(t, "POST", "/api/payments/mpesa/initiate/", podBody("Kiambu", "0708374149"))
		if f, _ := body["fields"].(map[string]any); status != 400 || f["paymentMethod"] != checkout.MsgNoPayOnDelivery {
			t.Fatalf("over the cap: %d %v", status, body)
		}
		if status, _ := s.do(t, "POST", "/api/payments/mpesa/initiate/", strings.Replace(checkoutBody, "%s", "0708374149", 1)); status != http.StatusCreated {
			t.Fatalf("paying now is still offered: %d", status)
		}
	})
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}
