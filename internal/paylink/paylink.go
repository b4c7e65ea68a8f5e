// Package paylink serves /pay/{code}: an unpaid order opened from a text
// message on any phone browser, without an account, with its total, the
// Paybill steps and a button that sends the M-Pesa prompt to the order's
// phone (docs/ussd.md, "The payment link"). The code is the order's short
// link code (docs/notifications.md), so the page opens nothing /o/{code}
// does not.
package paylink

import (
	"context"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"strings"
	"time"

	"shop/internal/apperr"
	"shop/internal/httpx"
	"shop/internal/i18n"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/ratelimit"
)

// Path starts every payment link: Path + the order's short code.
const Path = "/pay/"

// Prompter sends the M-Pesa prompt for an unpaid order (payment.Service).
type Prompter interface {
	Prompt(ctx context.Context, o order.Order, phone, ip, actor string) (order.PaymentStart, error)
}

// Handlers serve the payment link.
type Handlers struct {
	Orders   *order.Store
	Payments Prompter
	Limiter  *ratelimit.Limiter
	ClientIP func(*http.Request) string
	// USSDCode is the shop's USSD code (SHOP_USSD_CODE), shown to order again; "" for none.
	USSDCode string
}

// PromptsPerIP bounds the button's prompts from one address: each rings a
// real phone. The payment's own per-phone limits hold as well.
var PromptsPerIP = ratelimit.Limit{Max: 10, Window: 15 * time.Minute}

// The page's words (docs/ussd.md).
const (
	MsgPayTitle      = "Pay order %s"
	MsgPayDue        = "To pay: %s"
	MsgPayPaid       = "This order is paid. Thank you!"
	MsgPayNothingDue = "Nothing is due on this order."
	MsgPayByPaybill  = "Pay from your M-Pesa menu:"
	MsgPayButton     = "Send the M-Pesa prompt to %s"
	MsgPayOr         = "Or get the M-Pesa prompt on your phone:"
	MsgPayOrder      = "See your order"
	MsgPayUSSD       = "Order again from any phone: dial %s"
	MsgPayNotFound   = "This payment link is not valid. Please check the link in your text message."
	MsgPayBusy       = "Too many tries from this connection. Please wait a few minutes and try again."
	MsgPayLinkTitle  = "Payment link"
)

// Page answers GET /pay/{code}.
func (h *Handlers) Page(w http.ResponseWriter, r *http.Request) error {
	return h.answer(w, r, false)
}

// Prompt answers POST /pay/{code}: the button sends the prompt to the
// order's phone, and the page says what happened.
func (h *Handlers) Prompt(w http.ResponseWriter, r *http.Request) error {
	return h.answer(w, r, true)
}

func (h *Handlers) answer(w http.ResponseWriter, r *http.Request, prompt bool) error {
	ctx := r.Context()
	ip := httpx.IPOf(h.ClientIP, r)
	checks := []ratelimit.Check{{Bucket: ratelimit.IPBucket("track:ip:", ip), Limit: order.TrackPerIP}}
	if prompt {
		checks = append(checks, ratelimit.Check{Bucket: ratelimit.IPBucket("pay:ip:", ip), Limit: PromptsPerIP})
	}
	// Wrong codes count as tracking tries do (the same bucket as /o/{code});
	// a good code gives its try back.
	try, wait, err := h.Limiter.Reserve(ctx, checks...)
	if err != nil {
		return err
	}
	lang := i18n.From(ctx)
	if wait > 0 {
		return write(w, http.StatusTooManyRequests, view{Lang: lang, Title: i18n.T(lang, MsgPayLinkTitle), Note: i18n.T(lang, MsgPayBusy)})
	}
	code := strings.ToUpper(strings.TrimSpace(r.PathValue("code")))
	number, err := h.Orders.ByShortCode(ctx, code)
	if errors.Is(err, apperr.ErrNotFound) {
		return write(w, http.StatusNotFound, view{Lang: lang, Title: i18n.T(lang, MsgPayLinkTitle), Note: i18n.T(lang, MsgPayNotFound)})
	}
	if err != nil {
		return err
	}
	if !prompt {
		if err := try.Cancel(ctx); err != nil {
			return err
		}
	}
	o, err := h.Orders.ByNumber(ctx, number)
	if err != nil {
		return err
	}
	status, note := http.StatusOK, ""
	if prompt {
		_, err := h.Payments.Prompt(ctx, o, o.Customer.Phone, ip, "customer")
		var e *apperr.Error
		switch {
		case errors.As(err, &e):
			status, note = statusOf(e.Kind), e.Message
		case err != nil:
			return err
		default:
			note = "Payment initiated! Please check your phone for M-Pesa prompt."
		}
		if o, err = h.Orders.ByNumber(ctx, number); err != nil {
			return err
		}
	}
	return write(w, status, h.viewOf(o, code, note))
}

// The steps of paying from the M-Pesa menu, with the names the menu shows.
const (
	MsgStepOpen     = "Open M-Pesa and choose Lipa na M-Pesa."
	MsgStepPayBill  = "Choose Pay Bill."
	MsgStepBuyGoods = "Choose Buy Goods and Services."
	MsgStepBusiness = "Business number: %s"
	MsgStepTill     = "Till number: %s"
	MsgStepAccount  = "Account number: %s"
	MsgStepAmount   = "Amount: %s"
	MsgStepPIN      = "Enter your M-Pesa PIN and send."
)

// Steps are the numbered steps of paying g from the M-Pesa menu in
// language l (as the unpaid order's mail words them); none without a guide.
func Steps(g *order.PayGuide, l i18n.Lang) []string {
	if g == nil {
		return nil
	}
	t := func(en string, args ...any) string { return i18n.T(l, fmt.Sprintf(en, args...)) }
	amount := t(MsgStepAmount, money.Cents(g.Amount).Ksh())
	if g.Kind == "till" {
		return []string{t(MsgStepOpen), t(MsgStepBuyGoods), t(MsgStepTill, g.Number), amount, t(MsgStepPIN)}
	}
	return []string{t(MsgStepOpen), t(MsgStepPayBill), t(MsgStepBusiness, g.Number), t(MsgStepAccount, g.Account), amount, t(MsgStepPIN)}
}

// statusOf is the HTTP status of an error a person reads on the page.
func statusOf(k apperr.Kind) int {
	switch k {
	case apperr.KindTooManyRequests:
		return http.StatusTooManyRequests
	case apperr.KindUnavailable:
		return http.StatusServiceUnavailable
	case apperr.KindInvalid:
		return http.StatusBadRequest
	}
	return http.StatusConflict
}

// view is what the page shows, in the order's language: the farmer's,
// whoever's phone opens the link.
type view struct {
	Lang                    i18n.Lang
	Title, Due, Note, Paid  string
	StepsIntro              string
	Steps                   []string
	Or, Button, Order, USSD string
	OrderLink               string
}

func (h *Handlers) viewOf(o order.Order, code, note string) view {
	l := o.Lang
	t := func(en string, args ...any) string { return i18n.T(l, fmt.Sprintf(en, args...)) }
	v := view{Lang: l, Title: t(MsgPayTitle, o.Number), OrderLink: "/o/" + code, Order: t(MsgPayOrder)}
	if note != "" {
		v.Note = i18n.T(l, note)
	}
	if h.USSDCode != "" {
		v.USSD = t(MsgPayUSSD, h.USSDCode)
	}
	switch {
	case o.BalanceDue <= 0 && o.AmountPaid > 0:
		v.Paid = t(MsgPayPaid)
	case o.Status != order.PendingPayment && o.Status != order.PaymentFailed:
		v.Paid = t(MsgPayNothingDue)
	default:
		v.Due = t(MsgPayDue, money.Cents(o.BalanceDue).Ksh())
		if steps := Steps(o.Paybill, l); len(steps) > 0 {
			v.StepsIntro, v.Steps = t(MsgPayByPaybill), steps
		}
		v.Or, v.Button = t(MsgPayOr), t(MsgPayButton, maskPhone(o.Customer.Phone))
	}
	return v
}

// maskPhone shows enough of a number for its owner to know it, not for a
// stranger holding the link to learn it: 0712 *** 678.
func maskPhone(p string) string {
	if len(p) != 12 {
		return "****"
	}
	return "0" + p[3:6] + " *** " + p[9:]
}

// The page stands alone: no script, no style from elsewhere, readable on
// any phone browser; the button posts back to the same address.
var page = template.Must(template.New("pay").Parse(`<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>{{.Title}} | Mifugo Bora Feeds</title></head>
<body><main><h1>{{.Title}}</h1>
{{if .Note}}<p role="status"><strong>{{.Note}}</strong></p>{{end}}
{{if .Paid}}<p>{{.Paid}}</p>{{end}}
{{if .Due}}<p><strong>{{.Due}}</strong></p>{{end}}
{{if .Steps}}<p>{{.StepsIntro}}</p><ol>{{range .Steps}}<li>{{.}}</li>{{end}}</ol>{{end}}
{{if .Button}}<p>{{.Or}}</p><form method="post"><button type="submit">{{.Button}}</button></form>{{end}}
{{if .OrderLink}}<p><a href="{{.OrderLink}}">{{.Order}}</a></p>{{end}}
{{if .USSD}}<p>{{.USSD}}</p>{{end}}
</main></body></html>
`))

func write(w http.ResponseWriter, status int, v view) error {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Referrer-Policy", "no-referrer")
	w.WriteHeader(status)
	return page.Execute(w, v)
}
