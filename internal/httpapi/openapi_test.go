package httpapi_test

import (
	"encoding/json"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"

	"shop/internal/apidoc"
	"shop/internal/app"
	"shop/internal/db/dbtest"
	"shop/internal/httpapi"
	"shop/internal/mail"
	"shop/internal/payment/mpesa"
	"shop/internal/testkit"
)

// openAPIOperation is what the route test reads of an operation.
type openAPIOperation struct {
	Role        string                `json:"x-role"`
	Permission  *string               `json:"x-permission"`
	Security    []map[string][]string `json:"security"`
	RequestBody *struct {
		Content map[string]any `json:"content"`
	} `json:"requestBody"`
}

// documentedOperations reads the document's operations by "METHOD /path".
func documentedOperations(t *testing.T) map[string]openAPIOperation {
	t.Helper()
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(apidoc.Document(), &doc); err != nil {
		t.Fatal(err)
	}
	ops := map[string]openAPIOperation{}
	for path, item := range doc.Paths {
		for method, raw := range item {
			if method == "parameters" || method == "summary" || method == "description" {
				continue
			}
			var op openAPIOperation
			if err := json.Unmarshal(raw, &op); err != nil {
				t.Fatalf("%s %s: %v", method, path, err)
			}
			ops[strings.ToUpper(method)+" "+path] = op
		}
	}
	return ops
}

// undocumented are the routes under /api/ and /dev/ that are no operation
// of their own, and why.
var undocumented = map[string]string{
	"/api/":        "answers 404 to every address under /api/ that no route has",
	"/dev/daraja/": "the Daraja simulator: its operations are documented under /dev/daraja/",
}

// TestOpenAPIDocumentsEveryRoute compares the routes of routes.go under
// /api/ and /dev/ (the dev routes switched on) with the document's
// operations, both ways, and each route's access with the operation's
// x-role and security: a route added without its entry, or an entry left
// behind by a route taken away, fails here.
func TestOpenAPIDocumentsEveryRoute(t *testing.T) {
	d := dbtest.SQLite(t)
	shop := testkit.NewShop(t, d, testkit.With(func(p *app.Parts) {
		p.Simulator = &mpesa.Simulator{}
		p.Mailer, p.DevOutbox = mail.DevLog{Log: testkit.Quiet()}, true
		p.USSDPhone = true
	}))
	ops := documentedOperations(t)
	roles := map[httpapi.Access]string{httpapi.Public: "public", httpapi.SignedIn: "customer", httpapi.Admin: "admin",
		httpapi.Staff: "staff", httpapi.Rider: "rider", httpapi.Agent: "agent"}
	bodies := map[httpapi.BodyKind]string{httpapi.JSONBody: "application/json", httpapi.MultipartBody: "multipart/form-data",
		httpapi.CSVBody: "text/csv"}
	routed := map[string]bool{}
	var subtrees []string
	for _, rt := range shop.Routes() {
		method, path, ok := strings.Cut(rt.Pattern, " ")
		if !ok {
			path = rt.Pattern
		}
		if !strings.HasPrefix(path, "/api/") && !strings.HasPrefix(path, "/dev/") {
			continue
		}
		if !ok {
			if _, known := undocumented[path]; !known {
				t.Errorf("%s answers every method: give it one, or say in undocumented why it has none", path)
			}
			subtrees = append(subtrees, path)
			continue
		}
		key := method + " " + strings.TrimSuffix(path, "{$}")
		routed[key] = true
		op, found := ops[key]
		if !found {
			t.Errorf("%s is a route (routes.go) the OpenAPI document lacks (internal/apidoc/src)", key)
			continue
		}
		if op.Role != roles[rt.Access] {
			t.Errorf("%s: x-role %q, but the route's access is %q", key, op.Role, roles[rt.Access])
		}
		switch {
		case rt.Access == httpapi.Staff && (op.Permission == nil || *op.Permission != rt.Perm):
			t.Errorf("%s: x-permission %v, but the route needs %q", key, op.Permission, rt.Perm)
		case rt.Access != httpapi.Staff && op.Permission != nil:
			t.Errorf("%s: x-permission %q on a route that is not staff's", key, *op.Permission)
		}
		checkSecurity(t, key, op)
		if op.RequestBody != nil && rt.Body != httpapi.AnyBody {
			if _, ok := op.RequestBody.Content[bodies[rt.Body]]; !ok || len(op.RequestBody.Content) != 1 {
				t.Errorf("%s: the route takes %s, the document says %v", key, bodies[rt.Body], op.RequestBody.Content)
			}
		}
	}
	for key := range ops {
		_, path, _ := strings.Cut(key, " ")
		under := slices.ContainsFunc(subtrees, func(s string) bool { return s != "/api/" && strings.HasPrefix(path, s) })
		if !routed[key] && !under {
			t.Errorf("the OpenAPI document has %s, which is no route of routes.go", key)
		}
	}
	if len(routed) < 90 {
		t.Fatalf("only %d routes seen", len(routed))
	}
}

// checkSecurity checks that an operation's security says what its x-role
// does: the signed in and staff by the bearer token alone; anyone else
// with some way in that needs no account.
func checkSecurity(t *testing.T, key string, op openAPIOperation) {
	t.Helper()
	bearerOnly := len(op.Security) == 1 && len(op.Security[0]) == 1 && op.Security[0]["bearerAuth"] != nil
	switch op.Role {
	case "customer", "admin", "staff", "rider", "agent":
		if !bearerOnly {
			t.Errorf("%s (%s): security must be the bearer token alone, not %v", key, op.Role, op.Security)
		}
	case "public":
		if op.Security == nil || bearerOnly {
			t.Errorf("%s (public): security must name a way in without an account ([] for none), not %v", key, op.Security)
		}
	default:
		t.Errorf("%s: x-role %q is none of public, customer, admin, staff, rider, agent", key, op.Role)
	}
}

// The document is served as it is built, revalidated by its ETag; its page
// loads Redoc with a policy of its own that lets Redoc's styles and search
// worker run there, while every other page keeps the shop's policy.
func TestOpenAPIDocumentAndItsPage(t *testing.T) {
	shop := testkit.NewShop(t, dbtest.SQLite(t), testkit.Demo)
	rec := shop.Get("/api/openapi.json")
	testkit.WantStatus(t, rec, http.StatusOK)
	var served, built any
	if json.Unmarshal(rec.Body.Bytes(), &served) != nil || json.Unmarshal(apidoc.Document(), &built) != nil ||
		!reflect.DeepEqual(served, built) || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
		t.Fatalf("the document answered as %q, not as built", rec.Header().Get("Content-Type"))
	}
	testkit.WantStatus(t, shop.Get("/api/openapi.json", "If-None-Match", rec.Header().Get("ETag")), http.StatusNotModified)

	page := shop.Get("/api/docs")
	testkit.WantStatus(t, page, http.StatusOK)
	for _, want := range []string{`spec-url="/api/openapi.json"`, `<script src="/apidocs/redoc.standalone.js"></script>`} {
		if !strings.Contains(page.Body.String(), want) {
			t.Errorf("the docs page lacks %s", want)
		}
	}
	policy := page.Header().Get("Content-Security-Policy")
	for _, want := range []string{"script-src 'self';", "style-src 'self' 'unsafe-inline';", "worker-src 'self' blob:;", "frame-ancestors 'none'"} {
		if !strings.Contains(policy, want) {
			t.Errorf("the docs page's policy %q lacks %q", policy, want)
		}
	}
	for _, path := range []string{"/", "/shop", "/api/openapi.json", "/api/products/"} {
		if p := shop.Get(path).Header().Get("Content-Security-Policy"); strings.Contains(p, "unsafe-inline") || strings.Contains(p, "blob:") {
			t.Errorf("%s has the docs page's policy: %q", path, p)
		}
	}
}
