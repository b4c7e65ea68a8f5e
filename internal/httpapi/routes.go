package httpapi

import (
	"net/http"

	"shop/internal/account"
	"shop/internal/admin"
	"shop/internal/agent"
	"shop/internal/apidoc"
	"shop/internal/apperr"
	"shop/internal/content"
	"shop/internal/httpx"
	"shop/internal/paylink"
	"shop/internal/payment"
	"shop/internal/remind"
	"shop/internal/rider"
)

// Access says who may call a route. Every route states it, so a test can
// walk the list and check each guard.
type Access int

const (
	// Public routes answer anyone.
	Public Access = iota
	// SignedIn routes answer 401 without a valid access token.
	SignedIn
	// Admin routes answer 401 without a valid token and 403 to anyone but
	// an owner: the safe default of a back-office route whose permission is
	// not declared yet.
	Admin
	// Operator routes are for the shop's monitoring, not for people: their
	// handler answers 401 without the operator's token (SHOP_METRICS_TOKEN).
	Operator
	// Staff routes answer 401 without a valid token and 403 to a user whose
	// stored role lacks the route's Perm (account.Can; an empty Perm lets in
	// every back-office role).
	Staff
	// Rider routes are the rider's screen: 403 to anyone whose role is not
	// rider.
	Rider
	// Agent routes are the agent's screen: 403 to anyone whose role is not
	// agent.
	Agent
)

// backOffice reports whether a is the back office's (Admin or Staff).
func (a Access) backOffice() bool { return a == Admin || a == Staff }

// Route is one entry of the shop's HTTP surface.
type Route struct {
	// Pattern is a Go ServeMux pattern; {$} pins the trailing slash.
	Pattern string
	Handler http.Handler
	Access  Access
	// Perm is the permission a Staff route needs (account.Perm…; "a|b" for
	// either), from the table of docs/product.md, "Roles".
	Perm string
	// MaxBody caps the request body; 0 means DefaultMaxBody.
	MaxBody int64
	// Body is what a POST, PUT or PATCH must declare it sends.
	Body BodyKind
	// TakesStock: the route may take or return stock, which the catalogue
	// answers show, so the micro-cache is emptied after it (as after every
	// admin write).
	TakesStock bool
	// Money: the route is on the way to a payment (a cart change, a
	// checkout, Daraja's callbacks), so its reads use the write pool too and
	// never wait for a connection behind the catalogue's (docs/deploy.md,
	// "Connection pools").
	Money bool
	// Secret names the path wildcard that is a credential (a callback's
	// secret, an unsubscribe token, a short link's code): the logs mask it
	// (redact.go).
	Secret string
	// BeforeMFA: an owner or manager who must still set up two-step
	// sign-in (SHOP_REQUIRE_MFA) may use the route; every other route
	// answers them 403 mfa_setup_required.
	BeforeMFA bool
}

// BodyKind is the Content-Type a route's writes must carry.
type BodyKind int

const (
	// JSONBody: application/json (any charset), or 415. The default.
	JSONBody BodyKind = iota
	// MultipartBody: multipart/form-data, for file uploads (admins only,
	// with a bearer token a cross-site form cannot send).
	MultipartBody
	// CSVBody: text/csv, for the product import (admins only; a cross-site
	// form cannot send it without the browser asking first).
	CSVBody
	// AnyBody: no check; for Daraja, a server that proves itself with the
	// secret in the path, not with a cookie.
	AnyBody
)

// DefaultMaxBody is the body limit of a JSON request.
const DefaultMaxBody = 64 << 10

// authBody is the body limit of the sign-in and account forms.
const authBody = 8 << 10

// routes lists every route of the shop in one place.
func (s *Server) routes() []Route {
	c := s.catalog
	cached := s.microcache.Wrap
	a := s.auth
	ad := s.admin
	rd := s.riders
	routes := []Route{
		{Pattern: "GET /healthz", Handler: httpx.Handler(s.healthz)},
		{Pattern: "GET /readyz", Handler: httpx.Handler(s.readyz)},

		{Pattern: "GET /api/products/{$}", Handler: cached(httpx.Handler(c.ListProducts))},
		{Pattern: "GET /api/products/{id}/{$}", Handler: cached(httpx.Handler(c.GetProduct))},
		{Pattern: "GET /api/categories/{$}", Handler: cached(httpx.Handler(c.ListCategories))},
		{Pattern: "GET /api/search/suggest/{$}", Handler: cached(httpx.Handler(c.Suggest))},
		{Pattern: "POST /api/products/{id}/reviews/{$}", Handler: httpx.Handler(s.reviews.Add), Access: SignedIn, MaxBody: 8 << 10},

		{Pattern: "GET /api/cart/{$}", Handler: httpx.Handler(s.cart.List)},
		{Pattern: "POST /api/cart/items/{$}", Handler: httpx.Handler(s.cart.Add), Money: true},
		{Pattern: "PATCH /api/cart/items/{id}/{$}", Handler: httpx.Handler(s.cart.Update), Money: true},
		{Pattern: "DELETE /api/cart/items/{id}/{$}", Handler: httpx.Handler(s.cart.Delete), Money: true},
		{Pattern: "GET /api/cart/coupon/{$}", Handler: httpx.Handler(s.coupons.Get)},
		{Pattern: "POST /api/cart/coupon/{$}", Handler: httpx.Handler(s.coupons.Apply), MaxBody: 1 << 10, Money: true},
		{Pattern: "DELETE /api/cart/coupon/{$}", Handler: httpx.Handler(s.coupons.Remove), Money: true},

		{Pattern: "POST /api/payments/mpesa/initiate/{$}", Handler: httpx.Handler(s.checkout.Initiate), TakesStock: true, Money: true},
		{Pattern: "POST " + payment.CallbackPath + "{secret}/{$}", Handler: httpx.Handler(s.pay.Callback), Body: AnyBody, TakesStock: true, Money: true, Secret: "secret"},
		{Pattern: "POST /api/payments/mpesa/callback/{secret}/{$}", Handler: httpx.Handler(s.pay.Callback), Body: AnyBody, TakesStock: true, Money: true, Secret: "secret"},
		{Pattern: "POST " + payment.C2BConfirmationPath + "{secret}/{$}", Handler: httpx.Handler(s.pay.C2BConfirmation), Body: AnyBody, TakesStock: true, Money: true, Secret: "secret"},
		{Pattern: "POST " + payment.C2BValidationPath + "{secret}/{$}", Handler: httpx.Handler(s.pay.C2BValidation), Body: AnyBody, Money: true, Secret: "secret"},
		{Pattern: "POST " + payment.ResultPath + "{secret}/{$}", Handler: httpx.Handler(s.pay.Result), Body: AnyBody, TakesStock: true, Money: true, Secret: "secret"},
		{Pattern: "POST " + payment.TimeoutPath + "{secret}/{$}", Handler: httpx.Handler(s.pay.Timeout), Body: AnyBody, Money: true, Secret: "secret"},
		{Pattern: "POST /api/ussd/{secret}/{$}", Handler: httpx.Handler(s.ussd.Menu), Body: AnyBody, MaxBody: 4 << 10, TakesStock: true, Money: true, Secret: "secret"},
		{Pattern: "POST /api/ussd/{secret}/events/{$}", Handler: httpx.Handler(s.ussd.Events), Body: AnyBody, MaxBody: 8 << 10, Secret: "secret"},
		{Pattern: "GET /api/orders/{$}", Handler: httpx.Handler(s.orders.List), Access: SignedIn},
		{Pattern: "GET /api/orders/{orderId}/{$}", Handler: httpx.Handler(s.orders.Get)},
		{Pattern: "POST /api/orders/{orderId}/pay/{$}", Handler: httpx.Handler(s.checkout.Retry), TakesStock: true, Money: true},
		{Pattern: "GET /api/orders/{orderId}/receipt.pdf", Handler: httpx.Handler(s.receipt.Get)},
		{Pattern: "POST /api/orders/track/{$}", Handler: httpx.Handler(s.orders.Track)},
		{Pattern: "POST /api/orders/{orderId}/reorder/{$}", Handler: httpx.Handler(s.remind.Reorder), MaxBody: 1 << 10, Money: true},
		{Pattern: "POST " + remind.InboundPath + "{secret}/{$}", Handler: httpx.Handler(s.remind.Inbound), Body: AnyBody, MaxBody: 8 << 10, TakesStock: true, Money: true, Secret: "secret"},
		{Pattern: "GET /api/account/reminders/{$}", Handler: httpx.Handler(s.remind.GetReminders), Access: SignedIn},
		{Pattern: "PUT /api/account/reminders/{$}", Handler: httpx.Handler(s.remind.SetReminders), Access: SignedIn, MaxBody: 1 << 10},

		{Pattern: "GET /api/delivery/counties/{$}", Handler: httpx.Handler(s.deliver.Counties)},
		{Pattern: "GET /api/delivery/options/{$}", Handler: httpx.Handler(s.deliver.Options)},

		{Pattern: "POST /api/newsletter/{$}", Handler: httpx.Handler(s.content.Subscribe), MaxBody: 4 << 10},
		{Pattern: "POST /api/contact/{$}", Handler: httpx.Handler(s.content.Contact), MaxBody: 32 << 10},

		{Pattern: "POST /api/auth/register/{$}", Handler: httpx.Handler(a.Register), MaxBody: authBody},
		{Pattern: "POST /api/auth/login/{$}", Handler: httpx.Handler(a.Login), MaxBody: authBody, BeforeMFA: true},
		{Pattern: "POST /api/auth/login/mfa/{$}", Handler: httpx.Handler(a.LoginMFA), MaxBody: authBody, BeforeMFA: true},
		{Pattern: "POST /api/auth/token/refresh/{$}", Handler: httpx.Handler(a.Refresh), MaxBody: authBody, BeforeMFA: true},
		{Pattern: "POST /api/auth/logout/{$}", Handler: httpx.Handler(a.Logout), MaxBody: authBody, BeforeMFA: true},
		{Pattern: "GET /api/auth/me/{$}", Handler: httpx.Handler(a.Me), Access: SignedIn, BeforeMFA: true},
		{Pattern: "POST /api/auth/mfa/setup/{$}", Handler: httpx.Handler(a.SetupMFA), Access: SignedIn, MaxBody: authBody, BeforeMFA: true},
		{Pattern: "POST /api/auth/mfa/confirm/{$}", Handler: httpx.Handler(a.ConfirmMFA), Access: SignedIn, MaxBody: authBody, BeforeMFA: true},
		{Pattern: "DELETE /api/auth/mfa/{$}", Handler: httpx.Handler(a.DisableMFA), Access: SignedIn, MaxBody: authBody},
		{Pattern: "GET /api/auth/sessions/{$}", Handler: httpx.Handler(a.Sessions), Access: SignedIn},
		{Pattern: "POST /api/auth/sessions/revoke-others/{$}", Handler: httpx.Handler(a.EndOtherSessions), Access: SignedIn, MaxBody: authBody},
		{Pattern: "DELETE /api/auth/sessions/{id}/{$}", Handler: httpx.Handler(a.EndSession), Access: SignedIn, MaxBody: authBody},
		{Pattern: "PATCH /api/auth/me/{$}", Handler: httpx.Handler(a.UpdateMe), Access: SignedIn, MaxBody: authBody},
		{Pattern: "DELETE /api/auth/me/{$}", Handler: httpx.Handler(s.privacy.DeleteMe), Access: SignedIn, MaxBody: authBody},
		{Pattern: "GET /api/auth/me/export/{$}", Handler: httpx.Handler(s.privacy.ExportMe), Access: SignedIn},
		{Pattern: "POST /api/auth/phone/send-code/{$}", Handler: httpx.Handler(a.SendPhoneCode), Access: SignedIn, MaxBody: authBody},
		{Pattern: "POST /api/auth/phone/confirm/{$}", Handler: httpx.Handler(a.ConfirmPhone), Access: SignedIn, MaxBody: authBody},
		{Pattern: "POST /api/auth/password/change/{$}", Handler: httpx.Handler(a.ChangePassword), Access: SignedIn, MaxBody: authBody},
		{Pattern: "POST /api/auth/password/forgot/{$}", Handler: httpx.Handler(a.ForgotPassword), MaxBody: authBody},
		{Pattern: "POST /api/auth/password/reset/{$}", Handler: httpx.Handler(a.ResetPassword), MaxBody: authBody},

		// The back office (internal/admin): every route Staff with the
		// permission docs/product.md's "Roles" gives it (or Admin, the
		// owner's alone), each handler re-checking the stored role through
		// ad.Handle.
		{Pattern: "GET /api/admin/stats/{$}", Handler: ad.Handle(ad.Stats), Access: Staff, Perm: ""},
		{Pattern: "GET /api/admin/products/{$}", Handler: ad.Handle(ad.Products), Access: Staff, Perm: account.PermCatalogue + "|" + account.PermStock},
		{Pattern: "POST /api/admin/products/{$}", Handler: ad.Handle(ad.CreateProduct), Access: Staff, Perm: account.PermCatalogue},
		{Pattern: "POST /api/admin/products/bulk/{$}", Handler: ad.Handle(ad.BulkProducts), Access: Staff, Perm: account.PermCatalogue},
		{Pattern: "GET /api/admin/products/export/{$}", Handler: ad.Handle(ad.ExportProducts), Access: Staff, Perm: account.PermCatalogue + "|" + account.PermStock},
		{Pattern: "POST /api/admin/products/import/{$}", Handler: ad.Handle(ad.ImportProducts), Access: Staff, Perm: account.PermCatalogue, MaxBody: admin.ImportMaxBody, Body: CSVBody},
		{Pattern: "GET /api/admin/products/{id}/{$}", Handler: ad.Handle(ad.Product), Access: Staff, Perm: account.PermCatalogue + "|" + account.PermStock},
		{Pattern: "PUT /api/admin/products/{id}/{$}", Handler: ad.Handle(ad.UpdateProduct), Access: Staff, Perm: account.PermCatalogue},
		{Pattern: "PATCH /api/admin/products/{id}/{$}", Handler: ad.Handle(ad.UpdateProduct), Access: Staff, Perm: account.PermCatalogue},
		{Pattern: "DELETE /api/admin/products/{id}/{$}", Handler: ad.Handle(ad.DeleteProduct), Access: Staff, Perm: account.PermCatalogue},
		{Pattern: "POST /api/admin/products/{id}/publish/{$}", Handler: ad.Handle(ad.PublishProduct), Access: Staff, Perm: account.PermCatalogue},
		{Pattern: "POST /api/admin/products/{id}/variants/{$}", Handler: ad.Handle(ad.AddVariant), Access: Staff, Perm: account.PermCatalogue},
		{Pattern: "PUT /api/admin/products/{id}/variants/{variantId}/{$}", Handler: ad.Handle(ad.UpdateVariant), Access: Staff, Perm: account.PermCatalogue + "|" + account.PermStock + "|" + account.PermPrices},
		{Pattern: "PATCH /api/admin/products/{id}/variants/{variantId}/{$}", Handler: ad.Handle(ad.UpdateVariant), Access: Staff, Perm: account.PermCatalogue + "|" + account.PermStock + "|" + account.PermPrices},
		{Pattern: "DELETE /api/admin/products/{id}/variants/{variantId}/{$}", Handler: ad.Handle(ad.DeleteVariant), Access: Staff, Perm: account.PermCatalogue},
		{Pattern: "GET /api/admin/products/{id}/variants/{variantId}/stock/{$}", Handler: ad.Handle(ad.StockHistory), Access: Staff, Perm: account.PermStock},
		{Pattern: "POST /api/admin/products/{id}/variants/{variantId}/stock/{$}", Handler: ad.Handle(ad.AdjustStock), Access: Staff, Perm: account.PermStock},
		{Pattern: "POST /api/admin/products/{id}/images/{$}", Handler: ad.Handle(ad.UploadImage), Access: Staff, Perm: account.PermCatalogue, MaxBody: admin.MaxUploadBody, Body: MultipartBody},
		{Pattern: "PUT /api/admin/products/{id}/images/order/{$}", Handler: ad.Handle(ad.ReorderImages), Access: Staff, Perm: account.PermCatalogue},
		{Pattern: "DELETE /api/admin/products/{id}/images/{imageId}/{$}", Handler: ad.Handle(ad.DeleteImage), Access: Staff, Perm: account.PermCatalogue},
		{Pattern: "GET /api/admin/search/synonyms/{$}", Handler: ad.Handle(ad.Synonyms), Access: Staff, Perm: account.PermCatalogue},
		{Pattern: "PUT /api/admin/search/synonyms/{$}", Handler: ad.Handle(ad.UpdateSynonyms), Access: Staff, Perm: account.PermCatalogue},
		{Pattern: "GET /api/admin/categories/{$}", Handler: ad.Handle(ad.Categories), Access: Staff, Perm: account.PermCatalogue + "|" + account.PermStock},
		{Pattern: "POST /api/admin/categories/{$}", Handler: ad.Handle(ad.CreateCategory), Access: Staff, Perm: account.PermCatalogue},
		{Pattern: "PUT /api/admin/categories/{id}/{$}", Handler: ad.Handle(ad.UpdateCategory), Access: Staff, Perm: account.PermCatalogue},
		{Pattern: "PATCH /api/admin/categories/{id}/{$}", Handler: ad.Handle(ad.UpdateCategory), Access: Staff, Perm: account.PermCatalogue},
		{Pattern: "DELETE /api/admin/categories/{id}/{$}", Handler: ad.Handle(ad.DeleteCategory), Access: Staff, Perm: account.PermCatalogue},
		{Pattern: "GET /api/admin/orders/{$}", Handler: ad.Handle(ad.Orders), Access: Staff, Perm: account.PermOrders},
		{Pattern: "GET /api/admin/orders/export/{$}", Handler: ad.Handle(ad.ExportOrders), Access: Staff, Perm: account.PermExports},
		{Pattern: "POST /api/admin/orders/{$}", Handler: ad.Handle(ad.CreateOrder), Access: Staff, Perm: account.PermOrders, TakesStock: true, Money: true},
		{Pattern: "GET /api/admin/customers/lookup/{$}", Handler: ad.Handle(ad.LookupCustomer), Access: Staff, Perm: account.PermOrders},
		{Pattern: "POST /api/admin/orders/{orderId}/prompt/{$}", Handler: ad.Handle(ad.PromptOrder), Access: Staff, Perm: account.PermOrders, TakesStock: true, Money: true},
		{Pattern: "GET /api/admin/orders/{orderId}/{$}", Handler: ad.Handle(ad.Order), Access: Staff, Perm: account.PermOrders},
		{Pattern: "PATCH /api/admin/orders/{orderId}/{$}", Handler: ad.Handle(ad.UpdateOrder), Access: Staff, Perm: account.PermOrders},
		{Pattern: "POST /api/admin/orders/{orderId}/dispatch/{$}", Handler: ad.Handle(ad.DispatchOrder), Access: Staff, Perm: account.PermOrders},
		{Pattern: "POST /api/admin/orders/{orderId}/refunds/{$}", Handler: ad.Handle(ad.RecordRefund), Access: Staff, Perm: account.PermRefunds},
		{Pattern: "GET /api/admin/refunds/{$}", Handler: ad.Handle(ad.RefundApprovals), Access: Staff, Perm: account.PermRefunds},
		{Pattern: "POST /api/admin/refunds/{id}/approve/{$}", Handler: ad.Handle(ad.ApproveRefund), Access: Staff, Perm: account.PermRefundsApprove, TakesStock: true, Money: true},
		{Pattern: "POST /api/admin/refunds/{id}/decline/{$}", Handler: ad.Handle(ad.DeclineRefund), Access: Staff, Perm: account.PermRefundsApprove},
		{Pattern: "POST /api/admin/orders/{orderId}/sms/{id}/resend/{$}", Handler: ad.Handle(ad.ResendSMS), Access: Staff, Perm: account.PermMessages},
		{Pattern: "POST /api/admin/orders/{orderId}/mail/{id}/resend/{$}", Handler: ad.Handle(ad.ResendMail), Access: Staff, Perm: account.PermMessages},
		{Pattern: "GET /api/admin/sms/replies/{$}", Handler: ad.Handle(func(w http.ResponseWriter, r *http.Request, _ admin.Actor) error {
			return s.remind.AdminReplies(w, r)
		}), Access: Staff, Perm: account.PermMessages},
		{Pattern: "GET /api/admin/delivery/zones/{$}", Handler: ad.Handle(ad.Zones), Access: Staff, Perm: account.PermDelivery},
		{Pattern: "POST /api/admin/delivery/zones/{$}", Handler: ad.Handle(ad.CreateZone), Access: Staff, Perm: account.PermDelivery},
		{Pattern: "PUT /api/admin/delivery/zones/{id}/{$}", Handler: ad.Handle(ad.UpdateZone), Access: Staff, Perm: account.PermDelivery},
		{Pattern: "PATCH /api/admin/delivery/zones/{id}/{$}", Handler: ad.Handle(ad.UpdateZone), Access: Staff, Perm: account.PermDelivery},
		{Pattern: "DELETE /api/admin/delivery/zones/{id}/{$}", Handler: ad.Handle(ad.DeleteZone), Access: Staff, Perm: account.PermDelivery},
		// The dispatch forms read the couriers (orders); keeping the list is delivery's.
		{Pattern: "GET /api/admin/delivery/couriers/{$}", Handler: ad.Handle(ad.Couriers), Access: Staff, Perm: account.PermOrders},
		{Pattern: "POST /api/admin/delivery/couriers/{$}", Handler: ad.Handle(ad.CreateCourier), Access: Staff, Perm: account.PermDelivery},
		{Pattern: "PUT /api/admin/delivery/couriers/{id}/{$}", Handler: ad.Handle(ad.UpdateCourier), Access: Staff, Perm: account.PermDelivery},
		{Pattern: "DELETE /api/admin/delivery/couriers/{id}/{$}", Handler: ad.Handle(ad.DeleteCourier), Access: Staff, Perm: account.PermDelivery},
		{Pattern: "GET /api/admin/delivery/pickup-points/{$}", Handler: ad.Handle(ad.PickupPoints), Access: Staff, Perm: account.PermDelivery},
		{Pattern: "POST /api/admin/delivery/pickup-points/{$}", Handler: ad.Handle(ad.CreatePickupPoint), Access: Staff, Perm: account.PermDelivery},
		{Pattern: "PUT /api/admin/delivery/pickup-points/{id}/{$}", Handler: ad.Handle(ad.UpdatePickupPoint), Access: Staff, Perm: account.PermDelivery},
		{Pattern: "PATCH /api/admin/delivery/pickup-points/{id}/{$}", Handler: ad.Handle(ad.UpdatePickupPoint), Access: Staff, Perm: account.PermDelivery},
		{Pattern: "GET /api/admin/payments/unmatched/{$}", Handler: ad.Handle(ad.UnmatchedPayments), Access: Staff, Perm: account.PermRefunds},
		{Pattern: "POST /api/admin/payments/unmatched/{id}/assign/{$}", Handler: ad.Handle(ad.AssignPayment), Access: Staff, Perm: account.PermRefunds},
		{Pattern: "GET /api/admin/payments/{$}", Handler: ad.Handle(ad.PaybillPayments), Access: Staff, Perm: account.PermRefunds},
		{Pattern: "GET /api/admin/payments/all/{$}", Handler: ad.Handle(ad.AllPayments), Access: Staff, Perm: account.PermRefunds},
		{Pattern: "GET /api/admin/payments/export/{$}", Handler: ad.Handle(ad.ExportPayments), Access: Staff, Perm: account.PermExports},
		{Pattern: "GET /api/admin/payments/float/{$}", Handler: ad.Handle(ad.RefundFloat), Access: Staff, Perm: account.PermRefunds},
		{Pattern: "POST /api/admin/payments/statement/{$}", Handler: ad.Handle(ad.UploadStatement), Access: Staff, Perm: account.PermRefunds, MaxBody: admin.StatementMaxBody, Body: CSVBody, TakesStock: true, Money: true},
		{Pattern: "GET /api/admin/payments/unreadable/{$}", Handler: ad.Handle(ad.UnreadablePayments), Access: Staff, Perm: account.PermRefunds},
		{Pattern: "POST /api/admin/payments/{id}/assign/{$}", Handler: ad.Handle(ad.AssignPaybill), Access: Staff, Perm: account.PermRefunds},
		{Pattern: "GET /api/admin/users/{$}", Handler: ad.Handle(ad.Users), Access: Staff, Perm: account.PermCustomers + "|" + account.PermStaff},
		{Pattern: "PATCH /api/admin/users/{id}/{$}", Handler: ad.Handle(ad.UpdateUser), Access: Staff, Perm: account.PermStaff},
		{Pattern: "DELETE /api/admin/users/{id}/{$}", Handler: ad.Handle(ad.EraseUser), Access: Staff, Perm: account.PermExports},
		{Pattern: "GET /api/admin/users/export/{$}", Handler: ad.Handle(ad.ExportUsers), Access: Staff, Perm: account.PermExports},
		{Pattern: "GET /api/admin/users/{id}/export/{$}", Handler: ad.Handle(ad.ExportUser), Access: Staff, Perm: account.PermExports},
		{Pattern: "GET /api/admin/messages/{$}", Handler: ad.Handle(ad.Messages), Access: Staff, Perm: account.PermMessages},
		{Pattern: "PATCH /api/admin/messages/{id}/{$}", Handler: ad.Handle(ad.UpdateMessage), Access: Staff, Perm: account.PermMessages},
		{Pattern: "GET /api/admin/subscribers/{$}", Handler: ad.Handle(ad.Subscribers), Access: Staff, Perm: account.PermCustomers},
		{Pattern: "GET /api/admin/reports/sales/{$}", Handler: ad.Handle(ad.SalesReport), Access: Staff, Perm: account.PermReports},
		{Pattern: "GET /api/admin/reports/products/{$}", Handler: ad.Handle(ad.ProductsReport), Access: Staff, Perm: account.PermReports},
		{Pattern: "GET /api/admin/reports/channels/{$}", Handler: ad.Handle(ad.ChannelsReport), Access: Staff, Perm: account.PermReports},
		{Pattern: "GET /api/admin/audit/{$}", Handler: ad.Handle(ad.Audit), Access: Staff, Perm: account.PermSettings},
		{Pattern: "GET /api/admin/reviews/{$}", Handler: ad.Handle(ad.Reviews), Access: Staff, Perm: account.PermCatalogue},
		{Pattern: "PATCH /api/admin/reviews/{id}/{$}", Handler: ad.Handle(ad.UpdateReview), Access: Staff, Perm: account.PermCatalogue},
		{Pattern: "GET /api/admin/coupons/{$}", Handler: ad.Handle(ad.Coupons), Access: Staff, Perm: account.PermPrices},
		{Pattern: "POST /api/admin/coupons/{$}", Handler: ad.Handle(ad.CreateCoupon), Access: Staff, Perm: account.PermPrices},
		{Pattern: "GET /api/admin/coupons/{id}/{$}", Handler: ad.Handle(ad.Coupon), Access: Staff, Perm: account.PermPrices},
		{Pattern: "PATCH /api/admin/coupons/{id}/{$}", Handler: ad.Handle(ad.UpdateCoupon), Access: Staff, Perm: account.PermPrices},
		{Pattern: "DELETE /api/admin/coupons/{id}/{$}", Handler: ad.Handle(ad.DeleteCoupon), Access: Staff, Perm: account.PermPrices},
		{Pattern: "GET /api/admin/vat/{$}", Handler: ad.Handle(ad.VATClasses), Access: Staff, Perm: account.PermPrices},
		{Pattern: "GET /api/admin/etims/{$}", Handler: ad.Handle(ad.ETIMS), Access: Staff, Perm: account.PermSettings},
		{Pattern: "POST /api/admin/etims/retry/{$}", Handler: ad.Handle(ad.RetryETIMS), Access: Staff, Perm: account.PermSettings},
		{Pattern: "PATCH /api/admin/vat/{code}/{$}", Handler: ad.Handle(ad.UpdateVATClass), Access: Staff, Perm: account.PermPrices},
		{Pattern: "GET /api/admin/orders/{orderId}/rider/{$}", Handler: ad.Handle(ad.OrderRider), Access: Staff, Perm: account.PermOrders},
		{Pattern: "PUT /api/admin/orders/{orderId}/rider/{$}", Handler: ad.Handle(ad.AssignRider), Access: Staff, Perm: account.PermOrders, MaxBody: 1 << 10},
		{Pattern: "GET /api/admin/riders/summary/{$}", Handler: ad.Handle(ad.RidersSummary), Access: Staff, Perm: account.PermOrders},

		// The rider's screen (internal/rider): every route Rider, each
		// handler re-checking the stored role through rd.Handle.
		{Pattern: "GET /api/rider/deliveries/{$}", Handler: rd.Handle(rd.Deliveries), Access: Rider},
		{Pattern: "GET /api/rider/deliveries/{orderId}/{$}", Handler: rd.Handle(rd.Delivery), Access: Rider},
		{Pattern: "POST /api/rider/deliveries/{orderId}/collect/{$}", Handler: rd.Handle(rd.Collect), Access: Rider, MaxBody: 1 << 10, TakesStock: true, Money: true},
		{Pattern: "POST /api/rider/deliveries/{orderId}/delivered/{$}", Handler: rd.Handle(rd.Delivered), Access: Rider, MaxBody: 1 << 10},
		{Pattern: "POST /api/rider/deliveries/{orderId}/refused/{$}", Handler: rd.Handle(rd.Refused), Access: Rider, MaxBody: 2 << 10, TakesStock: true, Money: true},
		{Pattern: "GET /api/admin/agents/{$}", Handler: ad.Handle(ad.Agents), Access: Staff, Perm: account.PermAgents},
		{Pattern: "POST /api/admin/agents/{$}", Handler: ad.Handle(ad.CreateAgent), Access: Staff, Perm: account.PermAgents, MaxBody: 16 << 10},
		{Pattern: "GET /api/admin/agents/{id}/{$}", Handler: ad.Handle(ad.Agent), Access: Staff, Perm: account.PermAgents},
		{Pattern: "PATCH /api/admin/agents/{id}/{$}", Handler: ad.Handle(ad.UpdateAgent), Access: Staff, Perm: account.PermAgents, MaxBody: 16 << 10},
		{Pattern: "POST /api/admin/agents/{id}/payouts/{$}", Handler: ad.Handle(ad.PayAgent), Access: Staff, Perm: account.PermAgents, MaxBody: 4 << 10, Money: true},

		// A signed-in agent (internal/agent): their page, and orders for farmers.
		{Pattern: "GET /api/agent/{$}", Handler: s.agentOn(s.agent.Get), Access: Agent},
		{Pattern: "POST /api/agent/orders/{$}", Handler: s.agentOn(s.agent.CreateOrder), Access: Agent, TakesStock: true, Money: true},
		{Pattern: "DELETE /api/admin/users/{id}/mfa/{$}", Handler: ad.Handle(ad.ResetUserMFA), Access: Staff, Perm: account.PermStaff},
		{Pattern: "DELETE /api/admin/users/{id}/sessions/{$}", Handler: ad.Handle(ad.EndUserSessions), Access: Staff, Perm: account.PermStaff},

		// The API's own contract (internal/apidoc), which the route test
		// holds to this list.
		{Pattern: "GET /api/openapi.json", Handler: httpx.Handler(apidoc.Serve)},
		{Pattern: "GET /api/docs", Handler: httpx.Handler(apidoc.Page)},

		{Pattern: "GET " + content.UnsubscribePath + "{token}", Handler: httpx.Handler(s.unsubscribe.Page), Secret: "token"},
		{Pattern: "POST " + content.UnsubscribePath + "{token}", Handler: httpx.Handler(s.unsubscribe.Confirm), Body: AnyBody, MaxBody: 1 << 10, Secret: "token"},

		{Pattern: "/api/", Handler: httpx.Handler(s.apiUnserved)},
		{Pattern: "GET /media/", Handler: s.media},
		{Pattern: "GET /o/{code}", Handler: httpx.Handler(s.orders.OpenShortLink), Secret: "code"},
		{Pattern: "GET " + paylink.Path + "{code}", Handler: httpx.Handler(s.paylink.Page), Secret: "code"},
		{Pattern: "POST " + paylink.Path + "{code}", Handler: httpx.Handler(s.paylink.Prompt), Body: AnyBody, MaxBody: 1 << 10, TakesStock: true, Money: true, Secret: "code"},
		{Pattern: "GET /robots.txt", Handler: http.HandlerFunc(s.robots)},
		{Pattern: "GET /sitemap.xml", Handler: http.HandlerFunc(s.sitemap)},
		{Pattern: "GET /share/products/{file}", Handler: s.shares},
		// The installable app: its service worker (at the root, so it may
		// serve every page) and its manifest.
		{Pattern: "GET /sw.js", Handler: s.app.file(serviceWorkerFile)},
		{Pattern: "GET /manifest.webmanifest", Handler: s.app.file(manifestFile)},
		{Pattern: "/", Handler: s.app},
	}
	if s.daraja != nil {
		routes = append(routes, Route{Pattern: "/dev/daraja/", Handler: s.daraja})
	}
	if s.etimsSim != nil {
		routes = append(routes, Route{Pattern: "/dev/etims/", Handler: s.etimsSim, Body: AnyBody})
	}
	if s.paybill != nil {
		routes = append(routes, Route{Pattern: "POST /dev/mpesa/paybill/{$}", Handler: s.paybill, MaxBody: 4096},
			Route{Pattern: "GET /dev/mpesa/statement.csv", Handler: s.paybill})
	}
	if s.ussdPhone != nil {
		routes = append(routes, Route{Pattern: "GET /dev/ussd", Handler: s.ussdPhone})
	}
	if s.outbox != nil {
		routes = append(routes, Route{Pattern: "GET /dev/outbox", Handler: s.outbox})
	}
	if s.remind.Shop != nil {
		routes = append(routes, Route{Pattern: "POST " + devReplyPath, Handler: httpx.Handler(s.remind.DevReply), Body: AnyBody, MaxBody: 2 << 10, TakesStock: true, Money: true})
	}
	if s.metrics != nil {
		routes = append(routes, Route{Pattern: "GET /metrics", Handler: s.metrics, Access: Operator})
	}
	return routes
}

// mfaGate answers 403 mfa_setup_required to an owner or manager who must
// set up two-step sign-in first, on every route but those marked BeforeMFA.
// The principal says so from the session's own lookup: no extra query.
func mfaGate(rt Route, next http.Handler) http.Handler {
	if rt.BeforeMFA {
		return next
	}
	return httpx.Handler(func(w http.ResponseWriter, r *http.Request) error {
		if p, ok := account.PrincipalFrom(r.Context()); ok && p.MFASetupRequired {
			return apperr.ForbiddenCode(account.MsgMFASetupRequired, account.MFACodeSetupRequired)
		}
		next.ServeHTTP(w, r)
		return nil
	})
}

// guard enforces a route's Access before its handler runs, from the role
// stored now (account.Authenticate reads it with the session on every
// request), and notes a Staff route's permission for the back office's
// handlers, which check it once more right before the change.
func guard(a Access, perm string, next http.Handler) http.Handler {
	if a == Public || a == Operator {
		return next
	}
	return httpx.Handler(func(w http.ResponseWriter, r *http.Request) error {
		p, ok := account.PrincipalFrom(r.Context())
		if !ok {
			return apperr.Unauthorized("Please sign in to continue.")
		}
		if !allowed(a, perm, p) {
			return apperr.Forbidden(msgForbidden(a, p))
		}
		if a == Staff {
			r = r.WithContext(account.WithRequired(r.Context(), perm))
		}
		if a == Rider && p.Role != account.RoleRider {
			return apperr.Forbidden(rider.MsgRidersOnly)
		}
		if a == Agent && p.Role != account.RoleAgent {
			return apperr.Forbidden(agent.MsgNotAgent)
		}
		next.ServeHTTP(w, r)
		return nil
	})
}

// allowed reports whether p may pass a route of access a needing perm.
func allowed(a Access, perm string, p account.Principal) bool {
	switch a {
	case SignedIn:
		return true
	case Admin:
		return p.Role == account.RoleOwner
	case Staff:
		return p.Can(perm)
	case Rider:
		return p.Role == account.RoleRider
	case Agent:
		return p.Role == account.RoleAgent
	}
	return false
}

// msgForbidden is the 403's message: staff are told that their role lacks
// the right, anyone else that the page is not for them.
func msgForbidden(a Access, p account.Principal) string {
	switch {
	case a == Rider:
		return MsgRidersOnly
	case a == Agent:
		return MsgAgentsOnly
	case account.IsBackOffice(p.Role):
		return MsgRoleMayNot
	}
	return MsgAdminsOnly
}

// The guard's 403 messages.
const (
	MsgAdminsOnly = "This page is for the shop's admins only."
	MsgRoleMayNot = "Your role does not allow this. Ask the shop's owner."
	MsgRidersOnly = "This page is for the shop's riders only."
	MsgAgentsOnly = "This page is for the shop's agents only."
)

// agentOn serves fn when the shop has agents; without them no one is one.
func (s *Server) agentOn(fn httpx.Handler) http.Handler {
	return httpx.Handler(func(w http.ResponseWriter, r *http.Request) error {
		if s.agent.Service == nil || s.agent.Checkout == nil {
			return apperr.Forbidden(agent.MsgNotAgent)
		}
		return fn(w, r)
	})
}
