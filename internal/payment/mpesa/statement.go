package mpesa

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
)

// The M-Pesa org portal's statement export (CSV), which lists every
// transaction of the short code, callback or not. The columns, as the
// export writes them (docs/payments.md section 13):
//
//	Receipt No.,Completion Time,Initiation Time,Details,Transaction Status,Paid In,Withdrawn,Balance,
//	Balance Confirmed,Reason Type,Other Party Info,Linked Transaction ID,A/C No.
//
// Older exports put description lines above the header; the header is found
// by its "Receipt No." column, and the columns by name.
var StatementColumns = []string{"Receipt No.", "Completion Time", "Initiation Time", "Details", "Transaction Status",
	"Paid In", "Withdrawn", "Balance", "Balance Confirmed", "Reason Type", "Other Party Info", "Linked Transaction ID", "A/C No."}

// StatementLine is one transaction of a statement.
type StatementLine struct {
	Line        int // in the file, from 1
	Receipt     string
	CompletedAt time.Time
	Details     string
	Status      string // "Completed", …
	PaidIn      int64  // cents
	Withdrawn   int64  // cents
	ReasonType  string
	OtherParty  string // "254727939578 - NAME" or "0722926212 - NAME"
	Account     string // A/C No.
}

// Completed reports whether the line moved money.
func (l StatementLine) Completed() bool { return strings.EqualFold(l.Status, "Completed") }

// ErrNoStatementHeader says the file has no statement header.
var ErrNoStatementHeader = errors.New("no line starts with the statement's columns (Receipt No., Completion Time, …)")

// StatementError is a line the statement parser could not read.
type StatementError struct {
	Line int
	Msg  string
}

func (e *StatementError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// statementTimes are the forms the portal writes times in, Nairobi time.
var statementTimes = []string{"02-01-2006 15:04:05", "02-01-2006 15:04", "2006-01-02 15:04:05", "2006-01-02 15:04", "02/01/2006 15:04:05", "02/01/2006 15:04"}

// ParseStatement reads a statement export, at most maxLines transactions.
func ParseStatement(r io.Reader, maxLines int) ([]StatementLine, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.LazyQuotes = true
	var col map[string]int
	var out []StatementLine
	for n := 1; ; n++ {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, &StatementError{Line: n, Msg: "not CSV: " + err.Error()}
		}
		if col == nil {
			if len(rec) > 0 && strings.EqualFold(strings.TrimSpace(strings.TrimPrefix(rec[0], "\ufeff")), "Receipt No.") {
				col = map[string]int{}
				for i, name := range rec {
					col[strings.ToLower(strings.TrimSpace(strings.TrimPrefix(name, "\ufeff")))] = i
				}
				for _, need := range []string{"completion time", "paid in", "withdrawn", "transaction status"} {
					if _, ok := col[need]; !ok {
						return nil, &StatementError{Line: n, Msg: "the header lacks the column " + need}
					}
				}
			}
			continue
		}
		get := func(name string) string {
			if i, ok := col[strings.ToLower(name)]; ok && i < len(rec) {
				return strings.TrimSpace(rec[i])
			}
			return ""
		}
		l := StatementLine{Line: n, Receipt: strings.ToUpper(get("Receipt No.")), Details: get("Details"), Status: get("Transaction Status"),
			ReasonType: get("Reason Type"), OtherParty: get("Other Party Info"), Account: get("A/C No.")}
		if l.Receipt == "" && strings.Join(rec, "") == "" {
			continue // a blank line
		}
		if l.Receipt == "" {
			return nil, &StatementError{Line: n, Msg: "no receipt number"}
		}
		if l.CompletedAt, err = parseStatementTime(get("Completion Time")); err != nil {
			return nil, &StatementError{Line: n, Msg: "completion time: " + err.Error()}
		}
		if l.PaidIn, err = statementAmount(get("Paid In")); err != nil {
			return nil, &StatementError{Line: n, Msg: "paid in: " + err.Error()}
		}
		if l.Withdrawn, err = statementAmount(get("Withdrawn")); err != nil {
			return nil, &StatementError{Line: n, Msg: "withdrawn: " + err.Error()}
		}
		if len(out) == maxLines {
			return nil, &StatementError{Line: n, Msg: fmt.Sprintf("more than %d transactions: upload a shorter period", maxLines)}
		}
		out = append(out, l)
	}
	if col == nil {
		return nil, ErrNoStatementHeader
	}
	return out, nil
}

func parseStatementTime(s string) (time.Time, error) {
	for _, layout := range statementTimes {
		if t, err := time.ParseInLocation(layout, s, nairobi); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("%q is not a time like 20-04-2017 15:50:12", s)
}

// statementAmount reads "1,460.00", "-1460.00" (withdrawals are sometimes
// written negative), "100" or "" (none) as positive cents.
func statementAmount(s string) (int64, error) {
	s = strings.TrimPrefix(strings.ReplaceAll(s, ",", ""), "-")
	if s == "" {
		return 0, nil
	}
	return ParseAmount(s)
}

// WriteStatement writes lines as the portal exports them, with the balance
// running from opening (cents).
func WriteStatement(w io.Writer, lines []StatementLine, opening int64) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(StatementColumns); err != nil {
		return err
	}
	bal := opening
	money := func(c int64) string {
		sign := ""
		if c < 0 {
			sign, c = "-", -c
		}
		return fmt.Sprintf("%s%d.%02d", sign, c/100, c%100)
	}
	amount := func(c int64) string {
		if c == 0 {
			return ""
		}
		return money(c)
	}
	for _, l := range lines {
		if l.Completed() {
			bal += l.PaidIn - l.Withdrawn
		}
		at := l.CompletedAt.In(nairobi).Format("02-01-2006 15:04:05")
		if err := cw.Write([]string{l.Receipt, at, at, l.Details, l.Status, amount(l.PaidIn), amount(l.Withdrawn),
			money(bal), "TRUE", l.ReasonType, l.OtherParty, "", l.Account}); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
