package delivery

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/i18n"
	"shop/internal/money"
	"shop/internal/weight"
)

// Store reads and writes the delivery zones, their counties and the pickup
// points.
type Store struct{ db *db.DB }

// NewStore returns a Store on d.
func NewStore(d *db.DB) *Store { return &Store{db: d} }

// querier is a transaction or the store's read pool: quotes are read both
// in checkout's transaction and on their own.
type querier interface {
	QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row
	QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error)
}

type pool struct{ d *db.DB }

func (p pool) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	return p.d.QueryRow(ctx, q, args...)
}
func (p pool) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return p.d.Query(ctx, q, args...)
}

const zoneColumns = `z.id, z.name, z.name_sw, z.base_fee_cents, z.included_grams, z.per_kg_cents, z.eta, z.eta_sw, z.free_over_cents, z.pay_on_delivery`

func scanZone(r db.Scanner) (Zone, error) {
	var z Zone
	var free sql.NullInt64
	err := r.Scan(&z.ID, &z.Name, &z.NameSW, &z.BaseFee, &z.Included, &z.PerKg, &z.ETA, &z.ETASW, &free, &z.PayOnDelivery)
	if free.Valid {
		c := money.Cents(free.Int64)
		z.FreeOver = &c
	}
	z.Counties = []string{}
	return z, err
}

const pointColumns = `id, name, name_sw, county, town, address, directions, directions_sw, phone, opening_hours, hours, fee_cents, eta, eta_sw, is_store, is_active`

func scanPoint(r db.Scanner) (PickupPoint, error) {
	var p PickupPoint
	var hours string
	err := r.Scan(&p.ID, &p.Name, &p.NameSW, &p.County, &p.Town, &p.Address, &p.Directions, &p.DirectionsSW, &p.Phone, &hours, &p.Hours,
		&p.Fee, &p.ETA, &p.ETASW, &p.IsStore, &p.IsActive)
	if err != nil {
		return p, err
	}
	if p.OpeningHours, err = decodeHours(hours); err != nil {
		return p, fmt.Errorf("opening hours of pickup point %d: %w", p.ID, err)
	}
	return p, nil
}

// zoneOf finds the zone that serves county; false when none does.
func zoneOf(ctx context.Context, q querier, county string) (Zone, bool, error) {
	z, err := scanZone(q.QueryRowContext(ctx, `SELECT `+zoneColumns+` FROM delivery_zones z
		JOIN delivery_zone_counties c ON c.zone_id = z.id WHERE c.county = $1`, county))
	if err != nil {
		return Zone{}, false, db.RowErr(err, nil, "zone of %s", county)
	}
	return z, true, nil
}

func pointByID(ctx context.Context, q querier, id int64) (PickupPoint, error) {
	p, err := scanPoint(q.QueryRowContext(ctx, `SELECT `+pointColumns+` FROM pickup_points WHERE id = $1`, id))
	if err != nil {
		return PickupPoint{}, db.RowErr(err, apperr.NotFound("Pickup point not found"), "load pickup point %d", id)
	}
	return p, nil
}

// Options lists the ways an order of w and subtotal can reach county, in
// the language ctx carries: the zone's home delivery, then the pickup
// points nearest first: the county's open ones (the store first when it is
// in the county), then the shop's store from its own county. Home delivery
// says whether it may be paid at the door: in a zone open to it, for a
// subtotal within podMax.
func (s *Store) Options(ctx context.Context, county string, w weight.Grams, subtotal, podMax money.Cents) ([]Option, error) {
	if !IsCounty(county) {
		return nil, apperr.InvalidField("county", MsgCounty)
	}
	l := i18n.From(ctx)
	opts := []Option{}
	z, ok, err := zoneOf(ctx, pool{s.db}, county)
	if err != nil {
		return nil, err
	}
	if ok {
		o := zoneOption(z, w, subtotal, l)
		o.PayOnDelivery = o.PayOnDelivery && PODAllowed(subtotal, podMax)
		opts = append(opts, o)
	}
	points, err := db.QueryAll(ctx, s.db, "pickup points", scanPoint, `SELECT `+pointColumns+` FROM pickup_points
		WHERE is_active AND (county = $1 OR is_store) ORDER BY CASE WHEN county = $1 THEN 0 ELSE 1 END, is_store DESC, LOWER(name), id`, county)
	if err != nil {
		return nil, err
	}
	for _, p := range points {
		opts = append(opts, pickupOption(p, l))
	}
	return opts, nil
}

// QuoteTx prices the option checkout chose (its id, or "" for home delivery
// to county) for an order of w and subtotal inside tx, refusing an option
// that does not serve county or a closed pickup point. The fee is always
// computed here, never taken from the browser. The quote is in English, as
// the order keeps it (docs/i18n.md).
func QuoteTx(ctx context.Context, tx *sql.Tx, county, optionID string, w weight.Grams, subtotal money.Cents) (Quote, error) {
	if !IsCounty(county) {
		return Quote{}, apperr.Invalid(MsgCounty, map[string]string{"county": MsgCounty})
	}
	notServed := msgNotServed(county)
	if optionID == "" {
		z, ok, err := zoneOf(ctx, tx, county)
		if err != nil {
			return Quote{}, err
		}
		if !ok {
			return Quote{}, apperr.InvalidField("delivery", notServed)
		}
		return Quote{Option: zoneOption(z, w, subtotal, i18n.English), Weight: w}, nil
	}
	kind, id, ok := parseOptionID(optionID)
	if !ok {
		return Quote{}, apperr.InvalidField("delivery", MsgOptionUnknown)
	}
	if kind == KindDelivery {
		z, ok, err := zoneOf(ctx, tx, county)
		if err != nil {
			return Quote{}, err
		}
		if !ok || z.ID != id {
			return Quote{}, apperr.InvalidField("delivery", notServed)
		}
		return Quote{Option: zoneOption(z, w, subtotal, i18n.English), Weight: w}, nil
	}
	p, err := pointByID(ctx, tx, id)
	switch {
	case errors.Is(err, apperr.ErrNotFound):
		return Quote{}, apperr.InvalidField("delivery", MsgOptionUnknown)
	case err != nil:
		return Quote{}, err
	case !p.IsActive:
		return Quote{}, apperr.InvalidField("delivery", MsgPickupClosed)
	case p.County != county && !p.IsStore:
		return Quote{}, apperr.InvalidField("delivery", notServed)
	}
	return Quote{Option: pickupOption(p, i18n.English), Weight: w}, nil
}

// Zones lists every zone with its counties, by name.
func (s *Store) Zones(ctx context.Context) ([]Zone, error) {
	zones, err := db.QueryAll(ctx, s.db, "delivery zones", scanZone, `SELECT `+zoneColumns+` FROM delivery_zones z ORDER BY z.base_fee_cents, LOWER(z.name), z.id`)
	if err != nil {
		return nil, err
	}
	type row struct {
		zone   int64
		county string
	}
	counties, err := db.QueryAll(ctx, s.db, "zone counties", func(r db.Scanner) (c row, err error) {
		return c, r.Scan(&c.zone, &c.county)
	}, `SELECT zone_id, county FROM delivery_zone_counties ORDER BY county`)
	if err != nil {
		return nil, err
	}
	index := map[int64]*Zone{}
	for i := range zones {
		index[zones[i].ID] = &zones[i]
	}
	for _, c := range counties {
		if z := index[c.zone]; z != nil {
			z.Counties = append(z.Counties, c.county)
		}
	}
	return zones, nil
}

// PickupPoints lists every pickup point, open or not: the store first,
// then by county and name.
func (s *Store) PickupPoints(ctx context.Context) ([]PickupPoint, error) {
	return db.QueryAll(ctx, s.db, "pickup points", scanPoint, `SELECT `+pointColumns+` FROM pickup_points
		ORDER BY is_store DESC, county, LOWER(name), id`)
}
