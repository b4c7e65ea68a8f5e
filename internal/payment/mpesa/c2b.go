package mpesa

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// C2B: money a customer sends from their own M-Pesa menu (Paybill or Buy
// Goods), which Daraja reports by confirmation and lists by Pull
// Transactions. docs/payments.md section 10 has the protocol.

// C2BPayment is one customer payment to the short code.
type C2BPayment struct {
	TransID     string // the M-Pesa receipt, unique
	TransType   string // "Pay Bill" or "Buy Goods"
	TransTime   string // yyyyMMddHHmmss, Nairobi time
	AmountCents int64
	ShortCode   string
	// BillRef is the account number exactly as the customer typed it.
	BillRef   string
	FirstName string
	// MSISDN is masked (v2) or hashed (v1): shown to people, never matched on.
	MSISDN string
}

// ParseConfirmation reads a C2B confirmation (or validation) body. The
// amount arrives as a string such as "1460.00", or as a number.
func ParseConfirmation(body []byte) (C2BPayment, error) {
	var in struct {
		TransactionType   flexString `json:"TransactionType"`
		TransID           flexString `json:"TransID"`
		TransTime         flexString `json:"TransTime"`
		TransAmount       flexString `json:"TransAmount"`
		BusinessShortCode flexString `json:"BusinessShortCode"`
		BillRefNumber     flexString `json:"BillRefNumber"`
		MSISDN            flexString `json:"MSISDN"`
		FirstName         flexString `json:"FirstName"`
	}
	if err := json.Unmarshal(body, &in); err != nil {
		return C2BPayment{}, fmt.Errorf("parse c2b confirmation: %w", err)
	}
	p := C2BPayment{TransID: strings.TrimSpace(string(in.TransID)), TransType: string(in.TransactionType), TransTime: string(in.TransTime),
		ShortCode: string(in.BusinessShortCode), BillRef: string(in.BillRefNumber), FirstName: string(in.FirstName), MSISDN: string(in.MSISDN)}
	if p.TransID == "" {
		return C2BPayment{}, fmt.Errorf("parse c2b confirmation: no TransID")
	}
	cents, err := ParseAmount(string(in.TransAmount))
	if err != nil {
		return C2BPayment{}, fmt.Errorf("parse c2b confirmation %s: %w", p.TransID, err)
	}
	p.AmountCents = cents
	return p, nil
}

// ParseAmount reads an M-Pesa amount exactly, as cents, in the forms Daraja
// sends: "730.00", "730.0", "730", or the number 730 (which arrives here as
// its text). Anything else ("7.30e2", "730.00.00", "729.999", a sign, an
// empty text) is an error: a guess at money is worse than a person checking.
func ParseAmount(s string) (int64, error) {
	s = strings.TrimSpace(s)
	whole, frac, dot := strings.Cut(s, ".")
	if !digits(whole, 1, 9) || dot && !digits(frac, 1, 2) {
		return 0, fmt.Errorf("amount %q", s)
	}
	w, _ := strconv.ParseInt(whole, 10, 64)
	f, _ := strconv.ParseInt((frac + "00")[:2], 10, 64)
	if c := w*100 + f; c > 0 && c <= 100_000_000*100 {
		return c, nil
	}
	return 0, fmt.Errorf("amount %q", s)
}

// digits reports whether s is between lo and hi ASCII digits.
func digits(s string, lo, hi int) bool {
	if len(s) < lo || len(s) > hi {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// NoProductMatch is Daraja's answer to a C2B register call whose version is
// not the Daraja app's C2B product: "Invalid API call as no apiproduct
// match found" (docs/payments.md section 10).
const NoProductMatch = "401.003.01"

// RegisterURLsVersion registers the C2B URLs with the register call of
// version (v1 or v2), and with the other version when Daraja answers that
// the app has no such product, as integrators report since 2025. It
// returns the version that took them.
func (c *Client) RegisterURLsVersion(ctx context.Context, version, confirmationURL, validationURL, responseType string) (string, error) {
	other := map[string]string{"v1": "v2", "v2": "v1"}[version]
	if other == "" {
		return "", fmt.Errorf("C2B register version %q: want v1 or v2", version)
	}
	err := c.registerURLs(ctx, "/mpesa/c2b/"+version+"/registerurl", confirmationURL, validationURL, responseType)
	var de *Error
	if !errors.As(err, &de) || !isNoProductMatch(de) {
		return version, err
	}
	return other, c.registerURLs(ctx, "/mpesa/c2b/"+other+"/registerurl", confirmationURL, validationURL, responseType)
}

func isNoProductMatch(e *Error) bool {
	return e.Code == NoProductMatch || strings.Contains(strings.ToLower(e.Message), "no apiproduct match")
}

// RegisterURLs tells Daraja where to send C2B confirmations and
// validations for the short code. responseType is "Completed" or
// "Cancelled": what Daraja does when the validation URL cannot be reached.
func (c *Client) RegisterURLs(ctx context.Context, confirmationURL, validationURL, responseType string) error {
	return c.registerURLs(ctx, c.cfg.RegisterPath, confirmationURL, validationURL, responseType)
}

func (c *Client) registerURLs(ctx context.Context, path, confirmationURL, validationURL, responseType string) error {
	var out struct {
		ResponseCode        flexString `json:"ResponseCode"`
		ResponseDescription flexString `json:"ResponseDescription"`
	}
	err := c.post(ctx, path, map[string]any{
		"ShortCode": c.cfg.ShortCode, "ResponseType": responseType,
		"ConfirmationURL": confirmationURL, "ValidationURL": validationURL,
	}, &out)
	if err != nil {
		return err
	}
	if code := strings.TrimSpace(string(out.ResponseCode)); code != "0" && code != "00000000" {
		return &Error{HTTPStatus: 200, Code: code, Message: string(out.ResponseDescription)}
	}
	return nil
}

// PullTransactions lists the C2B payments to the short code between from
// and to (at most the last 48 hours), one page of Daraja's answer starting
// at offset.
func (c *Client) PullTransactions(ctx context.Context, from, to time.Time, offset int) ([]C2BPayment, error) {
	const layout = "2006-01-02 15:04:05"
	var out struct {
		ResponseCode flexString      `json:"ResponseCode"`
		Response     json.RawMessage `json:"Response"`
	}
	err := c.post(ctx, c.cfg.PullPath, map[string]any{
		"ShortCode": c.cfg.ShortCode, "StartDate": from.In(nairobi).Format(layout), "EndDate": to.In(nairobi).Format(layout),
		"OffSetValue": strconv.Itoa(offset),
	}, &out)
	if err != nil {
		return nil, err
	}
	return parsePulled(out.Response)
}

// pulledTx is one transaction in a Pull Transactions answer.
type pulledTx struct {
	TransactionID   flexString `json:"transactionId"`
	TrxDate         flexString `json:"trxDate"`
	MSISDN          flexString `json:"msisdn"`
	Sender          flexString `json:"sender"`
	TransactionType flexString `json:"transactiontype"`
	BillReference   flexString `json:"billreference"`
	Amount          flexString `json:"amount"`
}

// parsePulled reads the transactions of a Pull Transactions answer, which
// Daraja nests in a list of lists (reported) or sends as one list.
func parsePulled(raw json.RawMessage) ([]C2BPayment, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var nested [][]pulledTx
	if err := json.Unmarshal(raw, &nested); err != nil {
		var flat []pulledTx
		if err := json.Unmarshal(raw, &flat); err != nil {
			return nil, fmt.Errorf("decode pulled transactions: %w", err)
		}
		nested = [][]pulledTx{flat}
	}
	var out []C2BPayment
	for _, page := range nested {
		for _, t := range page {
			cents, err := ParseAmount(string(t.Amount))
			if err != nil || strings.TrimSpace(string(t.TransactionID)) == "" {
				continue // not a payment the shop can count
			}
			out = append(out, C2BPayment{TransID: strings.TrimSpace(string(t.TransactionID)), TransType: string(t.TransactionType),
				TransTime: pulledTime(string(t.TrxDate)), AmountCents: cents, BillRef: string(t.BillReference), MSISDN: string(t.MSISDN)})
		}
	}
	return out, nil
}

// pulledTime turns a pulled trxDate ("2026-11-22T10:13:00Z", or Nairobi's
// "2026-11-22 13:13:00") into the confirmation's yyyyMMddHHmmss.
func pulledTime(s string) string {
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return Timestamp(t)
	}
	if t, err := time.ParseInLocation("2006-01-02 15:04:05", s, nairobi); err == nil {
		return Timestamp(t)
	}
	return s
}
