package account

import (
	"context"
	"slices"
	"strings"
)

// Permissions of the back office (docs/product.md, "Roles"): what a staff
// role may do. The web app shows a tab or a button only when the signed-in
// user's permissions include its own; the server checks them on every route
// from the role stored now.
const (
	PermOrders         = "orders"          // orders, phone orders, status, dispatch, a rider
	PermMessages       = "messages"        // contact messages, SMS replies, resending SMS and mail
	PermCatalogue      = "catalogue"       // products, categories, images, search words, reviews; not prices
	PermPrices         = "prices"          // sizes' prices, coupons, tax bands
	PermStock          = "stock"           // sizes' stock: receive, adjust, import; reading products
	PermDelivery       = "delivery"        // zones, pickup points, couriers
	PermRefunds        = "refunds"         // refunds, up to the approval line for all but owners
	PermRefundsApprove = "refunds_approve" // approve or decline refunds above the line
	PermReports        = "reports"         // revenue figures, the dashboard's sales, channels
	PermCustomers      = "customers"       // the customer list, subscribers
	PermAgents         = "agents"          // agents and their commissions
	PermStaff          = "staff"           // roles, staff sessions, second-step resets
	PermSettings       = "settings"        // M-Pesa and eTIMS settings, audit log, backups
	PermExports        = "exports"         // data exports, erasure, customer CSVs
)

// AllPermissions lists every permission in the order the docs show them.
var AllPermissions = []string{PermOrders, PermMessages, PermCatalogue, PermPrices, PermStock, PermDelivery,
	PermRefunds, PermRefundsApprove, PermReports, PermCustomers, PermAgents, PermStaff, PermSettings, PermExports}

// rolePermissions is the one table of who may do what; an owner may do all.
var rolePermissions = map[string][]string{
	RoleOwner: AllPermissions,
	RoleManager: {PermOrders, PermMessages, PermCatalogue, PermPrices, PermStock, PermDelivery, PermRefunds,
		PermReports, PermCustomers, PermAgents},
	RoleClerk:       {PermOrders, PermMessages},
	RoleStorekeeper: {PermStock},
}

// Roles lists every role, the highest first.
var Roles = []string{RoleOwner, RoleManager, RoleClerk, RoleStorekeeper, RoleRider, RoleAgent, RoleCustomer}

// ValidRole reports whether role is one of Roles.
func ValidRole(role string) bool { return slices.Contains(Roles, role) }

// Permissions returns what role may do in the back office: never nil, so
// the API shows [] for a customer, a rider or an agent.
func Permissions(role string) []string {
	return append([]string{}, rolePermissions[role]...)
}

// Can reports whether role holds perm. perm may name alternatives,
// "catalogue|stock": any one of them is enough. The empty perm is any
// back-office role's (IsBackOffice).
func Can(role, perm string) bool {
	if perm == "" {
		return IsBackOffice(role)
	}
	for _, p := range strings.Split(perm, "|") {
		if slices.Contains(rolePermissions[role], p) {
			return true
		}
	}
	return false
}

// IsBackOffice reports whether role works in /admin: owner, manager, clerk
// and storekeeper. Riders and agents have screens of their own.
func IsBackOffice(role string) bool { return len(rolePermissions[role]) > 0 }

// Lowers reports whether moving a user from role from to role to takes
// away any permission, or the rider's or agent's screen: such a change ends
// the user's sessions, so no device keeps what the role no longer gives.
func Lowers(from, to string) bool {
	if from == to {
		return false
	}
	if from == RoleRider || from == RoleAgent {
		return true
	}
	for _, p := range rolePermissions[from] {
		if !slices.Contains(rolePermissions[to], p) {
			return true
		}
	}
	return false
}

// Can reports whether the principal's role holds perm (see the function Can).
func (p Principal) Can(perm string) bool { return Can(p.Role, perm) }

type requiredKey struct{}

// WithRequired returns ctx noting the permission the matched route
// requires, for the handler that checks it again against the stored role
// (internal/admin's Handle). A route without a note is the owner's alone.
func WithRequired(ctx context.Context, perm string) context.Context {
	return context.WithValue(ctx, requiredKey{}, perm)
}

// RequiredFrom returns the permission noted by WithRequired, if any.
func RequiredFrom(ctx context.Context) (string, bool) {
	p, ok := ctx.Value(requiredKey{}).(string)
	return p, ok
}
