package mpesa

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// The simulator's C2B side: a customer paying the short code from their own
// M-Pesa menu, the confirmation Daraja posts for it, URL registration, and
// Pull Transactions listing what was paid.

// Paybill acts as a customer paying amountCents to the short code with the
// account number they typed. It keeps the payment for Pull Transactions and,
// unless callbacks are off (CallbackNever), posts the confirmation to the
// registered URL in the background. It returns the M-Pesa TransID.
func (s *Simulator) Paybill(account string, amountCents int64, phone string) string {
	s.mu.Lock()
	s.init()
	p := C2BPayment{TransID: receiptFor(randomID(8)), TransType: "Pay Bill", TransTime: Timestamp(time.Now()),
		AmountCents: amountCents, ShortCode: s.ShortCode, BillRef: account, FirstName: "WANJIKU",
		MSISDN: phone[:4] + " ***** " + phone[len(phone)-3:]}
	s.paybill = append(s.paybill, p)
	url, send := s.ConfirmationURL, s.Mode != CallbackNever && !s.closed
	s.mu.Unlock()
	if send && url != "" {
		go s.confirm(url, p)
	}
	return p.TransID
}

// confirm posts a C2B confirmation the way Daraja does.
func (s *Simulator) confirm(url string, p C2BPayment) {
	body, _ := json.Marshal(map[string]string{
		"TransactionType": p.TransType, "TransID": p.TransID, "TransTime": p.TransTime,
		"TransAmount": fmt.Sprintf("%d.%02d", p.AmountCents/100, p.AmountCents%100), "BusinessShortCode": p.ShortCode,
		"BillRefNumber": p.BillRef, "InvoiceNumber": "", "OrgAccountBalance": "", "ThirdPartyTransID": "",
		"MSISDN": p.MSISDN, "FirstName": p.FirstName,
	})
	resp, err := s.Client.Post(url, "application/json", bytes.NewReader(body))
	if err == nil {
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			s.confirmed.Add(1)
		}
	}
}

// Confirmed is how many C2B confirmations the shop has answered with 200:
// the shop stores a confirmation before it answers, so tests wait on this.
func (s *Simulator) Confirmed() int64 { return s.confirmed.Load() }

func (s *Simulator) c2bVersion() string {
	if s.C2BVersion == "" {
		return "v2"
	}
	return s.C2BVersion
}

func (s *Simulator) registerURLs(w http.ResponseWriter, r *http.Request) {
	var in struct {
		ShortCode       flexString `json:"ShortCode"`
		ResponseType    string     `json:"ResponseType"`
		ConfirmationURL string     `json:"ConfirmationURL"`
		ValidationURL   string     `json:"ValidationURL"`
	}
	if !s.decode(w, r, &in) {
		return
	}
	validURL := func(u string) bool { return strings.HasPrefix(u, "http") && !ForbiddenInCallback(u) }
	switch {
	case string(in.ShortCode) != s.ShortCode:
		badRequest(w, "ShortCode")
	case in.ResponseType != "Completed" && in.ResponseType != "Cancelled":
		badRequest(w, "ResponseType")
	case !validURL(in.ConfirmationURL):
		badRequest(w, "ConfirmationURL")
	case !validURL(in.ValidationURL):
		badRequest(w, "ValidationURL")
	default:
		s.mu.Lock()
		s.ConfirmationURL, s.ValidationURL = in.ConfirmationURL, in.ValidationURL
		s.mu.Unlock()
		simJSON(w, map[string]string{"OriginatorCoversationID": randomID(6), "ResponseCode": "0", "ResponseDescription": "Success"})
	}
}

// pull answers Pull Transactions with the Paybill payments made in the
// window asked for, nested in a list as Daraja does (reported).
func (s *Simulator) pull(w http.ResponseWriter, r *http.Request) {
	if !s.authorised(w, r) {
		return
	}
	var in struct {
		ShortCode          flexString `json:"ShortCode"`
		StartDate, EndDate string
		OffSetValue        flexInt `json:"OffSetValue"`
	}
	const layout = "2006-01-02 15:04:05"
	err := json.NewDecoder(r.Body).Decode(&in)
	from, ferr := time.ParseInLocation(layout, in.StartDate, nairobi)
	to, terr := time.ParseInLocation(layout, in.EndDate, nairobi)
	if err := errors.Join(err, ferr, terr); err != nil || string(in.ShortCode) != s.ShortCode {
		badRequest(w, "request")
		return
	}
	s.mu.Lock()
	var list []map[string]any
	for _, p := range s.paybill {
		at, _ := time.ParseInLocation("20060102150405", p.TransTime, nairobi)
		if at.Before(from) || at.After(to) {
			continue
		}
		list = append(list, map[string]any{"transactionId": p.TransID, "trxDate": at.UTC().Format(time.RFC3339),
			"msisdn": p.MSISDN, "sender": "MPESA", "transactiontype": "c2b-pay-bill-debit", "billreference": p.BillRef,
			"amount": fmt.Sprintf("%d.%02d", p.AmountCents/100, p.AmountCents%100), "organizationname": "Mifugo Bora Feeds"})
	}
	s.mu.Unlock()
	if off := int(in.OffSetValue); off < len(list) {
		list = list[off:]
	} else {
		list = nil
	}
	simJSON(w, map[string]any{"ResponseRefID": randomID(8), "ResponseCode": "1000", "ResponseMessage": "Success",
		"Response": [][]map[string]any{list}})
}

// PaybillHandler serves POST /dev/mpesa/paybill/ {account, amount, phone}
// in --dev: a customer paying by Paybill. It answers 202 {"transId"}. It
// also serves GET /dev/mpesa/statement.csv (StatementHandler): the
// customers' side of the simulated M-Pesa, in one handler.
func (s *Simulator) PaybillHandler() http.Handler {
	statement := s.StatementHandler()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet && strings.HasSuffix(r.URL.Path, "/statement.csv") {
			statement.ServeHTTP(w, r)
			return
		}
		var in struct {
			Account string `json:"account"`
			Amount  string `json:"amount"`
			Phone   string `json:"phone"`
		}
		dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 4096))
		if err := dec.Decode(&in); err != nil {
			simBad(w, "Send JSON: {\"account\", \"amount\", \"phone\"}.")
			return
		}
		cents, err := ParseAmount(in.Amount)
		switch {
		case strings.TrimSpace(in.Account) == "" || len(in.Account) > 40:
			simBad(w, "account: the account number the customer typed (1 to 40 characters)")
		case err != nil || cents > 250_000_00:
			simBad(w, "amount: shillings such as \"1460.00\", up to 250000")
		case !msisdn.MatchString(in.Phone):
			simBad(w, "phone: 2547XXXXXXXX or 2541XXXXXXXX")
		default:
			id := s.Paybill(in.Account, cents, in.Phone)
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusAccepted)
			_ = json.NewEncoder(w).Encode(map[string]string{"transId": id})
		}
	})
}

func simBad(w http.ResponseWriter, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusBadRequest)
	_ = json.NewEncoder(w).Encode(map[string]string{"error": msg})
}
