package db

import (
	"context"
	"database/sql"
	"strings"
)

// The engines' full-text search: SQLite's FTS5 table products_text beside
// products, and PostgreSQL's tsvector column products.search_text with its GIN
// index (migration 0014). Each row has three texts weighted from most to
// least: a, b and c. The callers tokenise the texts themselves, into words of
// lower-case letters and digits separated by spaces, so both engines index
// and match the very same words.

// TextTerm is a word of a full-text query; Prefix also matches the words it
// begins ("albend" finds albendazole).
type TextTerm struct {
	Word   string
	Prefix bool
}

// TextQuery is what a search matches: every group, each group by any of its
// alternatives, each alternative by all of its terms. Words hold only
// lower-case letters and digits, so nothing typed can reach the engines'
// query syntax; the query travels as a parameter besides.
type TextQuery [][][]TextTerm

// TextIndex is the full-text index on products for d's engine.
type TextIndex struct{ dialect Dialect }

// ProductText is the products' full-text index.
func (d *DB) ProductText() TextIndex { return TextIndex{d.Dialect} }

// Join is what a product list selecting FROM products p adds to read the
// index.
func (x TextIndex) Join() string {
	if x.dialect == Postgres {
		return ""
	}
	return " JOIN products_text ON products_text.rowid = p.id"
}

// Match is the condition that p matches the query in parameter arg (a
// Query string).
func (x TextIndex) Match(arg string) string {
	if x.dialect == Postgres {
		return "p.search_text @@ to_tsquery('simple', " + arg + ")"
	}
	return "products_text MATCH " + arg
}

// Rank is a number that orders matches best first, ascending: a word in
// text a outweighs one in b, b one in c.
func (x TextIndex) Rank(arg string) string {
	if x.dialect == Postgres {
		return "-ts_rank(p.search_text, to_tsquery('simple', " + arg + "))"
	}
	return "bm25(products_text, 10.0, 4.0, 1.0)"
}

// Query spells q in the engine's query language; aOnly matches text a alone.
// An empty q matches nothing (the empty string).
func (x TextIndex) Query(q TextQuery, aOnly bool) string {
	and, or := " AND ", " OR "
	if x.dialect == Postgres {
		and, or = " & ", " | "
	}
	var groups []string
	for _, group := range q {
		var alts []string
		for _, alt := range group {
			terms := make([]string, len(alt))
			for i, t := range alt {
				terms[i] = x.term(t, aOnly)
			}
			alts = append(alts, "("+strings.Join(terms, and)+")")
		}
		groups = append(groups, "("+strings.Join(alts, or)+")")
	}
	s := strings.Join(groups, and)
	if aOnly && s != "" && x.dialect == SQLite {
		return "name : (" + s + ")"
	}
	return s
}

func (x TextIndex) term(t TextTerm, aOnly bool) string {
	if x.dialect == Postgres {
		s := t.Word
		if t.Prefix || aOnly {
			s += ":"
		}
		if t.Prefix {
			s += "*"
		}
		if aOnly {
			s += "A"
		}
		return s
	}
	s := `"` + t.Word + `"`
	if t.Prefix {
		s += "*"
	}
	return s
}

// PutTx stores the texts of product id, replacing what it had.
func (x TextIndex) PutTx(ctx context.Context, tx *sql.Tx, id int64, a, b, c string) error {
	if x.dialect == Postgres {
		_, err := tx.ExecContext(ctx, `UPDATE products SET search_text =
			setweight(to_tsvector('simple', $2), 'A') || setweight(to_tsvector('simple', $3), 'B') || setweight(to_tsvector('simple', $4), 'C')
			WHERE id = $1`, id, a, b, c)
		return err
	}
	if err := x.DeleteTx(ctx, tx, id); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO products_text (rowid, name, category, body) VALUES ($1, $2, $3, $4)`, id, a, b, c)
	return err
}

// DeleteTx removes product id from the index; on PostgreSQL the index is in
// the product's row and goes with it.
func (x TextIndex) DeleteTx(ctx context.Context, tx *sql.Tx, id int64) error {
	if x.dialect == Postgres {
		return nil
	}
	_, err := tx.ExecContext(ctx, `DELETE FROM products_text WHERE rowid = $1`, id)
	return err
}
