package account_test

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"shop/internal/account"
	"shop/internal/db"
	"shop/internal/db/dbtest"
)

// refreshAtOnce sends the refresh token to every instance at the same moment,
// as a phone that retries or two tabs do, and returns their answers.
func refreshAtOnce(token string, instances ...*harness) []reply {
	recs := make([]*httptest.ResponseRecorder, len(instances))
	reqs := make([]*http.Request, len(instances))
	for i, h := range instances {
		reqs[i] = h.Request("POST", "/api/auth/token/refresh/", map[string]string{"refresh": token})
	}
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i, h := range instances {
		wg.Go(func() {
			rec := httptest.NewRecorder()
			<-start
			h.ServeHTTP(rec, reqs[i])
			recs[i] = rec
		})
	}
	close(start)
	wg.Wait()
	out := make([]reply, len(recs))
	for i, rec := range recs {
		out[i] = reply{rec, instances[0].t}
	}
	return out
}

// Two refreshes of one token at once, on two instances of the shop on one
// database: whichever answer the client keeps, it stays signed in. Several
// rounds, so the two transactions meet in more than one order.
func TestParallelRefreshesKeepTheUserSignedIn(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		a, b := newHarness(t, d, nil), newHarness(t, d, nil)
		a.register("nekesa@farm.co.ke", "Mahindi-2026")
		keep := a.login("nekesa@farm.co.ke", "Mahindi-2026", true).Refresh
		for round := range 6 {
			answers := refreshAtOnce(keep, a, b)
			for i, rec := range answers {
				if rec.Code != http.StatusOK {
					t.Fatalf("round %d, instance %d: %d %s", round, i, rec.Code, rec.Body)
				}
				if me := b.me(rec.tokens().Access); me.Code != http.StatusOK {
					t.Fatalf("round %d: the access token of answer %d is refused: %d", round, i, me.Code)
				}
			}
			// The client keeps the answer that came last, which may be either.
			keep = answers[round%2].tokens().Refresh
		}
		if rec := a.refresh(keep); rec.Code != http.StatusOK {
			t.Fatalf("the refresh token the client kept: %d %s", rec.Code, rec.Body)
		}
	})
}

// A refresh token sent again within account.RefreshGrace gets a pair that
// works; sent again after it, or after its successor was itself exchanged,
// it ends the whole session as a stolen token does.
func TestRefreshReplayAfterTheGraceEndsTheSession(t *testing.T) {
	eachHarness(t, func(t *testing.T, h *harness) {
		h.register("wekesa@farm.co.ke", "Mtama-2026x")
		tk := h.login("wekesa@farm.co.ke", "Mtama-2026x", true)
		first := h.refresh(tk.Refresh)
		if first.Code != http.StatusOK {
			t.Fatalf("refresh: %d %s", first.Code, first.Body)
		}
		h.clock.Add(account.RefreshGrace / 2)
		retry := h.refresh(tk.Refresh)
		if retry.Code != http.StatusOK {
			t.Fatalf("the same token again within the grace: %d %s", retry.Code, retry.Body)
		}
		pairs := []tokens{first.tokens(), retry.tokens()}
		for _, p := range pairs {
			if rec := h.me(p.Access); rec.Code != http.StatusOK {
				t.Fatalf("access token after a retried refresh: %d", rec.Code)
			}
		}

		h.clock.Add(account.RefreshGrace / 2)
		rec := h.refresh(tk.Refresh)
		if msg, _ := rec.errorBody(); rec.Code != http.StatusUnauthorized || msg != account.MsgSessionEnded {
			t.Fatalf("the token again after the grace: %d %s", rec.Code, rec.Body)
		}
		for _, p := range pairs {
			if rec := h.me(p.Access); rec.Code != http.StatusUnauthorized {
				t.Fatalf("the session lives on after a late replay: me %d", rec.Code)
			}
			if rec := h.refresh(p.Refresh); rec.Code != http.StatusUnauthorized {
				t.Fatalf("the session lives on after a late replay: refresh %d", rec.Code)
			}
		}

		// Within the grace, but the client has moved on: its new token was
		// exchanged already, so the old one is someone else's copy.
		tk = h.login("wekesa@farm.co.ke", "Mtama-2026x", true)
		next := h.refresh(tk.Refresh).tokens()
		if rec := h.refresh(next.Refresh); rec.Code != http.StatusOK {
			t.Fatalf("refresh the new token: %d %s", rec.Code, rec.Body)
		}
		if rec := h.refresh(tk.Refresh); rec.Code != http.StatusUnauthorized {
			t.Fatalf("the old token once its successor was used: %d %s", rec.Code, rec.Body)
		}
		if rec := h.me(next.Access); rec.Code != http.StatusUnauthorized {
			t.Fatalf("the session lives on: %d", rec.Code)
		}
	})
}
