package mpesa

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// Config is what a Daraja account needs. Paths are configurable because
// some accounts use /v2/ paths.
type Config struct {
	BaseURL        string // https://sandbox.safaricom.co.ke or https://api.safaricom.co.ke
	ConsumerKey    string
	ConsumerSecret string
	ShortCode      string // the paybill (or the store number of a till)
	Passkey        string
	// TransactionType is CustomerPayBillOnline (paybill) or CustomerBuyGoodsOnline (till).
	TransactionType string
	// PartyB is the till number for buy goods; the short code for a paybill.
	PartyB    string
	TokenPath string
	PushPath  string
	QueryPath string
	// RegisterPath registers the C2B URLs; some accounts were told to use v1.
	RegisterPath string
	PullPath     string
	// Initiator makes the money-out requests; without one they fail with
	// ErrNoInitiator.
	Initiator Initiator
	MoneyOut  MoneyOutPaths
}

func (c *Config) defaults() {
	if c.TransactionType == "" {
		c.TransactionType = "CustomerPayBillOnline"
	}
	if c.PartyB == "" {
		c.PartyB = c.ShortCode
	}
	if c.TokenPath == "" {
		c.TokenPath = "/oauth/v1/generate?grant_type=client_credentials"
	}
	if c.PushPath == "" {
		c.PushPath = "/mpesa/stkpush/v1/processrequest"
	}
	if c.QueryPath == "" {
		c.QueryPath = "/mpesa/stkpushquery/v1/query"
	}
	if c.RegisterPath == "" {
		c.RegisterPath = "/mpesa/c2b/v2/registerurl"
	}
	if c.PullPath == "" {
		c.PullPath = "/pulltransactions/v1/query"
	}
	if c.Initiator.ShortCode == "" {
		c.Initiator.ShortCode = c.ShortCode
	}
	c.MoneyOut.defaults()
}

// Client talks to Daraja. It is safe for concurrent use and keeps one shared
// access token: Daraja invalidates the previous token when a new one is
// issued, so only one refresher runs at a time, and early.
type Client struct {
	cfg  Config
	http *http.Client
	now  func() time.Time

	mu      sync.Mutex
	token   string
	expires time.Time
}

// NewClient returns a client for cfg. A nil httpClient gets a 30-second timeout.
func NewClient(cfg Config, httpClient *http.Client) *Client {
	cfg.defaults()
	if httpClient == nil {
		httpClient = &http.Client{Timeout: 30 * time.Second}
	}
	return &Client{cfg: cfg, http: httpClient, now: time.Now}
}

// tokenEarly is how long before its stated expiry a token is replaced.
const tokenEarly = 5 * time.Minute

func (c *Client) accessToken(ctx context.Context, stale string) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.token != "" && c.token != stale && c.now().Before(c.expires) {
		return c.token, nil
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.cfg.BaseURL+c.cfg.TokenPath, nil)
	if err != nil {
		return "", err
	}
	req.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(c.cfg.ConsumerKey+":"+c.cfg.ConsumerSecret)))
	var out struct {
		AccessToken string     `json:"access_token"`
		ExpiresIn   flexString `json:"expires_in"`
	}
	if err := c.do(req, &out); err != nil {
		return "", fmt.Errorf("daraja token: %w", err)
	}
	if out.AccessToken == "" {
		return "", errors.New("daraja token: empty access_token")
	}
	secs, err := strconv.Atoi(string(out.ExpiresIn))
	if err != nil || secs <= 0 {
		secs = 3599
	}
	life := time.Duration(secs) * time.Second
	if life > 2*tokenEarly {
		life -= tokenEarly
	} else {
		life /= 2
	}
	c.token, c.expires = out.AccessToken, c.now().Add(life)
	return c.token, nil
}

// post sends body to path with a bearer token, refreshing the token once and
// retrying once when Daraja says the token is bad.
func (c *Client) post(ctx context.Context, path string, body any, out any) error {
	payload, err := json.Marshal(body)
	if err != nil {
		return err
	}
	stale := ""
	for attempt := 0; ; attempt++ {
		token, err := c.accessToken(ctx, stale)
		if err != nil {
			return err
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.cfg.BaseURL+path, bytes.NewReader(payload))
		if err != nil {
			return err
		}
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "application/json")
		err = c.do(req, out)
		var de *Error
		if attempt == 0 && errors.As(err, &de) && tokenErrors[de.Code] {
			stale = token
			continue
		}
		return err
	}
}

// do sends req and decodes a 2xx answer into out, or returns *Error.
func (c *Client) do(req *http.Request, out any) error {
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode/100 != 2 {
		var e struct {
			ErrorCode    string `json:"errorCode"`
			ErrorMessage string `json:"errorMessage"`
		}
		_ = json.Unmarshal(b, &e)
		if e.ErrorMessage == "" {
			e.ErrorMessage = http.StatusText(resp.StatusCode)
		}
		return &Error{HTTPStatus: resp.StatusCode, Code: e.ErrorCode, Message: e.ErrorMessage}
	}
	if err := json.Unmarshal(b, out); err != nil {
		return fmt.Errorf("decode daraja answer: %w", err)
	}
	return nil
}

// PushRequest asks a customer's phone to approve a payment.
type PushRequest struct {
	Phone       string // 2547XXXXXXXX or 2541XXXXXXXX
	Amount      int64  // whole shillings, 1 to 250,000
	Reference   string // AccountReference, at most 12 characters
	Description string // TransactionDesc, at most 13 characters
	CallbackURL string
}

// PushResponse is Daraja's acceptance of a push.
type PushResponse struct {
	MerchantRequestID string
	CheckoutRequestID string
	CustomerMessage   string
}

// STKPush sends an STK push. An accepted push answers later, by callback or query.
func (c *Client) STKPush(ctx context.Context, p PushRequest) (PushResponse, error) {
	body := c.signed(map[string]any{
		"TransactionType":  c.cfg.TransactionType,
		"Amount":           p.Amount,
		"PartyA":           p.Phone,
		"PartyB":           c.cfg.PartyB,
		"PhoneNumber":      p.Phone,
		"CallBackURL":      p.CallbackURL,
		"AccountReference": truncate(p.Reference, 12),
		"TransactionDesc":  truncate(p.Description, 13),
	})
	var out struct {
		MerchantRequestID   string     `json:"MerchantRequestID"`
		CheckoutRequestID   string     `json:"CheckoutRequestID"`
		ResponseCode        flexString `json:"ResponseCode"`
		ResponseDescription string     `json:"ResponseDescription"`
		CustomerMessage     string     `json:"CustomerMessage"`
	}
	if err := c.post(ctx, c.cfg.PushPath, body, &out); err != nil {
		return PushResponse{}, err
	}
	if out.ResponseCode != "0" || out.CheckoutRequestID == "" {
		return PushResponse{}, &Error{HTTPStatus: http.StatusOK, Code: string(out.ResponseCode), Message: out.ResponseDescription}
	}
	return PushResponse{MerchantRequestID: out.MerchantRequestID, CheckoutRequestID: out.CheckoutRequestID, CustomerMessage: out.CustomerMessage}, nil
}

// signed adds the short code, the Nairobi timestamp and the Password made
// from them, which every STK request carries, to fields.
func (c *Client) signed(fields map[string]any) map[string]any {
	ts := Timestamp(c.now())
	fields["BusinessShortCode"] = c.cfg.ShortCode
	fields["Password"] = Password(c.cfg.ShortCode, c.cfg.Passkey, ts)
	fields["Timestamp"] = ts
	return fields
}

// QueryResult is what an STK query learnt. Pending means no final answer yet.
type QueryResult struct {
	Pending    bool
	ResultCode int
	ResultDesc string
}

// STKQuery asks how a push ended. "Still processing" in either of its forms,
// Daraja's busy answers and unknown codes read as pending: only a known final
// code ends a payment.
func (c *Client) STKQuery(ctx context.Context, checkoutRequestID string) (QueryResult, error) {
	body := c.signed(map[string]any{"CheckoutRequestID": checkoutRequestID})
	var out struct {
		ResponseCode flexString `json:"ResponseCode"`
		ResultCode   *flexInt   `json:"ResultCode"`
		ResultDesc   flexString `json:"ResultDesc"`
	}
	err := c.post(ctx, c.cfg.QueryPath, body, &out)
	var de *Error
	if errors.As(err, &de) && (de.Code == "500.001.1001" || de.HTTPStatus >= 500) {
		return QueryResult{Pending: true, ResultDesc: de.Message}, nil
	}
	if err != nil {
		return QueryResult{}, err
	}
	if out.ResultCode == nil {
		return QueryResult{Pending: true, ResultDesc: string(out.ResultDesc)}, nil
	}
	code := int(*out.ResultCode)
	if !isFinal(code) {
		return QueryResult{Pending: true, ResultCode: code, ResultDesc: string(out.ResultDesc)}, nil
	}
	return QueryResult{ResultCode: code, ResultDesc: string(out.ResultDesc)}, nil
}

// isFinal lists the codes known to end a push.
func isFinal(code int) bool {
	switch code {
	case ResultSuccess, ResultInsufficientFunds, ResultDuplicate, ResultBusy, ResultSessionOpen, ResultExpired, ResultPushFailed,
		ResultCancelled, ResultUnreachable, ResultWrongPIN, ResultSystemError, 2002, 2006, 2028, 2029, 8006:
		return true
	}
	return false
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		return string(r[:n])
	}
	return s
}
