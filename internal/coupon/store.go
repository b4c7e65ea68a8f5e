package coupon

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"shop/internal/apperr"
	"shop/internal/db"
)

// Store reads and writes coupons.
type Store struct {
	db  *db.DB
	now func() time.Time
}

// NewStore returns a Store on d.
func NewStore(d *db.DB) *Store { return &Store{db: d, now: time.Now} }

// SetClock makes the store read the time from now (tests).
func (s *Store) SetClock(now func() time.Time) { s.now = now }

type queryer interface {
	QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row
	QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error)
}

const columns = `c.id, c.code, c.kind, c.value, c.min_subtotal_cents, c.starts_at, c.ends_at, c.max_uses, c.max_uses_per_phone,
	c.active, c.created_at, c.updated_at, (SELECT COUNT(*) FROM coupon_uses u WHERE u.coupon_id = c.id)`

func scan(r db.Scanner) (c Coupon, err error) {
	var starts, ends sql.NullTime
	var maxUses, perPhone sql.NullInt64
	err = r.Scan(&c.ID, &c.Code, &c.Kind, &c.Value, &c.MinSubtotal, &starts, &ends, &maxUses, &perPhone,
		&c.Active, &c.CreatedAt, &c.UpdatedAt, &c.Uses)
	c.Display = display(c.Kind, c.Value)
	if starts.Valid {
		t := starts.Time.UTC()
		c.StartsAt = &t
	}
	if ends.Valid {
		t := ends.Time.UTC()
		c.EndsAt = &t
	}
	if maxUses.Valid {
		n := int(maxUses.Int64)
		c.MaxUses = &n
	}
	if perPhone.Valid {
		n := int(perPhone.Int64)
		c.MaxUsesPerPhone = &n
	}
	c.ProductIDs, c.CategoryIDs = []int64{}, []int64{}
	return c, err
}

// limits fills the coupon's product and category limits.
func limits(ctx context.Context, q queryer, c *Coupon) error {
	for _, l := range []struct {
		table, column string
		into          *[]int64
	}{{"coupon_products", "product_id", &c.ProductIDs}, {"coupon_categories", "category_id", &c.CategoryIDs}} {
		rows, err := q.QueryContext(ctx, `SELECT `+l.column+` FROM `+l.table+` WHERE coupon_id = $1 ORDER BY `+l.column, c.ID)
		if err != nil {
			return fmt.Errorf("load limits of coupon %d: %w", c.ID, err)
		}
		got, err := db.Collect(rows, func(r db.Scanner) (id int64, err error) { return id, r.Scan(&id) })
		if err != nil {
			return err
		}
		*l.into = append(*l.into, got...)
	}
	return nil
}

func loadTx(ctx context.Context, q queryer, where string, arg any) (Coupon, error) {
	c, err := scan(q.QueryRowContext(ctx, `SELECT `+columns+` FROM coupons c WHERE `+where, arg))
	if err != nil {
		return Coupon{}, db.RowErr(err, apperr.NotFound("Coupon not found"), "load coupon")
	}
	return c, limits(ctx, q, &c)
}

// List returns every coupon, newest first.
func (s *Store) List(ctx context.Context) ([]Coupon, error) {
	var out []Coupon
	err := s.db.ReadTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT `+columns+` FROM coupons c ORDER BY c.id DESC`)
		if err != nil {
			return fmt.Errorf("list coupons: %w", err)
		}
		if out, err = db.Collect(rows, scan); err != nil {
			return err
		}
		for i := range out {
			if err := limits(ctx, tx, &out[i]); err != nil {
				return err
			}
		}
		return nil
	})
	if out == nil {
		out = []Coupon{}
	}
	return out, err
}

// Get returns coupon id.
func (s *Store) Get(ctx context.Context, id int64) (c Coupon, err error) {
	err = s.db.ReadTx(ctx, func(tx *sql.Tx) error {
		c, err = loadTx(ctx, tx, "c.id = $1", id)
		return err
	})
	return c, err
}

// GetTx returns coupon id inside tx.
func (s *Store) GetTx(ctx context.Context, tx *sql.Tx, id int64) (Coupon, error) {
	return loadTx(ctx, tx, "c.id = $1", id)
}

// CreateTx stores a new coupon inside tx.
func (s *Store) CreateTx(ctx context.Context, tx *sql.Tx, c Coupon) (Coupon, error) {
	var id int64
	err := tx.QueryRowContext(ctx, `INSERT INTO coupons (code, code_key, kind, value, min_subtotal_cents, starts_at, ends_at,
		max_uses, max_uses_per_phone, active) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
		c.Code, Key(c.Code), string(c.Kind), c.Value, int64(c.MinSubtotal), c.StartsAt, c.EndsAt, c.MaxUses, c.MaxUsesPerPhone, c.Active).Scan(&id)
	if err != nil {
		return Coupon{}, stored(err)
	}
	if err := s.writeLimits(ctx, tx, id, c); err != nil {
		return Coupon{}, err
	}
	return loadTx(ctx, tx, "c.id = $1", id)
}

// UpdateTx stores c over coupon id inside tx and returns it before and after.
func (s *Store) UpdateTx(ctx context.Context, tx *sql.Tx, id int64, c Coupon) (before, after Coupon, err error) {
	if before, err = loadTx(ctx, tx, "c.id = $1", id); err != nil {
		return
	}
	if _, err = tx.ExecContext(ctx, `UPDATE coupons SET code = $1, code_key = $2, kind = $3, value = $4, min_subtotal_cents = $5,
		starts_at = $6, ends_at = $7, max_uses = $8, max_uses_per_phone = $9, active = $10, updated_at = CURRENT_TIMESTAMP WHERE id = $11`,
		c.Code, Key(c.Code), string(c.Kind), c.Value, int64(c.MinSubtotal), c.StartsAt, c.EndsAt, c.MaxUses, c.MaxUsesPerPhone, c.Active, id); err != nil {
		return before, after, stored(err)
	}
	for _, table := range []string{"coupon_products", "coupon_categories"} {
		if _, err = tx.ExecContext(ctx, `DELETE FROM `+table+` WHERE coupon_id = $1`, id); err != nil {
			return
		}
	}
	if err = s.writeLimits(ctx, tx, id, c); err != nil {
		return
	}
	after, err = loadTx(ctx, tx, "c.id = $1", id)
	return
}

func (s *Store) writeLimits(ctx context.Context, tx *sql.Tx, id int64, c Coupon) error {
	for _, l := range []struct {
		table, column, field, what, refs string
		ids                              []int64
	}{{"coupon_products", "product_id", "product_ids", "product", "products", c.ProductIDs},
		{"coupon_categories", "category_id", "category_ids", "category", "categories", c.CategoryIDs}} {
		for _, ref := range l.ids {
			// SQLite checks foreign keys at the statement, so a missing
			// product is named here, before the insert fails.
			found, err := db.CountTx(ctx, tx, l.what, `SELECT COUNT(*) FROM `+l.refs+` WHERE id = $1`, ref)
			if err != nil {
				return err
			}
			if found == 0 {
				return apperr.FixFields(map[string]string{l.field: fmt.Sprintf("There is no %s %d.", l.what, ref)})
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO `+l.table+` (coupon_id, `+l.column+`) VALUES ($1, $2)`, id, ref); err != nil {
				return fmt.Errorf("limit coupon %d: %w", id, err)
			}
		}
	}
	return nil
}

func stored(err error) error {
	if db.IsUniqueViolation(err) {
		return apperr.FixFields(map[string]string{"code": MsgCodeTaken})
	}
	return fmt.Errorf("store coupon: %w", err)
}

// DeactivateTx switches coupon id off inside tx: orders keep their
// discount and their code, carts lose it at their next look.
func (s *Store) DeactivateTx(ctx context.Context, tx *sql.Tx, id int64) (Coupon, error) {
	c, err := loadTx(ctx, tx, "c.id = $1", id)
	if err != nil {
		return c, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE coupons SET active = FALSE, updated_at = CURRENT_TIMESTAMP WHERE id = $1`, id); err != nil {
		return c, fmt.Errorf("deactivate coupon %d: %w", id, err)
	}
	c.Active = false
	return c, nil
}

// Key is how codes compare: shoppers' codes ignore case and spaces around.
func Key(code string) string { return strings.ToLower(strings.TrimSpace(code)) }
