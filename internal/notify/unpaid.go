package notify

import (
	"context"
	"fmt"
	"html/template"
	"strings"

	"shop/internal/mail"
	"shop/internal/money"
	"shop/internal/order"
)

// Unpaid mails the customer of an order whose M-Pesa prompt failed: what
// went wrong, and the two roads to pay it, the prompt again or Paybill (or
// Buy Goods) from their own M-Pesa menu. o carries the failure and the guide.
func (n Orders) Unpaid(ctx context.Context, o order.Order) error {
	if o.Customer.Email == "" {
		return nil
	}
	link := n.PublicURL + "/order-confirmation?orderId=" + o.Number
	why := "did not go through"
	if o.Payment != nil && o.Payment.Message != "" {
		why = "did not go through: " + o.Payment.Message
	}
	steps := PaySteps(o.Paybill)
	var text strings.Builder
	fmt.Fprintf(&text, "Hello %s,\n\nThe M-Pesa payment for your order %s %s.\nYour order is saved. You can pay it in two ways:\n\n", o.Customer.FirstName, o.Number, why)
	fmt.Fprintf(&text, "1. Try the M-Pesa prompt again from your order page: %s\n", link)
	if len(steps) > 0 {
		text.WriteString("\n2. Or pay from your own M-Pesa menu:\n")
		for i, s := range steps {
			fmt.Fprintf(&text, "   %d. %s\n", i+1, s)
		}
		text.WriteString("\nYour order is confirmed as soon as the money arrives.\n")
	}
	text.WriteString("\nMifugo Bora Feeds, Ruiru\n")
	html, err := render(unpaidPage, struct {
		Order order.Order
		Why   string
		Steps []string
		Link  string
	}{o, why, steps, link})
	if err != nil {
		return err
	}
	return n.Mailer.Send(ctx, mail.Message{To: o.Customer.Email, Subject: "Your order " + o.Number + " is waiting for payment", Text: text.String(), HTML: html})
}

// PaySteps are the numbered steps of paying g from the M-Pesa menu, in the
// words the menu uses; none when there is no guide.
func PaySteps(g *order.PayGuide) []string {
	if g == nil {
		return nil
	}
	if g.Kind == "till" {
		return []string{"Open M-Pesa and choose Lipa na M-Pesa.", "Choose Buy Goods and Services.", "Till number: " + g.Number,
			"Amount: " + money.Cents(g.Amount).Ksh(), "Enter your M-Pesa PIN and send."}
	}
	return []string{"Open M-Pesa and choose Lipa na M-Pesa.", "Choose Pay Bill.", "Business number: " + g.Number,
		"Account number: " + g.Account, "Amount: " + money.Cents(g.Amount).Ksh(), "Enter your M-Pesa PIN and send."}
}

var unpaidPage = template.Must(template.New("unpaid").Parse(`<!doctype html>
<html><body style="font-family: Arial, sans-serif; color: #1f2d1f">
<h1 style="color: #2f6f3e">Your order is waiting for payment</h1>
<p>Hello {{.Order.Customer.FirstName}}, the M-Pesa payment for your order <strong>{{.Order.Number}}</strong> {{.Why}}.</p>
<p>Your order is saved. You can pay it in two ways:</p>
<p><strong>1.</strong> <a href="{{.Link}}">Try the M-Pesa prompt again</a> from your order page.</p>
{{if .Steps}}<p><strong>2.</strong> Or pay from your own M-Pesa menu:</p>
<ol>{{range .Steps}}<li>{{.}}</li>{{end}}</ol>
<p>Your order is confirmed as soon as the money arrives.</p>{{end}}
<p>Mifugo Bora Feeds, Ruiru</p>
</body></html>`))
