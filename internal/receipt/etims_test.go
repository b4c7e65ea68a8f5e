package receipt_test

import (
	"bytes"
	"compress/zlib"
	"image"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"

	"shop/internal/order"
	"shop/internal/receipt"
)

var business = receipt.Business{Name: "Mifugo Bora Feeds", Address: "Eastern Bypass, Ruiru, Kenya", KRAPIN: "P051234567X"}

func TestReceiptSaysWhatItIsBeforeAndWithoutETIMS(t *testing.T) {
	for status, want := range map[string]string{"off": receipt.MsgNotETIMS, "pending": receipt.MsgETIMSPending, "refused": receipt.MsgETIMSPending} {
		o := paidOrder()
		o.Etims = &order.Etims{Status: status}
		pdf, err := receipt.PDF(o, business, receipt.Options{Uncompressed: true})
		if err != nil {
			t.Fatal(err)
		}
		if text := pdfText(pdf); !strings.Contains(text, want) || strings.Contains(text, "CU invoice number") {
			t.Errorf("%s: the receipt reads:\n%s", status, text)
		}
	}
}

func TestSignedReceiptShowsTheCUNumberAndAQRCodeOfTheVerificationLink(t *testing.T) {
	o := paidOrder()
	o.KRAPIN = "A123456789B"
	no := int64(17)
	signed := time.Date(2026, 11, 21, 9, 30, 0, 0, time.UTC)
	link := "https://etims.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=P05123456" + "7X00" + "ABCD1234EFGH5678"
	o.Etims = &order.Etims{Status: "signed", InvoiceNo: &no, CUInvoiceNo: "KRACU0400000001/17", SignedAt: &signed, VerifyURL: link,
		SCUID: "KRACU0400000001", InternalData: "ABCDEFGHIJKLMNOPQRSTUVWXYZ", Signature: "ABCD1234EFGH5678", KRADateTime: "20261121123000"}
	pdf, err := receipt.PDF(o, business, receipt.Options{Uncompressed: true})
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(pdf)
	for _, want := range []string{"CU invoice number: KRACU0400000001/17", "SCU ID: KRACU0400000001", "Receipt signature: ABCD-1234-EFGH-5678",
		"Internal data: ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ", "Date: 21/11/2026   Time: 12:30:00", "Buyer's KRA PIN: A123456789B"} {
		if !strings.Contains(text, want) {
			t.Errorf("the receipt lacks %q; it reads:\n%s", want, text)
		}
	}
	if strings.Contains(text, receipt.MsgNotETIMS) || strings.Contains(text, receipt.MsgETIMSPending) {
		t.Errorf("a signed receipt says it is not one:\n%s", text)
	}
	img := pdfImage(t, pdf)
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	res, err := qrcode.NewQRCodeReader().Decode(bmp, nil)
	if err != nil {
		t.Fatalf("the receipt's QR code does not decode: %v", err)
	}
	if res.GetText() != link {
		t.Fatalf("the QR code reads %q, want %q", res.GetText(), link)
	}
}

// pdfImage reads the one grey image fpdf embedded: its PNG rows, inflated
// and unfiltered (receipt.QRCode writes them with filter 0).
func pdfImage(t *testing.T, pdf []byte) image.Image {
	t.Helper()
	m := regexp.MustCompile(`(?s)/Subtype /Image\s*/Width (\d+)\s*/Height (\d+)\s*/ColorSpace /DeviceGray\s*/BitsPerComponent 8.*?/Length (\d+)>>\s*stream\r?\n`).FindSubmatchIndex(pdf)
	if m == nil {
		t.Fatal("no grey image in the receipt")
	}
	atoi := func(i int) int { n, _ := strconv.Atoi(string(pdf[m[i]:m[i+1]])); return n }
	w, h, n := atoi(2), atoi(4), atoi(6)
	z, err := zlib.NewReader(bytes.NewReader(pdf[m[1] : m[1]+n]))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(z)
	if err != nil || len(raw) != h*(w+1) {
		t.Fatalf("image data: %d bytes for %d×%d, %v", len(raw), w, h, err)
	}
	img := image.NewGray(image.Rect(0, 0, w, h))
	for y := range h {
		row := raw[y*(w+1):]
		if row[0] != 0 {
			t.Fatalf("row %d has PNG filter %d", y, row[0])
		}
		copy(img.Pix[y*img.Stride:], row[1:w+1])
	}
	return img
}
