package content_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"shop/internal/content"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/httpx"
	"shop/internal/ratelimit"
)

func post(t *testing.T, h httpx.Handler, body string) (int, map[string]any) {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var out map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		t.Fatalf("answer %q is not JSON: %v", rec.Body, err)
	}
	if cc := rec.Header().Get("Cache-Control"); rec.Code < 300 && cc != "no-store" {
		t.Errorf("Cache-Control %q", cc)
	}
	return rec.Code, out
}

func TestHandlers(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := &content.Handlers{Store: content.NewStore(d)}

		code, first := post(t, h.Subscribe, `{"email":"mkulima@example.com"}`)
		if code != http.StatusCreated || first["message"] != content.MsgSubscribed {
			t.Fatalf("subscribe: %d %v", code, first)
		}
		code, again := post(t, h.Subscribe, `{"email":"MKULIMA@example.com"}`)
		if code != http.StatusOK || again["message"] != first["message"] {
			t.Fatalf("repeat: %d %v, want 200 with the same words", code, again)
		}
		code, bad := post(t, h.Subscribe, `{"email":"mkulima"}`)
		if code != http.StatusBadRequest || bad["error"] != "Please enter a valid email" ||
			bad["fields"].(map[string]any)["email"] != "Please enter a valid email" {
			t.Fatalf("bad address: %d %v", code, bad)
		}

		code, sent := post(t, h.Contact, `{"name":"Otieno","email":"otieno@example.com","subject":"order","message":"Where is my order?"}`)
		if code != http.StatusCreated || sent["message"] != content.MsgContactThankYou {
			t.Fatalf("contact: %d %v", code, sent)
		}
		code, invalid := post(t, h.Contact, `{"name":"","email":"otieno@example.com","subject":"order","message":"Hi"}`)
		if code != http.StatusBadRequest || invalid["error"] != content.MsgInvalidForm ||
			invalid["fields"].(map[string]any)["name"] != "Name is required" {
			t.Fatalf("invalid contact: %d %v", code, invalid)
		}
		if code, _ := post(t, h.Contact, `{"name":`); code != http.StatusBadRequest {
			t.Fatalf("broken JSON: %d", code)
		}
		if code, _ := post(t, h.Contact, `{"name":42}`); code != http.StatusBadRequest {
			t.Fatalf("wrong type: %d", code)
		}
	})
}

func TestHandlersLimitEachAddress(t *testing.T) {
	d := dbtest.SQLite(t)
	h := &content.Handlers{Store: content.NewStore(d), Limiter: ratelimit.New(d, nil),
		ContactLimit: ratelimit.Limit{Max: 2, Window: time.Hour}, SubscribeLimit: ratelimit.Limit{Max: 1, Window: time.Hour}}
	body := `{"name":"Otieno","email":"otieno@example.com","subject":"order","message":"Hello"}`
	for i := range 2 {
		if code, _ := post(t, h.Contact, body); code != http.StatusCreated {
			t.Fatalf("message %d: %d", i+1, code)
		}
	}
	code, out := post(t, h.Contact, body)
	if code != http.StatusTooManyRequests || out["error"] == "" {
		t.Fatalf("third message: %d %v", code, out)
	}
	if code, _ := post(t, h.Subscribe, `{"email":"a@example.com"}`); code != http.StatusCreated {
		t.Fatalf("sign-up: %d", code)
	}
	if code, _ := post(t, h.Subscribe, `{"email":"b@example.com"}`); code != http.StatusTooManyRequests {
		t.Fatalf("second sign-up: %d", code)
	}
}
