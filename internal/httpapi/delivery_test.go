package httpapi_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"shop/internal/db/dbtest"
	"shop/internal/delivery"
	"shop/internal/testkit"
)

// bag70 is the demo's 70 kg bag of dairy meal (Ksh 3,950).
const bag70 = `{"variant":3}`

// options reads the delivery options of the browser's cart for county.
func (s *shop) options(t *testing.T, county string) []delivery.Option {
	t.Helper()
	status, body := s.do(t, "GET", "/api/delivery/options/?county="+county, "")
	if status != 200 {
		t.Fatalf("options for %s: %d %v", county, status, body)
	}
	var opts []delivery.Option
	if err := json.Unmarshal(body["list"].(json.RawMessage), &opts); err != nil {
		t.Fatal(err)
	}
	return opts
}

// checkout places the cart's order to county with extra fields in the
// payload (a delivery choice), answering the status and body.
func (s *shop) checkout(t *testing.T, county, extra string) (int, map[string]any) {
	t.Helper()
	body := strings.Replace(checkoutBody, "%s", "0708374149", 1)
	body = strings.Replace(body, `"county":"Kiambu"`, `"county":"`+county+`"`, 1)
	if extra != "" {
		body = strings.TrimSuffix(body, "}") + "," + extra + "}"
	}
	return s.do(t, "POST", "/api/payments/mpesa/initiate/", body)
}

func TestDeliveryAPI(t *testing.T) {
	eachShop(t, false, func(t *testing.T, s *shop) {
		status, body := s.do(t, "GET", "/api/delivery/counties/", "")
		var counties []string
		if status != 200 || json.Unmarshal(body["list"].(json.RawMessage), &counties) != nil || len(counties) != 47 || counties[0] != "Baringo" {
			t.Fatalf("counties: %d %v", status, counties)
		}
		for _, q := range []string{"", "?county=", "?county=Other", "?county=Atlantis"} {
			status, body := s.do(t, "GET", "/api/delivery/options/"+q, "")
			fields, _ := body["fields"].(map[string]any)
			if status != 400 || body["error"] != delivery.MsgCounty || fields["county"] != delivery.MsgCounty {
				t.Errorf("options%s: %d %v", q, status, body)
			}
		}
		// An empty cart weighs nothing; a 70 kg bag costs more to carry, and
		// more to Turkana than to Kiambu.
		if opts := s.options(t, "Kiambu"); len(opts) != 2 || opts[0].Fee.String() != "250.00" {
			t.Fatalf("empty cart: %+v", opts)
		}
		s.do(t, "POST", "/api/cart/items/", bag70)
		kiambu, turkana := s.options(t, "Kiambu"), s.options(t, "Turkana")
		if kiambu[1].Name != "Mifugo Bora store, Ruiru" || kiambu[1].Fee != 0 || kiambu[0].Kind != "delivery" || kiambu[0].Fee.String() != "900.00" ||
			turkana[0].Fee.String() != "5100.00" {
			t.Fatalf("70 kg: Kiambu %+v, Turkana %+v", kiambu, turkana)
		}
	})
}

func TestDeliveryCheckoutAndDispatch(t *testing.T) {
	eachShop(t, true, func(t *testing.T, s *shop) {
		admin, _ := s.kit.NewAdmin("owner@mifugobora.co.ke", "Ruiru2026Feeds")
		as := func(method, path string, body any) map[string]any {
			t.Helper()
			rec := s.kit.Do(method, path, body, testkit.Bearer(admin)...)
			var v map[string]any
			_ = json.Unmarshal(rec.Body.Bytes(), &v)
			v["code"] = float64(rec.Code)
			return v
		}
		s.do(t, "POST", "/api/cart/items/", bag70)
		nakuruAgrovet := s.options(t, "Nakuru")[1]
		kiambu := s.options(t, "Kiambu")
		home, store := kiambu[0], kiambu[1]

		// A pickup point of another county is refused, and nothing is ordered.
		status, body := s.checkout(t, "Kiambu", `"delivery":{"option":"`+nakuruAgrovet.ID+`"}`)
		if fields, _ := body["fields"].(map[string]any); status != 400 || fields["delivery"] != "This delivery option does not serve Kiambu. Please choose another option." {
			t.Fatalf("option of another county: %d %v", status, body)
		}
		// A fee or shipping sent by the browser is ignored: the server prices home delivery itself.
		status, body = s.checkout(t, "Kiambu", `"shipping":"1.00","delivery":{"option":"`+home.ID+`","fee":"1.00"}`)
		if status != 201 {
			t.Fatalf("home delivery: %d %v", status, body)
		}
		homeNumber, homeToken := body["orderId"].(string), body["orderToken"].(string)
		o := s.waitForStatus(t, homeNumber, "paid", "X-Order-Token", homeToken)
		dl := o["delivery"].(map[string]any)
		if o["shipping"] != "900.00" || o["total"] != "4850.00" || dl["kind"] != "delivery" || dl["fee"] != "900.00" || dl["eta"] != "Next day" || o["weight_kg"] != 70.0 {
			t.Fatalf("home delivery order: %v", o)
		}

		// The Ruiru store costs nothing, whichever county the farmer is in.
		s.do(t, "POST", "/api/cart/items/", bag70)
		status, body = s.checkout(t, "Turkana", `"delivery":{"option":"`+store.ID+`"}`)
		if status != 201 {
			t.Fatalf("pickup: %d %v", status, body)
		}
		pickupNumber, pickupToken := body["orderId"].(string), body["orderToken"].(string)
		p := s.waitForStatus(t, pickupNumber, "paid", "X-Order-Token", pickupToken)
		dl = p["delivery"].(map[string]any)
		if p["shipping"] != "0.00" || p["total"] != "3950.00" || dl["kind"] != "pickup" || dl["name"] != "Mifugo Bora store, Ruiru" || dl["hours"] == "" || dl["address"] == "" {
			t.Fatalf("pickup order: %v", p)
		}

		// Changing the zone changes quotes, never orders already made.
		rec := s.kit.Do("GET", "/api/admin/delivery/zones/", nil, testkit.Bearer(admin)...)
		var zs []map[string]any
		_ = json.Unmarshal(rec.Body.Bytes(), &zs)
		near := zs[0]
		near["base_fee"] = "999.00"
		if v := as("PUT", "/api/admin/delivery/zones/"+jsonID(near["id"])+"/", near); v["code"] != 200.0 || v["base_fee"] != "999.00" {
			t.Fatalf("zone edit: %v", v)
		}
		s.do(t, "POST", "/api/cart/items/", bag70)
		if opts := s.options(t, "Kiambu"); opts[0].Fee.String() != "1649.00" {
			t.Fatalf("quote after the edit: %+v", opts)
		}
		if o := s.waitForStatus(t, homeNumber, "paid", "X-Order-Token", homeToken); o["shipping"] != "900.00" || o["total"] != "4850.00" {
			t.Fatalf("the zone edit changed an order: %v", o)
		}

		// A delivery order is dispatched with its courier and tracking number, then delivered.
		path := "/api/admin/orders/" + homeNumber + "/"
		if v := as("PATCH", path, map[string]string{"status": "processing"}); v["code"] != 200.0 {
			t.Fatalf("processing: %v", v)
		}
		if v := as("PATCH", path, map[string]string{"status": "ready_for_pickup"}); v["code"] != 409.0 || v["error"] != "An order that is processing cannot become ready for pickup." {
			t.Fatalf("a delivery order made ready for pickup: %v", v)
		}
		if v := as("PATCH", path, map[string]string{"status": "dispatched"}); v["code"] != 400.0 || v["fields"].(map[string]any)["courier"] == nil {
			t.Fatalf("dispatched without a courier: %v", v)
		}
		v := as("PATCH", path, map[string]string{"status": "dispatched", "courier": "G4S", "tracking_number": "G4S-KBC-20931"})
		if v["code"] != 200.0 || v["courier"] != "G4S" || strings.Join(strs(v["next_statuses"]), ",") != "delivered" {
			t.Fatalf("dispatch: %v", v)
		}
		o = s.waitForStatus(t, homeNumber, "dispatched", "X-Order-Token", homeToken)
		if o["courier"] != "G4S" || o["tracking_number"] != "G4S-KBC-20931" || strings.Join(steps(o), ",") != "pending_payment,paid,processing,dispatched" {
			t.Fatalf("the customer's order after dispatch: %v", o)
		}
		as("PATCH", path, map[string]string{"status": "delivered"})

		// A pickup order is made ready, then collected; it is never dispatched.
		path = "/api/admin/orders/" + pickupNumber + "/"
		as("PATCH", path, map[string]string{"status": "processing"})
		if v := as("PATCH", path, map[string]string{"status": "dispatched", "courier": "G4S"}); v["code"] != 409.0 {
			t.Fatalf("a pickup order dispatched: %v", v)
		}
		if v := as("PATCH", path, map[string]string{"status": "ready_for_pickup"}); v["code"] != 200.0 || strings.Join(strs(v["next_statuses"]), ",") != "collected,cancelled" {
			t.Fatalf("ready for pickup: %v", v)
		}
		as("PATCH", path, map[string]string{"status": "collected"})
		p = s.waitForStatus(t, pickupNumber, "collected", "X-Order-Token", pickupToken)
		if strings.Join(steps(p), ",") != "pending_payment,paid,processing,ready_for_pickup,collected" {
			t.Fatalf("pickup timeline: %v", p["timeline"])
		}
		for status, want := range map[string]string{"collected": pickupNumber, "delivered": homeNumber} {
			list := as("GET", "/api/admin/orders/?status="+status, nil)
			if list["count"] != 1.0 || list["results"].([]any)[0].(map[string]any)["orderId"] != want {
				t.Fatalf("orders %s: %v", status, list)
			}
		}
		audit := as("GET", "/api/admin/audit/", nil)
		if b, _ := json.Marshal(audit); !strings.Contains(string(b), `courier: \"\" → \"G4S\"`) || !strings.Contains(string(b), `"entity":"zone"`) {
			t.Fatalf("audit: %s", b)
		}
	})
}

func TestDeliveryAdminBadInput(t *testing.T) {
	s := testkit.NewShop(t, dbtest.SQLite(t), testkit.Demo)
	admin, _ := s.NewAdmin("owner@mifugobora.co.ke", "Ruiru2026Feeds")
	as := func(method, path string, body any) *httptest.ResponseRecorder {
		return s.Do(method, path, body, testkit.Bearer(admin)...)
	}
	testkit.WantError(t, as("POST", "/api/admin/delivery/zones/", `{"name": 5}`), http.StatusBadRequest, "name", "This value has the wrong type.")
	testkit.WantError(t, as("POST", "/api/admin/delivery/zones/", map[string]any{"name": "Far", "counties": []string{"Turkana"}, "base_fee": "-5"}),
		http.StatusBadRequest, "base_fee", "Price must be a number of 0 or more with at most 2 decimal places")
	testkit.WantError(t, as("POST", "/api/admin/delivery/pickup-points/", map[string]any{"name": "X", "county": "Other", "town": "T", "address": "A", "fee": "0"}),
		http.StatusBadRequest, "county", delivery.MsgCounty)
	testkit.WantError(t, as("PATCH", "/api/admin/delivery/pickup-points/9999/", map[string]any{"name": "X", "county": "Nakuru", "town": "T", "address": "A", "fee": "0"}),
		http.StatusNotFound, "", "Pickup point not found")
	testkit.WantError(t, as("DELETE", "/api/admin/delivery/zones/1/", nil), http.StatusNotFound, "", "Zone not found")
	testkit.WantError(t, as("PATCH", "/api/admin/products/1/variants/1/", map[string]any{"size": "10 Kg", "sku": "MB-HDM-10", "price": "650", "weight_kg": "ten"}),
		http.StatusBadRequest, "weight_kg", "Weight must be a number of kg of 0 or more, with at most 3 decimal places")
	rec := as("PATCH", "/api/admin/products/1/variants/1/", map[string]any{"size": "10 Kg", "sku": "MB-HDM-10", "price": "650", "weight_kg": 10.5})
	if v := testkit.Decode[map[string]any](t, rec); rec.Code != 200 || v["weight_kg"] != 10.5 {
		t.Fatalf("weight edit: %d %v", rec.Code, v)
	}
}

func jsonID(v any) string { return itoa(int(v.(float64))) }

func strs(v any) []string {
	var out []string
	for _, s := range v.([]any) {
		out = append(out, s.(string))
	}
	return out
}

// steps lists the statuses of an order's timeline.
func steps(o map[string]any) []string {
	var out []string
	for _, s := range o["timeline"].([]any) {
		out = append(out, s.(map[string]any)["status"].(string))
	}
	return out
}
