package mpesa

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
)

// Money out: B2C payments, reversals, and the two queries that go with them
// (Transaction Status, Account Balance). All four are asynchronous: Daraja
// accepts the request, then posts the result to the ResultURL (or calls the
// QueueTimeOutURL). docs/payments.md section 12 has the protocol.

// Initiator is the API operator money-out requests are made as, with the
// certificate its password is encrypted with.
type Initiator struct {
	Name     string
	Password string
	// Certificate is M-Pesa's X.509 public-key certificate (PEM or DER)
	// for the environment: sandbox and production differ.
	Certificate []byte
	// ShortCode pays the B2C payments; the paybill itself for a "one
	// account" paybill.
	ShortCode string
}

// SecurityCredential is the initiator's password encrypted with M-Pesa's
// certificate (RSA, PKCS #1 v1.5, not OAEP) and base64-encoded. The raw
// password is encrypted, not its base64 form. The padding is random, so
// each call gives a different text; any of them serves.
func SecurityCredential(password string, certificate []byte) (string, error) {
	key, err := certificateKey(certificate)
	if err != nil {
		return "", err
	}
	out, err := rsa.EncryptPKCS1v15(rand.Reader, key, []byte(password))
	if err != nil {
		return "", fmt.Errorf("encrypt initiator password: %w", err)
	}
	return base64.StdEncoding.EncodeToString(out), nil
}

func certificateKey(certificate []byte) (*rsa.PublicKey, error) {
	der := certificate
	if b, _ := pem.Decode(certificate); b != nil {
		der = b.Bytes
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, fmt.Errorf("read M-Pesa certificate: %w", err)
	}
	key, ok := cert.PublicKey.(*rsa.PublicKey)
	if !ok {
		return nil, errors.New("read M-Pesa certificate: not an RSA key")
	}
	return key, nil
}

// CheckCertificate reports whether certificate can encrypt a credential.
func CheckCertificate(certificate []byte) error {
	_, err := certificateKey(certificate)
	return err
}

// MoneyOutPaths are where the money-out requests go.
type MoneyOutPaths struct {
	B2C, Reversal, Status, Balance string
}

func (p *MoneyOutPaths) defaults() {
	if p.B2C == "" {
		p.B2C = "/mpesa/b2c/v3/paymentrequest"
	}
	if p.Reversal == "" {
		p.Reversal = "/mpesa/reversal/v1/request"
	}
	if p.Status == "" {
		p.Status = "/mpesa/transactionstatus/v1/query"
	}
	if p.Balance == "" {
		p.Balance = "/mpesa/accountbalance/v1/query"
	}
}

// Accepted is Daraja's synchronous acceptance of a money-out request.
type Accepted struct {
	OriginatorConversationID string
	ConversationID           string
}

// ErrNoInitiator says money-out requests have no initiator configured.
var ErrNoInitiator = errors.New("mpesa: no initiator configured")

// DuplicateOriginator is the code of a re-used OriginatorConversationID:
// the first request with it reached M-Pesa.
const DuplicateOriginator = "500.002.1001"

// IsDuplicate reports whether err is Daraja refusing a re-used
// OriginatorConversationID.
func IsDuplicate(err error) bool {
	var de *Error
	return errors.As(err, &de) && de.Code == DuplicateOriginator
}

// IsRefusal reports whether err is Daraja refusing the request itself (a
// 4xx answer other than a token error): nothing was taken for processing.
// Anything else (a network error, a 5xx, a time-out) may have reached it.
func IsRefusal(err error) bool {
	var de *Error
	return errors.As(err, &de) && de.HTTPStatus >= 400 && de.HTTPStatus < 500 && !tokenErrors[de.Code]
}

// Replies are where Daraja posts a money-out request's result, and where it
// says the request timed out in its queue.
type Replies struct {
	ResultURL, TimeoutURL string
}

// B2CRequest is money sent to a customer's M-Pesa.
type B2CRequest struct {
	// OriginatorID is the request's own id: Daraja refuses a second request
	// with it, so one id can never pay twice.
	OriginatorID string
	Phone        string // 2547XXXXXXXX or 2541XXXXXXXX
	Amount       int64  // whole shillings, 10 to 250,000
	Remarks      string // 2 to 100 characters
	Occasion     string
	Replies
}

// B2C limits per payment, in whole shillings.
const (
	B2CMin = 10
	B2CMax = 250_000
)

// B2C sends a BusinessPayment.
func (c *Client) B2C(ctx context.Context, r B2CRequest) (Accepted, error) {
	cred, err := c.credential()
	if err != nil {
		return Accepted{}, err
	}
	body := map[string]any{
		"OriginatorConversationID": r.OriginatorID,
		"InitiatorName":            c.cfg.Initiator.Name,
		"SecurityCredential":       cred,
		"CommandID":                "BusinessPayment",
		"Amount":                   r.Amount,
		"PartyA":                   c.cfg.Initiator.ShortCode,
		"PartyB":                   r.Phone,
		"Remarks":                  remarks(r.Remarks),
		"QueueTimeOutURL":          r.TimeoutURL,
		"ResultURL":                r.ResultURL,
		"Occassion":                truncate(r.Occasion, 100), // Daraja's spelling
	}
	return c.moneyOut(ctx, c.cfg.MoneyOut.B2C, body)
}

// ReversalRequest reverses a payment the short code received.
type ReversalRequest struct {
	// OriginatorID is the request's own id, as for B2C; M-Pesa answers
	// with its own when it ignores it.
	OriginatorID string
	Receipt      string // the M-Pesa receipt of the payment
	Amount       int64  // whole shillings
	Remarks      string
	Replies
}

// Reversal asks M-Pesa to send a received payment back to its payer.
func (c *Client) Reversal(ctx context.Context, r ReversalRequest) (Accepted, error) {
	cred, err := c.credential()
	if err != nil {
		return Accepted{}, err
	}
	body := map[string]any{
		"OriginatorConversationID": r.OriginatorID,
		"Initiator":                c.cfg.Initiator.Name,
		"SecurityCredential":       cred,
		"CommandID":                "TransactionReversal",
		"TransactionID":            r.Receipt,
		"Amount":                   r.Amount,
		"ReceiverParty":            c.cfg.ShortCode,
		"RecieverIdentifierType":   "11", // Daraja's spelling
		"ResultURL":                r.ResultURL,
		"QueueTimeOutURL":          r.TimeoutURL,
		"Remarks":                  remarks(r.Remarks),
	}
	return c.moneyOut(ctx, c.cfg.MoneyOut.Reversal, body)
}

// TransactionStatus asks how a transaction ended, by the
// OriginatorConversationID it was sent with (or by receipt when
// originatorID is empty). The answer comes to r's ResultURL.
func (c *Client) TransactionStatus(ctx context.Context, originatorID, receipt string, r Replies) (Accepted, error) {
	cred, err := c.credential()
	if err != nil {
		return Accepted{}, err
	}
	body := map[string]any{
		"Initiator":          c.cfg.Initiator.Name,
		"SecurityCredential": cred,
		"CommandID":          "TransactionStatusQuery",
		"PartyA":             c.cfg.Initiator.ShortCode,
		"IdentifierType":     "4",
		"ResultURL":          r.ResultURL,
		"QueueTimeOutURL":    r.TimeoutURL,
		"Remarks":            "Refund status",
		"Occasion":           "",
	}
	if originatorID != "" {
		body["OriginalConversationID"] = originatorID
	} else {
		body["TransactionID"] = receipt
	}
	return c.moneyOut(ctx, c.cfg.MoneyOut.Status, body)
}

// AccountBalance asks for the short code's balances; the answer comes to
// r's ResultURL.
func (c *Client) AccountBalance(ctx context.Context, r Replies) (Accepted, error) {
	cred, err := c.credential()
	if err != nil {
		return Accepted{}, err
	}
	body := map[string]any{
		"Initiator":          c.cfg.Initiator.Name,
		"SecurityCredential": cred,
		"CommandID":          "AccountBalance",
		"PartyA":             c.cfg.Initiator.ShortCode,
		"IdentifierType":     "4",
		"Remarks":            "Float check",
		"QueueTimeOutURL":    r.TimeoutURL,
		"ResultURL":          r.ResultURL,
	}
	return c.moneyOut(ctx, c.cfg.MoneyOut.Balance, body)
}

// CanSendMoney reports whether the client has an initiator for money out.
func (c *Client) CanSendMoney() bool {
	return c.cfg.Initiator.Name != "" && c.cfg.Initiator.Password != "" && len(c.cfg.Initiator.Certificate) > 0
}

func (c *Client) credential() (string, error) {
	if !c.CanSendMoney() {
		return "", ErrNoInitiator
	}
	return SecurityCredential(c.cfg.Initiator.Password, c.cfg.Initiator.Certificate)
}

func (c *Client) moneyOut(ctx context.Context, path string, body map[string]any) (Accepted, error) {
	var out struct {
		OriginatorConversationID string     `json:"OriginatorConversationID"`
		ConversationID           string     `json:"ConversationID"`
		ResponseCode             flexString `json:"ResponseCode"`
		ResponseDescription      string     `json:"ResponseDescription"`
	}
	if err := c.post(ctx, path, body, &out); err != nil {
		return Accepted{}, err
	}
	if out.ResponseCode != "0" {
		return Accepted{}, &Error{HTTPStatus: http.StatusBadRequest, Code: string(out.ResponseCode), Message: out.ResponseDescription}
	}
	return Accepted{OriginatorConversationID: out.OriginatorConversationID, ConversationID: out.ConversationID}, nil
}

// remarks keeps Remarks within Daraja's 2 to 100 characters.
func remarks(s string) string {
	s = truncate(strings.TrimSpace(s), 100)
	if len([]rune(s)) < 2 {
		return "Refund"
	}
	return s
}

// Result is what Daraja posts to a ResultURL (or, as far as anyone has
// seen, to a QueueTimeOutURL).
type Result struct {
	// Code is the ResultCode as text: 0, 2001, "R000002", "SFC_IC0003".
	Code                     string
	Desc                     string
	OriginatorConversationID string
	ConversationID           string
	TransactionID            string
	// Params are the ResultParameters by key; a key given twice (the
	// status query's DebitPartyName) keeps both values, in order.
	Params map[string][]string
}

// OK reports whether the result says the request succeeded.
func (r Result) OK() bool { return r.Code == "0" }

// Param is the first value of key, "" without it.
func (r Result) Param(key string) string {
	if v := r.Params[key]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// ParseResult reads a result body, forgiving Safaricom's own samples: codes
// as numbers or text, values as numbers or strings or missing, one
// parameter where a list was expected, keys written with spaces.
func ParseResult(body []byte) (Result, error) {
	var in struct {
		Result struct {
			ResultCode               flexString      `json:"ResultCode"`
			ResultDesc               flexString      `json:"ResultDesc"`
			OriginatorConversationID flexString      `json:"OriginatorConversationID"`
			ConversationID           flexString      `json:"ConversationID"`
			TransactionID            flexString      `json:"TransactionID"`
			ResultParameters         json.RawMessage `json:"ResultParameters"`
		} `json:"Result"`
	}
	if err := json.Unmarshal(body, &in); err != nil {
		return Result{}, fmt.Errorf("parse result: %w", err)
	}
	r := in.Result
	res := Result{Code: strings.TrimSpace(string(r.ResultCode)), Desc: string(r.ResultDesc),
		OriginatorConversationID: string(r.OriginatorConversationID), ConversationID: string(r.ConversationID),
		TransactionID: string(r.TransactionID), Params: map[string][]string{}}
	if res.OriginatorConversationID == "" && res.ConversationID == "" {
		return Result{}, errors.New("parse result: no conversation id")
	}
	if len(r.ResultParameters) > 0 && string(r.ResultParameters) != "null" {
		var holder struct {
			ResultParameter json.RawMessage `json:"ResultParameter"`
		}
		if err := json.Unmarshal(r.ResultParameters, &holder); err != nil {
			return Result{}, fmt.Errorf("parse result parameters: %w", err)
		}
		type kv struct {
			Key   string          `json:"Key"`
			Value json.RawMessage `json:"Value"`
		}
		var list []kv
		if err := json.Unmarshal(holder.ResultParameter, &list); err != nil {
			var one kv
			if err := json.Unmarshal(holder.ResultParameter, &one); err != nil {
				return Result{}, fmt.Errorf("parse result parameters: %w", err)
			}
			list = []kv{one}
		}
		for _, p := range list {
			var v flexString
			if len(p.Value) > 0 {
				_ = json.Unmarshal(p.Value, &v)
			}
			key := strings.ReplaceAll(p.Key, " ", "")
			res.Params[key] = append(res.Params[key], string(v))
		}
	}
	return res, nil
}

// ResultText says what a money-out result code means, in plain words for
// the back office (docs/payments.md section 12).
func ResultText(code, desc string) string {
	switch code {
	case "0":
		return "Sent"
	case "1":
		return "Not enough money in the Utility account: move money to the Utility account first"
	case "2":
		return "Below M-Pesa's minimum of Ksh 10"
	case "3":
		return "Above M-Pesa's maximum of Ksh 250,000"
	case "4":
		return "Over the short code's daily limit"
	case "8":
		return "The customer's M-Pesa account is at its maximum balance"
	case "11", "2006":
		return "The B2C account is not active"
	case "21":
		return "The initiator lacks the role for this request"
	case "2001":
		return "Wrong initiator credentials: check the initiator name, password and certificate"
	case "2028":
		return "The short code is not permitted to make this request"
	case "2040":
		return "The number is not a registered M-Pesa customer"
	case "8006":
		return "The initiator's credentials are locked: ask the Business Administrator to unlock them"
	case "SFC_IC0003":
		return "The number is not on M-Pesa"
	case "R000001":
		return "This payment was already reversed"
	case "R000002":
		return "M-Pesa does not know this receipt"
	}
	if desc = strings.TrimSpace(desc); desc != "" {
		return desc
	}
	return "M-Pesa answered with code " + code
}

// Balance is one account's line in an Account Balance result.
type Balance struct {
	Name      string
	Available int64 // cents
}

// ParseBalances reads an AccountBalance value: accounts joined by "&",
// each "Name|KES|available|uncleared|reserved|…".
func ParseBalances(s string) []Balance {
	var out []Balance
	for _, acc := range strings.Split(s, "&") {
		f := strings.Split(acc, "|")
		if len(f) < 3 {
			continue
		}
		cents, err := parseSigned(f[2])
		if err != nil {
			continue
		}
		out = append(out, Balance{Name: strings.TrimSpace(f[0]), Available: cents})
	}
	return out
}

func parseSigned(s string) (int64, error) {
	s = strings.TrimSpace(s)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	whole, frac, _ := strings.Cut(s, ".")
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return 0, err
	}
	f, err := strconv.ParseInt((frac + "00")[:2], 10, 64)
	if err != nil {
		return 0, err
	}
	if neg {
		return -(w*100 + f), nil
	}
	return w*100 + f, nil
}
