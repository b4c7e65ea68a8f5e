package catalog

import (
	"context"
	"database/sql"
	"fmt"

	"shop/internal/apperr"
	"shop/internal/db"
)

// The back office's changes to the category tree.

var errNoCategory = apperr.NotFound("Category not found")

// AdminCategories lists every category as Categories does, with its name
// in both languages.
func (s *Store) AdminCategories(ctx context.Context) ([]EditedCategory, error) {
	return db.QueryAll(ctx, s.db, "categories", scanEditedCategory, `SELECT `+editedCategoryColumns+` FROM categories ORDER BY sort_order, id`)
}

const editedCategoryColumns = categoryColumns + `, name_sw`

func scanEditedCategory(sc db.Scanner) (EditedCategory, error) {
	var c EditedCategory
	var parent sql.NullInt64
	if err := sc.Scan(&c.ID, &c.Name, &c.Slug, &parent, &c.NameSW); err != nil {
		return c, err
	}
	if parent.Valid {
		c.Parent = &parent.Int64
	}
	return c, nil
}

// CategoryTx loads a category, in both languages, inside tx.
func (s *Store) CategoryTx(ctx context.Context, tx *sql.Tx, id int64) (EditedCategory, error) {
	c, err := scanEditedCategory(tx.QueryRowContext(ctx, `SELECT `+editedCategoryColumns+` FROM categories WHERE id = $1`, id))
	if err != nil {
		return EditedCategory{}, db.RowErr(err, errNoCategory, "load category %d", id)
	}
	return c, nil
}

// checkParent refuses a parent that does not exist, is the category itself,
// or lies below it in the tree (which would make a loop).
func checkParent(ctx context.Context, tx *sql.Tx, id int64, parent *int64) error {
	if parent == nil {
		return nil
	}
	if id != 0 && *parent == id {
		return apperr.InvalidField("parent", MsgOwnParent)
	}
	// Walk up from the new parent: meeting the category means the parent is
	// one of its descendants. The walk is bounded in case the stored tree
	// already holds a loop.
	cur := *parent
	for depth := 0; depth < 1000; depth++ {
		var up sql.NullInt64
		err := tx.QueryRowContext(ctx, `SELECT parent_id FROM categories WHERE id = $1`, cur).Scan(&up)
		if db.NoRows(err) {
			if cur == *parent {
				return apperr.InvalidField("parent", MsgParentUnknown)
			}
			return nil
		}
		if err != nil {
			return fmt.Errorf("walk category tree: %w", err)
		}
		if !up.Valid {
			return nil
		}
		if id != 0 && up.Int64 == id {
			return apperr.InvalidField("parent", MsgParentIsDescendant)
		}
		cur = up.Int64
	}
	return apperr.InvalidField("parent", MsgParentIsDescendant)
}

func slugFree(ctx context.Context, tx *sql.Tx, slug string, except int64) error {
	n, err := db.CountTx(ctx, tx, "categories by slug", `SELECT COUNT(*) FROM categories WHERE slug = $1 AND id <> $2`, slug, except)
	if err != nil {
		return err
	}
	if n > 0 {
		msg := fmt.Sprintf("A category with the slug %q already exists.", slug)
		return apperr.InvalidField("name", msg)
	}
	return nil
}

// CreateCategoryTx stores a category with docs/product.md's slug.
func (s *Store) CreateCategoryTx(ctx context.Context, tx *sql.Tx, f CategoryFields) (EditedCategory, error) {
	if err := checkParent(ctx, tx, 0, f.Parent); err != nil {
		return EditedCategory{}, err
	}
	if err := slugFree(ctx, tx, f.Slug, 0); err != nil {
		return EditedCategory{}, err
	}
	c := EditedCategory{Category: Category{Name: f.Name, Slug: f.Slug, Parent: f.Parent}, NameSW: orEmpty(f.NameSW)}
	if err := tx.QueryRowContext(ctx, `INSERT INTO categories (name, slug, parent_id, name_sw, sort_order)
		VALUES ($1, $2, $3, $4, (SELECT COALESCE(MAX(sort_order), -1) + 1 FROM categories)) RETURNING id`,
		f.Name, f.Slug, f.Parent, c.NameSW).Scan(&c.ID); err != nil {
		return EditedCategory{}, fmt.Errorf("create category: %w", err)
	}
	return c, nil
}

// UpdateCategoryTx renames or moves a category. The slug follows a new
// name; an unchanged name keeps its slug, so the shop's links stay.
func (s *Store) UpdateCategoryTx(ctx context.Context, tx *sql.Tx, id int64, f CategoryFields) (before, after EditedCategory, err error) {
	if before, err = s.CategoryTx(ctx, tx, id); err != nil {
		return
	}
	if err = checkParent(ctx, tx, id, f.Parent); err != nil {
		return
	}
	slug := before.Slug
	if f.Name != before.Name {
		slug = f.Slug
		if err = slugFree(ctx, tx, slug, id); err != nil {
			return
		}
	}
	after = EditedCategory{Category: Category{ID: id, Name: f.Name, Slug: slug, Parent: f.Parent}, NameSW: before.NameSW}
	if f.NameSW != nil {
		after.NameSW = *f.NameSW
	}
	if _, err = tx.ExecContext(ctx, `UPDATE categories SET name = $1, slug = $2, parent_id = $3, name_sw = $4 WHERE id = $5`,
		f.Name, slug, f.Parent, after.NameSW, id); err != nil {
		err = fmt.Errorf("update category %d: %w", id, err)
		return
	}
	// The products' search text holds their categories' names, in both languages.
	if after.Name != before.Name || after.NameSW != before.NameSW || !sameParent(after.Parent, before.Parent) {
		err = s.refreshCategoryTx(ctx, tx, id)
	}
	return
}

func sameParent(a, b *int64) bool {
	return (a == nil) == (b == nil) && (a == nil || *a == *b)
}

// MsgCategoryInUse is the answer to deleting a category that still holds something.
const MsgCategoryInUse = "This category still has products (%d) or sub-categories; move or delete them first."

// DeleteCategoryTx deletes an empty category: one with products or
// sub-categories is refused, so nothing is left without a category.
func (s *Store) DeleteCategoryTx(ctx context.Context, tx *sql.Tx, id int64) (Category, error) {
	c, err := s.CategoryTx(ctx, tx, id)
	if err != nil {
		return Category{}, err
	}
	var products, children int
	if err := tx.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM products WHERE category_id = $1),
		(SELECT COUNT(*) FROM categories WHERE parent_id = $1)`, id).Scan(&products, &children); err != nil {
		return Category{}, fmt.Errorf("count contents of category %d: %w", id, err)
	}
	if products > 0 || children > 0 {
		return Category{}, apperr.Conflict(fmt.Sprintf(MsgCategoryInUse, products))
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM categories WHERE id = $1`, id); err != nil {
		return Category{}, fmt.Errorf("delete category %d: %w", id, err)
	}
	return c.Category, nil
}

// CategoryProductCounts counts the products directly in each category.
func (s *Store) CategoryProductCounts(ctx context.Context) (map[int64]int, error) {
	rows, err := s.db.Query(ctx, `SELECT category_id, COUNT(*) FROM products GROUP BY category_id`)
	if err != nil {
		return nil, fmt.Errorf("count products by category: %w", err)
	}
	defer rows.Close()
	out := map[int64]int{}
	for rows.Next() {
		var id int64
		var n int
		if err := rows.Scan(&id, &n); err != nil {
			return nil, err
		}
		out[id] = n
	}
	return out, rows.Err()
}
