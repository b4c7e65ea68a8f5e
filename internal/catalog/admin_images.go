package catalog

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"shop/internal/apperr"
	"shop/internal/db"
)

// The back office's record of a product's uploaded pictures; the files
// themselves are the admin package's.

var errNoImage = apperr.NotFound("Image not found")

// StoredImage is an uploaded picture as the media folder holds it.
type StoredImage struct {
	// Path is the URL of the largest version, e.g. /media/products/ab12-800.webp.
	Path          string
	Alt           string
	Width, Height int
	// Files are every version's file name under media/products.
	Files []string
}

// AddImageTx records an uploaded image after the product's other images.
func (s *Store) AddImageTx(ctx context.Context, tx *sql.Tx, productID int64, im StoredImage) (Image, error) {
	if _, err := s.ProductTx(ctx, tx, productID); err != nil {
		return Image{}, err
	}
	out := Image{Product: productID, Image: im.Path, Alt: im.Alt, Width: im.Width, Height: im.Height}
	err := tx.QueryRowContext(ctx, `INSERT INTO product_images (product_id, path, alt, width, height, files, sort_order)
		VALUES ($1, $2, $3, $4, $5, $6, (SELECT COALESCE(MAX(sort_order), -1) + 1 FROM product_images WHERE product_id = $1))
		RETURNING id, sort_order`, productID, im.Path, im.Alt, im.Width, im.Height, strings.Join(im.Files, " ")).Scan(&out.ID, &out.SortOrder)
	if err != nil {
		return Image{}, fmt.Errorf("add image: %w", err)
	}
	return out, s.touchProduct(ctx, tx, productID)
}

// DeleteImageTx removes an image and returns it with its files, for the
// caller to delete once the change is stored.
func (s *Store) DeleteImageTx(ctx context.Context, tx *sql.Tx, productID, id int64) (Image, []string, error) {
	var im Image
	var files string
	err := tx.QueryRowContext(ctx, `SELECT id, product_id, path, alt, width, height, sort_order, files FROM product_images
		WHERE id = $1 AND product_id = $2`, id, productID).Scan(&im.ID, &im.Product, &im.Image, &im.Alt, &im.Width, &im.Height, &im.SortOrder, &files)
	if err != nil {
		return Image{}, nil, db.RowErr(err, errNoImage, "load image %d", id)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM product_images WHERE id = $1`, id); err != nil {
		return Image{}, nil, fmt.Errorf("delete image %d: %w", id, err)
	}
	return im, strings.Fields(files), s.touchProduct(ctx, tx, productID)
}

// MsgImageOrder is the answer to a reorder that does not list the product's images exactly.
const MsgImageOrder = "List every image of this product once, in the new order."

// ReorderImagesTx puts a product's images in the order of ids, which must
// name each of its images once.
func (s *Store) ReorderImagesTx(ctx context.Context, tx *sql.Tx, productID int64, ids []int64) error {
	if _, err := s.ProductTx(ctx, tx, productID); err != nil {
		return err
	}
	rows, err := tx.QueryContext(ctx, `SELECT id FROM product_images WHERE product_id = $1`, productID)
	if err != nil {
		return fmt.Errorf("list images of product %d: %w", productID, err)
	}
	have := map[int64]bool{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return err
		}
		have[id] = false
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	if len(ids) != len(have) {
		return apperr.Invalid(MsgImageOrder, nil)
	}
	for _, id := range ids {
		seen, ok := have[id]
		if !ok || seen {
			return apperr.Invalid(MsgImageOrder, nil)
		}
		have[id] = true
	}
	for i, id := range ids {
		if _, err := tx.ExecContext(ctx, `UPDATE product_images SET sort_order = $1 WHERE id = $2`, i, id); err != nil {
			return fmt.Errorf("reorder image %d: %w", id, err)
		}
	}
	return s.touchProduct(ctx, tx, productID)
}
