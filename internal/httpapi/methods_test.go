package httpapi_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// A known address asked with a method it does not take answers 405 with
// the methods it takes in Allow (the API's error shape under /api/); an
// unknown address answers 404 whatever the method. Outside /api/, known is
// a page of the web app, one of its files or a route of the server. A
// callback address with a wrong secret is unknown.
func TestMethodsTheShopDoesNotServe(t *testing.T) {
	const secret = "cb-secret-0123456789-0123456789-xyz"
	eachShop(t, true, func(t *testing.T, s *shop) {
		for _, c := range []struct {
			method, path string
			status       int
			allow        string
		}{
			{"GET", "/api/products/", 200, ""},
			{"POST", "/api/products/", 405, "GET, HEAD"},
			{"DELETE", "/api/products/1/", 405, "GET, HEAD"},
			{"PUT", "/api/cart/items/", 405, "POST"},
			{"GET", "/api/cart/items/1/", 405, "DELETE, PATCH"},
			{"PUT", "/api/cart/coupon/", 405, "DELETE, GET, HEAD, POST"},
			{"DELETE", "/api/admin/stats/", 405, "GET, HEAD"},
			{"GET", "/api/admin/stats/", 401, ""},
			{"GET", "/api/nothing/", 404, ""},
			{"POST", "/api/nothing/", 404, ""},
			{"DELETE", "/api/products/1/nothing/", 404, ""},

			{"POST", "/api/payments/callback/not-the-secret/", 404, ""},
			{"GET", "/api/payments/callback/not-the-secret/", 404, ""},
			{"PUT", "/api/payments/mpesa/callback/not-the-secret/", 404, ""},
			{"DELETE", "/api/payments/c2b/confirmation/not-the-secret/", 404, ""},
			{"GET", "/api/payments/c2b/validation/not-the-secret/", 404, ""},
			{"GET", "/api/payments/callback/" + secret + "/", 405, "POST"},

			{"GET", "/shop", 200, ""},
			{"POST", "/shop", 405, "GET, HEAD"},
			{"DELETE", "/", 405, "GET, HEAD"},
			{"PUT", "/products/high-yield-dairy-meal", 405, "GET, HEAD"},
			{"PATCH", "/favicon.svg", 405, "GET, HEAD"},
			{"POST", "/robots.txt", 405, "GET, HEAD"},
			{"DELETE", "/healthz", 405, "GET, HEAD"},
			{"PUT", "/unsubscribe/1-abc", 405, "GET, HEAD, POST"},
			{"GET", "/dev/mpesa/paybill/", 405, "POST"},
			{"GET", "/no/such/page", 404, ""},
			{"POST", "/no/such/page", 404, ""},
			{"PUT", "/nothing.svg", 404, ""},
			{"DELETE", "/assets/nothing.js", 404, ""},
		} {
			resp, body := s.raw(t, c.method, c.path, "{}")
			if resp.StatusCode != c.status || resp.Header.Get("Allow") != c.allow {
				t.Errorf("%s %s: %d Allow %q, want %d %q", c.method, c.path, resp.StatusCode, resp.Header.Get("Allow"), c.status, c.allow)
				continue
			}
			var e struct {
				Error string `json:"error"`
			}
			if strings.HasPrefix(c.path, "/api/") && c.status >= 400 && (json.Unmarshal(body, &e) != nil || e.Error == "") {
				t.Errorf("%s %s: not the API's error shape: %s", c.method, c.path, body)
			}
		}
	})
}
