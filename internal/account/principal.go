package account

import "context"

// Principal is who a request acts for, once its access token is verified.
type Principal struct {
	UserID int64
	Email  string
	Role   string
	// MFASetupRequired: the role must use two-step sign-in
	// (SHOP_REQUIRE_MFA) and it is not on yet, so only its set-up is open.
	MFASetupRequired bool
}

// IsAdmin reports whether the principal may use the back office.
func (p Principal) IsAdmin() bool { return p.Role == RoleOwner }

type principalKey struct{}

// WithPrincipal returns ctx carrying p.
func WithPrincipal(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, principalKey{}, p)
}

// PrincipalFrom returns the signed-in principal of ctx, if any.
func PrincipalFrom(ctx context.Context) (Principal, bool) {
	p, ok := ctx.Value(principalKey{}).(Principal)
	return p, ok
}
