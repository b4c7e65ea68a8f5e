package delivery

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/form"
	"shop/internal/weight"
)

// The back office's changes to zones and pickup points. Each takes the
// admin's transaction, so the change and its audit entry are one.

// The admin forms' messages (web/src/shared/domain/adminRules.ts uses the same words).
const (
	MsgNameRequired    = form.MsgNameRequired
	MsgCountiesMissing = "Choose at least one county"
	MsgCountyUnknown   = "Unknown county: %s"
	MsgWeightInvalid   = form.MsgWeightInvalid
	MsgTownRequired    = "Town is required"
	MsgAddressRequired = "Address is required"
	MsgZoneInUse       = "This zone still serves %d counties: move them to another zone first."
	msgCountiesOrphan  = "Every county needs a zone: add %s to another zone instead of removing them here."
)

// ZoneInput is the admin's zone form.
type ZoneInput struct {
	Name       string          `json:"name"`
	NameSW     string          `json:"name_sw"`
	ETASW      string          `json:"eta_sw"`
	Counties   []string        `json:"counties"`
	BaseFee    json.RawMessage `json:"base_fee"`
	IncludedKg json.RawMessage `json:"included_kg"`
	PerKgFee   json.RawMessage `json:"per_kg_fee"`
	ETA        string          `json:"eta"`
	// FreeOver is empty or null for no free delivery.
	FreeOver json.RawMessage `json:"free_over"`
	// PayOnDelivery opens the zone to paying at the door.
	PayOnDelivery bool `json:"pay_on_delivery"`
}

// Check trims and validates the zone form into a Zone (without its id).
func (in ZoneInput) Check() (Zone, error) {
	z := Zone{Name: strings.TrimSpace(in.Name), NameSW: strings.TrimSpace(in.NameSW), ETA: strings.TrimSpace(in.ETA),
		ETASW: strings.TrimSpace(in.ETASW), Counties: []string{}, PayOnDelivery: in.PayOnDelivery}
	bad := map[string]string{}
	form.CheckText(bad, "name", "This", z.Name, MsgNameRequired, 100)
	form.CheckText(bad, "name_sw", "This", z.NameSW, "", 100)
	form.CheckText(bad, "eta", "This", z.ETA, "", 60)
	form.CheckText(bad, "eta_sw", "This", z.ETASW, "", 60)
	for _, c := range in.Counties {
		c = strings.TrimSpace(c)
		if !IsCounty(c) {
			bad["counties"] = fmt.Sprintf(MsgCountyUnknown, c)
		} else if !slices.Contains(z.Counties, c) {
			z.Counties = append(z.Counties, c)
		}
	}
	slices.Sort(z.Counties)
	if len(z.Counties) == 0 && bad["counties"] == "" {
		bad["counties"] = MsgCountiesMissing
	}
	z.BaseFee = form.Price(bad, "base_fee", in.BaseFee)
	z.PerKg = form.Price(bad, "per_kg_fee", in.PerKgFee)
	if form.Blank(in.IncludedKg) {
		z.Included = 0
	} else if g, err := weight.ParseKg(string(in.IncludedKg)); err != nil {
		bad["included_kg"] = MsgWeightInvalid
	} else {
		z.Included = g
	}
	if !form.Blank(in.FreeOver) {
		c := form.Price(bad, "free_over", in.FreeOver)
		z.FreeOver = &c
	}
	return z, apperr.FixFields(bad)
}

// PickupInput is the admin's pickup point form.
type PickupInput struct {
	Name         string          `json:"name"`
	NameSW       string          `json:"name_sw"`
	County       string          `json:"county"`
	Town         string          `json:"town"`
	Address      string          `json:"address"`
	Directions   string          `json:"directions"`
	DirectionsSW string          `json:"directions_sw"`
	Phone        string          `json:"phone"`
	OpeningHours []OpeningHours  `json:"opening_hours"`
	Hours        string          `json:"hours"`
	Fee          json.RawMessage `json:"fee"`
	ETA          string          `json:"eta"`
	ETASW        string          `json:"eta_sw"`
	IsStore      bool            `json:"is_store"`
	IsActive     *bool           `json:"is_active"`
}

// Check trims and validates the pickup point form (open unless is_active is false).
func (in PickupInput) Check() (PickupPoint, error) {
	p := PickupPoint{Name: strings.TrimSpace(in.Name), NameSW: strings.TrimSpace(in.NameSW), County: strings.TrimSpace(in.County),
		Town: strings.TrimSpace(in.Town), Address: strings.TrimSpace(in.Address), Directions: strings.TrimSpace(in.Directions),
		DirectionsSW: strings.TrimSpace(in.DirectionsSW), Phone: strings.TrimSpace(in.Phone), Hours: strings.TrimSpace(in.Hours),
		ETA: strings.TrimSpace(in.ETA), ETASW: strings.TrimSpace(in.ETASW), IsStore: in.IsStore, IsActive: in.IsActive == nil || *in.IsActive}
	bad := map[string]string{}
	form.CheckText(bad, "name", "This", p.Name, MsgNameRequired, 100)
	form.CheckText(bad, "name_sw", "This", p.NameSW, "", 100)
	form.CheckText(bad, "directions", "This", p.Directions, "", 300)
	form.CheckText(bad, "directions_sw", "This", p.DirectionsSW, "", 300)
	form.CheckText(bad, "eta_sw", "This", p.ETASW, "", 60)
	p.OpeningHours = checkHours(bad, in.OpeningHours)
	if !IsCounty(p.County) {
		bad["county"] = MsgCounty
	}
	form.CheckText(bad, "town", "This", p.Town, MsgTownRequired, 100)
	form.CheckText(bad, "address", "This", p.Address, MsgAddressRequired, 300)
	form.CheckText(bad, "phone", "This", p.Phone, "", 40)
	form.CheckText(bad, "hours", "This", p.Hours, "", 200)
	form.CheckText(bad, "eta", "This", p.ETA, "", 60)
	p.Fee = form.Price(bad, "fee", in.Fee)
	return p, apperr.FixFields(bad)
}

func freeOverArg(z Zone) any {
	if z.FreeOver == nil {
		return nil
	}
	return int64(*z.FreeOver)
}

// ZoneTx loads a zone with its counties inside tx.
func ZoneTx(ctx context.Context, tx *sql.Tx, id int64) (Zone, error) {
	z, err := scanZone(tx.QueryRowContext(ctx, `SELECT `+zoneColumns+` FROM delivery_zones z WHERE z.id = $1`, id))
	if err != nil {
		return Zone{}, db.RowErr(err, apperr.NotFound("Zone not found"), "load zone %d", id)
	}
	rows, err := tx.QueryContext(ctx, `SELECT county FROM delivery_zone_counties WHERE zone_id = $1 ORDER BY county`, id)
	if err != nil {
		return Zone{}, fmt.Errorf("counties of zone %d: %w", id, err)
	}
	z.Counties, err = db.Collect(rows, func(r db.Scanner) (c string, err error) { return c, r.Scan(&c) })
	return z, err
}

// CreateZoneTx stores a new zone and moves its counties into it from the
// zones that served them.
func CreateZoneTx(ctx context.Context, tx *sql.Tx, z Zone) (Zone, error) {
	if err := nameFree(ctx, tx, z.Name, 0); err != nil {
		return Zone{}, err
	}
	err := tx.QueryRowContext(ctx, `INSERT INTO delivery_zones (name, name_sw, base_fee_cents, included_grams, per_kg_cents, eta, eta_sw, free_over_cents, pay_on_delivery)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`, z.Name, z.NameSW, int64(z.BaseFee), int64(z.Included), int64(z.PerKg), z.ETA, z.ETASW,
		freeOverArg(z), z.PayOnDelivery).Scan(&z.ID)
	if err != nil {
		return Zone{}, fmt.Errorf("create zone: %w", err)
	}
	return z, claimCounties(ctx, tx, z.ID, z.Counties)
}

// UpdateZoneTx changes a zone and returns it as it was and as it is. A
// county added is moved from its old zone; a county taken out must have
// been added to another zone first, so every county keeps exactly one.
func UpdateZoneTx(ctx context.Context, tx *sql.Tx, id int64, z Zone) (before, after Zone, err error) {
	if before, err = ZoneTx(ctx, tx, id); err != nil {
		return
	}
	var orphans []string
	for _, c := range before.Counties {
		if !slices.Contains(z.Counties, c) {
			orphans = append(orphans, c)
		}
	}
	if len(orphans) > 0 {
		err = apperr.FixFields(map[string]string{"counties": fmt.Sprintf(msgCountiesOrphan, strings.Join(orphans, ", "))})
		return
	}
	if err = nameFree(ctx, tx, z.Name, id); err != nil {
		return
	}
	if _, err = tx.ExecContext(ctx, `UPDATE delivery_zones SET name = $1, base_fee_cents = $2, included_grams = $3, per_kg_cents = $4, eta = $5,
		free_over_cents = $6, pay_on_delivery = $7, name_sw = $8, eta_sw = $9, updated_at = CURRENT_TIMESTAMP WHERE id = $10`,
		z.Name, int64(z.BaseFee), int64(z.Included), int64(z.PerKg), z.ETA, freeOverArg(z), z.PayOnDelivery, z.NameSW, z.ETASW, id); err != nil {
		err = fmt.Errorf("update zone %d: %w", id, err)
		return
	}
	z.ID = id
	return before, z, claimCounties(ctx, tx, id, z.Counties)
}

// DeleteZoneTx removes a zone that serves no county any more.
func DeleteZoneTx(ctx context.Context, tx *sql.Tx, id int64) (Zone, error) {
	z, err := ZoneTx(ctx, tx, id)
	if err != nil {
		return Zone{}, err
	}
	if len(z.Counties) > 0 {
		return Zone{}, apperr.Conflict(fmt.Sprintf(MsgZoneInUse, len(z.Counties)))
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM delivery_zones WHERE id = $1`, id); err != nil {
		return Zone{}, fmt.Errorf("delete zone %d: %w", id, err)
	}
	return z, nil
}

// claimCounties makes zone id the one zone of each of counties.
func claimCounties(ctx context.Context, tx *sql.Tx, id int64, counties []string) error {
	for _, c := range counties {
		if _, err := tx.ExecContext(ctx, `DELETE FROM delivery_zone_counties WHERE county = $1`, c); err != nil {
			return fmt.Errorf("move %s: %w", c, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO delivery_zone_counties (county, zone_id) VALUES ($1, $2)`, c, id); err != nil {
			return fmt.Errorf("move %s: %w", c, err)
		}
	}
	return nil
}

func nameFree(ctx context.Context, tx *sql.Tx, name string, except int64) error {
	n, err := db.CountTx(ctx, tx, "zones by name", `SELECT COUNT(*) FROM delivery_zones WHERE LOWER(name) = LOWER($1) AND id <> $2`, name, except)
	if err != nil {
		return err
	}
	if n > 0 {
		return apperr.FixFields(map[string]string{"name": "Another zone already has this name"})
	}
	return nil
}

// PickupPointTx loads a pickup point inside tx.
func PickupPointTx(ctx context.Context, tx *sql.Tx, id int64) (PickupPoint, error) {
	return pointByID(ctx, tx, id)
}

// CreatePickupPointTx stores a new pickup point.
func CreatePickupPointTx(ctx context.Context, tx *sql.Tx, p PickupPoint) (PickupPoint, error) {
	if p.OpeningHours == nil {
		p.OpeningHours = []OpeningHours{}
	}
	err := tx.QueryRowContext(ctx, `INSERT INTO pickup_points (name, county, town, address, phone, hours, fee_cents, eta, is_store, is_active,
		name_sw, eta_sw, directions, directions_sw, opening_hours)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
		p.Name, p.County, p.Town, p.Address, p.Phone, p.Hours, int64(p.Fee), p.ETA, p.IsStore, p.IsActive,
		p.NameSW, p.ETASW, p.Directions, p.DirectionsSW, encodeHours(p.OpeningHours)).Scan(&p.ID)
	if err != nil {
		return PickupPoint{}, fmt.Errorf("create pickup point: %w", err)
	}
	return p, nil
}

// UpdatePickupPointTx changes a pickup point and returns it as it was and as it is.
func UpdatePickupPointTx(ctx context.Context, tx *sql.Tx, id int64, p PickupPoint) (before, after PickupPoint, err error) {
	if before, err = pointByID(ctx, tx, id); err != nil {
		return
	}
	if p.OpeningHours == nil {
		p.OpeningHours = []OpeningHours{}
	}
	if _, err = tx.ExecContext(ctx, `UPDATE pickup_points SET name = $1, county = $2, town = $3, address = $4, phone = $5, hours = $6,
		fee_cents = $7, eta = $8, is_store = $9, is_active = $10, name_sw = $11, eta_sw = $12, directions = $13, directions_sw = $14,
		opening_hours = $15, updated_at = CURRENT_TIMESTAMP WHERE id = $16`,
		p.Name, p.County, p.Town, p.Address, p.Phone, p.Hours, int64(p.Fee), p.ETA, p.IsStore, p.IsActive,
		p.NameSW, p.ETASW, p.Directions, p.DirectionsSW, encodeHours(p.OpeningHours), id); err != nil {
		err = fmt.Errorf("update pickup point %d: %w", id, err)
		return
	}
	p.ID = id
	return before, p, nil
}

// Replace sets the shop's zones and pickup points to zones and points, in
// one transaction: the demo's setup of a freshly seeded shop.
func (s *Store) Replace(ctx context.Context, zones []Zone, points []PickupPoint) error {
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM delivery_zones`); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM pickup_points`); err != nil {
			return err
		}
		for _, z := range zones {
			if _, err := CreateZoneTx(ctx, tx, z); err != nil {
				return err
			}
		}
		for _, p := range points {
			if _, err := CreatePickupPointTx(ctx, tx, p); err != nil {
				return err
			}
		}
		return nil
	})
}
