package demo

import (
	"context"
	"database/sql"

	"shop/internal/coupon"
	"shop/internal/db"
)

// CouponCode is the demo shop's one active code: 10% off an order of Ksh
// 2,000 or more, once per phone (docs/product.md section 5).
const CouponCode = "KARIBU10"

// SeedCoupon stores the demo code, as the admin's form would.
func SeedCoupon(ctx context.Context, d *db.DB) error {
	perPhone := 1
	c, err := coupon.Input{Code: CouponCode, Kind: coupon.Percent, Value: []byte(`10`), MinSubtotal: []byte(`"2000"`),
		MaxUsesPerPhone: &perPhone}.Check()
	if err != nil {
		return err
	}
	return d.Tx(ctx, func(tx *sql.Tx) error {
		_, err := coupon.NewStore(d).CreateTx(ctx, tx, c)
		return err
	})
}
