// Package mpesa is a client for Safaricom's Daraja API (M-Pesa Express, "STK
// Push"): OAuth tokens, the push, the query, and the callback Daraja posts
// back. It also holds a simulator that speaks the same HTTP protocol, so the
// shop's development mode and its tests exercise this very client.
package mpesa

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// nairobi is East Africa Time. Daraja wants timestamps in it, whatever the
// server's own zone; Kenya keeps no daylight saving.
var nairobi = time.FixedZone("EAT", 3*60*60)

// Timestamp formats t as Daraja's YYYYMMDDHHmmss in Nairobi time.
func Timestamp(t time.Time) string { return t.In(nairobi).Format("20060102150405") }

// Password is base64(shortcode + passkey + timestamp), the STK password.
func Password(shortCode, passkey, timestamp string) string {
	return base64.StdEncoding.EncodeToString([]byte(shortCode + passkey + timestamp))
}

// msisdn is the phone number form Daraja accepts.
var msisdn = regexp.MustCompile(`^254(7\d|1[01])\d{7}$`)

// Error is an error answer from Daraja, keeping its errorCode.
type Error struct {
	HTTPStatus int
	Code       string
	Message    string
}

func (e *Error) Error() string {
	return fmt.Sprintf("daraja %d %s: %s", e.HTTPStatus, e.Code, e.Message)
}

// tokenErrors are the codes after which a fresh token is worth one retry.
var tokenErrors = map[string]bool{"404.001.03": true, "401.002.01": true, "400.003.01": true}

// Result codes with a meaning the shop acts on.
const (
	ResultSuccess           = 0
	ResultInsufficientFunds = 1
	ResultDuplicate         = 17
	ResultBusy              = 26
	ResultSessionOpen       = 1001
	ResultExpired           = 1019
	ResultPushFailed        = 1025
	ResultCancelled         = 1032
	ResultUnreachable       = 1037
	ResultWrongPIN          = 2001
	ResultSystemError       = 9999
	// ResultStillProcessing is the reported 200 answer of a query on a push
	// the customer has not answered yet.
	ResultStillProcessing = 4999
)

// CustomerMessage says what a result code means, in words a farmer understands.
func CustomerMessage(code int) string {
	switch code {
	case ResultSuccess:
		return "Payment received"
	case ResultInsufficientFunds:
		return "Not enough money in your M-Pesa account"
	case ResultDuplicate, ResultBusy:
		return "M-Pesa is busy right now"
	case ResultSessionOpen:
		return "Another M-Pesa payment is open on your phone"
	case ResultExpired:
		return "The payment request expired"
	case ResultPushFailed, ResultSystemError:
		return "We could not reach your phone"
	case ResultCancelled:
		return "You cancelled the payment on your phone"
	case ResultUnreachable:
		return "Your phone did not answer: is it on and in signal?"
	case ResultWrongPIN:
		return "The M-Pesa PIN was wrong"
	}
	return "Payment failed. Please try again."
}

// CustomerAdvice says what to do next after a failed payment, shown under
// CustomerMessage (docs/payments.md section 6).
func CustomerAdvice(code int) string {
	switch code {
	case ResultSuccess:
		return ""
	case ResultInsufficientFunds:
		return "Top up your M-Pesa (your Fuliza limit counts too), then try again, or pay by Paybill below."
	case ResultDuplicate, ResultBusy:
		return "Wait a minute, then try again."
	case ResultSessionOpen:
		return "Finish or close the other M-Pesa payment, then try again in a minute."
	case ResultExpired:
		return "The request on your phone timed out. Try again, or pay by Paybill below."
	case ResultPushFailed, ResultSystemError:
		return "Try again in a moment, or pay by Paybill below."
	case ResultCancelled:
		return "Try again when you are ready, or pay by Paybill below."
	case ResultUnreachable:
		return "Check your phone is on and has signal. Dial *234# to refresh your SIM, then try again, or pay by Paybill below."
	case ResultWrongPIN:
		return "Try again and enter your M-Pesa PIN carefully."
	}
	return "Try again, or pay by Paybill below."
}

// flexInt decodes a JSON number or a string holding one: Daraja sends both.
type flexInt int64

func (f *flexInt) UnmarshalJSON(b []byte) error {
	s := strings.Trim(strings.TrimSpace(string(b)), `"`)
	if s == "" || s == "null" {
		*f = 0
		return nil
	}
	if v, err := strconv.ParseInt(s, 10, 64); err == nil {
		*f = flexInt(v)
		return nil
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return fmt.Errorf("not a number: %s", b)
	}
	*f = flexInt(v)
	return nil
}

// flexString decodes a JSON string or number as text.
type flexString string

func (f *flexString) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*f = flexString(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return err
	}
	*f = flexString(n.String())
	return nil
}

// CallbackResult is what a Daraja callback says about one push.
type CallbackResult struct {
	MerchantRequestID string
	CheckoutRequestID string
	ResultCode        int
	ResultDesc        string
	// AmountCents, Receipt and Phone come only with a success.
	AmountCents int64
	Receipt     string
	Phone       string
}

// ParseCallback reads the body Daraja posts to the callback URL. Metadata
// items are found by name, not position, and their values decoded loosely.
func ParseCallback(body []byte) (CallbackResult, error) {
	var in struct {
		Body struct {
			StkCallback struct {
				MerchantRequestID string     `json:"MerchantRequestID"`
				CheckoutRequestID string     `json:"CheckoutRequestID"`
				ResultCode        flexInt    `json:"ResultCode"`
				ResultDesc        flexString `json:"ResultDesc"`
				CallbackMetadata  struct {
					Item []struct {
						Name  string          `json:"Name"`
						Value json.RawMessage `json:"Value"`
					} `json:"Item"`
				} `json:"CallbackMetadata"`
			} `json:"stkCallback"`
		} `json:"Body"`
	}
	if err := json.Unmarshal(body, &in); err != nil {
		return CallbackResult{}, fmt.Errorf("parse callback: %w", err)
	}
	cb := in.Body.StkCallback
	if cb.CheckoutRequestID == "" {
		return CallbackResult{}, fmt.Errorf("parse callback: no CheckoutRequestID")
	}
	res := CallbackResult{MerchantRequestID: cb.MerchantRequestID, CheckoutRequestID: cb.CheckoutRequestID,
		ResultCode: int(cb.ResultCode), ResultDesc: string(cb.ResultDesc)}
	for _, it := range cb.CallbackMetadata.Item {
		if len(it.Value) == 0 {
			continue
		}
		switch it.Name {
		case "Amount":
			var n json.Number
			s := strings.Trim(string(it.Value), `"`)
			n = json.Number(s)
			f, err := n.Float64()
			if err != nil {
				return CallbackResult{}, fmt.Errorf("parse callback amount %s: %w", it.Value, err)
			}
			res.AmountCents = int64(f*100 + 0.5)
		case "MpesaReceiptNumber":
			var s flexString
			if err := json.Unmarshal(it.Value, &s); err == nil {
				res.Receipt = string(s)
			}
		case "PhoneNumber":
			var s flexString
			if err := json.Unmarshal(it.Value, &s); err == nil {
				res.Phone = string(s)
			}
		}
	}
	return res, nil
}
