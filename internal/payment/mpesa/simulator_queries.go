package mpesa

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"time"
)

func (s *Simulator) reversal(w http.ResponseWriter, r *http.Request) {
	var in struct {
		moneyOutRequest
		OriginatorConversationID string     `json:"OriginatorConversationID"`
		Initiator                string     `json:"Initiator"`
		TransactionID            string     `json:"TransactionID"`
		Amount                   flexInt    `json:"Amount"`
		ReceiverParty            flexString `json:"ReceiverParty"`
		RecieverIdentifierType   flexString `json:"RecieverIdentifierType"`
	}
	if !s.decode(w, r, &in) || !in.check(w, "TransactionReversal") {
		return
	}
	switch {
	case in.Initiator == "":
		badRequest(w, "Initiator")
		return
	case string(in.ReceiverParty) != s.ShortCode:
		badRequest(w, "ReceiverParty")
		return
	case in.RecieverIdentifierType != "11":
		badRequest(w, "RecieverIdentifierType")
		return
	}
	if in.OriginatorConversationID == "" {
		in.OriginatorConversationID = randomID(10)
	}
	o := &simOut{kind: "reversal", originatorID: in.OriginatorConversationID, conversationID: "AG_" + time.Now().Format("20060102") + "_" + randomID(10),
		original: in.TransactionID, amount: int64(in.Amount), at: time.Now()}
	if !s.lockNewOut(w, o) {
		return
	}
	var paid *C2BPayment
	for i := range s.paybill {
		if s.paybill[i].TransID == in.TransactionID {
			paid = &s.paybill[i]
		}
	}
	reversed := false
	for _, x := range s.outs {
		if x.kind == "reversal" && x.original == in.TransactionID && x.code == "0" {
			reversed = true
		}
	}
	switch {
	case !s.checkCredentialLocked(in.Initiator, in.SecurityCredential):
		o.code, o.desc = "2001", "The initiator information is invalid."
	case paid == nil:
		o.code, o.desc = "R000002", "The OriginalTransactionID is invalid."
	case reversed:
		o.code, o.desc = "R000001", "The transaction has already been reversed."
	case o.amount*100 > s.utility:
		o.code, o.desc = "1", "The balance is insufficient for the transaction."
	default:
		o.code, o.desc = "0", "The service request is processed successfully."
		o.receipt = receiptFor(o.conversationID)
		o.phone, o.name = paid.MSISDN, paid.FirstName
		s.utility -= o.amount * 100
	}
	s.outs[o.originatorID] = o
	s.ledger = append(s.ledger, o)
	res := map[string]any{"ResultType": 0, "ResultCode": o.code, "ResultDesc": o.desc,
		"OriginatorConversationID": o.originatorID, "ConversationID": o.conversationID, "TransactionID": "OAK0000000"}
	if o.code == "0" {
		res["TransactionID"] = o.receipt
		res["ResultCode"] = 0
		res["ResultParameters"] = map[string]any{"ResultParameter": []map[string]any{
			{"Key": "DebitAccountBalance", "Value": fmt.Sprintf("Utility Account|KES|%d.%02d|%d.%02d|0.00|0.00", s.utility/100, s.utility%100, s.utility/100, s.utility%100)},
			{"Key": "Amount", "Value": o.amount},
			{"Key": "TransCompletedTime", "Value": json.Number(Timestamp(o.at))},
			{"Key": "OriginalTransactionID", "Value": o.original},
			{"Key": "Charge", "Value": 0},
			{"Key": "CreditPartyPublicName", "Value": o.phone + " - " + o.name},
			{"Key": "DebitPartyPublicName", "Value": s.ShortCode + " - Mifugo Bora Feeds"},
		}}
	}
	cb := map[string]any{"Result": res}
	if !s.closed {
		go s.postResult(in.ResultURL, cb)
	}
	s.mu.Unlock()
	s.acceptOut(w, o.originatorID, o.conversationID)
}

func (s *Simulator) transactionStatus(w http.ResponseWriter, r *http.Request) {
	var in struct {
		moneyOutRequest
		Initiator              string     `json:"Initiator"`
		TransactionID          string     `json:"TransactionID"`
		OriginalConversationID string     `json:"OriginalConversationID"`
		PartyA                 flexString `json:"PartyA"`
		IdentifierType         flexString `json:"IdentifierType"`
	}
	if !s.decode(w, r, &in) || !in.check(w, "TransactionStatusQuery") {
		return
	}
	if in.TransactionID == "" && in.OriginalConversationID == "" {
		badRequest(w, "TransactionID")
		return
	}
	originatorID, conversationID := randomID(10), "AG_"+time.Now().Format("20060102")+"_"+randomID(10)
	res := map[string]any{"ResultType": 0, "OriginatorConversationID": originatorID, "ConversationID": conversationID, "TransactionID": "OAK0000000"}
	s.mu.Lock()
	var o *simOut
	for _, x := range s.outs {
		if in.OriginalConversationID != "" && x.originatorID == in.OriginalConversationID || in.TransactionID != "" && x.receipt == in.TransactionID {
			o = x
		}
	}
	switch {
	case !s.checkCredentialLocked(in.Initiator, in.SecurityCredential):
		res["ResultCode"], res["ResultDesc"] = 2001, "The initiator information is invalid."
	case o == nil:
		res["ResultCode"], res["ResultDesc"] = "SFC_IC0003", "The transaction could not be found."
	default:
		status, reason := "Completed", "Business Payment to Customer via API"
		if o.code != "0" {
			status, reason = "Declined", o.desc
		}
		res["ResultCode"], res["ResultDesc"] = 0, "The service request is processed successfully."
		res["ResultParameters"] = map[string]any{"ResultParameter": []map[string]any{
			{"Key": "DebitPartyName", "Value": s.ShortCode + " - Mifugo Bora Feeds"},
			{"Key": "CreditPartyName", "Value": o.phone + " - " + o.name},
			{"Key": "OriginatorConversationID", "Value": o.originatorID},
			{"Key": "InitiatedTime", "Value": Timestamp(o.at)},
			{"Key": "CreditPartyCharges"},
			{"Key": "DebitAccountType", "Value": "Utility Account"},
			{"Key": "TransactionReason", "Value": reason},
			{"Key": "ReasonType", "Value": "Business Payment to Customer via API"},
			{"Key": "TransactionStatus", "Value": status},
			{"Key": "FinalisedTime", "Value": Timestamp(o.at)},
			{"Key": "Amount", "Value": o.amount},
			{"Key": "ConversationID", "Value": o.conversationID},
			{"Key": "ReceiptNo", "Value": o.receipt},
		}}
	}
	cb := map[string]any{"Result": res}
	if !s.closed {
		go s.postResult(in.ResultURL, cb)
	}
	s.mu.Unlock()
	s.acceptOut(w, originatorID, conversationID)
}

func (s *Simulator) accountBalance(w http.ResponseWriter, r *http.Request) {
	var in struct {
		moneyOutRequest
		Initiator      string     `json:"Initiator"`
		PartyA         flexString `json:"PartyA"`
		IdentifierType flexString `json:"IdentifierType"`
	}
	if !s.decode(w, r, &in) || !in.check(w, "AccountBalance") {
		return
	}
	if string(in.PartyA) != s.ShortCode {
		badRequest(w, "PartyA")
		return
	}
	originatorID, conversationID := randomID(10), "AG_"+time.Now().Format("20060102")+"_"+randomID(10)
	res := map[string]any{"ResultType": "0", "OriginatorConversationID": originatorID, "ConversationID": conversationID, "TransactionID": "OAK0000000"}
	s.mu.Lock()
	s.initUtility()
	if !s.checkCredentialLocked(in.Initiator, in.SecurityCredential) {
		res["ResultCode"], res["ResultDesc"] = "2001", "The initiator information is invalid."
	} else {
		u := fmt.Sprintf("%d.%02d", s.utility/100, s.utility%100)
		res["ResultCode"], res["ResultDesc"] = "0", "The service request is processed successfully."
		res["ResultParameters"] = map[string]any{"ResultParameter": []map[string]any{
			{"Key": "AccountBalance", "Value": "Working Account|KES|700000.00|700000.00|0.00|0.00&Float Account|KES|0.00|0.00|0.00|0.00&Utility Account|KES|" +
				u + "|" + u + "|0.00|0.00&Charges Paid Account|KES|-1540.00|-1540.00|0.00|0.00&Organization Settlement Account|KES|0.00|0.00|0.00|0.00"},
			{"Key": "BOCompletedTime", "Value": Timestamp(time.Now())},
		}}
	}
	cb := map[string]any{"Result": res}
	if !s.closed {
		go s.postResult(in.ResultURL, cb)
	}
	s.mu.Unlock()
	s.acceptOut(w, originatorID, conversationID)
}

// StatementHandler serves GET /dev/mpesa/statement.csv in --dev: everything
// the simulator saw (STK and Paybill payments in, B2C payments and
// reversals out) as the org portal exports it, to try the statement upload.
func (s *Simulator) StatementHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		lines, opening := s.Statement()
		w.Header().Set("Content-Type", "text/csv; charset=utf-8")
		w.Header().Set("Content-Disposition", `attachment; filename="statement.csv"`)
		_ = WriteStatement(w, lines, opening)
	})
}

// Statement is every transaction the simulator saw, oldest first, and the
// opening balance before them.
func (s *Simulator) Statement() ([]StatementLine, int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.initUtility()
	var lines []StatementLine
	var out int64
	for _, p := range s.paybill {
		at, err := time.ParseInLocation("20060102150405", p.TransTime, nairobi)
		if err != nil {
			continue
		}
		lines = append(lines, StatementLine{Receipt: p.TransID, CompletedAt: at, Status: "Completed", PaidIn: p.AmountCents,
			Details: "Pay Bill from " + p.MSISDN + " - " + p.FirstName + " Acc. " + p.BillRef, ReasonType: "Pay Utility",
			OtherParty: p.MSISDN + " - " + p.FirstName, Account: p.BillRef})
	}
	for _, o := range s.ledger {
		if o.code != "0" {
			continue
		}
		l := StatementLine{Receipt: o.receipt, CompletedAt: o.at, Status: "Completed", Withdrawn: o.amount * 100,
			OtherParty: o.phone + " - " + o.name}
		if o.kind == "reversal" {
			l.Details, l.ReasonType = "Reversal of "+o.original, "Reversal"
		} else {
			l.Details, l.ReasonType = "Business Payment to "+o.phone+" - "+o.name, "Business Payment to Customer via API"
		}
		out += l.Withdrawn
		lines = append(lines, l)
	}
	slices.SortStableFunc(lines, func(a, b StatementLine) int { return a.CompletedAt.Compare(b.CompletedAt) })
	return lines, s.utility + out
}
