package admin

import (
	"database/sql"
	"fmt"
	"net/http"

	"shop/internal/account"
	"shop/internal/apperr"
	"shop/internal/catalog"
)

// Messages of the user screen.
const (
	MsgOwnRole     = "You cannot change your own role."
	MsgRoleInvalid = "Role must be one of owner, manager, clerk, storekeeper, rider, agent or customer."
	MsgOwnersOnly  = "Only an owner can name owners and managers, or change their role."
)

// Users answers GET /api/admin/users/: ?search= (email, name or phone),
// ?role= (one role, or staff for everyone but customers), ?page=. A search counts its matches up to
// catalog.CountCap (count_capped beyond).
func (h *Handlers) Users(w http.ResponseWriter, r *http.Request, _ Actor) error {
	q, err := readSearchList(r, 20)
	if err != nil {
		return err
	}
	role := q.Get("role")
	if role != "" && role != "staff" && !account.ValidRole(role) {
		return apperr.InvalidField("role", MsgRoleInvalid)
	}
	list, err := h.accounts.ListUsers(r.Context(), q.search, role, q.page, q.size, catalog.CountCap)
	if err != nil {
		return err
	}
	out := make([]account.UserJSON, len(list.Users))
	for i, u := range list.Users {
		out[i] = u.JSON()
	}
	return writeCappedPage(w, r, q, list.Count, list.Capped, out)
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
