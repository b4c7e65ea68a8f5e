package account

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"database/sql"
	"encoding/hex"
	"fmt"
	"math/big"
	"strings"
	"time"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/i18n"
	"shop/internal/ratelimit"
)

// Confirming a phone (docs/product.md, "Accounts"): a 6-digit code by SMS,
// good for PhoneCodeTTL and PhoneCodeTries tries. Only a confirmed phone
// brings the guest orders placed with it into the account.
const (
	PhoneCodeTTL   = 10 * time.Minute
	PhoneCodeTries = 5
)

// Messages of the phone's confirmation.
const (
	MsgPhoneCodeSent      = "We have sent a 6-digit code to %s. It works for 10 minutes."
	MsgPhoneCodeRequired  = "Enter the 6-digit code from the SMS."
	MsgPhoneCodeWrong     = "That code is not right. Check the SMS and try again."
	MsgPhoneCodeExpired   = "This code has expired or was used. Ask for a new code."
	MsgPhoneCodeTooMany   = "Too many wrong codes. Ask for a new code."
	MsgPhoneConfirmed     = "Your phone number is confirmed."
	MsgPhoneAlreadyDone   = "Your phone number is already confirmed."
	MsgPhoneNone          = "Add your phone number on your account first."
	MsgPhoneConfirmedElse = "This phone number is confirmed on another account."
	MsgSMSUnavailable     = "Text messages cannot be sent right now. Please try again later."
	MsgTooManyCodes       = "Too many codes asked for. Please wait %s and try again."
)

// SMSQueue queues a text message in the caller's transaction (sms.Queue).
type SMSQueue interface {
	Enabled() bool
	EnqueueTx(ctx context.Context, tx *sql.Tx, key string, orderID int64, kind, phone, body string) (bool, error)
}

// ClaimGuestOrdersFunc gives the guest orders placed with phone
// (254XXXXXXXXX) to user userID inside tx and returns how many it gave
// (order.Store.ClaimGuestOrdersTx): account does not write orders.
type ClaimGuestOrdersFunc func(ctx context.Context, tx *sql.Tx, userID int64, phone string) (int64, error)

// PhoneCodeSent is the answer to asking for a code.
type PhoneCodeSent struct {
	Message   string `json:"message"`
	ExpiresIn int    `json:"expires_in"`
}

// SendPhoneCode texts a new code to p's phone, replacing any earlier one.
// Codes are limited per phone and per address, each SMS costing money.
func (s *Service) SendPhoneCode(ctx context.Context, p Principal, ip string) (PhoneCodeSent, error) {
	u, err := s.Store.UserByID(ctx, p.UserID)
	if err != nil {
		return PhoneCodeSent{}, err
	}
	if u.Phone == "" {
		return PhoneCodeSent{}, apperr.InvalidField("phone", MsgPhoneNone)
	}
	if u.PhoneConfirmed {
		return PhoneCodeSent{}, apperr.Conflict(MsgPhoneAlreadyDone)
	}
	if s.sms == nil || !s.sms.Enabled() {
		return PhoneCodeSent{}, apperr.Unavailable(MsgSMSUnavailable)
	}
	code, err := sixDigits()
	if err != nil {
		return PhoneCodeSent{}, err
	}
	hash, err := s.codeHash(ctx, u.ID, u.Phone, code)
	if err != nil {
		return PhoneCodeSent{}, err
	}
	now := s.clock()
	var wait time.Duration
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		var err error
		_, wait, err = s.limiter.ReserveTx(ctx, tx,
			ratelimit.Check{Bucket: "phone-code:phone:" + u.Phone, Limit: s.limits.PhoneCodePerPhone},
			ratelimit.Check{Bucket: ratelimit.IPBucket("phone-code:ip:", ip), Limit: s.limits.PhoneCodePerIP})
		if err != nil || wait > 0 {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO phone_codes (user_id, phone, code_hash, tries, created_at, expires_at)
			VALUES ($1, $2, $3, 0, $4, $5) ON CONFLICT (user_id) DO UPDATE SET phone = excluded.phone,
			code_hash = excluded.code_hash, tries = 0, created_at = excluded.created_at, expires_at = excluded.expires_at`,
			u.ID, u.Phone, hash, now, now.Add(PhoneCodeTTL)); err != nil {
			return fmt.Errorf("store phone code: %w", err)
		}
		_, err = s.sms.EnqueueTx(ctx, tx, "", 0, "phone-code", u.Phone, phoneCodeText(i18n.From(ctx), code))
		return err
	})
	if err != nil {
		return PhoneCodeSent{}, err
	}
	if wait > 0 {
		return PhoneCodeSent{}, tooMany(MsgTooManyCodes, wait)
	}
	return PhoneCodeSent{Message: i18n.Text(ctx, fmt.Sprintf(MsgPhoneCodeSent, localPhone(u.Phone))), ExpiresIn: int(PhoneCodeTTL / time.Second)}, nil
}

// PhoneConfirmation is the answer to a right code: the user, and how many
// guest orders joined their account.
type PhoneConfirmation struct {
	Message        string   `json:"message"`
	User           UserJSON `json:"user"`
	OrdersAttached int64    `json:"orders_attached"`
}

// ConfirmPhone checks code against p's latest code. A wrong code counts one
// of PhoneCodeTries; the right one confirms the phone and, in the same
// transaction, gives the account the guest orders placed with it. The
// user's lock makes two requests with the same code take turns: the second
// finds the code used.
func (s *Service) ConfirmPhone(ctx context.Context, p Principal, code string) (PhoneConfirmation, error) {
	code = strings.Join(strings.Fields(code), "")
	if !isAppCode(code) {
		return PhoneConfirmation{}, apperr.InvalidField("code", MsgPhoneCodeRequired)
	}
	now := s.clock()
	var (
		failure  error
		attached int64
	)
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		if err := db.LockKey(ctx, tx, s.db.Dialect, fmt.Sprintf("phone-code#%d", p.UserID)); err != nil {
			return err
		}
		var phone, stored, current string
		var tries int
		var expires time.Time
		err := tx.QueryRowContext(ctx, `SELECT c.phone, c.code_hash, c.tries, c.expires_at, u.phone FROM phone_codes c
			JOIN users u ON u.id = c.user_id WHERE c.user_id = $1`, p.UserID).Scan(&phone, &stored, &tries, &expires, &current)
		if db.NoRows(err) {
			failure = apperr.InvalidField("code", MsgPhoneCodeExpired)
			return nil
		}
		if err != nil {
			return fmt.Errorf("read phone code: %w", err)
		}
		switch {
		case phone != current || !now.Before(expires):
			failure = apperr.InvalidField("code", MsgPhoneCodeExpired)
			return nil
		case tries >= PhoneCodeTries:
			failure = apperr.InvalidField("code", MsgPhoneCodeTooMany)
			return nil
		}
		want, err := s.codeHash(ctx, p.UserID, phone, code)
		if err != nil {
			return err
		}
		if subtle.ConstantTimeCompare([]byte(want), []byte(stored)) != 1 {
			// Committed with the transaction: the try counts.
			if _, err := tx.ExecContext(ctx, `UPDATE phone_codes SET tries = tries + 1 WHERE user_id = $1`, p.UserID); err != nil {
				return err
			}
			failure = apperr.InvalidField("code", MsgPhoneCodeWrong)
			if tries+1 >= PhoneCodeTries {
				failure = apperr.InvalidField("code", MsgPhoneCodeTooMany)
			}
			return nil
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM phone_codes WHERE user_id = $1`, p.UserID); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE users SET phone_confirmed_at = $1 WHERE id = $2 AND phone = $3`, now, p.UserID, phone); err != nil {
			if db.IsUniqueViolation(err) {
				return apperr.InvalidField("code", MsgPhoneConfirmedElse)
			}
			return err
		}
		if s.claimOrders != nil {
			attached, err = s.claimOrders(ctx, tx, p.UserID, phone)
		}
		return err
	})
	if err != nil {
		return PhoneConfirmation{}, err
	}
	if failure != nil {
		return PhoneConfirmation{}, failure
	}
	u, err := s.Store.UserByID(ctx, p.UserID)
	if err != nil {
		return PhoneConfirmation{}, err
	}
	j, err := s.UserJSON(ctx, u)
	if err != nil {
		return PhoneConfirmation{}, err
	}
	return PhoneConfirmation{Message: i18n.Text(ctx, MsgPhoneConfirmed), User: j, OrdersAttached: attached}, nil
}

// codeHash is the keyed hash the database keeps of a code: six digits are
// a million guesses from a plain hash, none without the shop's key. The
// user and the phone are in it, so a code is good only for what it was sent for.
func (s *Service) codeHash(ctx context.Context, userID int64, phone, code string) (string, error) {
	key, err := s.DerivedKey(ctx, "phone-code")
	if err != nil {
		return "", err
	}
	m := hmac.New(sha256.New, key)
	fmt.Fprintf(m, "%d:%s:%s", userID, phone, code)
	return hex.EncodeToString(m.Sum(nil)), nil
}

func sixDigits() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", fmt.Errorf("make phone code: %w", err)
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

// phoneCodeText is the code's SMS in the language of the request that
// asked for it; short, so it fits one message.
func phoneCodeText(lang i18n.Lang, code string) string {
	if lang == i18n.Kiswahili {
		return fmt.Sprintf("%s: nambari yako ya kuthibitisha simu ni %s. Inafanya kazi kwa dakika 10. Usimpe mtu yeyote.", businessName, code)
	}
	return fmt.Sprintf("%s: your code to confirm your phone is %s. It works for 10 minutes. Do not share it.", businessName, code)
}

// localPhone is 254712345678 as a Kenyan reads it: 0712 345 678.
func localPhone(p string) string {
	if len(p) != 12 {
		return p
	}
	return "0" + p[3:6] + " " + p[6:9] + " " + p[9:]
}
