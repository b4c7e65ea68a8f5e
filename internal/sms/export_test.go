package sms

import "time"

// SetClock lets tests move the queue's time instead of waiting.
func SetClock(q *Queue, now func() time.Time) { q.now = now }
