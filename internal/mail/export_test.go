package mail

import "time"

// SetClock makes o read the time from now, for tests of its waits.
func SetClock(o *Outbox, now func() time.Time) { o.now = now }

var RetryWait = retryWait
