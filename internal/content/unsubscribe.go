package content

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"html/template"
	"net/http"
	"strconv"
	"strings"

	"shop/internal/db"
	"shop/internal/i18n"
)

// UnsubscribePath is where a newsletter's one-click unsubscribe link points:
// UnsubscribePath + token. GET shows a button (mail scanners follow links,
// and must not unsubscribe anybody); POST unsubscribes, and is what a mail
// program sends for List-Unsubscribe-Post: List-Unsubscribe=One-Click (RFC 8058).
const UnsubscribePath = "/unsubscribe/"

// Unsubscribe makes and checks the subscribers' unsubscribe links. A token
// is the subscriber's id and an HMAC of it with their address, under a key
// every instance derives alike: nothing is stored, and a token opens nothing
// but its own unsubscribe.
type Unsubscribe struct {
	Store *Store
	// Key returns the signing key (account.Service.DerivedKey).
	Key       func(ctx context.Context) ([]byte, error)
	PublicURL string
}

// URL is sub's unsubscribe link, for the newsletter and its List-Unsubscribe header.
func (u *Unsubscribe) URL(ctx context.Context, sub Subscriber) (string, error) {
	key, err := u.Key(ctx)
	if err != nil {
		return "", err
	}
	return strings.TrimRight(u.PublicURL, "/") + UnsubscribePath + token(key, sub.ID, sub.Email), nil
}

func token(key []byte, id int64, email string) string {
	m := hmac.New(sha256.New, key)
	fmt.Fprintf(m, "unsubscribe:%d:%s", id, strings.ToLower(email))
	return strconv.FormatInt(id, 10) + "-" + hex.EncodeToString(m.Sum(nil)[:16])
}

// check returns the subscriber a token names; ok is false for a token this
// shop did not make. A token whose subscriber already left is good (gone).
func (u *Unsubscribe) check(ctx context.Context, tok string) (id int64, gone, ok bool, err error) {
	idText, _, found := strings.Cut(tok, "-")
	id, perr := strconv.ParseInt(idText, 10, 64)
	if !found || perr != nil || id <= 0 || len(tok) > 64 {
		return 0, false, false, nil
	}
	var email string
	err = u.Store.db.QueryRow(ctx, `SELECT email FROM newsletter_subscribers WHERE id = $1`, id).Scan(&email)
	if db.NoRows(err) {
		return id, true, true, nil
	}
	if err != nil {
		return 0, false, false, fmt.Errorf("unsubscribe: %w", err)
	}
	key, err := u.Key(ctx)
	if err != nil {
		return 0, false, false, err
	}
	return id, false, hmac.Equal([]byte(token(key, id, email)), []byte(tok)), nil
}

// Page answers GET /unsubscribe/{token} with a button that unsubscribes.
func (u *Unsubscribe) Page(w http.ResponseWriter, r *http.Request) error {
	return u.answer(w, r, false)
}

// Confirm answers POST /unsubscribe/{token}: the address leaves the newsletter.
func (u *Unsubscribe) Confirm(w http.ResponseWriter, r *http.Request) error {
	return u.answer(w, r, true)
}

func (u *Unsubscribe) answer(w http.ResponseWriter, r *http.Request, confirmed bool) error {
	id, gone, ok, err := u.check(r.Context(), r.PathValue("token"))
	switch {
	case err != nil:
		return err
	case !ok:
		return writePage(w, r, http.StatusNotFound, pageText{Title: MsgUnsubscribeBadTitle, Text: MsgUnsubscribeBad})
	case !gone && !confirmed:
		return writePage(w, r, http.StatusOK, pageText{Title: MsgUnsubscribeTitle, Text: MsgUnsubscribeAsk, Button: MsgUnsubscribeButton})
	case !gone:
		if _, err := u.Store.db.Exec(r.Context(), `DELETE FROM newsletter_subscribers WHERE id = $1`, id); err != nil {
			return fmt.Errorf("unsubscribe: %w", err)
		}
	}
	return writePage(w, r, http.StatusOK, pageText{Title: MsgUnsubscribedTitle, Text: MsgUnsubscribed})
}

// The unsubscribe page's words (docs/product.md, "Your data").
const (
	MsgUnsubscribeTitle    = "Leave the newsletter"
	MsgUnsubscribeAsk      = "Press the button to stop receiving the Mifugo Bora Feeds newsletter at this address."
	MsgUnsubscribeButton   = "Unsubscribe"
	MsgUnsubscribedTitle   = "You are unsubscribed"
	MsgUnsubscribed        = "This address will not receive the Mifugo Bora Feeds newsletter any more. You can sign up again at any time at the foot of our shop's pages."
	MsgUnsubscribeBadTitle = "Link not valid"
	MsgUnsubscribeBad      = "This unsubscribe link is not valid. Please use the link from the newsletter itself, or write to us from the Contact page."
	MsgBackToShop          = "Back to the shop"
)

// pageText is the page's words, and its language.
type pageText struct {
	Lang                      i18n.Lang
	Title, Text, Button, Back string
}

// The page stands alone: no script, no style from elsewhere, readable on
// any phone; the form posts back to the same address.
var page = template.Must(template.New("unsubscribe").Parse(`<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>{{.Title}} | Mifugo Bora Feeds</title></head>
<body><main><h1>{{.Title}}</h1><p>{{.Text}}</p>
{{if .Button}}<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">{{.Button}}</button></form>{{end}}
<p><a href="/">{{.Back}}</a></p></main></body></html>
`))

// writePage answers the page p in the request's language.
func writePage(w http.ResponseWriter, r *http.Request, status int, p pageText) error {
	p.Lang = i18n.From(r.Context())
	p.Title, p.Text, p.Button = i18n.T(p.Lang, p.Title), i18n.T(p.Lang, p.Text), i18n.T(p.Lang, p.Button)
	p.Back = i18n.T(p.Lang, MsgBackToShop)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Referrer-Policy", "no-referrer")
	w.WriteHeader(status)
	return page.Execute(w, p)
}
