package order

import (
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"shop/internal/account"
	"shop/internal/apperr"
	"shop/internal/httpx"
	"shop/internal/i18n"
	"shop/internal/ratelimit"
)

// Handlers serves the customer's order API.
type Handlers struct {
	Store *Store
	// Carts finds the request's cart (nil: none), so the browser that
	// placed an order can read it.
	Carts CartResolver
	// Limiter bounds tracking tries (nil: no limit, for tests of other things).
	Limiter *ratelimit.Limiter
	// ClientIP finds the address a request came from.
	ClientIP func(*http.Request) string
}

// CartResolver finds the request's cart: the cart package's handlers.
type CartResolver interface {
	Resolve(w http.ResponseWriter, r *http.Request, create bool) (int64, error)
}

// ViewerOf is who the request reads orders as: its principal, and the
// order's private token from the X-Order-Token header or ?token=.
func ViewerOf(r *http.Request) Viewer {
	v := Viewer{Token: r.Header.Get("X-Order-Token")}
	if v.Token == "" {
		v.Token = r.URL.Query().Get("token")
	}
	if p, ok := account.PrincipalFrom(r.Context()); ok {
		v.UserID, v.IsAdmin = p.UserID, p.IsAdmin()
	}
	return v
}

// Get answers GET /api/orders/{orderId}/ for the order's owner, the holder of
// its token, or an admin; anyone else gets 404.
func (h *Handlers) Get(w http.ResponseWriter, r *http.Request) error {
	o, err := h.Viewed(w, r)
	if err != nil {
		return err
	}
	o.translate(i18n.From(r.Context()))
	return httpx.WritePrivate(w, http.StatusOK, o)
}

// Viewed is the order {orderId} of the request's path, if the request may
// read it (its owner, the holder of its token or the browser whose cart
// placed it, or an admin); otherwise 404.
func (h *Handlers) Viewed(w http.ResponseWriter, r *http.Request) (Order, error) {
	v := ViewerOf(r)
	if h.Carts != nil {
		var err error
		if v.CartID, err = h.Carts.Resolve(w, r, false); err != nil {
			return Order{}, err
		}
	}
	return h.Store.ForViewer(r.Context(), r.PathValue("orderId"), v)
}

// List answers GET /api/orders/: the signed-in customer's orders.
func (h *Handlers) List(w http.ResponseWriter, r *http.Request) error {
	p, _ := account.PrincipalFrom(r.Context())
	orders, err := h.Store.ForUser(r.Context(), p.UserID)
	if err != nil {
		return err
	}
	for i := range orders {
		orders[i].translate(i18n.From(r.Context()))
	}
	return httpx.WritePrivate(w, http.StatusOK, orders)
}

// Tracking limits: each try counts, per client address and per order,
// in the table that holds the sign-in limits.
var (
	TrackPerIP    = ratelimit.Limit{Max: 30, Window: 15 * time.Minute}
	TrackPerOrder = ratelimit.Limit{Max: 10, Window: 15 * time.Minute}
)

// MsgTooManyTracks answers a tracking request over the limits.
const MsgTooManyTracks = "Too many tries. Please wait a few minutes, or call us with your order number."

// TrackBusyPath is where a short link over the limits leads: the tracking
// page, which then says MsgTooManyTracks in the visitor's language.
const TrackBusyPath = "/track?busy=1"

// MsgTrackFields asks for what tracking needs.
const (
	MsgTrackOrder = "Enter your order number (ORDER-…)"
	MsgTrackPhone = "Enter the phone number you gave at checkout"
)

// Track answers POST /api/orders/track/ {orderId, phone}: the order's
// status, timeline, lines and totals for whoever knows its number and the
// phone given at checkout; no email, no address. A wrong phone and an
// unknown order get the same 404.
func (h *Handlers) Track(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		OrderID string `json:"orderId"`
		Phone   string `json:"phone"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	number := strings.ToUpper(strings.Join(strings.Fields(in.OrderID), ""))
	if number != "" && !strings.HasPrefix(number, "ORDER-") {
		number = "ORDER-" + strings.TrimPrefix(number, "ORDER")
	}
	bad := map[string]string{}
	if number == "" || len(number) > 40 {
		bad["orderId"] = MsgTrackOrder
	}
	if strings.TrimSpace(in.Phone) == "" || len(in.Phone) > 30 {
		bad["phone"] = MsgTrackPhone
	}
	if len(bad) > 0 {
		return apperr.InvalidFields(bad, "orderId", "phone")
	}
	if h.Limiter != nil {
		_, wait, err := h.Limiter.Reserve(r.Context(),
			ratelimit.Check{Bucket: ratelimit.IPBucket("track:ip:", httpx.IPOf(h.ClientIP, r)), Limit: TrackPerIP},
			ratelimit.Check{Bucket: "track:order:" + number, Limit: TrackPerOrder})
		if err != nil {
			return err
		}
		if wait > 0 {
			return apperr.TooManyRequests(MsgTooManyTracks, wait)
		}
	}
	t, err := h.Store.Track(r.Context(), number, in.Phone)
	if err != nil {
		return err
	}
	t.Items = Order{Items: t.Items}.ItemsIn(i18n.From(r.Context()))
	return httpx.WritePrivate(w, http.StatusOK, t)
}

// OpenShortLink answers GET /o/{code}: the order's page, opened with the
// code as its token, on whatever phone holds the link. Wrong codes count
// against the client's address like tracking tries (in the same bucket, so
// the two roads to an order share one allowance); the limit is reserved
// before the code is looked up, and a good code gives its try back, so a
// farmer may open a link as often as they like.
func (h *Handlers) OpenShortLink(w http.ResponseWriter, r *http.Request) error {
	code := strings.ToUpper(strings.TrimSpace(r.PathValue("code")))
	var try ratelimit.Reservation
	if h.Limiter != nil {
		var wait time.Duration
		var err error
		try, wait, err = h.Limiter.Reserve(r.Context(),
			ratelimit.Check{Bucket: ratelimit.IPBucket("track:ip:", httpx.IPOf(h.ClientIP, r)), Limit: TrackPerIP})
		if err != nil {
			return err
		}
		if wait > 0 {
			w.Header().Set("Cache-Control", "no-store")
			http.Redirect(w, r, TrackBusyPath, http.StatusFound)
			return nil
		}
	}
	number, err := h.Store.ByShortCode(r.Context(), code)
	if errors.Is(err, apperr.ErrNotFound) {
		// A mistyped link: the tracking page finds the order by number and phone.
		http.Redirect(w, r, "/track", http.StatusFound)
		return nil
	}
	if err != nil {
		return err
	}
	if err := try.Cancel(r.Context()); err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Referrer-Policy", "no-referrer")
	http.Redirect(w, r, "/order-confirmation?orderId="+url.QueryEscape(number)+"&token="+url.QueryEscape(code), http.StatusFound)
	return nil
}
