package delivery

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/form"
)

// The couriers the owner keeps for dispatching (couriers, migration 0080):
// the dispatch form offers them, the default first. At most one is the
// default: making one the default takes it from the others in the same
// transaction, and a unique index keeps two admins doing so at once from
// leaving two.

// Courier is a courier the shop sends orders with.
type Courier struct {
	ID        int64  `json:"id"`
	Name      string `json:"name"`
	IsDefault bool   `json:"is_default"`
}

// MsgCourierTaken is the answer to a second courier of the same name.
const MsgCourierTaken = "A courier of that name is already on the list."

// CourierInput is the admin's courier form.
type CourierInput struct {
	Name      string `json:"name"`
	IsDefault bool   `json:"is_default"`
}

// Check trims and validates the courier form.
func (in CourierInput) Check() (Courier, error) {
	c := Courier{Name: strings.TrimSpace(in.Name), IsDefault: in.IsDefault}
	bad := map[string]string{}
	form.CheckText(bad, "name", "The name", c.Name, MsgNameRequired, 100)
	return c, apperr.FixFields(bad)
}

// Couriers lists the couriers, the default first, then by name.
func (s *Store) Couriers(ctx context.Context) ([]Courier, error) {
	return db.QueryAll(ctx, s.db, "couriers", scanCourier, `SELECT id, name, is_default FROM couriers ORDER BY is_default DESC, LOWER(name), id`)
}

func scanCourier(r db.Scanner) (c Courier, err error) {
	return c, r.Scan(&c.ID, &c.Name, &c.IsDefault)
}

func courierTx(ctx context.Context, tx *sql.Tx, id int64) (Courier, error) {
	c, err := scanCourier(tx.QueryRowContext(ctx, `SELECT id, name, is_default FROM couriers WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Courier{}, apperr.NotFound("Courier not found")
	}
	return c, err
}

// takenTx answers a name another courier has (other than id).
func takenTx(ctx context.Context, tx *sql.Tx, name string, id int64) error {
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM couriers WHERE LOWER(name) = LOWER($1) AND id <> $2`, name, id).Scan(&n); err != nil {
		return fmt.Errorf("courier name: %w", err)
	}
	if n > 0 {
		return apperr.InvalidField("name", MsgCourierTaken)
	}
	return nil
}

// clearDefaultTx takes the default from every courier but id.
func clearDefaultTx(ctx context.Context, tx *sql.Tx, id int64) error {
	if _, err := tx.ExecContext(ctx, `UPDATE couriers SET is_default = FALSE, updated_at = CURRENT_TIMESTAMP WHERE is_default AND id <> $1`, id); err != nil {
		return fmt.Errorf("clear default courier: %w", err)
	}
	return nil
}

// CreateCourierTx adds a courier (the default when c says so).
func CreateCourierTx(ctx context.Context, tx *sql.Tx, c Courier) (Courier, error) {
	if err := takenTx(ctx, tx, c.Name, 0); err != nil {
		return Courier{}, err
	}
	if c.IsDefault {
		if err := clearDefaultTx(ctx, tx, 0); err != nil {
			return Courier{}, err
		}
	}
	err := tx.QueryRowContext(ctx, `INSERT INTO couriers (name, is_default) VALUES ($1, $2) RETURNING id`, c.Name, c.IsDefault).Scan(&c.ID)
	if err != nil {
		if db.IsUniqueViolation(err) {
			return Courier{}, apperr.Conflict(MsgCourierTaken)
		}
		return Courier{}, fmt.Errorf("create courier: %w", err)
	}
	return c, nil
}

// UpdateCourierTx renames a courier or makes it the default (or not), and
// returns it as it was and as it is.
func UpdateCourierTx(ctx context.Context, tx *sql.Tx, id int64, c Courier) (before, after Courier, err error) {
	if before, err = courierTx(ctx, tx, id); err != nil {
		return
	}
	if err = takenTx(ctx, tx, c.Name, id); err != nil {
		return
	}
	if c.IsDefault {
		if err = clearDefaultTx(ctx, tx, id); err != nil {
			return
		}
	}
	if _, err = tx.ExecContext(ctx, `UPDATE couriers SET name = $1, is_default = $2, updated_at = CURRENT_TIMESTAMP WHERE id = $3`, c.Name, c.IsDefault, id); err != nil {
		if db.IsUniqueViolation(err) {
			err = apperr.Conflict(MsgCourierTaken)
			return
		}
		err = fmt.Errorf("update courier %d: %w", id, err)
		return
	}
	c.ID = id
	return before, c, nil
}

// DeleteCourierTx removes a courier from the list; the orders sent with it
// keep its name.
func DeleteCourierTx(ctx context.Context, tx *sql.Tx, id int64) (Courier, error) {
	c, err := courierTx(ctx, tx, id)
	if err != nil {
		return Courier{}, err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM couriers WHERE id = $1`, id); err != nil {
		return Courier{}, fmt.Errorf("delete courier %d: %w", id, err)
	}
	return c, nil
}
