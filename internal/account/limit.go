package account

import (
	"context"
	"fmt"
	"time"

	"shop/internal/apperr"
	"shop/internal/ratelimit"
)

// Limit allows Max events per sliding Window.
type Limit = ratelimit.Limit

// The 429 answers of the account's limits, each taking the wait
// (ratelimit.Minutes).
const (
	MsgTooManySignUps   = "Too many sign-ups from this connection. Please wait %s and try again."
	MsgTooManySignIns   = "Too many sign-in attempts. Please wait %s and try again."
	MsgTooManyPasswords = "Too many wrong passwords. Please wait %s and try again."
	MsgTooManyRequests  = "Too many requests. Please wait %s and try again."
)

// reserve takes one event in each bucket before the work it limits is done
// (a password checked, a mail sent), or answers 429 with the wait when one
// is full. Reserving first is what makes the limit hold against parallel
// requests: a count read before the check and recorded after it lets them
// all through.
func (s *Service) reserve(ctx context.Context, msg string, checks ...ratelimit.Check) (ratelimit.Reservation, error) {
	res, wait, err := s.limiter.Reserve(ctx, checks...)
	if err != nil {
		return ratelimit.Reservation{}, err
	}
	if wait > 0 {
		return ratelimit.Reservation{}, tooMany(msg, wait)
	}
	return res, nil
}

// tooMany is the 429 answer msg, the wait in whole minutes rounded up.
func tooMany(msg string, wait time.Duration) error {
	return apperr.TooManyRequests(fmt.Sprintf(msg, ratelimit.Minutes(wait)), wait)
}

func loginBucket(email string) string { return "login:" + Identifier{Email: email}.bucket() }

// PersonalBuckets are the rate-limit buckets named after the person with
// email and phone: an erasure clears them.
func PersonalBuckets(email, phone string) []string {
	b := []string{loginBucket(email), forgotBucket(Identifier{Email: email})}
	if phone != "" {
		id := Identifier{Phone: phone}
		b = append(b, "login:"+id.bucket(), forgotBucket(id), "phone-code:phone:"+phone)
	}
	return b
}

// accountLoginBucket is where u's wrong passwords and codes count when
// the account is known: by email, or by phone for an account without one.
func accountLoginBucket(u User) string {
	if u.Email == "" {
		return "login:" + Identifier{Phone: u.Phone}.bucket()
	}
	return loginBucket(u.Email)
}

func forgotBucket(id Identifier) string { return "forgot:" + id.bucket() }
