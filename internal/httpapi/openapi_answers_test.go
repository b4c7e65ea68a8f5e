package httpapi_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
	verrors "github.com/pb33f/libopenapi-validator/errors"

	"shop/internal/apidoc"
)

// contract checks requests and their answers against the OpenAPI document.
type contract struct{ v validator.Validator }

func newContract(t *testing.T) *contract {
	t.Helper()
	doc, err := libopenapi.NewDocument(apidoc.Document())
	if err != nil {
		t.Fatal(err)
	}
	v, errs := validator.NewValidator(doc)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	return &contract{v}
}

// send sends a request to the shop s with its browser's cookies and
// header's name, value pairs, fails the test when the request or the answer
// is not as the document says, and returns the answer's status and body.
func (c *contract) send(t *testing.T, s *shop, method, path, body string, header ...string) (int, []byte) {
	t.Helper()
	return c.check(t, c.v.ValidateHttpRequestResponse, s, method, path, body, header...)
}

// check is send, validating with validate.
func (c *contract) check(t *testing.T, validate func(*http.Request, *http.Response) (bool, []*verrors.ValidationError),
	s *shop, method, path, body string, header ...string) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, s.url+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := s.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	got, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	// The request as sent, with the cookies the client added, and both
	// bodies readable again.
	sent := resp.Request
	sent.Body = io.NopCloser(strings.NewReader(body))
	resp.Body = io.NopCloser(bytes.NewReader(got))
	if ok, errs := validate(sent, resp); !ok {
		for _, e := range errs {
			t.Errorf("%s %s (%d): %s: %s", method, path, resp.StatusCode, e.Message, e.Reason)
			for _, f := range e.SchemaValidationErrors {
				t.Errorf("    %s at %s (%s)", f.Reason, f.FieldPath, f.KeywordLocation)
			}
		}
		t.Logf("answer: %.2000s", got)
	}
	return resp.StatusCode, got
}

// want is send for an answer of status, decoded into a map.
func (c *contract) want(t *testing.T, status int, s *shop, method, path, body string, header ...string) map[string]any {
	t.Helper()
	code, got := c.send(t, s, method, path, body, header...)
	return c.decode(t, status, method, path, code, got)
}

// refused is want for a request made wrong on purpose: only the answer is
// checked against the document.
func (c *contract) refused(t *testing.T, status int, s *shop, method, path, body string, header ...string) map[string]any {
	t.Helper()
	code, got := c.check(t, c.v.ValidateHttpResponse, s, method, path, body, header...)
	return c.decode(t, status, method, path, code, got)
}

func (c *contract) decode(t *testing.T, status int, method, path string, code int, got []byte) map[string]any {
	t.Helper()
	if code != status {
		t.Fatalf("%s %s: %d, want %d: %s", method, path, code, status, got)
	}
	var v map[string]any
	if len(got) > 0 && got[0] == '{' {
		if err := json.Unmarshal(got, &v); err != nil {
			t.Fatal(err)
		}
	}
	return v
}

// The shop's main answers are what the OpenAPI document says, on each
// engine: the catalogue, the cart and its code, delivery, a checkout and the
// order it makes (read by its owner and by the holder of its token, paid
// and tracked), the customer's own data, the back office's views of it, and
// the error answers.
func TestAnswersMatchTheOpenAPIDocument(t *testing.T) {
	eachShop(t, true, func(t *testing.T, s *shop) {
		c := newContract(t)

		// The catalogue, as a list, a page, one product, and in Kiswahili.
		c.want(t, 200, s, "GET", "/api/products/", "")
		c.want(t, 200, s, "GET", "/api/products/?page=1&page_size=3&sort=price-low", "")
		c.want(t, 200, s, "GET", "/api/products/?search=dairy&page=1", "")
		c.want(t, 200, s, "GET", "/api/products/1/?lang=sw", "")
		c.want(t, 200, s, "GET", "/api/categories/", "")
		c.want(t, 200, s, "GET", "/api/search/suggest/?q=dai", "")
		c.want(t, 200, s, "GET", "/api/delivery/counties/", "")

		// Errors: wrong parameters with their fields, a product that is
		// not there, a route for the signed in.
		bad := c.refused(t, 400, s, "GET", "/api/products/?sort=cheapest&page=0", "")
		if fields, _ := bad["fields"].(map[string]any); fields["sort"] == nil || fields["page"] == nil {
			t.Errorf("400 without both fields: %v", bad)
		}
		c.want(t, 404, s, "GET", "/api/products/no-such-feed/", "")
		c.refused(t, 401, s, "GET", "/api/orders/", "")

		// A customer's cart, code and delivery options, then the checkout.
		me := s.signIn(t, "wanjiku@farm.co.ke")
		item := c.want(t, 201, s, "POST", "/api/cart/items/", `{"variant":1,"quantity":2}`, me...)
		c.want(t, 200, s, "PATCH", "/api/cart/items/"+jsonNumber(item["id"])+"/", `{"quantity":3}`, me...)
		c.want(t, 200, s, "GET", "/api/cart/", "", me...)
		c.want(t, 200, s, "GET", "/api/cart/coupon/", "", me...)
		c.want(t, 400, s, "POST", "/api/cart/coupon/", `{"code":"NO-SUCH-CODE"}`, me...)
		c.want(t, 200, s, "GET", "/api/delivery/options/?county=Kiambu", "", me...)
		c.refused(t, 400, s, "POST", "/api/payments/mpesa/initiate/", `{"phone":""}`, me...)
		placed := c.want(t, 201, s, "POST", "/api/payments/mpesa/initiate/", strings.Replace(checkoutBody, "%s", "254708374149", 1), me...)
		number, token := placed["orderId"].(string), placed["orderToken"].(string)

		// The order read by its owner, and by a browser holding its token.
		c.want(t, 200, s, "GET", "/api/orders/"+number+"/", "", me...)
		guest := s.newBrowser()
		c.want(t, 200, guest, "GET", "/api/orders/"+number+"/", "", "X-Order-Token", token)
		c.refused(t, 404, guest, "GET", "/api/orders/"+number+"/", "")
		s.waitForStatus(t, number, "paid", me...)
		c.want(t, 200, s, "GET", "/api/orders/"+number+"/", "", me...)
		c.want(t, 200, s, "GET", "/api/orders/", "", me...)
		c.want(t, 200, guest, "GET", "/api/orders/"+number+"/?token="+token, "")
		c.want(t, 200, guest, "POST", "/api/orders/track/", `{"orderId":"`+number+`","phone":"0712345678"}`)
		if code, pdf := c.send(t, guest, "GET", "/api/orders/"+number+"/receipt.pdf", "", "X-Order-Token", token); code != 200 || !bytes.HasPrefix(pdf, []byte("%PDF")) {
			t.Errorf("receipt: %d %.20q", code, pdf)
		}
		c.want(t, 200, s, "GET", "/api/auth/me/", "", me...)
		c.want(t, 200, s, "GET", "/api/auth/me/export/", "", me...)
		c.want(t, 403, s, "GET", "/api/admin/orders/", "", me...)

		// The back office's views of the same.
		access, _ := s.kit.NewAdmin("owner@mifugobora.co.ke", "Ruiru2026Feeds")
		admin := []string{"Authorization", "Bearer " + access}
		c.want(t, 200, s, "GET", "/api/admin/stats/", "", admin...)
		c.want(t, 200, s, "GET", "/api/admin/orders/", "", admin...)
		c.want(t, 200, s, "GET", "/api/admin/orders/?search=wanjiku&status=paid", "", admin...)
		c.want(t, 200, s, "GET", "/api/admin/orders/"+number+"/", "", admin...)
		c.want(t, 200, s, "PATCH", "/api/admin/orders/"+number+"/", `{"status":"processing","note":"Packed"}`, admin...)
		c.want(t, 400, s, "PATCH", "/api/admin/orders/"+number+"/", `{"status":"dispatched"}`, admin...)
		c.want(t, 201, s, "POST", "/api/admin/orders/"+number+"/refunds/", `{"amount":"100","reason":"A torn bag","reference":"RFD1234567"}`, admin...)
		c.want(t, 202, s, "POST", "/api/admin/orders/"+number+"/refunds/", `{"method":"mpesa","amount":"100","reason":"Overpaid"}`, admin...)
		c.want(t, 200, s, "GET", "/api/admin/payments/float/", "", admin...)
		if code, statement := c.send(t, s, "GET", "/dev/mpesa/statement.csv", ""); code != 200 || !bytes.HasPrefix(statement, []byte("Receipt No.,")) {
			t.Errorf("the simulator's statement: %d %.40q", code, statement)
		} else {
			csv := append(append([]string{}, admin...), "Content-Type", "text/csv")
			c.want(t, 200, s, "POST", "/api/admin/payments/statement/?dry_run=1", string(statement), csv...)
			c.want(t, 200, s, "POST", "/api/admin/payments/statement/", string(statement), csv...)
		}
		c.want(t, 200, s, "GET", "/api/admin/products/?page=1", "", admin...)
		c.want(t, 200, s, "GET", "/api/admin/products/1/", "", admin...)
		c.want(t, 200, s, "GET", "/api/admin/categories/", "", admin...)
		c.want(t, 200, s, "GET", "/api/admin/users/", "", admin...)
		c.want(t, 200, s, "GET", "/api/admin/audit/", "", admin...)
		c.want(t, 200, s, "GET", "/api/admin/reports/sales/", "", admin...)
		c.want(t, 200, s, "GET", "/api/admin/reports/products/", "", admin...)
		c.want(t, 200, s, "GET", "/api/admin/coupons/", "", admin...)
		c.want(t, 200, s, "GET", "/api/admin/delivery/zones/", "", admin...)
		c.want(t, 200, s, "GET", "/api/admin/delivery/pickup-points/", "", admin...)
		c.want(t, 200, s, "GET", "/api/admin/vat/", "", admin...)
		c.want(t, 200, s, "GET", "/api/admin/payments/?matched=false", "", admin...)
		c.want(t, 200, s, "GET", "/api/admin/payments/unmatched/", "", admin...)
		c.want(t, 200, s, "GET", "/api/admin/products/1/variants/1/stock/", "", admin...)
		c.want(t, 200, s, "GET", "/api/openapi.json", "")
	})
}

// jsonNumber writes a decoded JSON number as the id in a path.
func jsonNumber(v any) string {
	f, _ := v.(float64)
	return itoa(int(f))
}
