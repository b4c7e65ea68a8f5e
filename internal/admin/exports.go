package admin

import (
	"database/sql"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"shop/internal/account"
	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/payment"
)

// The selected rows of the customers and payments lists as CSV
// (docs/product.md, "Bulk actions"), laid out as the accountant's orders
// file: Nairobi times, shillings with cents, formula-safe cells, a
// byte-order mark (writeCSV).

var usersExportColumns = []string{"Id", "First name", "Last name", "Email", "Phone", "Role", "Registered (Nairobi)", "Paid orders", "Spent"}

var paymentsExportColumns = []string{"Payment", "When (Nairobi)", "Method", "Status", "M-Pesa receipt", "Phone", "Payer", "Order", "Amount", "Result"}

// MsgPaymentKey refuses a payments export's id that is not method-number.
const MsgPaymentKey = "ids must be payments as mpesa-12 or paybill-34, separated by commas."

// ExportUsers answers GET /api/admin/users/export/?ids=1,2: those users
// (MaxBulkIDs at most) as CSV, in the list's default order, newest first.
func (h *Handlers) ExportUsers(w http.ResponseWriter, r *http.Request, a Actor) error {
	ids, err := queryIDs(r)
	if err != nil {
		return err
	}
	if ids == nil {
		return apperr.InvalidField("ids", MsgBulkNoIDs)
	}
	rows := [][]string{usersExportColumns}
	for page := 1; len(rows)-1 < len(ids); page++ {
		list, err := h.accounts.ListUsers(r.Context(), account.UserFilter{IDs: ids, Page: page, PageSize: db.MaxPageSize})
		if err != nil {
			return err
		}
		for _, u := range list.Users {
			rows = append(rows, []string{strconv.FormatInt(u.ID, 10), u.FirstName, u.LastName, u.Email, u.Phone, u.Role,
				nairobi(&u.CreatedAt), strconv.Itoa(u.Orders), u.Spent.String()})
		}
		if len(list.Users) < db.MaxPageSize {
			break
		}
	}
	n := len(rows) - 1
	if err := h.change(r.Context(), a, func(*sql.Tx) (Entry, error) {
		return entry("export", "users", "", fmt.Sprintf("exported %d selected users as CSV", n)), nil
	}); err != nil {
		return err
	}
	return writeCSV(w, "customers-"+time.Now().In(db.Nairobi).Format("2006-01-02")+".csv", rows)
}

// ExportPayments answers GET /api/admin/payments/export/?ids=mpesa-1,paybill-2:
// those payments of the payments list (MaxBulkIDs at most) as CSV, newest
// first.
func (h *Handlers) ExportPayments(w http.ResponseWriter, r *http.Request, a Actor) error {
	keys, err := paymentKeys(r.URL.Query().Get("ids"))
	if err != nil {
		return err
	}
	rows := [][]string{paymentsExportColumns}
	for page := 1; h.payments != nil && len(rows)-1 < len(keys); page++ {
		list, err := h.payments.AdminList(r.Context(), payment.ListFilter{Only: keys, Page: page, PageSize: db.MaxPageSize})
		if err != nil {
			return err
		}
		for _, p := range list.Payments {
			rows = append(rows, []string{p.Method + "-" + strconv.FormatInt(p.ID, 10), nairobi(&p.At), p.Method, p.Status, p.Receipt, p.Phone,
				p.PayerName, p.OrderID, p.Amount.String(), p.Result})
		}
		if len(list.Payments) < db.MaxPageSize {
			break
		}
	}
	n := len(rows) - 1
	if err := h.change(r.Context(), a, func(*sql.Tx) (Entry, error) {
		return entry("export", "payments", "", fmt.Sprintf("exported %d selected payments as CSV", n)), nil
	}); err != nil {
		return err
	}
	return writeCSV(w, "payments-"+time.Now().In(db.Nairobi).Format("2006-01-02")+".csv", rows)
}

// paymentKeys reads a payments export's ids: the list's own keys, method
// and number, as the list shows them (mpesa-12, paybill-34).
func paymentKeys(raw string) ([]payment.ListKey, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return nil, apperr.InvalidField("ids", MsgBulkNoIDs)
	}
	parts := strings.Split(raw, ",")
	if len(parts) > MaxBulkIDs {
		return nil, apperr.InvalidField("ids", MsgBulkTooMany)
	}
	keys := make([]payment.ListKey, 0, len(parts))
	for _, p := range parts {
		method, num, ok := strings.Cut(strings.TrimSpace(p), "-")
		id, err := strconv.ParseInt(num, 10, 64)
		if !ok || err != nil || id < 1 || method != payment.MethodPrompt && method != payment.MethodPaybill {
			return nil, apperr.InvalidField("ids", MsgPaymentKey)
		}
		k := payment.ListKey{Method: method, ID: id}
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return keys, nil
}
