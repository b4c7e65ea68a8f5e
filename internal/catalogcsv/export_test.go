package catalogcsv

import "time"

// StageInBatchesOf makes s's imports stage n rows a transaction and call
// after once each batch is stored: where a test stops an import, or acts
// while one runs.
func StageInBatchesOf(s *Store, n int, after func() error) { s.importBatch, s.afterBatch = n, after }

// SetClock sets the clock of s's import leases.
func SetClock(s *Store, now func() time.Time) { s.now = now }
