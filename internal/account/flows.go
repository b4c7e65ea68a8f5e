package account

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"html/template"
	"net/url"
	"strings"
	"sync"
	"time"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/form"
	"shop/internal/i18n"
	"shop/internal/mail"
	"shop/internal/ratelimit"
	"shop/internal/secret"
)

// RegisterInput is docs/product.md's registration payload.
type RegisterInput struct {
	FirstName string `json:"first_name"`
	LastName  string `json:"last_name"`
	Email     string `json:"email"`
	Phone     string `json:"phone"`
	Password  string `json:"password"`
}

// Register creates a customer after checking every field with docs/product.md's
// rules. The email is optional: a phone is enough. A taken email is an error on the email field: registration, unlike
// sign-in, says so, as docs/product.md requires. Sign-ups from one address are
// limited, so a script cannot fill the user table.
func (s *Service) Register(ctx context.Context, in RegisterInput, ip string) (User, error) {
	fields := map[string]string{}
	set := func(field, msg string) {
		if msg != "" {
			fields[field] = msg
		}
	}
	set("first_name", CheckName(in.FirstName, MsgFirstNameRequired, MsgFirstNameTooLong))
	set("last_name", CheckName(in.LastName, MsgLastNameRequired, MsgLastNameTooLong))
	if strings.TrimSpace(in.Email) != "" {
		set("email", CheckEmail(in.Email))
	}
	phone, msg := CheckPhone(in.Phone)
	set("phone", msg)
	set("password", CheckNewPassword(in.Password))
	if err := apperr.FixFields(fields); err != nil {
		return User{}, err
	}
	if _, err := s.reserve(ctx, MsgTooManySignUps,
		ratelimit.Check{Bucket: ratelimit.IPBucket("register:ip:", ip), Limit: s.limits.RegisterPerIP}); err != nil {
		return User{}, err
	}
	hash, err := HashPassword(in.Password)
	if err != nil {
		return User{}, err
	}
	return s.Store.CreateUser(ctx, NewUser{Email: in.Email, FirstName: strings.TrimSpace(in.FirstName),
		LastName: strings.TrimSpace(in.LastName), Phone: phone, PasswordHash: hash, CreatedAt: s.clock()})
}

// LoginInput is docs/product.md's login payload, and whether to remember the user
// past the browser session. Username is a phone number or an email.
type LoginInput struct {
	Username string `json:"username"`
	Password string `json:"password"`
	Remember bool   `json:"remember"`
}

// dummyHash is checked against when the email is unknown, so a wrong email
// costs as long as a wrong password and the timing tells nothing.
var dummyHash = sync.OnceValue(func() string {
	h, err := HashPassword("not-a-password-anyone-has")
	if err != nil {
		panic(err)
	}
	return h
})

// checkPassword is CheckPassword; tests swap it to see the work a sign-in does.
var checkPassword = CheckPassword

// Login signs a user in by email or phone. Wrong credentials get one answer
// whether or not the account exists; failed attempts are limited per account
// and per client IP.
func (s *Service) Login(ctx context.Context, in LoginInput, ip string) (Tokens, error) {
	fields := map[string]string{}
	id, m := ReadIdentifier(in.Username)
	if m != "" {
		fields["username"] = m
	}
	if m := CheckLoginPassword(in.Password); m != "" {
		fields["password"] = m
	}
	if err := apperr.FixFields(fields); err != nil {
		return Tokens{}, err
	}
	accountBucket := "login:" + id.bucket()
	res, err := s.reserve(ctx, MsgTooManySignIns,
		ratelimit.Check{Bucket: accountBucket, Limit: s.limits.LoginPerAccount},
		ratelimit.Check{Bucket: ratelimit.IPBucket("login:ip:", ip), Limit: s.limits.LoginPerIP})
	if err != nil {
		return Tokens{}, err
	}
	u, hash, err := s.Store.userWithHash(ctx, id)
	known := err == nil
	if err != nil && !errors.Is(err, apperr.ErrNotFound) {
		return Tokens{}, err
	}
	if !known {
		hash = dummyHash()
	}
	ok, err := checkPassword(hash, in.Password)
	if err != nil {
		return Tokens{}, fmt.Errorf("check password: %w", err)
	}
	if !ok || !known {
		// The reservation stays: it is the failed attempt.
		return Tokens{}, apperr.Unauthorized(MsgInvalidCredentials)
	}
	// Only failures count: this attempt is taken back, and the account's
	// earlier failures are forgiven.
	if err := res.Cancel(ctx); err != nil {
		return Tokens{}, err
	}
	mfaOn, err := s.Store.MFAEnabled(ctx, u.ID)
	if err != nil {
		return Tokens{}, err
	}
	if mfaOn {
		// The account's earlier failures stand until the second step is
		// right: otherwise the password alone would reset the count of
		// wrong codes, and codes could be guessed five at a time forever.
		return s.challenge(ctx, u, in.Remember)
	}
	if err := s.limiter.Clear(ctx, accountBucket); err != nil {
		return Tokens{}, err
	}
	return s.startSession(ctx, u, in.Remember)
}

// ProfileInput is the account page's change: names and phone. A field left
// out stays as it is.
type ProfileInput struct {
	FirstName *string `json:"first_name"`
	LastName  *string `json:"last_name"`
	Phone     *string `json:"phone"`
	// KRAPIN is kept for the customer's eTIMS invoices; "" removes it.
	KRAPIN *string `json:"kra_pin"`
}

// UpdateProfile changes the names, phone and KRA PIN of user id. The phone may be
// written any way phone.Normalize reads; it is stored as 254XXXXXXXXX.
func (s *Service) UpdateProfile(ctx context.Context, id int64, in ProfileInput) (User, error) {
	u, err := s.Store.UserByID(ctx, id)
	if err != nil {
		return User{}, err
	}
	fields := map[string]string{}
	if in.FirstName != nil {
		if m := CheckName(*in.FirstName, MsgFirstNameRequired, MsgFirstNameTooLong); m != "" {
			fields["first_name"] = m
		}
		u.FirstName = strings.TrimSpace(*in.FirstName)
	}
	if in.LastName != nil {
		if m := CheckName(*in.LastName, MsgLastNameRequired, MsgLastNameTooLong); m != "" {
			fields["last_name"] = m
		}
		u.LastName = strings.TrimSpace(*in.LastName)
	}
	if in.Phone != nil {
		phone, m := CheckPhone(*in.Phone)
		if m != "" {
			fields["phone"] = m
		}
		u.Phone = phone
	}
	if in.KRAPIN != nil {
		pin, ok := form.KRAPIN(*in.KRAPIN)
		if !ok {
			fields["kra_pin"] = form.MsgKRAPIN
		}
		u.KRAPIN = pin
	}
	if err := apperr.FixFields(fields); err != nil {
		return User{}, err
	}
	return s.Store.UpdateProfile(ctx, id, u.FirstName, u.LastName, u.Phone, u.KRAPIN)
}

// PasswordChange is the account page's password form.
type PasswordChange struct {
	CurrentPassword string `json:"current_password"`
	NewPassword     string `json:"new_password"`
}

// ChangePassword sets a new password for a signed-in user who knows the
// current one, and ends their other sessions (keep is the current one).
func (s *Service) ChangePassword(ctx context.Context, p Principal, keep string, in PasswordChange) error {
	fields := map[string]string{}
	if in.CurrentPassword == "" {
		fields["current_password"] = MsgCurrentPassword
	}
	if m := CheckNewPassword(in.NewPassword); m != "" {
		fields["new_password"] = m
	}
	if err := apperr.FixFields(fields); err != nil {
		return err
	}
	bucket, err := s.checkCurrentPassword(ctx, p.UserID, in.CurrentPassword, "current_password")
	if err != nil {
		return err
	}
	newHash, err := HashPassword(in.NewPassword)
	if err != nil {
		return err
	}
	now := s.clock()
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		if err := s.setPassword(ctx, tx, p.UserID, newHash); err != nil {
			return err
		}
		if err := ratelimit.ClearTx(ctx, tx, bucket); err != nil {
			return err
		}
		return revokeUserSessions(ctx, tx, p.UserID, keep, now, "password changed")
	})
}

// checkCurrentPassword checks a signed-in user's password before a change
// that needs it, within the limit of wrong current passwords; a mistake is
// reported on field. It returns the limit's bucket, which the change clears.
func (s *Service) checkCurrentPassword(ctx context.Context, userID int64, password, field string) (bucket string, err error) {
	bucket = fmt.Sprintf("password:user:%d", userID)
	if _, err := s.reserve(ctx, MsgTooManyPasswords, ratelimit.Check{Bucket: bucket, Limit: s.limits.PasswordChange}); err != nil {
		return "", err
	}
	hash, err := s.Store.passwordHash(ctx, userID)
	if err != nil {
		return "", err
	}
	if ok, err := checkPassword(hash, password); err != nil {
		return "", fmt.Errorf("check password: %w", err)
	} else if !ok {
		return "", apperr.Invalid(MsgCurrentPasswordBad, map[string]string{field: MsgCurrentPasswordBad})
	}
	return bucket, nil
}

// setPassword stores a new hash and voids the user's unused reset links.
func (s *Service) setPassword(ctx context.Context, tx *sql.Tx, userID int64, hash string) error {
	if _, err := tx.ExecContext(ctx, `UPDATE users SET password_hash = $1 WHERE id = $2`, hash, userID); err != nil {
		return fmt.Errorf("set password: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE password_resets SET used_at = $1 WHERE user_id = $2 AND used_at IS NULL`,
		s.clock(), userID); err != nil {
		return fmt.Errorf("void reset links: %w", err)
	}
	return nil
}

// ForgotPassword sends a reset link to the account named by email, or by
// phone when the email is empty, if there is one: by mail, or by SMS to an
// account without an email or when asked by phone. The answer is the same
// whether or not there is: only the mailbox's or the phone's owner learns
// the difference.
func (s *Service) ForgotPassword(ctx context.Context, email, phoneNumber, ip string) error {
	var id Identifier
	if strings.TrimSpace(email) == "" && strings.TrimSpace(phoneNumber) != "" {
		p, m := CheckPhone(phoneNumber)
		if m != "" {
			return apperr.FixFields(map[string]string{"phone": m})
		}
		id.Phone = p
	} else {
		if m := CheckEmail(email); m != "" {
			return apperr.FixFields(map[string]string{"email": m})
		}
		id.Email = email
	}
	if _, err := s.reserve(ctx, MsgTooManyRequests, ratelimit.Check{Bucket: ratelimit.IPBucket("forgot:ip:", ip), Limit: s.limits.ForgotPerIP}); err != nil {
		return err
	}
	// Mail to one inbox is limited apart, and silently: a 429 here would
	// tell a stranger the address has an account.
	_, accountWait, err := s.limiter.Reserve(ctx, ratelimit.Check{Bucket: forgotBucket(id), Limit: s.limits.ForgotPerAccount})
	if err != nil {
		return err
	}
	u, _, err := s.Store.userWithHash(ctx, id)
	if errors.Is(err, apperr.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if accountWait > 0 {
		// Enough mail to that inbox for now; the links already sent work.
		s.log.InfoContext(ctx, "password reset mail not sent: too many requests for the account", "user", u.ID)
		return nil
	}
	now := s.clock()
	token, hash := randomToken(32)
	if id.Phone != "" || u.Email == "" {
		return s.smsResetLink(ctx, u, token, hash, now)
	}
	if _, err := s.db.Exec(ctx, `INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)`,
		hash, u.ID, now, now.Add(ResetTTL)); err != nil {
		return fmt.Errorf("store reset token: %w", err)
	}
	msg, err := s.resetMail(u, token, i18n.From(ctx))
	if err != nil {
		return err
	}
	s.goBackground(func(ctx context.Context) {
		if err := s.mailer.Send(ctx, msg); err != nil {
			s.log.ErrorContext(ctx, "send password reset mail", "user", u.ID, "err", err)
		}
	})
	return nil
}

// PasswordReset is the reset form: the token from the mailed link and the
// new password.
type PasswordReset struct {
	Token    string `json:"token"`
	Password string `json:"password"`
}

// ResetPassword sets a new password with a reset token. The token works
// once, within ResetTTL; every session of the user ends, and a lock-out from
// earlier wrong passwords is lifted.
func (s *Service) ResetPassword(ctx context.Context, in PasswordReset) error {
	if m := CheckNewPassword(in.Password); m != "" {
		return apperr.FixFields(map[string]string{"password": m})
	}
	if in.Token == "" || len(in.Token) > 100 {
		return apperr.Invalid(MsgResetLinkInvalid, map[string]string{"token": MsgResetLinkInvalid})
	}
	newHash, err := HashPassword(in.Password)
	if err != nil {
		return err
	}
	now := s.clock()
	var ok bool
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		var userID int64
		var email, phone string
		var expires time.Time
		var used sql.NullTime
		err := tx.QueryRowContext(ctx, `SELECT r.user_id, u.email, u.phone, r.expires_at, r.used_at FROM password_resets r
			JOIN users u ON u.id = r.user_id WHERE r.token_hash = $1`, secret.Hash(in.Token)).Scan(&userID, &email, &phone, &expires, &used)
		if db.NoRows(err) {
			return nil
		}
		if err != nil {
			return err
		}
		if used.Valid || !now.Before(expires) {
			return nil
		}
		ok = true
		if err := s.setPassword(ctx, tx, userID, newHash); err != nil {
			return err
		}
		for _, b := range []string{loginBucket(email), "login:" + Identifier{Phone: phone}.bucket()} {
			if err := ratelimit.ClearTx(ctx, tx, b); err != nil {
				return err
			}
		}
		return revokeUserSessions(ctx, tx, userID, "", now, "password reset")
	})
	if err != nil {
		return fmt.Errorf("reset password: %w", err)
	}
	if !ok {
		return apperr.Invalid(MsgResetLinkInvalid, map[string]string{"token": MsgResetLinkInvalid})
	}
	return nil
}

const businessName = "Mifugo Bora Feeds"

// resetWords are the reset mail in one language: the subject, the text (a
// format of the name, the business, the address, the link and the
// business again), the page, and who "Hello" greets without a first name.
type resetWords struct {
	subject, text, nobody string
	html                  *template.Template
}

var resetEnglish = resetWords{
	subject: "Reset your " + businessName + " password",
	text: `Hello %s,

We received a request to reset the password of your %s account (%s).

Open this link to choose a new password. It works once, within one hour:

%s

If you did not ask for this, ignore this email: your password stays the same.

%s, Ruiru
`,
	nobody: "there",
	html: template.Must(template.New("reset").Parse(`<!doctype html>
<html><body style="font-family:sans-serif;line-height:1.5;color:#1c1917">
<p>Hello {{.Name}},</p>
<p>We received a request to reset the password of your {{.Business}} account ({{.Email}}).</p>
<p><a href="{{.Link}}" style="display:inline-block;background:#2f5a26;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Choose a new password</a></p>
<p>The link works once, within one hour. If the button does not work, copy this address into your browser:<br>{{.Link}}</p>
<p>If you did not ask for this, ignore this email: your password stays the same.</p>
<p>{{.Business}}, Ruiru</p>
</body></html>`)),
}

var resetKiswahili = resetWords{
	subject: "Badilisha nenosiri lako la " + businessName,
	text: `Habari %s,

Tumepokea ombi la kubadilisha nenosiri la akaunti yako ya %s (%s).

Fungua kiungo hiki ili uchague nenosiri jipya. Kinafanya kazi mara moja tu, ndani ya saa moja:

%s

Kama hukuomba hili, puuza barua pepe hii: nenosiri lako litabaki vilevile.

%s, Ruiru
`,
	nobody: "mteja wetu",
	html: template.Must(template.New("reset-sw").Parse(`<!doctype html>
<html lang="sw"><body style="font-family:sans-serif;line-height:1.5;color:#1c1917">
<p>Habari {{.Name}},</p>
<p>Tumepokea ombi la kubadilisha nenosiri la akaunti yako ya {{.Business}} ({{.Email}}).</p>
<p><a href="{{.Link}}" style="display:inline-block;background:#2f5a26;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Chagua nenosiri jipya</a></p>
<p>Kiungo kinafanya kazi mara moja tu, ndani ya saa moja. Kitufe kisipofanya kazi, nakili anwani hii kwenye kivinjari chako:<br>{{.Link}}</p>
<p>Kama hukuomba hili, puuza barua pepe hii: nenosiri lako litabaki vilevile.</p>
<p>{{.Business}}, Ruiru</p>
</body></html>`)),
}

// resetMail is the reset link's mail to u, in the language of the request
// that asked for it.
func (s *Service) resetMail(u User, token string, lang i18n.Lang) (mail.Message, error) {
	w := &resetEnglish
	if lang == i18n.Kiswahili {
		w = &resetKiswahili
	}
	link := s.publicURL + "/reset-password?token=" + url.QueryEscape(token)
	name := u.FirstName
	if name == "" {
		name = w.nobody
	}
	text := fmt.Sprintf(w.text, name, businessName, u.Email, link, businessName)
	var html bytes.Buffer
	if err := w.html.Execute(&html, map[string]string{"Name": name, "Business": businessName, "Email": u.Email, "Link": link}); err != nil {
		return mail.Message{}, fmt.Errorf("reset mail: %w", err)
	}
	return mail.Message{Kind: "password-reset", To: u.Email, Subject: w.subject, Text: text, HTML: html.String(), Secret: true}, nil
}

// smsResetLink texts the reset link to u's phone, in the transaction that
// stores it so neither goes without the other. The SMS queue's per-phone
// limit is ForgotPerAccount's, already counted.
func (s *Service) smsResetLink(ctx context.Context, u User, token, hash string, now time.Time) error {
	if s.sms == nil || !s.sms.Enabled() || u.Phone == "" {
		s.log.InfoContext(ctx, "password reset not sent: no way to reach the account", "user", u.ID)
		return nil
	}
	link := s.publicURL + "/reset-password?token=" + url.QueryEscape(token)
	text := fmt.Sprintf("%s: open this link within one hour to choose a new password: %s If you did not ask, ignore this SMS.", businessName, link)
	if i18n.From(ctx) == i18n.Kiswahili {
		text = fmt.Sprintf("%s: fungua kiungo hiki ndani ya saa moja uchague nenosiri jipya: %s Kama hukuomba, puuza SMS hii.", businessName, link)
	}
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)`,
			hash, u.ID, now, now.Add(ResetTTL)); err != nil {
			return fmt.Errorf("store reset token: %w", err)
		}
		_, err := s.sms.EnqueueTx(ctx, tx, "", 0, "password-reset", u.Phone, text)
		return err
	})
}
