package mpesa

import (
	"bytes"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"math/big"
	"net/http"
	"strings"
	"sync"
	"time"
)

// The simulator's money-out side: B2C, Reversal, Transaction Status and
// Account Balance, each accepted at once and answered later at its
// ResultURL, as Daraja does. It has its own key pair: the shop in --dev is
// given its certificate, and each SecurityCredential is really decrypted
// and compared with the initiator's password.

// B2C outcomes (SHOP_MPESA_SIM_B2C).
const (
	B2COK = "ok"
	// B2CLate sends the result after LateBy (30 s by default), or at Flush.
	B2CLate = "late"
	// B2CNever sends no result: only Transaction Status finds the payment.
	B2CNever = "never"
	// "fail:<code>" fails each payment with the result code.
)

// ParseB2COutcome checks an outcome: ok, fail:<code>, late or never.
func ParseB2COutcome(s string) error {
	switch {
	case s == B2COK || s == B2CLate || s == B2CNever:
		return nil
	case strings.HasPrefix(s, "fail:") && len(s) > 5 && !strings.ContainsAny(s[5:], " \t"):
		return nil
	}
	return fmt.Errorf("SHOP_MPESA_SIM_B2C must be ok, fail:<code>, late or never, not %q", s)
}

// simKeys is the simulator's own certificate and its private key.
type simKeys struct {
	key  *rsa.PrivateKey
	cert []byte // PEM
}

// The key pair is made once per process: every simulator in it (tests
// start many) shares it, as every shop in one Daraja environment shares
// Safaricom's certificate.
var (
	simKeysOnce sync.Once
	simKeysMade *simKeys
	simKeysErr  error
)

func sharedSimKeys() (*simKeys, error) {
	simKeysOnce.Do(func() { simKeysMade, simKeysErr = newSimKeys() })
	return simKeysMade, simKeysErr
}

func newSimKeys() (*simKeys, error) {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return nil, err
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "Daraja simulator", Organization: []string{"Mifugo Bora Feeds (dev)"}},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(10 * 365 * 24 * time.Hour), KeyUsage: x509.KeyUsageKeyEncipherment}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, err
	}
	return &simKeys{key: key, cert: pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})}, nil
}

// simOut is one money-out transaction the simulator took.
type simOut struct {
	kind           string // "b2c" or "reversal"
	originatorID   string
	conversationID string
	receipt        string
	original       string // a reversal's original receipt
	amount         int64  // whole shillings
	phone          string
	name           string
	code           string
	desc           string
	at             time.Time
}

// Certificate is the simulator's certificate (PEM), for the shop's
// SecurityCredential. The key pair is made on first use.
func (s *Simulator) Certificate() ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.initKeys(); err != nil {
		return nil, err
	}
	return s.keys.cert, nil
}

// initKeys makes the key pair; s.mu is held.
func (s *Simulator) initKeys() error {
	if s.keys != nil {
		return nil
	}
	k, err := sharedSimKeys()
	if err != nil {
		return fmt.Errorf("simulator key pair: %w", err)
	}
	s.keys = k
	return nil
}

// SetUtility sets the Utility account's balance, which B2C payments and
// reversals are paid from.
func (s *Simulator) SetUtility(cents int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.utility, s.utilitySet = cents, true
}

// Utility is the Utility account's balance now.
func (s *Simulator) Utility() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.initUtility()
	return s.utility
}

// initUtility gives an untouched Utility account Ksh 500,000; s.mu is held.
func (s *Simulator) initUtility() {
	if !s.utilitySet {
		s.utility, s.utilitySet = 500_000_00, true
	}
}

// Paid is how many B2C payments and reversals moved money.
func (s *Simulator) Paid() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, o := range s.outs {
		if o.code == "0" {
			n++
		}
	}
	return n
}

// Results is how many results the shop has answered with 200.
func (s *Simulator) Results() int64 { return s.results.Load() }

// Flush sends the results held back by the late outcome now.
func (s *Simulator) Flush() {
	s.mu.Lock()
	held := s.held
	s.held = nil
	s.mu.Unlock()
	for _, send := range held {
		send()
	}
}

// moneyOutRequest is what the four requests share.
type moneyOutRequest struct {
	SecurityCredential string `json:"SecurityCredential"`
	CommandID          string `json:"CommandID"`
	ResultURL          string `json:"ResultURL"`
	QueueTimeOutURL    string `json:"QueueTimeOutURL"`
	Remarks            string `json:"Remarks"`
}

func (m moneyOutRequest) check(w http.ResponseWriter, command string) bool {
	switch {
	case m.CommandID != command:
		badRequest(w, "CommandID")
	case !strings.HasPrefix(m.ResultURL, "http"):
		badRequest(w, "ResultURL")
	case !strings.HasPrefix(m.QueueTimeOutURL, "http"):
		badRequest(w, "QueueTimeOutURL")
	case m.SecurityCredential == "":
		badRequest(w, "SecurityCredential")
	default:
		return true
	}
	return false
}

// lockNewOut takes the simulator's lock for money-out request o, or
// answers as M-Pesa does when its OriginatorConversationID was seen before
// (it never pays one twice) and reports false, unlocked.
func (s *Simulator) lockNewOut(w http.ResponseWriter, o *simOut) bool {
	s.mu.Lock()
	if s.outs == nil {
		s.outs = map[string]*simOut{}
	}
	if s.outs[o.originatorID] != nil {
		s.mu.Unlock()
		simError(w, http.StatusInternalServerError, DuplicateOriginator, "Duplicate OriginatorConversationID.")
		return false
	}
	s.initUtility()
	return true
}

func (s *Simulator) acceptOut(w http.ResponseWriter, originatorID, conversationID string) {
	simJSON(w, map[string]string{"OriginatorConversationID": originatorID, "ConversationID": conversationID,
		"ResponseCode": "0", "ResponseDescription": "Accept the service request successfully."})
}

// simNames are the public names M-Pesa gives the simulated customers.
var simNames = []string{"WANJIKU MWANGI", "OTIENO ODHIAMBO", "AKINYI ATIENO", "KIPCHOGE KORIR", "NJERI KAMAU"}

func simName(phone string) string {
	return simNames[int(phone[len(phone)-1])%len(simNames)]
}

func (s *Simulator) b2c(w http.ResponseWriter, r *http.Request) {
	var in struct {
		moneyOutRequest
		OriginatorConversationID string     `json:"OriginatorConversationID"`
		InitiatorName            string     `json:"InitiatorName"`
		Amount                   flexInt    `json:"Amount"`
		PartyA                   flexString `json:"PartyA"`
		PartyB                   flexString `json:"PartyB"`
		Occassion                string     `json:"Occassion"`
	}
	if !s.decode(w, r, &in) {
		return
	}
	cmd := in.CommandID
	if cmd == "SalaryPayment" || cmd == "PromotionPayment" {
		cmd = "BusinessPayment"
	}
	switch {
	case !in.check(w, cmd):
		return
	case in.InitiatorName == "":
		badRequest(w, "InitiatorName")
		return
	case in.OriginatorConversationID == "":
		badRequest(w, "OriginatorConversationID")
		return
	case string(in.PartyA) != s.ShortCode:
		badRequest(w, "PartyA")
		return
	case !msisdn.MatchString(string(in.PartyB)):
		badRequest(w, "PartyB")
		return
	case len([]rune(in.Remarks)) < 2 || len([]rune(in.Remarks)) > 100:
		badRequest(w, "Remarks")
		return
	}
	o := &simOut{kind: "b2c", originatorID: in.OriginatorConversationID, conversationID: "AG_" + time.Now().Format("20060102") + "_" + randomID(10),
		amount: int64(in.Amount), phone: string(in.PartyB), name: simName(string(in.PartyB)), at: time.Now()}
	outcome := s.B2COutcome
	if outcome == "" {
		outcome = B2COK
	}
	if !s.lockNewOut(w, o) {
		return
	}
	switch {
	case !s.checkCredentialLocked(in.InitiatorName, in.SecurityCredential):
		o.code, o.desc = "2001", "The initiator information is invalid."
	case strings.HasPrefix(outcome, "fail:"):
		o.code, o.desc = outcome[5:], "The simulated payment failed."
	case o.amount < B2CMin:
		o.code, o.desc = "2", "Declined due to limit rule: less than the minimum transaction amount."
	case o.amount > B2CMax:
		o.code, o.desc = "3", "Declined due to limit rule: greater than the maximum transaction amount."
	case o.amount*100 > s.utility:
		o.code, o.desc = "1", "The balance is insufficient for the transaction."
	default:
		o.code, o.desc = "0", "The service request is processed successfully."
		o.receipt = receiptFor(o.conversationID)
		s.utility -= o.amount * 100
	}
	s.outs[o.originatorID] = o
	s.ledger = append(s.ledger, o)
	cb := s.b2cResult(o)
	send := func() { s.postResult(in.ResultURL, cb) }
	switch {
	case outcome == B2CNever && o.code == "0":
	case outcome == B2CLate && o.code == "0":
		late := s.B2CLateBy
		if late == 0 {
			late = 30 * time.Second
		}
		s.held = append(s.held, send)
		if !s.closed {
			s.timers = append(s.timers, time.AfterFunc(late, s.Flush))
		}
	default:
		if !s.closed {
			go send()
		}
	}
	s.mu.Unlock()
	s.acceptOut(w, o.originatorID, o.conversationID)
}

// checkCredentialLocked decrypts a SecurityCredential and compares it
// with the initiator's password; s.mu is held.
func (s *Simulator) checkCredentialLocked(initiator, cred string) bool {
	if err := s.initKeys(); err != nil {
		return false
	}
	raw, err := base64.StdEncoding.DecodeString(cred)
	if err != nil {
		return false
	}
	plain, err := rsa.DecryptPKCS1v15(nil, s.keys.key, raw)
	return err == nil && initiator == s.InitiatorName && string(plain) == s.InitiatorPassword
}

func (s *Simulator) b2cResult(o *simOut) map[string]any {
	res := map[string]any{"ResultType": 0, "ResultCode": o.code, "ResultDesc": o.desc,
		"OriginatorConversationID": o.originatorID, "ConversationID": o.conversationID, "TransactionID": "OAK0000000",
		"ReferenceData": map[string]any{"ReferenceItem": map[string]any{"Key": "QueueTimeoutURL", "Value": "https://internalsandbox.safaricom.co.ke/mpesa/b2cresults/v1/submit"}}}
	if o.code == "0" {
		res["TransactionID"] = o.receipt
		res["ResultCode"] = 0 // a number on success, as in Safaricom's sample
		res["ResultParameters"] = map[string]any{"ResultParameter": []map[string]any{
			{"Key": "TransactionAmount", "Value": o.amount},
			{"Key": "TransactionReceipt", "Value": o.receipt},
			{"Key": "B2CRecipientIsRegisteredCustomer", "Value": "Y"},
			{"Key": "B2CChargesPaidAccountAvailableFunds", "Value": -4510.00},
			{"Key": "ReceiverPartyPublicName", "Value": o.phone + " - " + o.name},
			{"Key": "TransactionCompletedDateTime", "Value": o.at.In(nairobi).Format("02.01.2006 15:04:05")},
			{"Key": "B2CUtilityAccountAvailableFunds", "Value": float64(s.utility) / 100},
			{"Key": "B2CWorkingAccountAvailableFunds", "Value": 900000.00},
		}}
	}
	return map[string]any{"Result": res}
}

// postResult posts a result the way Daraja does, counting the 200s.
func (s *Simulator) postResult(url string, result map[string]any) {
	body, _ := json.Marshal(result)
	resp, err := s.Client.Post(url, "application/json", bytes.NewReader(body))
	if err == nil {
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			s.results.Add(1)
		}
	}
}
