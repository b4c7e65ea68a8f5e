// Package receipt draws a paid order's receipt as a PDF (github.com/go-pdf/fpdf):
// the business with its KRA PIN, the receipt's number and date in Nairobi
// time, the customer, the lines with their VAT class, the discount,
// delivery, VAT per rate and total, and the M-Pesa receipt number
// (docs/architecture.md section 11).
package receipt

import (
	"bytes"
	"fmt"
	"sort"
	"time"

	"github.com/go-pdf/fpdf"

	"shop/internal/mail"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/vat"
)

// Business is who issues the receipt.
type Business struct {
	Name, Address, Phone, Email string
	// KRAPIN is the business's tax PIN (SHOP_KRA_PIN); empty, the line
	// says it is not set rather than printing nothing.
	KRAPIN string
}

// nairobi is East Africa Time, UTC+3 all year (docs/architecture.md section 4).
var nairobi = time.FixedZone("EAT", 3*60*60)

// Options change how the PDF is written.
type Options struct {
	// Uncompressed writes the page's text as it is, so a test can read it.
	Uncompressed bool
}

// IsPaid reports whether o has a receipt: it was paid, whatever became of
// it since, short of a cancellation before payment.
func IsPaid(o order.Order) bool {
	for _, s := range o.Timeline {
		if s.Status == order.Paid {
			return true
		}
	}
	return false
}

// PaidAt is when o was paid: its receipt's date.
func PaidAt(o order.Order) time.Time {
	for _, s := range o.Timeline {
		if s.Status == order.Paid {
			return s.At
		}
	}
	return o.CreatedAt
}

// Attachment makes the receipts that business attaches to mail: a
// compressed PDF named by Filename.
func Attachment(business Business) func(o order.Order) (mail.Attachment, error) {
	return func(o order.Order) (mail.Attachment, error) {
		pdf, err := PDF(o, business, Options{})
		return mail.Attachment{Filename: Filename(o), ContentType: "application/pdf", Data: pdf}, err
	}
}

// Filename is the name a receipt is downloaded and attached as.
func Filename(o order.Order) string { return "receipt-" + o.Number + ".pdf" }

// classLabel is how a line's VAT class reads on the receipt.
func classLabel(class string, rateBP int) string {
	switch class {
	case vat.Exempt:
		return "Exempt"
	case vat.Zero:
		return "Zero-rated"
	}
	return "VAT " + rateText(rateBP)
}

func rateText(bp int) string {
	if bp%100 == 0 {
		return fmt.Sprintf("%d%%", bp/100)
	}
	return vat.Percent(bp) + "%"
}

// rateTotal is what one VAT class and rate came to on the order.
type rateTotal struct {
	label       string
	rateBP      int
	amount, vat money.Cents
}

// byRate adds up the lines' amounts after discount and their VAT, per class and rate.
func byRate(o order.Order) []rateTotal {
	m := map[string]*rateTotal{}
	var keys []string
	for _, it := range o.Items {
		label := classLabel(it.VATClass, it.VATRate)
		t, ok := m[label]
		if !ok {
			t = &rateTotal{label: label, rateBP: it.VATRate}
			m[label] = t
			keys = append(keys, label)
		}
		t.amount += it.TotalPrice - it.Discount
		t.vat += it.VAT
	}
	sort.SliceStable(keys, func(i, j int) bool { return m[keys[i]].rateBP > m[keys[j]].rateBP })
	out := make([]rateTotal, len(keys))
	for i, k := range keys {
		out[i] = *m[k]
	}
	return out
}

// PDF draws o's receipt.
func PDF(o order.Order, b Business, opt Options) ([]byte, error) {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetCompression(!opt.Uncompressed)
	pdf.SetTitle("Receipt "+o.Number, true)
	pdf.SetAuthor(b.Name, true)
	pdf.SetMargins(15, 15, 15)
	pdf.AddPage()
	tr := pdf.UnicodeTranslatorFromDescriptor("")
	text := func(style string, size float64, w float64, s, align string) {
		pdf.SetFont("Helvetica", style, size)
		pdf.CellFormat(w, size*0.5, tr(s), "", 0, align, false, 0, "")
	}
	line := func(style string, size float64, s string) {
		text(style, size, 0, s, "L")
		pdf.Ln(size * 0.5)
	}

	line("B", 16, b.Name)
	line("", 10, b.Address)
	line("", 10, "Phone "+b.Phone+"   "+b.Email)
	pin := b.KRAPIN
	if pin == "" {
		pin = "not set"
	}
	line("", 10, "KRA PIN: "+pin)
	pdf.Ln(4)
	line("B", 14, "Receipt")
	line("", 10, "Receipt number: "+o.Number)
	line("", 10, "Date: "+PaidAt(o).In(nairobi).Format("2 January 2006, 15:04")+" (Nairobi time)")
	// eTIMS: the control unit invoice number and the QR code go here (etims, below).
	etims(pdf, line)
	pdf.Ln(3)
	line("B", 10, "Customer")
	line("", 10, o.Customer.Name+", "+o.Customer.Phone)
	if o.Customer.Email != "" {
		line("", 10, o.Customer.Email)
	}
	if o.Delivery.Kind == "pickup" {
		line("", 10, "Collect from: "+o.Delivery.Name)
	} else {
		line("", 10, fmt.Sprintf("Deliver to: %s, %s, %s", o.ShippingAddress.Address, o.ShippingAddress.City, o.ShippingAddress.County))
	}
	pdf.Ln(4)

	cols := []struct {
		head  string
		w     float64
		align string
	}{{"Item", 70, "L"}, {"Qty", 14, "R"}, {"Unit price", 30, "R"}, {"VAT class", 30, "R"}, {"Amount", 36, "R"}}
	for _, c := range cols {
		text("B", 9, c.w, c.head, c.align)
	}
	pdf.Ln(6)
	for _, it := range o.Items {
		cells := []string{it.ProductName + " (" + it.Size + ")", fmt.Sprint(it.Quantity), it.UnitPrice.Ksh(),
			classLabel(it.VATClass, it.VATRate), it.TotalPrice.Ksh()}
		for i, c := range cols {
			text("", 9, c.w, cells[i], c.align)
		}
		pdf.Ln(5)
	}
	pdf.Ln(3)
	total := func(style, label string, amount string) {
		text(style, 10, 144, label, "R")
		text(style, 10, 36, amount, "R")
		pdf.Ln(5.5)
	}
	total("", "Subtotal", o.Subtotal.Ksh())
	if o.Discount > 0 {
		total("", "Discount ("+o.CouponCode+")", "-"+o.Discount.Ksh())
	}
	total("", "Delivery ("+o.Delivery.Name+")", o.ShippingCharge.Ksh())
	total("B", "Total", o.Total.Ksh())
	pdf.Ln(2)
	for _, r := range byRate(o) {
		if r.rateBP > 0 {
			total("", fmt.Sprintf("%s on %s (included)", r.label, r.amount.Ksh()), r.vat.Ksh())
		} else {
			total("", r.label+" supplies", r.amount.Ksh())
		}
	}
	pdf.Ln(3)
	if o.Payment != nil && o.Payment.Receipt != "" {
		line("", 10, "Paid by M-Pesa, receipt "+o.Payment.Receipt)
	} else {
		line("", 10, "Paid by M-Pesa")
	}
	line("", 9, "Prices include VAT. Thank you for buying from "+b.Name+".")

	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("receipt %s: %w", o.Number, err)
	}
	return buf.Bytes(), nil
}

// etims is the place for the fields KRA's eTIMS adds once the business
// registers: the control unit (CU) invoice number as a line here, and the
// verification QR code (pdf.RegisterImageOptionsReader with a PNG, drawn at
// the top right of the receipt block). Nothing is drawn until then.
func etims(pdf *fpdf.Fpdf, line func(style string, size float64, s string)) {
	_, _ = pdf, line
}
