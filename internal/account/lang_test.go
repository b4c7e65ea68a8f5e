package account_test

import (
	"net/http"
	"testing"

	"shop/internal/account"
	"shop/internal/db"
	"shop/internal/db/dbtest"
)

// A Kiswahili request gets its validation messages in Kiswahili, by
// Accept-Language or by the lang cookie; an English one gets the English
// words exactly.
func TestRegistrationErrorsInTheRequestsLanguage(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, nil)
		bad := map[string]string{"first_name": "Wanjiku", "last_name": "", "email": "wanjiku@farm.co.ke", "phone": "0712", "password": "Mahindi2026"}
		for _, c := range []struct {
			name   string
			header []string
			msg    string
			fields map[string]string
		}{
			{"Accept-Language", []string{"Accept-Language", "sw-KE,sw;q=0.9,en;q=0.5"}, "Tafadhali sahihisha sehemu zilizowekwa alama.",
				map[string]string{"phone": "Tafadhali andika namba sahihi ya simu ya Kenya (254XXXXXXXXX)", "last_name": "Jina la ukoo linahitajika"}},
			{"cookie", []string{"Cookie", "lang=sw", "Accept-Language", "en"}, "Tafadhali sahihisha sehemu zilizowekwa alama.",
				map[string]string{"phone": "Tafadhali andika namba sahihi ya simu ya Kenya (254XXXXXXXXX)", "last_name": "Jina la ukoo linahitajika"}},
			{"English", []string{"Accept-Language", "en-GB"}, account.MsgFixFields,
				map[string]string{"phone": account.MsgPhoneInvalid, "last_name": account.MsgLastNameRequired}},
			{"no language", nil, account.MsgFixFields,
				map[string]string{"phone": account.MsgPhoneInvalid, "last_name": account.MsgLastNameRequired}},
		} {
			rec := h.do("POST", "/api/auth/register/", bad, c.header...)
			msg, fields := rec.errorBody()
			if rec.Code != http.StatusBadRequest || msg != c.msg || len(fields) != len(c.fields) {
				t.Fatalf("%s: %d %s", c.name, rec.Code, rec.Body)
			}
			for k, want := range c.fields {
				if fields[k] != want {
					t.Errorf("%s: %s = %q, want %q", c.name, k, fields[k], want)
				}
			}
		}
	})
}
