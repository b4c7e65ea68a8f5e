package cart

import (
	"context"
	"database/sql"
	"fmt"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/i18n"
	"shop/internal/money"
	"shop/internal/secret"
)

// Store reads and writes carts.
type Store struct {
	db *db.DB
}

// NewStore returns a Store on d.
func NewStore(d *db.DB) *Store { return &Store{db: d} }

// Resolved is the cart a request works on.
type Resolved struct {
	CartID int64 // 0 when there is no cart yet
	// NewGuestToken is set when a guest cart was just made: the handler puts it in the cookie.
	NewGuestToken string
	// DropGuestToken is set when the guest cart was merged into the user's: the handler clears the cookie.
	DropGuestToken bool
}

// Resolve finds owner's cart, making one when create is set. A signed-in
// owner who still holds a guest cart gets its lines merged into theirs
// (quantities add up), and the guest cart is removed.
func (s *Store) Resolve(ctx context.Context, owner Owner, create bool) (Resolved, error) {
	var res Resolved
	if owner.UserID != 0 {
		err := s.db.Tx(ctx, func(tx *sql.Tx) error {
			id, err := userCart(ctx, tx, owner.UserID, create || owner.GuestToken != "")
			if err != nil {
				return err
			}
			res.CartID = id
			if owner.GuestToken == "" {
				return nil
			}
			res.DropGuestToken = true
			return mergeGuest(ctx, tx, secret.Hash(owner.GuestToken), id)
		})
		if err != nil {
			return Resolved{}, fmt.Errorf("resolve cart of user %d: %w", owner.UserID, err)
		}
		return res, nil
	}
	if owner.GuestToken != "" {
		err := s.db.QueryRow(ctx, `SELECT id FROM carts WHERE token_hash = $1`, secret.Hash(owner.GuestToken)).Scan(&res.CartID)
		if err == nil {
			return res, nil
		}
		if !db.NoRows(err) {
			return Resolved{}, fmt.Errorf("find guest cart: %w", err)
		}
	}
	if !create {
		return res, nil
	}
	token := secret.Token(32)
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, `INSERT INTO carts (token_hash) VALUES ($1) RETURNING id`, secret.Hash(token)).Scan(&res.CartID)
	})
	if err != nil {
		return Resolved{}, fmt.Errorf("create guest cart: %w", err)
	}
	res.NewGuestToken = token
	return res, nil
}

func userCart(ctx context.Context, tx *sql.Tx, userID int64, create bool) (int64, error) {
	var id int64
	err := tx.QueryRowContext(ctx, `SELECT id FROM carts WHERE user_id = $1`, userID).Scan(&id)
	switch {
	case err == nil:
		return id, nil
	case !db.NoRows(err):
		return 0, err
	case !create:
		return 0, nil
	}
	err = tx.QueryRowContext(ctx, `INSERT INTO carts (user_id) VALUES ($1) RETURNING id`, userID).Scan(&id)
	return id, err
}

// mergeGuest moves the lines of the guest cart into cart id, adding
// quantities, and removes the guest cart.
func mergeGuest(ctx context.Context, tx *sql.Tx, tokenHash string, into int64) error {
	var guest int64
	err := tx.QueryRowContext(ctx, `SELECT id FROM carts WHERE token_hash = $1 AND user_id IS NULL`, tokenHash).Scan(&guest)
	if db.NoRows(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO cart_items (cart_id, variant_id, quantity, added_at)
		SELECT $1, variant_id, quantity, added_at FROM cart_items WHERE cart_id = $2
		ON CONFLICT (cart_id, variant_id) DO UPDATE SET quantity = cart_items.quantity + excluded.quantity`, into, guest); err != nil {
		return fmt.Errorf("merge guest cart: %w", err)
	}
	_, err = tx.ExecContext(ctx, `DELETE FROM carts WHERE id = $1`, guest)
	return err
}

// Items lists the lines of cart id, oldest first, priced from the catalogue,
// their names and sizes in the language ctx carries (docs/i18n.md, "Product
// content").
func (s *Store) Items(ctx context.Context, cartID int64) ([]Item, error) {
	items := []Item{}
	if cartID == 0 {
		return items, nil
	}
	rows, err := s.db.Query(ctx, `SELECT ci.id, ci.quantity, ci.added_at,
			v.id, v.size, v.sku, v.price_cents, v.stock,
			p.id, p.name, p.name_sw, p.slug,
			COALESCE(im.path, ''), COALESCE(im.alt, ''), COALESCE(im.width, 0), COALESCE(im.height, 0)
		FROM cart_items ci
		JOIN variants v ON v.id = ci.variant_id
		JOIN products p ON p.id = v.product_id
		LEFT JOIN product_images im ON im.id = (
			SELECT i2.id FROM product_images i2 WHERE i2.product_id = p.id ORDER BY i2.sort_order, i2.id LIMIT 1)
		WHERE ci.cart_id = $1
		ORDER BY ci.added_at, ci.id`, cartID)
	if err != nil {
		return nil, fmt.Errorf("load cart %d: %w", cartID, err)
	}
	defer rows.Close()
	lang := i18n.From(ctx)
	for rows.Next() {
		var it Item
		var im Image
		var nameSW string
		if err := rows.Scan(&it.ID, &it.Quantity, &it.AddedAt,
			&it.Variant.ID, &it.Variant.Size, &it.Variant.SKU, &it.Variant.Price, &it.Variant.Stock,
			&it.Variant.Product.ID, &it.Variant.Product.Name, &nameSW, &it.Variant.Product.Slug,
			&im.Image, &im.Alt, &im.Width, &im.Height); err != nil {
			return nil, fmt.Errorf("scan cart item: %w", err)
		}
		if lang == i18n.Kiswahili && nameSW != "" {
			// A picture described by the English name is described by the
			// Kiswahili one, as in the catalogue (internal/catalog/language.go).
			if im.Alt == it.Variant.Product.Name {
				im.Alt = nameSW
			}
			it.Variant.Product.Name = nameSW
		}
		it.Variant.Size = i18n.Size(lang, it.Variant.Size)
		it.Variant.Product.Images = []Image{}
		if im.Image != "" {
			it.Variant.Product.Images = append(it.Variant.Product.Images, im)
		}
		it.UnitPrice = it.Variant.Price
		it.TotalPrice = it.UnitPrice * money.Cents(it.Quantity)
		items = append(items, it)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("load cart %d: %w", cartID, err)
	}
	return items, nil
}

// Item returns one line of cart id.
func (s *Store) Item(ctx context.Context, cartID, itemID int64) (Item, error) {
	items, err := s.Items(ctx, cartID)
	if err != nil {
		return Item{}, err
	}
	for _, it := range items {
		if it.ID == itemID {
			return it, nil
		}
	}
	return Item{}, apperr.NotFound("Cart item not found")
}

// MaxQuantity bounds one line, so a typo cannot hold a warehouse.
const MaxQuantity = 10000

// Add puts quantity of variantID into cart id, raising the line if the
// variant is there already, and returns the line's id.
func (s *Store) Add(ctx context.Context, cartID, variantID int64, quantity int) (int64, error) {
	if quantity < 1 {
		return 0, apperr.Invalid("Quantity must be at least 1.", map[string]string{"quantity": "Quantity must be at least 1."})
	}
	// Bounded before any sum: have + quantity must not overflow past the
	// stock check into the database's quantity > 0 check.
	if quantity > MaxQuantity {
		return 0, errTooMany
	}
	var itemID int64
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		stock, active, err := variantStock(ctx, tx, variantID)
		if err != nil {
			return err
		}
		if !active {
			return apperr.Invalid("This product is no longer available.", nil)
		}
		var have int
		err = tx.QueryRowContext(ctx, `SELECT quantity FROM cart_items WHERE cart_id = $1 AND variant_id = $2`, cartID, variantID).Scan(&have)
		if err != nil && !db.NoRows(err) {
			return err
		}
		if err := checkStock(have+quantity, stock); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, `INSERT INTO cart_items (cart_id, variant_id, quantity) VALUES ($1, $2, $3)
			ON CONFLICT (cart_id, variant_id) DO UPDATE SET quantity = excluded.quantity
			RETURNING id`, cartID, variantID, have+quantity).Scan(&itemID)
	})
	if err != nil {
		return 0, fmt.Errorf("add variant %d to cart %d: %w", variantID, cartID, err)
	}
	return itemID, nil
}

// SetQuantity sets a line's quantity; zero or less removes it, as docs/product.md
// says. It reports whether the line is still there.
func (s *Store) SetQuantity(ctx context.Context, cartID, itemID int64, quantity int) (bool, error) {
	if quantity <= 0 {
		return false, s.Remove(ctx, cartID, itemID)
	}
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		var variantID int64
		err := tx.QueryRowContext(ctx, `SELECT variant_id FROM cart_items WHERE id = $1 AND cart_id = $2`, itemID, cartID).Scan(&variantID)
		if db.NoRows(err) {
			return apperr.NotFound("Cart item not found")
		}
		if err != nil {
			return err
		}
		stock, _, err := variantStock(ctx, tx, variantID)
		if err != nil {
			return err
		}
		if err := checkStock(quantity, stock); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE cart_items SET quantity = $1 WHERE id = $2`, quantity, itemID)
		return err
	})
	if err != nil {
		return false, fmt.Errorf("set quantity of cart item %d: %w", itemID, err)
	}
	return true, nil
}

// Remove deletes a line of cart id.
func (s *Store) Remove(ctx context.Context, cartID, itemID int64) error {
	res, err := s.db.Exec(ctx, `DELETE FROM cart_items WHERE id = $1 AND cart_id = $2`, itemID, cartID)
	if err != nil {
		return fmt.Errorf("remove cart item %d: %w", itemID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.NotFound("Cart item not found")
	}
	return nil
}

func variantStock(ctx context.Context, tx *sql.Tx, variantID int64) (stock int, active bool, err error) {
	err = tx.QueryRowContext(ctx, `SELECT v.stock, p.is_active FROM variants v JOIN products p ON p.id = v.product_id WHERE v.id = $1`,
		variantID).Scan(&stock, &active)
	if db.NoRows(err) {
		return 0, false, apperr.NotFound("Variant not found")
	}
	return stock, active, err
}

var errTooMany = apperr.Invalid(fmt.Sprintf("You can order at most %d of one item.", MaxQuantity), map[string]string{"quantity": "Too many."})

func checkStock(want, stock int) error {
	switch {
	case want > MaxQuantity:
		return errTooMany
	case stock == 0:
		return apperr.Invalid("Sorry, this size is out of stock.", map[string]string{"quantity": "Out of stock."})
	case want > stock:
		msg := fmt.Sprintf("Only %d left in stock.", stock)
		return apperr.Invalid(msg, map[string]string{"quantity": msg})
	}
	return nil
}
