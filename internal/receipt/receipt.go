// Package receipt draws a paid order's receipt as a PDF (github.com/go-pdf/fpdf)
// in the order's language:
// the business with its KRA PIN, the receipt's number and date in Nairobi
// time, the customer, the lines with their tax band, the discount,
// delivery, VAT per rate and total, and the M-Pesa receipt number
// (docs/architecture.md section 11).
package receipt

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"sort"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"
	"github.com/skip2/go-qrcode"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"

	"shop/internal/delivery"
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
	// USSDCode is the code a farmer dials to order from any phone
	// (SHOP_USSD_CODE, docs/ussd.md); "" prints no line.
	USSDCode string
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

// classLabel is how a line's tax band reads on the receipt, as KRA's tax
// table prints it (docs/etims.md): the letter, then the rate or the kind.
func classLabel(band string, rateBP int) string {
	switch band {
	case vat.Exempt:
		return "A Exempt"
	case vat.NonVAT:
		return "D Non-VAT"
	}
	return band + " " + rateText(rateBP)
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

// font is the receipt's typeface: the Go fonts, embedded (only the letters
// used), since the PDF's built-in Helvetica knows no letter beyond Latin-1
// and Kikuyu and Kiswahili names carry ũ and ĩ ("Njũguna Wanjikũ").
const font = "Go"

// PDF draws o's receipt in the order's language.
func PDF(o order.Order, b Business, opt Options) ([]byte, error) {
	w := wordsIn(o.Lang)
	o.Items = o.ItemsIn(o.Lang)
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetCompression(!opt.Uncompressed)
	pdf.SetTitle(w.title+" "+o.Number, true)
	pdf.SetAuthor(b.Name, true)
	pdf.SetMargins(15, 15, 15)
	pdf.AddUTF8FontFromBytes(font, "", goregular.TTF)
	pdf.AddUTF8FontFromBytes(font, "B", gobold.TTF)
	pdf.AddPage()
	text := func(style string, size float64, width float64, s, align string) {
		pdf.SetFont(font, style, size)
		pdf.CellFormat(width, size*0.5, s, "", 0, align, false, 0, "")
	}
	line := func(style string, size float64, s string) {
		text(style, size, 0, s, "L")
		pdf.Ln(size * 0.5)
	}

	line("B", 16, b.Name)
	line("", 10, b.Address)
	line("", 10, w.phone+b.Phone+"   "+b.Email)
	pin := b.KRAPIN
	if pin == "" {
		pin = w.notSet
	}
	line("", 10, w.pin+pin)
	pdf.Ln(4)
	line("B", 14, w.title)
	line("", 10, w.number+o.Number)
	line("", 10, fmt.Sprintf(w.date, w.when(PaidAt(o).In(nairobi))))
	if err := etims(pdf, line, o, w); err != nil {
		return nil, err
	}
	pdf.Ln(3)
	line("B", 10, w.customer)
	line("", 10, o.Customer.Name+", "+o.Customer.Phone)
	if o.KRAPIN != "" {
		line("", 10, w.buyerPIN+o.KRAPIN)
	}
	if o.Customer.Email != "" {
		line("", 10, o.Customer.Email)
	}
	if o.Delivery.Kind == "pickup" {
		line("", 10, w.collectFrom+o.Delivery.Name)
	} else {
		line("", 10, fmt.Sprintf("%s%s, %s, %s", w.deliverTo, o.ShippingAddress.Address, o.ShippingAddress.City, o.ShippingAddress.County))
	}
	pdf.Ln(4)

	cols := []struct {
		head  string
		w     float64
		align string
	}{{w.item, 70, "L"}, {w.qty, 14, "R"}, {w.unitPrice, 30, "R"}, {w.band, 30, "R"}, {w.amount, 36, "R"}}
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
	total("", w.subtotal, o.Subtotal.Ksh())
	if o.Discount > 0 {
		total("", fmt.Sprintf(w.discount, o.CouponCode), "-"+o.Discount.Ksh())
	}
	total("", fmt.Sprintf(w.delivery, delivery.NameIn(o.Lang, o.Delivery.Name)), o.ShippingCharge.Ksh())
	total("B", w.total, o.Total.Ksh())
	pdf.Ln(2)
	for _, r := range byRate(o) {
		if r.rateBP > 0 {
			total("", fmt.Sprintf(w.included, r.label, r.amount.Ksh()), r.vat.Ksh())
		} else {
			total("", fmt.Sprintf(w.supplies, r.label), r.amount.Ksh())
		}
	}
	pdf.Ln(3)
	if r := o.ReceiptText(); r != "" {
		line("", 10, w.paidByReceipt+r)
	} else {
		line("", 10, w.paidBy)
	}
	line("", 9, fmt.Sprintf(w.thanks, b.Name))
	if b.USSDCode != "" {
		line("", 9, fmt.Sprintf(w.orderAgain, b.USSDCode))
	}

	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("receipt %s: %w", o.Number, err)
	}
	return buf.Bytes(), nil
}

// The receipt's eTIMS lines (docs/etims.md section 8).
const (
	MsgNotETIMS     = "This receipt is not an eTIMS tax invoice"
	MsgETIMSPending = "eTIMS invoice pending"
)

// etims draws KRA's block once the invoice is signed: the SCU information
// and, at the right, the QR code of KRA's verification link. Before that it
// says the invoice is pending, and without eTIMS that this is no tax invoice.
func etims(pdf *fpdf.Fpdf, line func(style string, size float64, s string), o order.Order, w *words) error {
	e := o.Etims
	switch {
	case e == nil || e.Status == "off":
		line("", 9, w.notETIMS)
		return nil
	case e.Status != "signed":
		line("B", 10, w.etimsPending)
		return nil
	}
	top := pdf.GetY()
	line("B", 10, w.scu)
	at := e.SignedAt
	if t, err := time.ParseInLocation("20060102150405", e.KRADateTime, nairobi); err == nil {
		at = &t
	}
	if at != nil {
		line("", 9, fmt.Sprintf(w.scuDate, at.In(nairobi).Format("02/01/2006"), at.In(nairobi).Format("15:04:05")))
	}
	line("", 9, w.scuID+e.SCUID)
	line("B", 9, w.cuInvoice+e.CUInvoiceNo)
	line("", 9, w.internalData+fours(e.InternalData))
	line("", 9, w.signature+fours(e.Signature))
	if e.VerifyURL == "" {
		return nil
	}
	png, err := QRCode(e.VerifyURL)
	if err != nil {
		return err
	}
	name := "etims-qr"
	opt := fpdf.ImageOptions{ImageType: "PNG"}
	pdf.RegisterImageOptionsReader(name, opt, bytes.NewReader(png))
	pdf.ImageOptions(name, 160, top, 32, 32, false, opt, 0, e.VerifyURL)
	if pdf.GetY() < top+33 {
		pdf.SetY(top + 33)
	}
	return pdf.Error()
}

// fours writes KRA's internal data and signature in groups of four
// characters, as certified receipts print them [ST].
func fours(s string) string {
	var b strings.Builder
	for i, r := range s {
		if i > 0 && i%4 == 0 {
			b.WriteByte('-')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// QRCode is the PNG of a QR code of link, 8-bit grey and unfiltered so any
// PDF reader shows it as drawn.
func QRCode(link string) ([]byte, error) {
	q, err := qrcode.New(link, qrcode.Medium)
	if err != nil {
		return nil, fmt.Errorf("QR code: %w", err)
	}
	img := q.Image(256)
	gray := image.NewGray(img.Bounds())
	draw.Draw(gray, gray.Bounds(), img, img.Bounds().Min, draw.Src)
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.NoCompression}
	if err := enc.Encode(&buf, gray); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
