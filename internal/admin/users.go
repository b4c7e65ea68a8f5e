package admin

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"

	"shop/internal/account"
	"shop/internal/apperr"
	"shop/internal/catalog"
	"shop/internal/money"
)

// Messages of the user screen.
const (
	MsgOwnRole     = "You cannot change your own role."
	MsgRoleInvalid = "Role must be one of owner, manager, clerk, storekeeper, rider, agent or customer."
	MsgOwnersOnly  = "Only an owner can name owners and managers, or change their role."
)

// Users answers GET /api/admin/users/: ?search= (email, name or phone),
// ?role= (one role, or staff for everyone but customers), ?from= and ?to=
// (registered on those Nairobi days, both included), ?sort=
// (account.UserSorts), ?page=, and the count in each role of the users the
// other filters select, for the list's chips. A search counts its matches
// up to catalog.CountCap (count_capped beyond).
func (h *Handlers) Users(w http.ResponseWriter, r *http.Request, _ Actor) error {
	q, err := readSearchList(r, 20)
	if err != nil {
		return err
	}
	f := account.UserFilter{Search: q.search, Role: q.Get("role"), Sort: q.Get("sort"), Page: q.page, PageSize: q.size, CountCap: catalog.CountCap}
	bad := map[string]string{}
	if f.Role != "" && f.Role != "staff" && !account.ValidRole(f.Role) {
		bad["role"] = MsgRoleInvalid
	}
	if _, ok := account.UserSorts[f.Sort]; !ok {
		bad["sort"] = account.MsgUserSort
	}
	f.From, f.To = readDays(q, bad)
	if len(bad) > 0 {
		return apperr.InvalidFields(bad, "role", "sort", "from", "to")
	}
	list, err := h.accounts.ListUsers(r.Context(), f)
	if err != nil {
		return err
	}
	out := make([]ListedUser, len(list.Users))
	for i, u := range list.Users {
		out[i] = ListedUser{UserJSON: u.JSON(), Orders: u.Orders, Spent: u.Spent}
	}
	return writeJSON(w, http.StatusOK, UsersPage{Page: cappedPage(r, q, list.Count, list.Capped, out), RoleCounts: list.RoleCounts})
}

// UsersPage is the users list's page with its role chips' counts (absent
// for a search too broad to count).
type UsersPage struct {
	Page[ListedUser]
	RoleCounts map[string]int `json:"role_counts,omitempty"`
}

// ListedUser is a user in the back office's list: with their paid orders'
// count and what those came to, net of refunds.
type ListedUser struct {
	account.UserJSON
	Orders int         `json:"orders_count"`
	Spent  money.Cents `json:"spent"`
}

// UpdateUser answers PATCH /api/admin/users/{id}/ with {role}: any role
// (docs/product.md, "Roles"), never one's own (so the shop always keeps the
// owner who is looking at the screen), owners and managers named or
// changed by an owner only, and never the last owner (account.ErrLastOwner).
// A change that takes rights away ends the user's sessions.
func (h *Handlers) UpdateUser(w http.ResponseWriter, r *http.Request, a Actor) error {
	var in struct {
		Role string `json:"role"`
	}
	id, err := readIDBody(r, "User", &in)
	if err != nil {
		return err
	}
	if !account.ValidRole(in.Role) {
		return apperr.InvalidField("role", MsgRoleInvalid)
	}
	if id == a.UserID {
		return apperr.InvalidField("role", MsgOwnRole)
	}
	err = h.change(r.Context(), a, func(tx *sql.Tx) (Entry, error) {
		before, err := h.accounts.SetRoleTx(r.Context(), tx, id, in.Role)
		if err != nil {
			return Entry{}, err
		}
		if a.Role != account.RoleOwner && (seniorRole(in.Role) || seniorRole(before.Role)) {
			return Entry{}, apperr.Forbidden(MsgOwnersOnly)
		}
		if before.Role == in.Role {
			return Entry{}, nil
		}
		return entry("role", "user", id, fmt.Sprintf("%s: role %s → %s", before.Email, before.Role, in.Role)), nil
	})
	if err != nil {
		return err
	}
	u, err := h.accounts.UserByID(r.Context(), id)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, u.JSON())
}

// seniorRole: owners and managers, whom only an owner names or changes.
func seniorRole(role string) bool { return role == account.RoleOwner || role == account.RoleManager }

// Messages of a staff member's sign-in screen.
const (
	MsgMFANotOn = "Two-step sign-in is not set up for this user."
	// MsgOwnSignIn: an owner's own second step and devices are theirs to
	// manage in My Account, where the password guards the change; here one
	// click would sign the owner out of the screen they are using.
	MsgOwnSignIn = "Manage your own two-step sign-in and devices in My Account."
)

// ResetUserMFA answers DELETE /api/admin/users/{id}/mfa/ with 204: the
// user's second step is forgotten (secret, recovery codes), so a staff
// member who lost their phone signs in with the password and sets it up
// again; where SHOP_REQUIRE_MFA is on their role sees only that set-up
// until then. Audited.
func (h *Handlers) ResetUserMFA(w http.ResponseWriter, r *http.Request, a Actor) error {
	id, err := pathID(r, "id", "User")
	if err != nil {
		return err
	}
	if id == a.UserID {
		return apperr.Conflict(MsgOwnSignIn)
	}
	return h.remove(w, r, a, func(tx *sql.Tx) (Entry, error) {
		u, err := h.accounts.UserByIDTx(r.Context(), tx, id)
		if err != nil {
			return Entry{}, err
		}
		on, err := account.ResetMFATx(r.Context(), tx, id)
		if err != nil {
			return Entry{}, err
		}
		if !on {
			return Entry{}, apperr.Conflict(MsgMFANotOn)
		}
		return entry("mfa_reset", "user", id, u.Email+": two-step sign-in reset"), nil
	})
}

// EndUserSessions answers DELETE /api/admin/users/{id}/sessions/ with 204:
// the user is signed out on every device. Audited.
func (h *Handlers) EndUserSessions(w http.ResponseWriter, r *http.Request, a Actor) error {
	id, err := pathID(r, "id", "User")
	if err != nil {
		return err
	}
	if id == a.UserID {
		return apperr.Conflict(MsgOwnSignIn)
	}
	return h.remove(w, r, a, func(tx *sql.Tx) (Entry, error) {
		u, err := h.accounts.UserByIDTx(r.Context(), tx, id)
		if err != nil {
			return Entry{}, err
		}
		n, err := account.EndUserSessionsTx(r.Context(), tx, id, "signed out by "+a.Email)
		if err != nil {
			return Entry{}, err
		}
		return entry("sessions_end", "user", id, fmt.Sprintf("%s: signed out on %d device(s)", u.Email, n)), nil
	})
}

// RecordTx stores an audit entry made outside the back office (a user's
// own two-step sign-in changes) in the change's transaction.
func RecordTx(ctx context.Context, tx *sql.Tx, e account.AuditEntry) error {
	return record(ctx, tx, Actor{UserID: e.ActorID, Email: e.ActorEmail}, entry(e.Action, "user", e.UserID, e.Summary))
}
