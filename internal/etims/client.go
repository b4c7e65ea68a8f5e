package etims

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"
)

// The OSCU paths the shop calls (docs/etims.md, "Two API styles").
const (
	pathInit    = "/selectInitOsdcInfo"
	pathItem    = "/saveItem"
	pathSales   = "/saveTrnsSalesOsdc"
	pathStockIO = "/insertStockIO"
)

// gavaPaths are GavaConnect's names for the same calls.
var gavaPaths = map[string]string{pathInit: "/initialize", pathSales: "/sendSalesTransaction", pathStockIO: "/insert/stockIO",
	pathItem: "/saveItem"}

// ClientConfig is where KRA's OSCU is and who the shop is there.
type ClientConfig struct {
	// BaseURL is the API's base, without the trailing slash.
	BaseURL string
	// Style is "direct" or "gavaconnect".
	Style string
	// ConsumerKey and ConsumerSecret fetch GavaConnect's token.
	ConsumerKey, ConsumerSecret string
	// TokenURL is GavaConnect's token endpoint; empty: the sandbox's.
	TokenURL string
	TIN      string
	Branch   string
}

// Client speaks to KRA's OSCU. Its calls return KRA's reply; an error is a
// failure to get one (the network, KRA's gateway), which is worth a retry.
type Client struct {
	cfg  ClientConfig
	http *http.Client

	mu      sync.Mutex
	token   string
	expires time.Time
}

// NewClient returns a client; hc nil uses one that waits 60 s per call, as
// KRA's congestion needs (docs/etims.md).
func NewClient(cfg ClientConfig, hc *http.Client) *Client {
	if hc == nil {
		hc = &http.Client{Timeout: 60 * time.Second}
	}
	if cfg.TokenURL == "" {
		cfg.TokenURL = "https://sbx.kra.go.ke/v1/token/generate?grant_type=client_credentials"
	}
	return &Client{cfg: cfg, http: hc}
}

// Branch is the branch the client speaks for.
func (c *Client) Branch() string { return c.cfg.Branch }

// TIN is the PIN the client speaks for.
func (c *Client) TIN() string { return c.cfg.TIN }

// ErrTransient wraps a failure to reach KRA or read its answer.
var ErrTransient = errors.New("eTIMS unreachable")

// Initialize asks for the device's details: its SCU id and cmcKey.
func (c *Client) Initialize(ctx context.Context, serial string) (InitInfo, Reply, error) {
	rep, err := c.call(ctx, pathInit, "", InitRequest{TIN: c.cfg.TIN, BhfID: c.cfg.Branch, DvcSrlNo: serial})
	var info struct {
		Info InitInfo `json:"info"`
	}
	if err == nil && (rep.ResultCd == CodeOK || rep.ResultCd == CodeInstalled) && len(rep.Data) > 0 {
		if jerr := json.Unmarshal(rep.Data, &info); jerr != nil {
			return info.Info, rep, fmt.Errorf("%w: initialise: %v", ErrTransient, jerr)
		}
	}
	return info.Info, rep, err
}

// SaveItem registers or changes an item.
func (c *Client) SaveItem(ctx context.Context, cmcKey string, it Item) (Reply, error) {
	return c.call(ctx, pathItem, cmcKey, it)
}

// SaveSales sends an invoice or credit note; on 000 Signed is KRA's signature.
func (c *Client) SaveSales(ctx context.Context, cmcKey string, inv Invoice) (Signed, Reply, error) {
	rep, err := c.call(ctx, pathSales, cmcKey, inv)
	var s Signed
	if err == nil && rep.ResultCd == CodeOK && len(rep.Data) > 0 {
		if jerr := json.Unmarshal(rep.Data, &s); jerr != nil {
			return s, rep, fmt.Errorf("%w: signature: %v", ErrTransient, jerr)
		}
	}
	return s, rep, err
}

// InsertStockIO reports a stock movement.
func (c *Client) InsertStockIO(ctx context.Context, cmcKey string, io StockIO) (Reply, error) {
	return c.call(ctx, pathStockIO, cmcKey, io)
}

func (c *Client) call(ctx context.Context, path, cmcKey string, body any) (Reply, error) {
	var rep Reply
	b, err := json.Marshal(body)
	if err != nil {
		return rep, err
	}
	url := c.cfg.BaseURL + path
	if c.cfg.Style == "gavaconnect" {
		url = c.cfg.BaseURL + gavaPaths[path]
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(b))
	if err != nil {
		return rep, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("tin", c.cfg.TIN)
	req.Header.Set("bhfId", c.cfg.Branch)
	if cmcKey != "" {
		req.Header.Set("cmcKey", cmcKey)
	}
	if c.cfg.Style == "gavaconnect" {
		tok, err := c.bearer(ctx)
		if err != nil {
			return rep, err
		}
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	res, err := c.http.Do(req)
	if err != nil {
		return rep, fmt.Errorf("%w: %s: %v", ErrTransient, path, err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if err != nil {
		return rep, fmt.Errorf("%w: %s: %v", ErrTransient, path, err)
	}
	if res.StatusCode >= 500 || res.StatusCode == http.StatusTooManyRequests {
		return rep, fmt.Errorf("%w: %s: HTTP %d", ErrTransient, path, res.StatusCode)
	}
	if c.cfg.Style == "gavaconnect" {
		return unwrapGava(raw, res.StatusCode)
	}
	if err := json.Unmarshal(raw, &rep); err != nil || rep.ResultCd == "" {
		return rep, fmt.Errorf("%w: %s: HTTP %d, not KRA's answer: %.200s", ErrTransient, path, res.StatusCode, raw)
	}
	return rep, nil
}

// unwrapGava reads GavaConnect's envelope; a null body with a 400 in the
// header is a refusal, whatever the HTTP status (docs/etims.md).
func unwrapGava(raw []byte, status int) (Reply, error) {
	var env struct {
		ResponseHeader struct {
			ResponseCode    any    `json:"responseCode"`
			CustomerMessage string `json:"customerMessage"`
			DebugMessage    string `json:"debugMessage"`
		} `json:"responseHeader"`
		ResponseBody *Reply `json:"responseBody"`
	}
	if err := json.Unmarshal(raw, &env); err != nil {
		return Reply{}, fmt.Errorf("%w: HTTP %d, not KRA's answer: %.200s", ErrTransient, status, raw)
	}
	if env.ResponseBody != nil && env.ResponseBody.ResultCd != "" {
		return *env.ResponseBody, nil
	}
	msg := strings.TrimSpace(env.ResponseHeader.CustomerMessage + " " + env.ResponseHeader.DebugMessage)
	if msg == "" {
		msg = fmt.Sprintf("%.200s", raw)
	}
	if status == http.StatusBadRequest || fmt.Sprint(env.ResponseHeader.ResponseCode) == "400" {
		return Reply{ResultCd: "910", ResultMsg: msg}, nil
	}
	return Reply{}, fmt.Errorf("%w: HTTP %d: %s", ErrTransient, status, msg)
}

// bearer returns GavaConnect's OAuth token, fetched again shortly before it
// expires; an empty answer (which the token endpoint sometimes gives) is a
// transient failure.
func (c *Client) bearer(ctx context.Context) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.token != "" && time.Now().Before(c.expires) {
		return c.token, nil
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.cfg.TokenURL, nil)
	if err != nil {
		return "", err
	}
	req.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(c.cfg.ConsumerKey+":"+c.cfg.ConsumerSecret)))
	res, err := c.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("%w: token: %v", ErrTransient, err)
	}
	defer res.Body.Close()
	var tok struct {
		AccessToken string `json:"access_token"`
		ExpiresIn   any    `json:"expires_in"`
	}
	if err := json.NewDecoder(io.LimitReader(res.Body, 1<<16)).Decode(&tok); err != nil || tok.AccessToken == "" {
		return "", fmt.Errorf("%w: token: HTTP %d with no token", ErrTransient, res.StatusCode)
	}
	ttl := 50 * time.Minute
	var secs int
	if _, err := fmt.Sscan(fmt.Sprint(tok.ExpiresIn), &secs); err == nil && secs > 120 {
		ttl = time.Duration(secs-60) * time.Second
	}
	c.token, c.expires = tok.AccessToken, time.Now().Add(ttl)
	return c.token, nil
}
