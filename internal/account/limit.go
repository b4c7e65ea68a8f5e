package account

import (
	"context"
	"time"

	"shop/internal/apperr"
	"shop/internal/ratelimit"
)

// Limit allows Max events per sliding Window.
type Limit = ratelimit.Limit

// reserve takes one event in each bucket before the work it limits is done
// (a password checked, a mail sent), or answers 429 with the wait when one
// is full. Reserving first is what makes the limit hold against parallel
// requests: a count read before the check and recorded after it lets them
// all through.
func (s *Service) reserve(ctx context.Context, what string, checks ...ratelimit.Check) (ratelimit.Reservation, error) {
	res, wait, err := s.limiter.Reserve(ctx, checks...)
	if err != nil {
		return ratelimit.Reservation{}, err
	}
	if wait > 0 {
		return ratelimit.Reservation{}, tooMany(what, wait)
	}
	return res, nil
}

// tooMany is the 429 answer, in whole minutes rounded up.
func tooMany(what string, wait time.Duration) error {
	return apperr.TooManyRequests("Too many "+what+". Please wait "+ratelimit.Minutes(wait)+" and try again.", wait)
}

func loginBucket(email string) string { return "login:email:" + EmailKey(email) }
