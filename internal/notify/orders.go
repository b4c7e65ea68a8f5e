// Package notify tells people what happened to an order: the customer gets a
// confirmation, the business a note that there is an order to send out.
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
Delivery (%s): %s
Total paid: %s

%s
%s

See your order: %s

Mifugo Bora Feeds, Ruiru
`, o.Customer.FirstName, o.Number, receipt, lines.String(), o.Subtotal.Ksh(), o.Delivery.Name, o.ShippingCharge.Ksh(), o.Total.Ksh(),
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
	return errors.Join(
		n.Mailer.Send(ctx, mail.Message{To: o.Customer.Email, Subject: "Your order " + o.Number + " is confirmed", Text: customerText, HTML: customerHTML}),
		n.Mailer.Send(ctx, mail.Message{To: n.BusinessEmail, Subject: "New order " + o.Number + " (" + o.Total.Ksh() + ")", Text: businessText}),
	)
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
