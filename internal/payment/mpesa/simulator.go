package mpesa

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// CallbackMode says how the simulator delivers its callbacks, so tests can
// meet what Daraja does live: one callback, two, a late one, or none.
type CallbackMode string

const (
	CallbackOnce  CallbackMode = "once"
	CallbackTwice CallbackMode = "twice"
	// CallbackLate answers queries after Delay but sends the callback only
	// after LateBy more.
	CallbackLate  CallbackMode = "late"
	CallbackNever CallbackMode = "never"
)

// Simulated phones and their outcomes (docs/architecture.md section 2); any other valid
// number approves.
var simulatedOutcomes = map[string]struct {
	code int
	desc string
}{
	"254700000001": {ResultCancelled, "Request cancelled by user"},
	"254700000002": {ResultInsufficientFunds, "The balance is insufficient for the transaction."},
	"254700000003": {ResultUnreachable, "DS timeout user cannot be reached"},
	"254700000004": {ResultWrongPIN, "The initiator information is invalid."},
	"254700000005": {ResultSessionOpen, "Unable to lock subscriber, a transaction is already in process for the current subscriber"},
	"254700000006": {ResultExpired, "DS timeout user cannot be reached"},
	"254700000007": {ResultPushFailed, "Unable to push the request"},
	"254700000008": {ResultBusy, "System busy"},
	"254700000009": {ResultDuplicate, "Duplicate request"},
	"254700000010": {ResultSystemError, "Request failed"},
}

// Simulator is a stand-in for Daraja that speaks its HTTP protocol: OAuth
// token, STK push with the Password check, STK query (pending until the
// simulated phone answers), and the callback POST to the push's CallBackURL.
type Simulator struct {
	ConsumerKey    string
	ConsumerSecret string
	ShortCode      string
	Passkey        string
	// Delay is how long the simulated phone takes to answer.
	Delay time.Duration
	Mode  CallbackMode
	// LateBy delays the callback past the answer in CallbackLate mode.
	LateBy time.Duration
	// Client posts the callbacks.
	Client *http.Client

	// delivered counts the callbacks the shop has answered.
	delivered atomic.Int64

	// ConfirmationURL and ValidationURL are where Paybill payments are
	// reported; the shop registers them (or --dev sets them directly).
	ConfirmationURL, ValidationURL string
	// confirmed counts the C2B confirmations the shop has answered.
	confirmed atomic.Int64

	// InitiatorName and InitiatorPassword are the API operator money-out
	// requests must be made as; B2COutcome picks how B2C payments end
	// (ok, fail:<code>, late, never: ParseB2COutcome), and B2CLateBy how
	// late a late result comes (30 s by default; Flush sends it at once).
	InitiatorName, InitiatorPassword string
	B2COutcome                       string
	// C2BVersion is the C2B register version the simulated app has (v2 by
	// default); the other answers 401.003.01.
	C2BVersion string
	B2CLateBy  time.Duration
	// results counts the money-out results the shop has answered.
	results atomic.Int64

	mu      sync.Mutex
	tokens  map[string]bool
	pushes  map[string]*simPush
	paybill []C2BPayment
	timers  []*time.Timer
	closed  bool
	// The money-out side: its key pair, the Utility account, what it paid
	// by originator id, in order (ledger), and late results held back.
	keys       *simKeys
	utility    int64
	utilitySet bool
	outs       map[string]*simOut
	ledger     []*simOut
	held       []func()
}

type simPush struct {
	merchantID string
	amount     int64
	phone      string
	callback   string
	code       int
	desc       string
	answerAt   time.Time
}

func (s *Simulator) init() {
	if s.tokens == nil {
		s.tokens = map[string]bool{}
		s.pushes = map[string]*simPush{}
	}
	if s.Client == nil {
		s.Client = &http.Client{Timeout: 10 * time.Second}
	}
	if s.Mode == "" {
		s.Mode = CallbackOnce
	}
}

// Close stops callbacks not yet sent.
func (s *Simulator) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	for _, t := range s.timers {
		t.Stop()
	}
}

func (s *Simulator) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.init()
	s.mu.Unlock()
	switch {
	case r.Method == http.MethodGet && strings.HasSuffix(r.URL.Path, "/oauth/v1/generate"):
		s.token(w, r)
	case r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/mpesa/stkpush/v1/processrequest"):
		s.push(w, r)
	case r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/mpesa/stkpushquery/v1/query"):
		s.query(w, r)
	case r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/mpesa/c2b/"+s.c2bVersion()+"/registerurl"):
		s.registerURLs(w, r)
	case r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/registerurl"):
		// The other version than the app's C2B product, as Daraja answers it.
		simError(w, http.StatusUnauthorized, NoProductMatch, "Invalid API call as no apiproduct match found")
	case r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/pulltransactions/v1/query"):
		s.pull(w, r)
	case r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/mpesa/b2c/v3/paymentrequest"):
		s.b2c(w, r)
	case r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/mpesa/reversal/v1/request"):
		s.reversal(w, r)
	case r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/mpesa/transactionstatus/v1/query"):
		s.transactionStatus(w, r)
	case r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/mpesa/accountbalance/v1/query"):
		s.accountBalance(w, r)
	default:
		simError(w, http.StatusNotFound, "404.001.01", "Resource not found")
	}
}

func simError(w http.ResponseWriter, status int, code, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]string{"requestId": randomID(8), "errorCode": code, "errorMessage": msg})
}

func simJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

func randomID(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func (s *Simulator) token(w http.ResponseWriter, r *http.Request) {
	if r.URL.Query().Get("grant_type") != "client_credentials" {
		simError(w, http.StatusBadRequest, "400.008.02", "Invalid grant type passed")
		return
	}
	want := "Basic " + base64.StdEncoding.EncodeToString([]byte(s.ConsumerKey+":"+s.ConsumerSecret))
	if r.Header.Get("Authorization") != want {
		simError(w, http.StatusBadRequest, "400.008.01", "Invalid Authentication passed")
		return
	}
	tok := randomID(14)
	s.mu.Lock()
	s.tokens[tok] = true
	s.mu.Unlock()
	// Live Daraja sends expires_in as a string.
	simJSON(w, map[string]string{"access_token": tok, "expires_in": "3599"})
}

func (s *Simulator) authorised(w http.ResponseWriter, r *http.Request) bool {
	tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	s.mu.Lock()
	known := s.tokens[tok]
	s.mu.Unlock()
	if !ok || !known {
		simError(w, http.StatusNotFound, "404.001.03", "Invalid Access Token")
		return false
	}
	if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
		badRequest(w, "BusinessShortCode")
		return false
	}
	return true
}

// badRequest answers as Daraja does a request with what wrong in it.
func badRequest(w http.ResponseWriter, what string) {
	simError(w, http.StatusBadRequest, "400.002.02", "Bad Request - Invalid "+what)
}

// decode checks the caller and reads its JSON body into in, answering as
// Daraja does when either fails.
func (s *Simulator) decode(w http.ResponseWriter, r *http.Request, in any) bool {
	if !s.authorised(w, r) {
		return false
	}
	if err := json.NewDecoder(r.Body).Decode(in); err != nil {
		badRequest(w, "JSON")
		return false
	}
	return true
}

// signedRequest is what every STK request carries to prove the caller.
type signedRequest struct {
	BusinessShortCode flexString `json:"BusinessShortCode"`
	Password          string     `json:"Password"`
	Timestamp         string     `json:"Timestamp"`
}

func (s *Simulator) push(w http.ResponseWriter, r *http.Request) {
	var in struct {
		signedRequest
		TransactionType  string     `json:"TransactionType"`
		Amount           flexInt    `json:"Amount"`
		PartyA           flexString `json:"PartyA"`
		PartyB           flexString `json:"PartyB"`
		PhoneNumber      flexString `json:"PhoneNumber"`
		CallBackURL      string     `json:"CallBackURL"`
		AccountReference string     `json:"AccountReference"`
		TransactionDesc  string     `json:"TransactionDesc"`
	}
	if !s.decode(w, r, &in) {
		return
	}
	switch {
	case string(in.BusinessShortCode) != s.ShortCode:
		badRequest(w, "BusinessShortCode")
	case in.Password != Password(s.ShortCode, s.Passkey, in.Timestamp) || len(in.Timestamp) != 14:
		badRequest(w, "Password")
	case in.TransactionType != "CustomerPayBillOnline" && in.TransactionType != "CustomerBuyGoodsOnline":
		badRequest(w, "TransactionType")
	case in.Amount < 1 || in.Amount > 250000:
		badRequest(w, "Amount")
	case !msisdn.MatchString(string(in.PhoneNumber)) || in.PartyA != in.PhoneNumber:
		badRequest(w, "PhoneNumber")
	case in.CallBackURL == "" || !strings.HasPrefix(in.CallBackURL, "http") || ForbiddenInCallback(in.CallBackURL):
		badRequest(w, "CallBackURL")
	case in.AccountReference == "" || len(in.AccountReference) > 12:
		badRequest(w, "AccountReference")
	case in.TransactionDesc == "" || len(in.TransactionDesc) > 13:
		badRequest(w, "TransactionDesc")
	default:
		s.accept(w, string(in.PhoneNumber), int64(in.Amount), in.CallBackURL, in.AccountReference)
	}
}

// ForbiddenInCallback mirrors Daraja's refusal of callback and C2B URLs with
// certain words in them. Only the path is checked here, so the shop's own
// localhost works in development.
func ForbiddenInCallback(u string) bool {
	path := u
	if i := strings.Index(u, "://"); i >= 0 {
		if j := strings.Index(u[i+3:], "/"); j >= 0 {
			path = u[i+3+j:]
		}
	}
	return HasForbiddenWord(path)
}

// HasForbiddenWord reports whether s holds a word Daraja refuses in the URLs
// it is given: mpesa, m-pesa, safaricom, sql, query, exe or cmd.
func HasForbiddenWord(s string) bool {
	s = strings.ToLower(s)
	for _, w := range []string{"mpesa", "m-pesa", "safaricom", "sql", "query", "exe", "cmd"} {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

func (s *Simulator) accept(w http.ResponseWriter, phone string, amount int64, callback, reference string) {
	outcome, ok := simulatedOutcomes[phone]
	if !ok {
		outcome.code, outcome.desc = ResultSuccess, "The service request is processed successfully."
	}
	p := &simPush{merchantID: randomID(6), amount: amount, phone: phone, callback: callback,
		code: outcome.code, desc: outcome.desc, answerAt: time.Now().Add(s.Delay)}
	checkoutID := "ws_CO_" + time.Now().Format("020120061504") + randomID(6)
	s.mu.Lock()
	s.pushes[checkoutID] = p
	if p.code == ResultSuccess {
		// A push paid to a Paybill is a C2B transaction too: Pull
		// Transactions lists it with the push's account reference (never
		// confirmed to the C2B URL), as Daraja does.
		s.paybill = append(s.paybill, C2BPayment{TransID: receiptFor(checkoutID), TransType: "Pay Bill",
			TransTime: Timestamp(p.answerAt), AmountCents: amount * 100, ShortCode: s.ShortCode, BillRef: reference,
			MSISDN: phone[:4] + " ***** " + phone[len(phone)-3:]})
	}
	switch s.Mode {
	case CallbackOnce:
		s.schedule(s.Delay, checkoutID, p)
	case CallbackTwice:
		s.schedule(s.Delay, checkoutID, p)
		s.schedule(s.Delay+s.Delay/2+time.Millisecond, checkoutID, p)
	case CallbackLate:
		s.schedule(s.Delay+s.LateBy, checkoutID, p)
	}
	s.mu.Unlock()
	simJSON(w, map[string]string{
		"MerchantRequestID":   p.merchantID,
		"CheckoutRequestID":   checkoutID,
		"ResponseCode":        "0",
		"ResponseDescription": "Success. Request accepted for processing",
		"CustomerMessage":     "Success. Request accepted for processing",
	})
}

// schedule sends the callback after d; s.mu is held.
func (s *Simulator) schedule(d time.Duration, checkoutID string, p *simPush) {
	if s.closed {
		return
	}
	s.timers = append(s.timers, time.AfterFunc(d, func() { s.sendCallback(checkoutID, p) }))
}

func (s *Simulator) sendCallback(checkoutID string, p *simPush) {
	cb := map[string]any{"MerchantRequestID": p.merchantID, "CheckoutRequestID": checkoutID,
		"ResultCode": p.code, "ResultDesc": p.desc}
	if p.code == ResultSuccess {
		phone, _ := strconv.ParseInt(p.phone, 10, 64)
		cb["CallbackMetadata"] = map[string]any{"Item": []map[string]any{
			{"Name": "Amount", "Value": float64(p.amount)},
			{"Name": "MpesaReceiptNumber", "Value": receiptFor(checkoutID)},
			{"Name": "Balance"},
			{"Name": "TransactionDate", "Value": time.Now().In(nairobi).Format("20060102150405")},
			{"Name": "PhoneNumber", "Value": phone},
		}}
	}
	body, _ := json.Marshal(map[string]any{"Body": map[string]any{"stkCallback": cb}})
	resp, err := s.Client.Post(p.callback, "application/json", bytes.NewReader(body))
	if err == nil {
		resp.Body.Close()
		s.delivered.Add(1)
	}
}

// Delivered is how many callbacks the shop has answered: the shop records a
// callback before it answers, so a test can wait on this instead of a clock.
func (s *Simulator) Delivered() int64 { return s.delivered.Load() }

// receiptFor makes a receipt number like Safaricom's (10 capitals and
// digits), stable per push so a repeated callback repeats it.
func receiptFor(checkoutID string) string {
	const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"
	h := uint64(14695981039346656037)
	for i := 0; i < len(checkoutID); i++ {
		h = (h ^ uint64(checkoutID[i])) * 1099511628211
	}
	b := make([]byte, 10)
	for i := range b {
		b[i] = alphabet[h%uint64(len(alphabet))]
		h /= uint64(len(alphabet))
		if h == 0 {
			h = uint64(i+7) * 2654435761
		}
	}
	return string(b)
}

func (s *Simulator) query(w http.ResponseWriter, r *http.Request) {
	if !s.authorised(w, r) {
		return
	}
	var in struct {
		signedRequest
		CheckoutRequestID string `json:"CheckoutRequestID"`
	}
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil || in.Password != Password(s.ShortCode, s.Passkey, in.Timestamp) {
		badRequest(w, "Password")
		return
	}
	s.mu.Lock()
	p := s.pushes[in.CheckoutRequestID]
	s.mu.Unlock()
	if p == nil {
		badRequest(w, "CheckoutRequestID")
		return
	}
	if time.Now().Before(p.answerAt) {
		simError(w, http.StatusInternalServerError, "500.001.1001", "The transaction is being processed")
		return
	}
	simJSON(w, map[string]string{
		"ResponseCode":        "0",
		"ResponseDescription": "The service request has been accepted successsfully",
		"MerchantRequestID":   p.merchantID,
		"CheckoutRequestID":   in.CheckoutRequestID,
		"ResultCode":          fmt.Sprint(p.code),
		"ResultDesc":          p.desc,
	})
}
