package account_test

import (
	"net/http"
	"strings"
	"testing"

	"shop/internal/account"
	"shop/internal/apperr"
)

// A Kiswahili request gets its validation messages in Kiswahili, by
// Accept-Language or by the lang cookie; an English one gets the English
// words exactly.
func TestRegistrationErrorsInTheRequestsLanguage(t *testing.T) {
	eachHarness(t, func(t *testing.T, h *harness) {
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
			{"English", []string{"Accept-Language", "en-GB"}, apperr.MsgFixFields,
				map[string]string{"phone": account.MsgPhoneInvalid, "last_name": account.MsgLastNameRequired}},
			{"no language", nil, apperr.MsgFixFields,
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

// The reset mail and the answer follow the language of the request that
// asked for the link; the link is the same.
func TestResetMailInTheRequestsLanguage(t *testing.T) {
	h := sqliteHarness(t)
	h.register("chebet@farm.co.ke", "Chai2026x")
	rec := h.do("POST", "/api/auth/password/forgot/", map[string]string{"email": "chebet@farm.co.ke"}, "Accept-Language", "sw")
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), "tumeitumia kiungo cha kubadilisha nenosiri") {
		t.Fatalf("answer %d %s", rec.Code, rec.Body)
	}
	h.resetToken("chebet@farm.co.ke") // the link is in the text and the page
	m := h.mails()[0]
	if m.Subject != "Badilisha nenosiri lako la Mifugo Bora Feeds" || !strings.HasPrefix(m.Text, "Habari Wanjiku,") ||
		!strings.Contains(m.HTML, "Chagua nenosiri jipya") || strings.Contains(m.Text, "your password") {
		t.Errorf("Kiswahili reset mail:\n%s\n%s\n%s", m.Subject, m.Text, m.HTML)
	}
	h.do("POST", "/api/auth/password/forgot/", map[string]string{"email": "chebet@farm.co.ke"})
	h.resetToken("chebet@farm.co.ke")
	if m := h.mails()[1]; m.Subject != "Reset your Mifugo Bora Feeds password" || !strings.HasPrefix(m.Text, "Hello Wanjiku,") {
		t.Errorf("English reset mail:\n%s\n%s", m.Subject, m.Text)
	}
}
