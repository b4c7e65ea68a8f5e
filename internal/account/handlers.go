package account

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"

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
	t, err := h.Svc.Login(h.client(r), in, httpx.IPOf(h.ClientIP, r))
	if err != nil {
		return err
	}
	if t.MFARequired {
		return httpx.WritePrivate(w, http.StatusOK, mfaChallenge{MFARequired: true, MFAToken: t.MFAToken})
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
	t, err := h.Svc.Refresh(h.client(r), in.Refresh)
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
	j, err := h.Svc.UserJSON(r.Context(), u)
	if err != nil {
		return err
	}
	return httpx.WritePrivate(w, http.StatusOK, j)
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
	MsgResetSentSMS    = "If an account exists for that phone number, we have sent it an SMS with a link to reset the password. The link works for one hour."
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

// ForgotPassword answers POST /api/auth/password/forgot/ {email} or
// {phone} the same way whether or not the account exists.
func (h *Handlers) ForgotPassword(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Email string `json:"email"`
		Phone string `json:"phone"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if err := h.Svc.ForgotPassword(r.Context(), in.Email, in.Phone, httpx.IPOf(h.ClientIP, r)); err != nil {
		return err
	}
	sent := MsgResetSent
	if strings.TrimSpace(in.Email) == "" && strings.TrimSpace(in.Phone) != "" {
		sent = MsgResetSentSMS
	}
	return httpx.WritePrivate(w, http.StatusOK, messageBody{i18n.Text(r.Context(), sent)})
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

// client is the request's context with the device it comes from, which a
// new or refreshed session records.
func (h *Handlers) client(r *http.Request) context.Context {
	return WithClient(r.Context(), Client{IP: httpx.IPOf(h.ClientIP, r), UserAgent: r.UserAgent()})
}

// mfaChallenge is the sign-in answer when the second step is on.
type mfaChallenge struct {
	MFARequired bool   `json:"mfa_required"`
	MFAToken    string `json:"mfa_token"`
}

// LoginMFA answers POST /api/auth/login/mfa/ {mfa_token, code} with the
// tokens, as a sign-in does.
func (h *Handlers) LoginMFA(w http.ResponseWriter, r *http.Request) error {
	var in MFALogin
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	t, err := h.Svc.LoginMFA(h.client(r), in, httpx.IPOf(h.ClientIP, r))
	if err != nil {
		return err
	}
	return httpx.WritePrivate(w, http.StatusOK, t)
}

// SetupMFA answers POST /api/auth/mfa/setup/ with {secret, otpauth_url, qr}.
func (h *Handlers) SetupMFA(w http.ResponseWriter, r *http.Request) error {
	p, err := principal(r)
	if err != nil {
		return err
	}
	out, err := h.Svc.SetupMFA(r.Context(), p)
	if err != nil {
		return err
	}
	return httpx.WritePrivate(w, http.StatusOK, out)
}

// ConfirmMFA answers POST /api/auth/mfa/confirm/ {code} with
// {recovery_codes}.
func (h *Handlers) ConfirmMFA(w http.ResponseWriter, r *http.Request) error {
	p, err := principal(r)
	if err != nil {
		return err
	}
	var in struct {
		Code string `json:"code"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	codes, err := h.Svc.ConfirmMFA(r.Context(), p, in.Code)
	if err != nil {
		return err
	}
	return httpx.WritePrivate(w, http.StatusOK, map[string][]string{"recovery_codes": codes})
}

// DisableMFA answers DELETE /api/auth/mfa/ {password} with 204.
func (h *Handlers) DisableMFA(w http.ResponseWriter, r *http.Request) error {
	p, err := principal(r)
	if err != nil {
		return err
	}
	var in struct {
		Password string `json:"password"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if err := h.Svc.DisableMFA(r.Context(), p, in.Password); err != nil {
		return err
	}
	noStore(w)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// Sessions answers GET /api/auth/sessions/ with the signed-in devices.
func (h *Handlers) Sessions(w http.ResponseWriter, r *http.Request) error {
	p, err := principal(r)
	if err != nil {
		return err
	}
	list, err := h.Svc.Sessions(r.Context(), p.UserID, sessionFrom(r.Context()))
	if err != nil {
		return err
	}
	return httpx.WritePrivate(w, http.StatusOK, list)
}

// EndSession answers DELETE /api/auth/sessions/{id}/ with 204.
func (h *Handlers) EndSession(w http.ResponseWriter, r *http.Request) error {
	p, err := principal(r)
	if err != nil {
		return err
	}
	if err := h.Svc.EndSession(r.Context(), p.UserID, r.PathValue("id")); err != nil {
		return err
	}
	noStore(w)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// EndOtherSessions answers POST /api/auth/sessions/revoke-others/ with
// {ended}: how many devices were signed out.
func (h *Handlers) EndOtherSessions(w http.ResponseWriter, r *http.Request) error {
	p, err := principal(r)
	if err != nil {
		return err
	}
	n, err := h.Svc.EndOtherSessions(r.Context(), p.UserID, sessionFrom(r.Context()))
	if err != nil {
		return err
	}
	return httpx.WritePrivate(w, http.StatusOK, map[string]int64{"ended": n})
}

// SendPhoneCode answers POST /api/auth/phone/send-code/ with 202
// {message, expires_in}: a code is on its way by SMS.
func (h *Handlers) SendPhoneCode(w http.ResponseWriter, r *http.Request) error {
	p, err := principal(r)
	if err != nil {
		return err
	}
	out, err := h.Svc.SendPhoneCode(r.Context(), p, httpx.IPOf(h.ClientIP, r))
	if err != nil {
		return err
	}
	return httpx.WritePrivate(w, http.StatusAccepted, out)
}

// ConfirmPhone answers POST /api/auth/phone/confirm/ {code} with
// {message, user, orders_attached}.
func (h *Handlers) ConfirmPhone(w http.ResponseWriter, r *http.Request) error {
	p, err := principal(r)
	if err != nil {
		return err
	}
	var in struct {
		Code string `json:"code"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	out, err := h.Svc.ConfirmPhone(r.Context(), p, in.Code)
	if err != nil {
		return err
	}
	return httpx.WritePrivate(w, http.StatusOK, out)
}
