// Package notify tells people what happened to an order: the customer gets a
// confirmation, the business a note that there is an order to send out, and
// the customer of an order whose prompt failed the other ways to pay it.
package notify

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"html/template"
	"strings"

	"shop/internal/delivery"
	"shop/internal/mail"
	"shop/internal/money"
	"shop/internal/order"
)

// Orders sends the order mail.
type Orders struct {
	Mailer mail.Mailer
	// BusinessEmail receives the new-order notifications.
	BusinessEmail string
	// PublicURL is the shop's address, for the links in the mail.
	PublicURL string
	// Receipt draws a paid order's receipt, attached to the customer's
	// confirmation; nil: none attached.
	Receipt func(o order.Order) (mail.Attachment, error)
}

// Paid mails the customer their confirmation and the business its notice.
// Both are tried; the errors of both are returned.
func (n Orders) Paid(ctx context.Context, o order.Order) error {
	link := n.PublicURL + "/order-confirmation?orderId=" + o.Number
	admin := n.PublicURL + "/admin"
	var lines strings.Builder
	for _, it := range o.Items {
		fmt.Fprintf(&lines, "- %s (%s) × %d: %s\n", it.ProductName, it.Size, it.Quantity, it.TotalPrice.Ksh())
	}
	receipt := ""
	if o.Payment != nil && o.Payment.Receipt != "" {
		receipt = "M-Pesa receipt: " + o.Payment.Receipt + "\n"
	}
	address := fmt.Sprintf("%s, %s, %s %s", o.ShippingAddress.Address, o.ShippingAddress.City, o.ShippingAddress.County, o.ShippingAddress.PostalCode)
	way := way(o, strings.TrimSpace(address))
	customerText := fmt.Sprintf(`Hello %s,

Thank you for your order %s. We have received your M-Pesa payment.
%s
%s
Subtotal: %s
%sDelivery (%s): %s
Total paid: %s

%s
%s

See your order: %s

Mifugo Bora Feeds, Ruiru
`, o.Customer.FirstName, o.Number, receipt, lines.String(), o.Subtotal.Ksh(), discountLine(o), o.Delivery.Name, o.ShippingCharge.Ksh(), o.Total.Ksh(),
		way.Where, way.Call, link)
	customerHTML, err := render(customerPage, pageData{Order: o, Receipt: strings.TrimSpace(strings.TrimPrefix(receipt, "M-Pesa receipt: ")),
		Way: way, Link: link})
	if err != nil {
		return err
	}
	businessText := fmt.Sprintf(`New paid order %s, %s.

Customer: %s, %s, %s
%s
Weight: %s
%s
%s
Open the admin: %s
`, o.Number, o.Total.Ksh(), o.Customer.Name, o.Customer.Phone, o.Customer.Email, way.Where, o.Weight, receipt, lines.String(), admin)
	confirmation := mail.Message{To: o.Customer.Email, Subject: "Your order " + o.Number + " is confirmed", Text: customerText, HTML: customerHTML}
	var receiptErr error
	if n.Receipt != nil {
		// Without its receipt the confirmation still goes: the receipt is
		// on the order page too.
		a, err := n.Receipt(o)
		if receiptErr = err; err == nil {
			confirmation.Attachments = []mail.Attachment{a}
		}
	}
	return errors.Join(receiptErr,
		n.Mailer.Send(ctx, confirmation),
		n.Mailer.Send(ctx, mail.Message{To: n.BusinessEmail, Subject: "New order " + o.Number + " (" + o.Total.Ksh() + ")", Text: businessText}),
	)
}

// discountLine is the mail's discount line, or nothing without one.
func discountLine(o order.Order) string {
	if o.Discount == 0 {
		return ""
	}
	return fmt.Sprintf("Discount (%s): -%s\n", o.CouponCode, o.Discount.Ksh())
}

type pageData struct {
	Order   order.Order
	Receipt string
	Way     delivered
	Link    string
}

// delivered says how the order reaches the customer, in the mail's words.
type delivered struct{ Where, Call string }

func way(o order.Order, address string) delivered {
	phone := o.Customer.Phone
	if o.Delivery.Kind == delivery.KindPickup {
		where := "Collect it at: " + o.Delivery.Name + ", " + o.Delivery.Address
		if o.Delivery.Hours != "" {
			where += " (open " + o.Delivery.Hours + ")"
		}
		return delivered{Where: where, Call: "We will call you on " + phone + " when it is ready for pickup."}
	}
	where := "We will deliver to: " + address
	if o.Delivery.ETA != "" {
		where += " (" + o.Delivery.ETA + ")"
	}
	return delivered{Where: where, Call: "We will call you on " + phone + " before delivery."}
}

var customerPage = template.Must(template.New("paid").Funcs(template.FuncMap{"ksh": money.Cents.Ksh}).Parse(`<!doctype html>
<html><body style="font-family: Arial, sans-serif; color: #1f2d1f">
<h1 style="color: #2f6f3e">Thank you, {{.Order.Customer.FirstName}}!</h1>
<p>Your order <strong>{{.Order.Number}}</strong> is confirmed: we have received your M-Pesa payment{{if .Receipt}} (receipt <strong>{{.Receipt}}</strong>){{end}}.</p>
<table cellpadding="6" style="border-collapse: collapse">
{{range .Order.Items}}<tr><td>{{.ProductName}} ({{.Size}}) × {{.Quantity}}</td><td align="right">{{ksh .TotalPrice}}</td></tr>
{{end}}{{if .Order.Discount}}<tr><td>Discount ({{.Order.CouponCode}})</td><td align="right">-{{ksh .Order.Discount}}</td></tr>
{{end}}<tr><td>Delivery: {{.Order.Delivery.Name}}</td><td align="right">{{ksh .Order.ShippingCharge}}</td></tr>
<tr><td><strong>Total paid</strong></td><td align="right"><strong>{{ksh .Order.Total}}</strong></td></tr>
</table>
<p>{{.Way.Where}}</p>
<p>{{.Way.Call}}</p>
<p><a href="{{.Link}}">See your order</a></p>
<p>Mifugo Bora Feeds, Ruiru</p>
</body></html>`))

func render(t *template.Template, data any) (string, error) {
	var b bytes.Buffer
	if err := t.Execute(&b, data); err != nil {
		return "", fmt.Errorf("render mail: %w", err)
	}
	return b.String(), nil
}

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
