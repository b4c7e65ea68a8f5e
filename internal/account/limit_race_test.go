package account_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"shop/internal/account"
	"shop/internal/testkit"
)

// parallel sends n requests at once, each built by body(i) and coming from
// remote(i), and returns their answers. It touches no *testing.T off the
// test's goroutine.
func (h *harness) parallel(n int, method, path string, body func(i int) any, remote func(i int) string, extra ...string) []*httptest.ResponseRecorder {
	h.t.Helper()
	out := make([]*httptest.ResponseRecorder, n)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range n {
		req := h.Request(method, path, body(i), append([]string{"remote", remote(i)}, extra...)...)
		wg.Add(1)
		go func() {
			defer wg.Done()
			rec := httptest.NewRecorder()
			<-start
			h.ServeHTTP(rec, req)
			out[i] = rec
		}()
	}
	close(start)
	wg.Wait()
	return out
}

// countPasswordChecks counts the argon2id checks made until the returned
// restore is called.
func countPasswordChecks(t *testing.T) *atomic.Int32 {
	var n atomic.Int32
	restore := account.SetCheckPassword(func(hash, password string) (bool, error) {
		n.Add(1)
		return account.CheckPassword(hash, password)
	})
	t.Cleanup(restore)
	return &n
}

// tally counts answers by status and checks every 429 says when to come back.
func tally(t *testing.T, recs []*httptest.ResponseRecorder) map[int]int {
	t.Helper()
	got := map[int]int{}
	for _, rec := range recs {
		got[rec.Code]++
		if rec.Code == http.StatusTooManyRequests && rec.Header().Get("Retry-After") == "" {
			t.Errorf("429 without Retry-After: %s", rec.Body)
		}
	}
	return got
}

func fromIP(ip string) func(int) string { return func(int) string { return ip + ":4000" } }

// Sixteen wrong passwords at once: each limit is reserved before the
// password is looked at, so five are checked and eleven get 429, whether
// the guesses aim at one account from many addresses, at many accounts
// from one address, or at a signed-in user's current password.
func TestParallelGuessesCheckAtMostFivePasswords(t *testing.T) {
	byAddress := account.DefaultLimits
	byAddress.LoginPerIP = account.Limit{Max: 5, Window: 15 * time.Minute}
	for _, tc := range []struct {
		name   string
		limits *account.Limits
		path   string
		body   func(i int) any
		remote func(i int) string
		signIn bool // send the user's access token
		wrong  int  // the answer to a wrong password
	}{
		{"one account", nil, "/api/auth/login/",
			func(int) any { return map[string]string{"username": "chebet@farm.co.ke", "password": "Wrong-2026"} },
			func(i int) string { return fmt.Sprintf("198.51.100.%d:4000", i+1) }, false, http.StatusUnauthorized},
		{"one address", &byAddress, "/api/auth/login/",
			func(i int) any {
				return map[string]string{"username": fmt.Sprintf("guess%d@farm.co.ke", i), "password": "Wrong-2026"}
			},
			fromIP("192.0.2.77"), false, http.StatusUnauthorized},
		{"current password", nil, "/api/auth/password/change/",
			func(int) any {
				return map[string]string{"current_password": "Wrong-2026", "new_password": "Mbuzi-2027"}
			},
			fromIP("192.0.2.8"), true, http.StatusBadRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			eachLimited(t, tc.limits, func(t *testing.T, h *harness) {
				h.register("chebet@farm.co.ke", "Maziwa2026")
				var header []string
				if tc.signIn {
					header = testkit.Bearer(h.login("chebet@farm.co.ke", "Maziwa2026", false).Access)
				}
				checks := countPasswordChecks(t)
				got := tally(t, h.parallel(16, "POST", tc.path, tc.body, tc.remote, header...))
				if checks.Load() != 5 || got[tc.wrong] != 5 || got[http.StatusTooManyRequests] != 11 {
					t.Fatalf("%d passwords checked; answers %v", checks.Load(), got)
				}
			})
		})
	}
}

func TestParallelResetRequests(t *testing.T) {
	eachHarness(t, func(t *testing.T, h *harness) {
		h.register("wafula@farm.co.ke", "Ngombe-2026")
		recs := h.parallel(16, "POST", "/api/auth/password/forgot/",
			func(int) any { return map[string]string{"email": "wafula@farm.co.ke"} }, fromIP("192.0.2.9"))
		got := tally(t, recs)
		h.svc.Wait()
		if lim := account.DefaultLimits; got[http.StatusOK] != lim.ForgotPerIP.Max || got[http.StatusTooManyRequests] != 16-lim.ForgotPerIP.Max ||
			len(h.mails()) != lim.ForgotPerAccount.Max {
			t.Fatalf("answers %v, %d mails", got, len(h.mails()))
		}
	})
}

// Registration is limited per address: a script cannot make accounts by the
// dozen, even all at once.
func TestParallelRegistrationsHitTheAddressLimit(t *testing.T) {
	eachHarness(t, func(t *testing.T, h *harness) {
		recs := h.parallel(16, "POST", "/api/auth/register/", func(i int) any {
			return map[string]string{"first_name": "Musa", "last_name": "Ali", "email": fmt.Sprintf("musa%d@farm.co.ke", i),
				"phone": "254712345678", "password": "Ngamia-2026"}
		}, fromIP("192.0.2.10"))
		max := account.DefaultLimits.RegisterPerIP.Max
		got := tally(t, recs)
		if got[http.StatusCreated] != max || got[http.StatusTooManyRequests] != 16-max {
			t.Fatalf("answers %v", got)
		}
		var users int
		if err := h.d.QueryRow(t.Context(), `SELECT COUNT(*) FROM users`).Scan(&users); err != nil || users != max {
			t.Fatalf("%d users stored (%v)", users, err)
		}
		rec := h.do("POST", "/api/auth/register/", map[string]string{"first_name": "Musa", "last_name": "Ali",
			"email": "musa99@farm.co.ke", "phone": "254712345678", "password": "Ngamia-2026"}, "remote", "192.0.2.11:4000")
		if rec.Code != http.StatusCreated {
			t.Fatalf("another address is limited too: %d %s", rec.Code, rec.Body)
		}
	})
}
