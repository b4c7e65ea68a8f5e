package catalog

import (
	"context"
	"database/sql"
	"time"
)

// StageInBatchesOf makes s's imports stage n rows a transaction and call
// after once each batch is stored: where a test stops an import, or acts
// while one runs.
func StageInBatchesOf(s *Store, n int, after func() error) { s.importBatch, s.afterBatch = n, after }

// SetClock sets the clock of s's import leases.
func SetClock(s *Store, now func() time.Time) { s.now = now }

// RefreshEach rewrites the card and search text of every product one by
// one, as the shop did before imports were published in bulk.
func RefreshEach(ctx context.Context, s *Store) error {
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		ids, err := queryAllTx(ctx, tx, scanID, `SELECT id FROM products ORDER BY id`)
		if err != nil {
			return err
		}
		for _, id := range ids {
			if err := s.refreshTx(ctx, tx, id); err != nil {
				return err
			}
		}
		return nil
	})
}
