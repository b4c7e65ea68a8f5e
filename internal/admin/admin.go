// Package admin is the shop's back office API under /api/admin/: the
// dashboard, products with their sizes and images, categories, orders,
// users, contact messages and newsletter subscribers, and the audit log that
// records every change an admin makes (docs/architecture.md sections 2 and 3).
//
// Every route is listed in httpapi/routes.go with Access: Admin, so the
// guard answers 401 and 403 (from the role stored now: every request reads
// its session and user) before a handler runs; Handle reads the stored role
// once more, uncached, right before the change it guards.
package admin

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"shop/internal/account"
	"shop/internal/agent"
	"shop/internal/apperr"
	"shop/internal/backup"
	"shop/internal/catalog"
	"shop/internal/catalogcsv"
	"shop/internal/checkout"
	"shop/internal/content"
	"shop/internal/coupon"
	"shop/internal/db"
	"shop/internal/delivery"
	"shop/internal/etims"
	"shop/internal/httpx"
	"shop/internal/mail"
	"shop/internal/media"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/payment"
	"shop/internal/privacy"
	"shop/internal/ratelimit"
	"shop/internal/review"
	"shop/internal/rider"
	"shop/internal/sms"
	"shop/internal/stock"
	"shop/internal/ussd"
	"shop/internal/vat"
)

// Stores are the domain stores the back office reads and changes: the
// application's own, so the shop has one of each.
type Stores struct {
	Catalog  *catalog.Store
	CSV      *catalogcsv.Store
	Stock    *stock.Ledger
	Orders   *order.Store
	Content  *content.Store
	Accounts *account.Store
	Delivery *delivery.Store
	Coupons  *coupon.Store
	Reviews  *review.Store
	VAT      *vat.Store
}

// Options configure the back office.
type Options struct {
	// Media stores uploaded product images (products/ below its root);
	// nil: the folder MediaDir.
	Media    media.Store
	MediaDir string
	// LowStockThreshold: sizes with at most this many in stock are listed on
	// the dashboard (SHOP_LOW_STOCK_THRESHOLD).
	LowStockThreshold int
	// RefundApprovalOver: a refund above it by a role without
	// refunds_approve waits for an owner (SHOP_REFUND_APPROVAL_OVER; 0:
	// DefaultRefundApprovalOver).
	RefundApprovalOver money.Cents
	Log                *slog.Logger
	// Payments lists and assigns M-Pesa payments no order claimed; nil
	// answers that M-Pesa is not configured.
	Payments *payment.Service
	// SMS lists and resends orders' text messages; nil when none are sent.
	SMS *sms.Queue
	// Mail lists and resends orders' mail; nil: none listed.
	Mail *mail.Outbox
	// Backups reads the state of the backups for the dashboard; nil: none.
	Backups func(context.Context) (backup.Status, error)
	// Privacy exports and erases a customer's data; nil: 404.
	Privacy *privacy.Service
	// Unsubscribe makes the subscribers' unsubscribe links; nil: none listed.
	Unsubscribe *content.Unsubscribe
	// Limiter bounds the resending of an order's text messages.
	Limiter *ratelimit.Limiter
	// Checkout places the orders staff take by phone; nil: 404.
	Checkout *checkout.Service
	// USSD reads the USSD menu's figures; nil: none.
	USSD *ussd.Service
	// ETIMS is KRA's eTIMS queue; nil reads as off.
	ETIMS *etims.Service
	// Riders gives home deliveries to riders and reads their days.
	Riders *rider.Service
	// Agents are the shop's agents; nil: 404.
	Agents *agent.Service
}

// DefaultLowStockThreshold is used when Options leaves it at 0.
const DefaultLowStockThreshold = 10

// DefaultRefundApprovalOver is the approval line when Options leaves it at 0.
var DefaultRefundApprovalOver = money.FromShillings(5_000)

// Handlers serve the admin API.
type Handlers struct {
	db       *db.DB
	catalog  *catalog.Store
	csv      *catalogcsv.Store
	stock    *stock.Ledger
	orders   *order.Store
	content  *content.Store
	accounts *account.Store
	delivery *delivery.Store
	media    media.Store
	lowStock int
	approval money.Cents
	log      *slog.Logger
	payments *payment.Service
	sms      *sms.Queue
	outbox   *mail.Outbox
	limiter  *ratelimit.Limiter
	backups  func(context.Context) (backup.Status, error)
	privacy  *privacy.Service
	unsub    *content.Unsubscribe
	coupons  *coupon.Store
	reviews  *review.Store
	vat      *vat.Store
	checkout *checkout.Service
	ussd     *ussd.Service
	etims    *etims.Service
	riders   *rider.Service
	agents   *agent.Service
}

// New builds the back office on d, whose transactions hold each change
// with its audit entry, and on the application's stores.
func New(d *db.DB, st Stores, o Options) *Handlers {
	if o.LowStockThreshold <= 0 {
		o.LowStockThreshold = DefaultLowStockThreshold
	}
	if o.RefundApprovalOver <= 0 {
		o.RefundApprovalOver = DefaultRefundApprovalOver
	}
	if o.Log == nil {
		o.Log = slog.Default()
	}
	return &Handlers{
		db: d, catalog: st.Catalog, csv: st.CSV, stock: st.Stock, orders: st.Orders, content: st.Content,
		accounts: st.Accounts, delivery: st.Delivery, media: pictureStore(o), lowStock: o.LowStockThreshold, approval: o.RefundApprovalOver, log: o.Log, payments: o.Payments,
		sms: o.SMS, outbox: o.Mail, limiter: o.Limiter, backups: o.Backups, privacy: o.Privacy, unsub: o.Unsubscribe,
		coupons: st.Coupons, reviews: st.Reviews, vat: st.VAT, checkout: o.Checkout, ussd: o.USSD, etims: o.ETIMS, riders: o.Riders, agents: o.Agents,
	}
}

// Actor is the staff member a request acts for, with the role stored now.
type Actor struct {
	UserID int64
	Email  string
	Role   string
}

// Can reports whether the actor's role holds perm (account.Can).
func (a Actor) Can(perm string) bool { return account.Can(a.Role, perm) }

// Mover is the admin as who moved a size's stock.
func (a Actor) Mover() stock.Mover { return stock.Mover{Actor: a.Email, UserID: a.UserID} }

// OrderActor is how an order's history names an admin's change.
func (a Actor) OrderActor() string { return "admin:" + a.Email }

// Func is an admin handler: it gets the acting admin explicitly.
type Func func(w http.ResponseWriter, r *http.Request, a Actor) error

// Handle turns fn into a handler that runs only for a signed-in user whose
// stored role still holds the permission the route's guard noted
// (account.WithRequired), or who is an owner when the route noted none
// (Access: Admin). The guard has already checked the role the session
// read; this reads it once more, uncached, right before the change.
func (h *Handlers) Handle(fn Func) http.Handler {
	return httpx.Handler(func(w http.ResponseWriter, r *http.Request) error {
		p, ok := account.PrincipalFrom(r.Context())
		if !ok {
			return apperr.Unauthorized("Please sign in to continue.")
		}
		role, err := h.accounts.RoleByID(r.Context(), p.UserID)
		if err != nil && !errors.Is(err, apperr.ErrNotFound) {
			return err
		}
		perm, declared := account.RequiredFrom(r.Context())
		if declared && !account.Can(role, perm) || !declared && role != account.RoleOwner {
			if account.IsBackOffice(role) {
				return apperr.Forbidden(MsgRoleMayNot)
			}
			return apperr.Forbidden("This page is for the shop's admins only.")
		}
		// Admin answers are private and change with every edit.
		w.Header().Set("Cache-Control", "no-store")
		return fn(w, r, Actor{UserID: p.UserID, Email: p.Email, Role: role})
	})
}

// MsgRoleMayNot refuses staff whose role lacks a route's permission.
const MsgRoleMayNot = "Your role does not allow this. Ask the shop's owner."

// change runs fn in one transaction and stores the audit entry it returns
// in the same transaction: a change is logged if and only if it is stored.
func (h *Handlers) change(ctx context.Context, a Actor, fn func(tx *sql.Tx) (Entry, error)) error {
	return h.db.Tx(ctx, func(tx *sql.Tx) error {
		e, err := fn(tx)
		if err != nil {
			return err
		}
		if e.Action == "" {
			return nil // nothing changed
		}
		return record(ctx, tx, a, e)
	})
}

// commit runs fn as one audited change and answers with status and the
// value fn returns: the shape of the back office's creates and edits.
func commit[T any](h *Handlers, w http.ResponseWriter, r *http.Request, a Actor, status int, fn func(tx *sql.Tx) (T, Entry, error)) error {
	var out T
	err := h.change(r.Context(), a, func(tx *sql.Tx) (e Entry, err error) {
		out, e, err = fn(tx)
		return e, err
	})
	if err != nil {
		return err
	}
	return writeJSON(w, status, out)
}

// create reads the form in and answers 201 with what store makes of it in
// one audited change, summed up for the audit log by describe: the shape of
// the back office's creates.
func create[F, T any](h *Handlers, w http.ResponseWriter, r *http.Request, a Actor, in interface{ Check() (F, error) },
	store func(context.Context, *sql.Tx, F) (T, error), describe func(T) Entry) error {
	f, err := readForm(r, in)
	if err != nil {
		return err
	}
	return commit(h, w, r, a, http.StatusCreated, func(tx *sql.Tx) (T, Entry, error) {
		v, err := store(r.Context(), tx, f)
		if err != nil {
			return v, Entry{}, err
		}
		return v, describe(v), nil
	})
}

// update reads the id of a what and the form in, and answers 200 with what
// store makes of the edit in one audited change, summed up for the audit log
// by describe from the what before and after: the shape of the back
// office's edits.
func update[F, T any](h *Handlers, w http.ResponseWriter, r *http.Request, a Actor, what string, in interface{ Check() (F, error) },
	store func(context.Context, *sql.Tx, int64, F) (T, T, error), describe func(id int64, before, after T) Entry) error {
	id, f, err := readIDForm(r, what, in)
	if err != nil {
		return err
	}
	return commit(h, w, r, a, http.StatusOK, func(tx *sql.Tx) (T, Entry, error) {
		before, after, err := store(r.Context(), tx, id, f)
		if err != nil {
			return after, Entry{}, err
		}
		return after, describe(id, before, after), nil
	})
}

// show answers 200 with what read returns: the back office's plain reads.
func show[T any](w http.ResponseWriter, r *http.Request, read func(context.Context) (T, error)) error {
	v, err := read(r.Context())
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, v)
}

// remove runs fn as one audited change and answers 204: the shape of the
// back office's deletes.
func (h *Handlers) remove(w http.ResponseWriter, r *http.Request, a Actor, fn func(tx *sql.Tx) (Entry, error)) error {
	if err := h.change(r.Context(), a, fn); err != nil {
		return err
	}
	return noContent(w)
}

// ---- small request helpers ----

// pathID reads the id named name in the route's pattern; one that is no
// id is a what that is not found.
func pathID(r *http.Request, name, what string) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue(name), 10, 64)
	if err != nil || id <= 0 {
		return 0, apperr.NotFound(what + " not found")
	}
	return id, nil
}

// productPart reads the ids in the address of a product's size or image,
// /api/admin/products/{id}/variants/{variantId}/ and the like.
func productPart(r *http.Request, name, what string) (productID, id int64, err error) {
	if productID, err = pathID(r, "id", "Product"); err != nil {
		return 0, 0, err
	}
	if id, err = pathID(r, name, what); err != nil {
		return 0, 0, err
	}
	return productID, id, nil
}

// readForm decodes the JSON body into in, one of the catalogue's admin
// forms, and checks it.
func readForm[F any](r *http.Request, in interface{ Check() (F, error) }) (F, error) {
	if err := httpx.DecodeJSON(r, in); err != nil {
		var zero F
		return zero, err
	}
	return in.Check()
}

// readIDBody reads the id of a what named "id" in the route, then decodes
// the JSON body into in: the start of an edit.
func readIDBody(r *http.Request, what string, in any) (int64, error) {
	id, err := pathID(r, "id", what)
	if err != nil {
		return 0, err
	}
	return id, httpx.DecodeJSON(r, in)
}

// readIDForm is readIDBody for one of the admin forms, checked.
func readIDForm[F any](r *http.Request, what string, in interface{ Check() (F, error) }) (int64, F, error) {
	id, err := readIDBody(r, what, in)
	if err != nil {
		var zero F
		return 0, zero, err
	}
	f, err := in.Check()
	return id, f, err
}

// readSizeForm is readIDForm for a product's size,
// /api/admin/products/{id}/variants/{variantId}/.
func readSizeForm[F any](r *http.Request, in interface{ Check() (F, error) }) (productID, id int64, f F, err error) {
	if productID, id, err = productPart(r, "variantId", "Size"); err != nil {
		return 0, 0, f, err
	}
	f, err = readForm(r, in)
	return productID, id, f, err
}

// listQuery is what every admin list reads from its query string.
type listQuery struct {
	url.Values
	page, size int
	search     string
}

// readList reads ?page= (from 1) and ?page_size= (1 to 100, default def).
func readList(r *http.Request, def int) (listQuery, error) {
	q := listQuery{Values: r.URL.Query(), page: 1, size: def}
	bad := map[string]string{}
	if v := q.Get("page"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 1_000_000 {
			bad["page"] = "page must be a whole number of 1 or more."
		}
		q.page = n
	}
	if v := q.Get("page_size"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 100 {
			bad["page_size"] = "page_size must be a whole number from 1 to 100."
		}
		q.size = n
	}
	if len(bad) > 0 {
		return listQuery{}, apperr.InvalidFields(bad, "page", "page_size")
	}
	return q, nil
}

// readSearchList is readList for a list that can be searched: ?search= too.
func readSearchList(r *http.Request, def int) (listQuery, error) {
	q, err := readList(r, def)
	if err != nil {
		return listQuery{}, err
	}
	q.search = strings.TrimSpace(q.Get("search"))
	if len(q.search) > 100 {
		msg := "search is too long (100 characters at most)."
		return listQuery{}, apperr.InvalidField("search", msg)
	}
	return q, nil
}

// Page is the envelope of every paginated admin list: the API's page, with
// its number and size for the back office's pager. CountCapped says a
// search found more than count (catalog.CountCap, or this page's end) and
// stopped counting, as the catalogue's lists do ("1,000+").
type Page[T any] struct {
	httpx.Page[T]
	Number      int  `json:"page"`
	PageSize    int  `json:"page_size"`
	CountCapped bool `json:"count_capped"`
}

// writePage answers with results, the page of q's list, of count in all.
func writePage[T any](w http.ResponseWriter, r *http.Request, q listQuery, count int, results []T) error {
	return writeCappedPage(w, r, q, count, false, results)
}

// writeCappedPage is writePage for a count that may stop at a cap: when
// capped, a full page links to the next one even at the cap.
func writeCappedPage[T any](w http.ResponseWriter, r *http.Request, q listQuery, count int, capped bool, results []T) error {
	return writeJSON(w, http.StatusOK, cappedPage(r, q, count, capped, results))
}

func cappedPage[T any](r *http.Request, q listQuery, count int, capped bool, results []T) Page[T] {
	p := Page[T]{Page: httpx.NewPage(r.URL, q.page, q.size, count, results), Number: q.page, PageSize: q.size, CountCapped: capped}
	if capped && p.Next == nil && len(results) == q.size {
		p.Next = httpx.NewPage(r.URL, q.page, q.size, q.page*q.size+1, results).Next
	}
	return p
}

func writeJSON(w http.ResponseWriter, status int, v any) error {
	httpx.WriteJSON(w, status, v)
	return nil
}

func noContent(w http.ResponseWriter) error {
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func quote(s string) string {
	if len(s) > 80 {
		s = s[:77] + "..."
	}
	return fmt.Sprintf("%q", s)
}
