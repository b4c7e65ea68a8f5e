// Package i18n decides which of the shop's two languages a request is
// answered in (docs/i18n.md): English, the default, or Kiswahili.
package i18n

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Lang is a language the shop speaks, as its code in the lang cookie,
// ?lang= and <html lang>.
type Lang string

const (
	English   Lang = "en"
	Kiswahili Lang = "sw"
)

// CookieName is the cookie that keeps the customer's choice; the web app's
// switch writes it too, so it is not HttpOnly.
const CookieName = "lang"

// QueryParam is the query parameter that chooses the language of any
// address (?lang=sw in a link sent by SMS).
const QueryParam = "lang"

// Parse reads a language code, "" when it is neither of ours.
func Parse(s string) Lang {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "en":
		return English
	case "sw":
		return Kiswahili
	}
	return ""
}

// Negotiate picks the language of r: ?lang=, then the lang cookie, then the
// first of our languages Accept-Language prefers, then English.
func Negotiate(r *http.Request) Lang {
	if l := Parse(r.URL.Query().Get(QueryParam)); l != "" {
		return l
	}
	if c, err := r.Cookie(CookieName); err == nil {
		if l := Parse(c.Value); l != "" {
			return l
		}
	}
	return FromAcceptLanguage(r.Header.Get("Accept-Language"))
}

// FromAcceptLanguage picks English or Kiswahili from an Accept-Language
// header by quality, the earlier one winning a tie; English when it names
// neither. "sw-KE" counts as Kiswahili, "en-GB" as English.
func FromAcceptLanguage(h string) Lang {
	best, bestQ := English, -1.0
	for _, part := range strings.Split(h, ",") {
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		primary, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(tag)), "-")
		l := Parse(primary)
		if l == "" {
			continue
		}
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil || f < 0 || f > 1 {
				continue
			}
			q = f
		}
		if q > bestQ && q > 0 {
			best, bestQ = l, q
		}
	}
	return best
}

type ctxKey struct{}

// WithLang returns ctx carrying l, for code far from the request (mail,
// error answers).
func WithLang(ctx context.Context, l Lang) context.Context {
	return context.WithValue(ctx, ctxKey{}, l)
}

// From returns the language ctx carries, English when none.
func From(ctx context.Context) Lang {
	if l, ok := ctx.Value(ctxKey{}).(Lang); ok {
		return l
	}
	return English
}

// Middleware negotiates each request's language into its context. A
// ?lang= on any address also stores the choice in the cookie, so a link in
// an SMS or WhatsApp message switches the shop for the visits that follow;
// only when it changes the choice, since in Kiswahili every read the web app
// makes carries ?lang=sw (docs/i18n.md) and cacheable answers should not set
// cookies. secure marks the cookie for HTTPS only: the shop's public address
// decides, as the app may sit behind a proxy that ends TLS.
func Middleware(secure bool, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		l := Negotiate(r)
		if q := Parse(r.URL.Query().Get(QueryParam)); q != "" {
			if c, err := r.Cookie(CookieName); err != nil || Parse(c.Value) != q {
				http.SetCookie(w, Cookie(q, secure))
			}
		}
		next.ServeHTTP(w, r.WithContext(WithLang(r.Context(), l)))
	})
}

// Cookie is the lang cookie holding l for a year.
func Cookie(l Lang, secure bool) *http.Cookie {
	return &http.Cookie{
		Name:     CookieName,
		Value:    string(l),
		Path:     "/",
		MaxAge:   int((365 * 24 * time.Hour).Seconds()),
		SameSite: http.SameSiteLaxMode,
		Secure:   secure,
	}
}
