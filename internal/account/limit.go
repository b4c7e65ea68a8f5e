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

func loginBucket(email string) string { return "login:email:" + EmailKey(email) }

// PersonalBuckets are the rate-limit buckets named after the person with
// email: an erasure clears them.
func PersonalBuckets(email string) []string {
	return []string{loginBucket(email), forgotBucket(email)}
}

func forgotBucket(email string) string { return "forgot:email:" + EmailKey(email) }
