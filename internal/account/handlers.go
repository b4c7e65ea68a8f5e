package account

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"

	"shop/internal/apperr"
	"shop/internal/httpx"
	"shop/internal/i18n"
)

// Handlers answer the /api/auth/ routes: decode, call the Service, encode.
type Handlers struct {
	Svc *Service
	// ClientIP finds the address a request came from, for the rate limits.
	ClientIP func(*http.Request) string
}

// Every answer here is about one person: no cache may keep it.
func noStore(w http.ResponseWriter) { w.Header().Set("Cache-Control", "no-store") }

// principal returns the signed-in principal; the route's guard has already
// answered 401 without one.
func principal(r *http.Request) (Principal, error) {
	p, ok := PrincipalFrom(r.Context())
	if !ok {
		return Principal{}, apperr.Unauthorized("Please sign in to continue.")
	}
	return p, nil
}

// Register answers POST /api/auth/register/ with 201 and the new user.
func (h *Handlers) Register(w http.ResponseWriter, r *http.Request) error {
	var in RegisterInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	u, err := h.Svc.Register(r.Context(), in, httpx.IPOf(h.ClientIP, r))
	if err != nil {
		return err
	}
	return httpx.WritePrivate(w, http.StatusCreated, u.JSON())
}

// Login answers POST /api/auth/login/ with {access, refresh, user, expires_in}.
func (h *Handlers) Login(w http.ResponseWriter, r *http.Request) error {
	var in LoginInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	t, err := h.Svc.Login(r.Context(), in, httpx.IPOf(h.ClientIP, r))
	if err != nil {
		return err
	}
	return httpx.WritePrivate(w, http.StatusOK, t)
}

type refreshBody struct {
	Refresh string `json:"refresh"`
}

// Refresh answers POST /api/auth/token/refresh/ {refresh} with a new pair.
func (h *Handlers) Refresh(w http.ResponseWriter, r *http.Request) error {
	var in refreshBody
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	t, err := h.Svc.Refresh(r.Context(), in.Refresh)
	if err != nil {
		return err
	}
	return httpx.WritePrivate(w, http.StatusOK, t)
}

// Logout answers POST /api/auth/logout/ {refresh} with 204, ending the
// session of the refresh token and of the request's access token. An empty
// body is fine.
func (h *Handlers) Logout(w http.ResponseWriter, r *http.Request) error {
	var in refreshBody
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return err
	}
	if len(bytes.TrimSpace(body)) > 0 && json.Unmarshal(body, &in) != nil {
		return apperr.Invalid("The request body is not valid JSON.", nil)
	}
	if err := h.Svc.Logout(r.Context(), in.Refresh, sessionFrom(r.Context())); err != nil {
		return err
	}
	noStore(w)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// Me answers GET /api/auth/me/ with the signed-in user.
func (h *Handlers) Me(w http.ResponseWriter, r *http.Request) error {
	p, err := principal(r)
	if err != nil {
		return err
	}
	u, err := h.Svc.Store.UserByID(r.Context(), p.UserID)
	if err != nil {
		return err
	}
	return httpx.WritePrivate(w, http.StatusOK, u.JSON())
}

// UpdateMe answers PATCH /api/auth/me/ {first_name?, last_name?, phone?}.
func (h *Handlers) UpdateMe(w http.ResponseWriter, r *http.Request) error {
	p, err := principal(r)
	if err != nil {
		return err
	}
	var in ProfileInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	u, err := h.Svc.UpdateProfile(r.Context(), p.UserID, in)
	if err != nil {
		return err
	}
	return httpx.WritePrivate(w, http.StatusOK, u.JSON())
}

type messageBody struct {
	Message string `json:"message"`
}

// Answers of the password routes.
const (
	MsgPasswordChanged = "Your password has been changed."
	MsgResetSent       = "If an account exists for that email, we have sent it a link to reset the password. The link works for one hour."
	MsgPasswordReset   = "Your password has been reset. You can now sign in with your new password."
)

// ChangePassword answers POST /api/auth/password/change/
// {current_password, new_password}.
func (h *Handlers) ChangePassword(w http.ResponseWriter, r *http.Request) error {
	p, err := principal(r)
	if err != nil {
		return err
	}
	var in PasswordChange
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if err := h.Svc.ChangePassword(r.Context(), p, sessionFrom(r.Context()), in); err != nil {
		return err
	}
	return httpx.WritePrivate(w, http.StatusOK, messageBody{i18n.Text(r.Context(), MsgPasswordChanged)})
}

// ForgotPassword answers POST /api/auth/password/forgot/ {email} the same
// way whether or not the account exists.
func (h *Handlers) ForgotPassword(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Email string `json:"email"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if err := h.Svc.ForgotPassword(r.Context(), in.Email, httpx.IPOf(h.ClientIP, r)); err != nil {
		return err
	}
	return httpx.WritePrivate(w, http.StatusOK, messageBody{i18n.Text(r.Context(), MsgResetSent)})
}

// ResetPassword answers POST /api/auth/password/reset/ {token, password}.
func (h *Handlers) ResetPassword(w http.ResponseWriter, r *http.Request) error {
	var in PasswordReset
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if err := h.Svc.ResetPassword(r.Context(), in); err != nil {
		return err
	}
	return httpx.WritePrivate(w, http.StatusOK, messageBody{i18n.Text(r.Context(), MsgPasswordReset)})
}
