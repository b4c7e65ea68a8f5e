package account

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// PruneAfter is how long an ended session or a spent reset link is kept
// before it is deleted: long enough to answer "why was I signed out?".
const PruneAfter = 7 * 24 * time.Hour

// Prune deletes sessions that expired or were ended (their refresh tokens
// go with them), reset links and phone codes that expired, all more than PruneAfter ago,
// and reports how many rows went.
func (s *Service) Prune(ctx context.Context) (int64, error) {
	before := s.clock().Add(-PruneAfter)
	var n int64
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		for _, q := range []string{
			`DELETE FROM auth_sessions WHERE expires_at < $1 OR revoked_at < $1`,
			`DELETE FROM password_resets WHERE expires_at < $1`,
			`DELETE FROM phone_codes WHERE expires_at < $1`,
		} {
			res, err := tx.ExecContext(ctx, q, before)
			if err != nil {
				return err
			}
			m, _ := res.RowsAffected()
			n += m
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("prune sessions and reset links: %w", err)
	}
	return n, nil
}
