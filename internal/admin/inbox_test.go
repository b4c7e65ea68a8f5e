package admin_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/testkit"
)

func TestMessagesAndSubscribers(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		testkit.WantStatus(t, e.do("POST", "/api/contact/", "", map[string]string{
			"name": "Kamau", "email": "kamau@farm.co.ke", "subject": "wholesale", "message": "Price for 50 bags of dairy meal?",
		}), http.StatusCreated)
		msgs := testkit.Decode[[]struct {
			ID        int64   `json:"id"`
			Subject   string  `json:"subject"`
			HandledAt *string `json:"handled_at"`
		}](t, e.as("GET", "/api/admin/messages/", nil))
		if len(msgs) != 1 || msgs[0].Subject != "wholesale" || msgs[0].HandledAt != nil {
			t.Fatalf("messages %+v", msgs)
		}
		rec := e.as("PATCH", fmt.Sprintf("/api/admin/messages/%d/", msgs[0].ID), map[string]any{"handled": true})
		testkit.WantStatus(t, rec, http.StatusOK)
		if m := testkit.Decode[map[string]any](t, rec); m["handled_at"] == nil {
			t.Fatalf("handled %v", m)
		}
		testkit.WantStatus(t, e.as("PATCH", "/api/admin/messages/999/", map[string]any{"handled": true}), http.StatusNotFound)

		for _, email := range []string{"a@farm.co.ke", "=cmd@farm.co.ke"} {
			testkit.WantStatus(t, e.do("POST", "/api/newsletter/", "", map[string]string{"email": email}), http.StatusCreated)
		}
		subs := testkit.Decode[struct {
			Count int `json:"count"`
		}](t, e.as("GET", "/api/admin/subscribers/", nil))
		if subs.Count != 2 {
			t.Fatalf("subscribers %+v", subs)
		}
		rec = e.as("GET", "/api/admin/subscribers/?format=csv", nil)
		testkit.WantStatus(t, rec, http.StatusOK)
		body := rec.Body.String()
		if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/csv") ||
			!strings.Contains(rec.Header().Get("Content-Disposition"), "attachment") ||
			!strings.HasPrefix(body, "email,subscribed_at\na@farm.co.ke,") || !strings.Contains(body, "\n'=cmd@farm.co.ke,") {
			t.Fatalf("csv %s %q", ct, body)
		}
	})
}
