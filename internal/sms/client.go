// Package sms sends text messages to farmers' phones through Africa's
// Talking: a queue in the database (table sms_messages, this package's own)
// and a worker that sends each message once, with retries on the gateway's
// 5xx and network errors and never on a refusal. docs/notifications.md has
// the protocol and the messages.
package sms

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Result is what the gateway said of one recipient.
type Result struct {
	// Code is Africa's Talking's statusCode: 100-102 sent; 401 risk hold,
	// 402 invalid sender ID, 403 invalid number, 404 unsupported number
	// type, 405 insufficient balance, 406 blacklisted, 407 could not route,
	// 409 do-not-disturb, 500-503 the gateway's own failures.
	Code      int
	Status    string
	MessageID string
	Cost      string
}

// Sent reports whether the gateway took the message.
func (r Result) Sent() bool { return r.Code >= 100 && r.Code <= 102 }

// Retry reports whether a failure is the gateway's own and worth another try.
func (r Result) Retry() bool { return r.Code >= 500 }

// Gateway sends one message to one phone number (+2547XXXXXXXX).
type Gateway interface {
	Send(ctx context.Context, to, message string) (Result, error)
}

// TemporaryError is a failure worth retrying: the network, or a 5xx answer.
type TemporaryError struct{ Err error }

func (e *TemporaryError) Error() string { return "sms gateway: " + e.Err.Error() }
func (e *TemporaryError) Unwrap() error { return e.Err }

// Config is an Africa's Talking account.
type Config struct {
	// BaseURL is https://api.africastalking.com, or the sandbox
	// https://api.sandbox.africastalking.com (username "sandbox").
	BaseURL  string
	Username string
	APIKey   string
	// SenderID is the registered alphanumeric sender, or "" for the shared one.
	SenderID string
}

// Client is the Africa's Talking SMS API client.
type Client struct {
	cfg  Config
	http *http.Client
}

// NewClient returns a client; a nil httpClient gets a 20-second timeout.
func NewClient(cfg Config, httpClient *http.Client) *Client {
	if httpClient == nil {
		httpClient = &http.Client{Timeout: 20 * time.Second}
	}
	cfg.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	return &Client{cfg: cfg, http: httpClient}
}

// Send posts one message: POST {base}/version1/messaging, form-encoded,
// with the apiKey header. A 4xx answer is a refusal (not retried); a 5xx or
// a network error is a *TemporaryError.
func (c *Client) Send(ctx context.Context, to, message string) (Result, error) {
	form := url.Values{"username": {c.cfg.Username}, "to": {to}, "message": {message}}
	if c.cfg.SenderID != "" {
		form.Set("from", c.cfg.SenderID)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.cfg.BaseURL+"/version1/messaging", strings.NewReader(form.Encode()))
	if err != nil {
		return Result{}, err
	}
	req.Header.Set("apiKey", c.cfg.APIKey)
	req.Header.Set("Accept", "application/json")
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := c.http.Do(req)
	if err != nil {
		return Result{}, &TemporaryError{err}
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
	if err != nil {
		return Result{}, &TemporaryError{err}
	}
	if resp.StatusCode >= 500 {
		return Result{}, &TemporaryError{fmt.Errorf("%d %s", resp.StatusCode, strings.TrimSpace(string(body)))}
	}
	if resp.StatusCode >= 400 {
		return Result{Code: resp.StatusCode, Status: strings.TrimSpace(string(body))}, nil
	}
	var out struct {
		SMSMessageData struct {
			Message    string `json:"Message"`
			Recipients []struct {
				StatusCode int    `json:"statusCode"`
				Number     string `json:"number"`
				Status     string `json:"status"`
				Cost       string `json:"cost"`
				MessageID  string `json:"messageId"`
			} `json:"Recipients"`
		} `json:"SMSMessageData"`
	}
	if err := json.Unmarshal(body, &out); err != nil {
		return Result{}, &TemporaryError{fmt.Errorf("unreadable answer: %w", err)}
	}
	if len(out.SMSMessageData.Recipients) == 0 {
		// No recipient: the gateway refused the request as a whole.
		return Result{Code: 400, Status: out.SMSMessageData.Message}, nil
	}
	r := out.SMSMessageData.Recipients[0]
	res := Result{Code: r.StatusCode, Status: r.Status, MessageID: r.MessageID, Cost: r.Cost}
	if res.Retry() {
		return res, &TemporaryError{errors.New(r.Status)}
	}
	return res, nil
}
