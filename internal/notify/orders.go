// Package notify tells people what happened to an order: the customer gets a
// confirmation, the business a note that there is an order to send out, and
// the customer of an order whose prompt failed the other ways to pay it.
package notify

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"html/template"
	"log/slog"
	"strings"
	"time"

	"shop/internal/delivery"
	"shop/internal/i18n"
	"shop/internal/mail"
	"shop/internal/money"
	"shop/internal/order"
)

// MailQueue keeps a message inside the transaction that causes it
// (mail.Outbox); key queues it once however often the cause is seen.
type MailQueue interface {
	EnqueueTx(ctx context.Context, tx *sql.Tx, key string, orderID int64, m mail.Message) (bool, error)
	Release(ctx context.Context, key string, attachments []mail.Attachment) (bool, error)
}

// OrderReader reads an order as its receipt shows it.
type OrderReader interface {
	ByID(ctx context.Context, id int64) (order.Order, error)
}

// InvoiceHold is how long the order mail waits for KRA's signature on its
// receipt when eTIMS is on (docs/etims.md, "The receipt"): KRA signs in
// seconds when it is up; when it is not, the mail goes with the receipt
// saying the invoice is pending.
const InvoiceHold = 3 * time.Minute

// Orders queues the order mail, in the transaction that pays the order or
// fails its prompt.
type Orders struct {
	Mail MailQueue
	// Log notes a receipt that could not be drawn: the confirmation goes
	// without it.
	Log *slog.Logger
	// BusinessEmail receives the new-order notifications.
	BusinessEmail string
	// PublicURL is the shop's address, for the links in the mail.
	PublicURL string
	// Receipt draws a paid order's receipt, attached to the customer's
	// confirmation; nil: none attached.
	Receipt func(o order.Order) (mail.Attachment, error)
	// HoldForInvoice, when above 0, keeps the confirmation back that long
	// for KRA's signature (InvoiceSigned sends it sooner).
	HoldForInvoice time.Duration
	// Orders reads an order again once its invoice is signed.
	Orders OrderReader
}

// mailWords are the customer's mail in one language (English here,
// Kiswahili in orders_sw.go). The business's notice stays English.
type mailWords struct {
	paidSubject, unpaidSubject string // formats of the order number
	// paidText is the confirmation's text, a format of the first name, the
	// order number, the receipt line, the item lines, the subtotal, the
	// discount line, the delivery's name and fee, the total, where the
	// order goes and the call before, and the order's link.
	paidText string
	// receipt starts the receipt line; discount is the discount line, a
	// format of the code and the amount.
	receipt, discount string
	// collectAt starts a pickup's place, open (a format of the hours) ends
	// it; callPickup and callDelivery are formats of the phone number.
	collectAt, open, callPickup, deliverTo, callDelivery string
	paidPage                                             *template.Template
	// failed is what the payment did; unpaidIntro a format of the first
	// name, the order number and failed (with the reason); tryAgain a
	// format of the order's link.
	failed, unpaidIntro, tryAgain, orMenu, confirmedOnArrival string
	unpaidPage                                                *template.Template
	// The steps of paying from the M-Pesa menu; the numbers follow those
	// that end in a colon.
	stepOpen, stepPayBill, stepBuyGoods, stepBusiness, stepTill, stepAccount, stepAmount, stepPIN string
}

var english = mailWords{
	paidSubject:   "Your order %s is confirmed",
	unpaidSubject: "Your order %s is waiting for payment",
	paidText: `Hello %s,

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
`,
	receipt:   "M-Pesa receipt: ",
	discount:  "Discount (%s): -%s\n",
	collectAt: "Collect it at: ", open: " (open %s)", callPickup: "We will call you on %s when it is ready for pickup.",
	deliverTo: "We will deliver to: ", callDelivery: "We will call you on %s before delivery.",
	paidPage:           customerPage,
	failed:             "did not go through",
	unpaidIntro:        "Hello %s,\n\nThe M-Pesa payment for your order %s %s.\nYour order is saved. You can pay it in two ways:\n\n",
	tryAgain:           "1. Try the M-Pesa prompt again from your order page: %s\n",
	orMenu:             "\n2. Or pay from your own M-Pesa menu:\n",
	confirmedOnArrival: "\nYour order is confirmed as soon as the money arrives.\n",
	unpaidPage:         unpaidPage,
	stepOpen:           "Open M-Pesa and choose Lipa na M-Pesa.", stepPayBill: "Choose Pay Bill.", stepBuyGoods: "Choose Buy Goods and Services.",
	stepBusiness: "Business number: ", stepTill: "Till number: ", stepAccount: "Account number: ", stepAmount: "Amount: ",
	stepPIN: "Enter your M-Pesa PIN and send.",
}

// mailIn is the mail's words in language l.
func mailIn(l i18n.Lang) *mailWords {
	if l == i18n.Kiswahili {
		return &kiswahili
	}
	return &english
}

// PaidTx queues, inside tx, the customer's confirmation, in the order's
// language with its receipt, and the business's notice. Each is queued once
// per order.
func (n Orders) PaidTx(ctx context.Context, tx *sql.Tx, o order.Order) error {
	w := mailIn(o.Lang)
	link := n.PublicURL + "/order-confirmation?orderId=" + o.Number
	admin := n.PublicURL + "/admin"
	// The customer reads the lines in the order's language, the business
	// in English.
	customerOrder := o
	customerOrder.Items = o.ItemsIn(o.Lang)
	customerLines, lines := itemLines(customerOrder.Items), itemLines(o.Items)
	receipt, receiptNumber := "", o.ReceiptText()
	if receiptNumber != "" {
		receipt = "M-Pesa receipt: " + receiptNumber + "\n"
	}
	address := fmt.Sprintf("%s, %s, %s %s", o.ShippingAddress.Address, o.ShippingAddress.City, o.ShippingAddress.County, o.ShippingAddress.PostalCode)
	customerWay, businessWay := way(o, strings.TrimSpace(address), w), way(o, strings.TrimSpace(address), &english)
	customerReceipt := ""
	if receiptNumber != "" {
		customerReceipt = w.receipt + receiptNumber + "\n"
	}
	customerText := fmt.Sprintf(w.paidText, o.Customer.FirstName, o.Number, customerReceipt, customerLines, o.Subtotal.Ksh(), discountLine(o, w),
		delivery.NameIn(o.Lang, o.Delivery.Name), o.ShippingCharge.Ksh(), o.Total.Ksh(), customerWay.Where, customerWay.Call, link)
	customerHTML, err := render(w.paidPage, pageData{Order: customerOrder, Receipt: receiptNumber, Delivery: delivery.NameIn(o.Lang, o.Delivery.Name),
		Way: customerWay, Link: link})
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
`, o.Number, o.Total.Ksh(), o.Customer.Name, o.Customer.Phone, o.Customer.Email, businessWay.Where, o.Weight, receipt, lines, admin)
	confirmation := mail.Message{Kind: "order-paid", To: o.Customer.Email, Subject: fmt.Sprintf(w.paidSubject, o.Number),
		Text: customerText, HTML: customerHTML}
	if n.Receipt != nil {
		// Without its receipt the confirmation still goes: the receipt is
		// on the order page too.
		a, err := n.Receipt(o)
		if err != nil {
			n.Log.ErrorContext(ctx, "receipt for the order mail", "order", o.Number, "err", err)
		} else {
			confirmation.Attachments = []mail.Attachment{a}
		}
	}
	if n.HoldForInvoice > 0 {
		confirmation.HoldUntil = time.Now().Add(n.HoldForInvoice)
	}
	key := fmt.Sprintf("order:%d:", o.ID)
	if _, err := n.Mail.EnqueueTx(ctx, tx, key+"paid", o.ID, confirmation); err != nil {
		return err
	}
	_, err = n.Mail.EnqueueTx(ctx, tx, key+"business", o.ID, mail.Message{Kind: "order-business", To: n.BusinessEmail,
		Subject: "New order " + o.Number + " (" + o.Total.Ksh() + ")", Text: businessText})
	return err
}

// InvoiceSigned sends the order mail held for KRA's signature now, with the
// receipt drawn again to carry it. A mail already gone is left as it is:
// the order page and the receipt download show the signed invoice.
func (n Orders) InvoiceSigned(ctx context.Context, orderID int64) error {
	if n.Receipt == nil || n.Orders == nil {
		return nil
	}
	o, err := n.Orders.ByID(ctx, orderID)
	if err != nil {
		return err
	}
	a, err := n.Receipt(o)
	if err != nil {
		return fmt.Errorf("receipt of order %s: %w", o.Number, err)
	}
	_, err = n.Mail.Release(ctx, fmt.Sprintf("order:%d:paid", orderID), []mail.Attachment{a})
	return err
}

// discountLine is the mail's discount line, or nothing without one.
func discountLine(o order.Order, w *mailWords) string {
	if o.Discount == 0 {
		return ""
	}
	return fmt.Sprintf(w.discount, o.CouponCode, o.Discount.Ksh())
}

// itemLines are the mail's lines of items, one a line.
func itemLines(items []order.Item) string {
	var b strings.Builder
	for _, it := range items {
		fmt.Fprintf(&b, "- %s (%s) × %d: %s\n", it.ProductName, it.Size, it.Quantity, it.TotalPrice.Ksh())
	}
	return b.String()
}

type pageData struct {
	Order    order.Order
	Receipt  string
	Delivery string
	Way      delivered
	Link     string
}

// delivered says how the order reaches the customer, in the mail's words.
type delivered struct{ Where, Call string }

func way(o order.Order, address string, w *mailWords) delivered {
	phone := o.Customer.Phone
	if o.Delivery.Kind == delivery.KindPickup {
		where := w.collectAt + o.Delivery.Name + ", " + o.Delivery.Address
		if o.Delivery.Hours != "" {
			where += fmt.Sprintf(w.open, o.Delivery.Hours)
		}
		return delivered{Where: where, Call: fmt.Sprintf(w.callPickup, phone)}
	}
	where := w.deliverTo + address
	if o.Delivery.ETA != "" {
		where += " (" + o.Delivery.ETA + ")"
	}
	return delivered{Where: where, Call: fmt.Sprintf(w.callDelivery, phone)}
}

var customerPage = template.Must(template.New("paid").Funcs(template.FuncMap{"ksh": money.Cents.Ksh}).Parse(`<!doctype html>
<html><body style="font-family: Arial, sans-serif; color: #1f2d1f">
<h1 style="color: #2f6f3e">Thank you, {{.Order.Customer.FirstName}}!</h1>
<p>Your order <strong>{{.Order.Number}}</strong> is confirmed: we have received your M-Pesa payment{{if .Receipt}} (receipt <strong>{{.Receipt}}</strong>){{end}}.</p>
<table cellpadding="6" style="border-collapse: collapse">
{{range .Order.Items}}<tr><td>{{.ProductName}} ({{.Size}}) × {{.Quantity}}</td><td align="right">{{ksh .TotalPrice}}</td></tr>
{{end}}{{if .Order.Discount}}<tr><td>Discount ({{.Order.CouponCode}})</td><td align="right">-{{ksh .Order.Discount}}</td></tr>
{{end}}<tr><td>Delivery: {{.Delivery}}</td><td align="right">{{ksh .Order.ShippingCharge}}</td></tr>
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

// UnpaidTx queues, inside tx, the mail to the customer of an order whose
// M-Pesa prompt failed, in the order's language: what went wrong, and the
// two roads to pay it, the prompt again or Paybill (or Buy Goods) from
// their own M-Pesa menu. o carries the failure and the guide.
func (n Orders) UnpaidTx(ctx context.Context, tx *sql.Tx, o order.Order) error {
	if o.Customer.Email == "" {
		return nil
	}
	w := mailIn(o.Lang)
	link := n.PublicURL + "/order-confirmation?orderId=" + o.Number
	why := w.failed
	if o.Payment != nil && o.Payment.Message != "" {
		why = w.failed + ": " + i18n.T(o.Lang, o.Payment.Message)
	}
	steps := PaySteps(o.Paybill, o.Lang)
	var text strings.Builder
	fmt.Fprintf(&text, w.unpaidIntro, o.Customer.FirstName, o.Number, why)
	fmt.Fprintf(&text, w.tryAgain, link)
	if len(steps) > 0 {
		text.WriteString(w.orMenu)
		for i, s := range steps {
			fmt.Fprintf(&text, "   %d. %s\n", i+1, s)
		}
		text.WriteString(w.confirmedOnArrival)
	}
	text.WriteString("\nMifugo Bora Feeds, Ruiru\n")
	html, err := render(w.unpaidPage, struct {
		Order order.Order
		Why   string
		Steps []string
		Link  string
	}{o, why, steps, link})
	if err != nil {
		return err
	}
	_, err = n.Mail.EnqueueTx(ctx, tx, fmt.Sprintf("order:%d:unpaid", o.ID), o.ID, mail.Message{Kind: "order-unpaid", To: o.Customer.Email,
		Subject: fmt.Sprintf(w.unpaidSubject, o.Number), Text: text.String(), HTML: html})
	return err
}

// PaySteps are the numbered steps of paying g from the M-Pesa menu, in
// language l with the names the menu shows; none when there is no guide.
func PaySteps(g *order.PayGuide, l i18n.Lang) []string {
	if g == nil {
		return nil
	}
	w := mailIn(l)
	if g.Kind == "till" {
		return []string{w.stepOpen, w.stepBuyGoods, w.stepTill + g.Number, w.stepAmount + money.Cents(g.Amount).Ksh(), w.stepPIN}
	}
	return []string{w.stepOpen, w.stepPayBill, w.stepBusiness + g.Number, w.stepAccount + g.Account,
		w.stepAmount + money.Cents(g.Amount).Ksh(), w.stepPIN}
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
