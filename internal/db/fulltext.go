package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
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

// The product list matches narrow keys where the engine has them: on
// PostgreSQL the stripped vector in product_list (pl, migration 0122); on
// SQLite its index is narrow already, and these are Join and Match.

// ListJoin is what a product list whose product id is id adds to match
// with ListMatch; a list over product_list already reads it as pl.
func (x TextIndex) ListJoin(id string) string {
	if x.dialect == Postgres {
		if id == "pl.product_id" {
			return ""
		}
		return " JOIN product_list pl ON pl.product_id = " + id
	}
	return x.Join(id)
}

// ListMatch is the condition that the list's product matches the query in
// parameter arg, after ListJoin.
func (x TextIndex) ListMatch(arg string) string {
	if x.dialect == Postgres {
		return "pl.search_keys @@ " + tsquery(arg)
	}
	return x.Match(arg)
}

// Join is what a product list whose product id is id adds to read the index.
func (x TextIndex) Join(id string) string {
	if x.dialect == Postgres {
		return ""
	}
	return " JOIN products_text ON products_text.rowid = " + id
}

// Match is the condition that p matches the query in parameter arg (a
// Query string).
func (x TextIndex) Match(arg string) string {
	if x.dialect == Postgres {
		return "p.search_text @@ " + tsquery(arg)
	}
	return "products_text MATCH " + arg
}

// RankJoin is what a product list whose product id is id adds, after
// ListJoin, to read Rank: on PostgreSQL the weighted vector's own narrow
// rows (product_search_text, migration 0125), so that ranking a broad
// search does not read the products' wide rows; on SQLite nothing, FTS5
// ranks the row it matched.
func (x TextIndex) RankJoin(id string) string {
	if x.dialect == Postgres {
		return " JOIN product_search_text pst ON pst.product_id = " + id
	}
	return ""
}

// Rank is a number that orders matches best first, ascending: a word in
// text a outweighs one in b, b one in c.
func (x TextIndex) Rank(arg string) string {
	if x.dialect == Postgres {
		return "-ts_rank(pst.search_text, " + tsquery(arg) + ")"
	}
	return "bm25(products_text, 10.0, 4.0, 1.0)"
}

// tsquery is PostgreSQL's query in parameter arg, a Query string, as a
// parameter of type tsquery: its value is read once per statement. As an
// argument of to_tsquery it was parsed again for each row a statement
// tested or ranked once PostgreSQL had planned the statement for any
// parameter (after five runs of a prepared statement): "kuku" ranked took
// 21 ms instead of 14. The words of a Query are lower-case letters and
// digits, which tsquery's own syntax reads as the 'simple' configuration
// would.
func tsquery(arg string) string { return "CAST(" + arg + " AS tsquery)" }

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

// Texts are a product's three texts, for PutTx.
type Texts struct {
	ID int64  `json:"id"`
	A  string `json:"a"`
	B  string `json:"b"`
	C  string `json:"c"`
}

// PutTx stores the texts of every product in ts, replacing what they had,
// in two statements whatever their number.
func (x TextIndex) PutTx(ctx context.Context, tx *sql.Tx, ts []Texts) error {
	if len(ts) == 0 {
		return nil
	}
	rows, err := json.Marshal(ts)
	if err != nil {
		return err
	}
	from := jsonRows(x.dialect, 1, "t", "id BIGINT", "a TEXT", "b TEXT", "c TEXT")
	if x.dialect == Postgres {
		_, err := tx.ExecContext(ctx, `UPDATE products SET search_text =
			setweight(to_tsvector('simple', t.a), 'A') || setweight(to_tsvector('simple', t.b), 'B') || setweight(to_tsvector('simple', t.c), 'C')
			FROM `+from+` WHERE products.id = t.id`, string(rows))
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM products_text WHERE rowid IN (SELECT t.id FROM `+from+`)`, string(rows)); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO products_text (rowid, name, category, body) SELECT t.id, t.a, t.b, t.c FROM `+from, string(rows))
	return err
}

// NewRow is what an INSERT INTO products … SELECT adds to index each new
// product by its texts a, b and c (expressions of the SELECT): the column
// and its value on PostgreSQL, where the index is in the row, so the rows
// are written once; nothing on SQLite, where AddFromTx follows.
func (x TextIndex) NewRow(a, b, c string) (column, value string) {
	if x.dialect == Postgres {
		return ", search_text", ", setweight(to_tsvector('simple', " + a + "), 'A') || setweight(to_tsvector('simple', " + b +
			"), 'B') || setweight(to_tsvector('simple', " + c + "), 'C')"
	}
	return "", ""
}

// AddFromTx indexes the products just inserted with NewRow: query (with
// args) selects their id, a, b and c. On PostgreSQL the insert did.
func (x TextIndex) AddFromTx(ctx context.Context, tx *sql.Tx, query string, args ...any) error {
	if x.dialect == Postgres {
		return nil
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO products_text (rowid, name, category, body) `+query, args...)
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

// WordsTx reads SQLite's full-text index as tx sees it, for a copy of it in
// memory (docs/architecture.md section 9): FTS5's own count of its rows and
// of the words in them, as bm25 reads them, then every occurrence of every
// word, in the order of the words and then of the rows, to fn with the row
// and the text it is in (0 for a, 1 for b, 2 for c). word is only valid
// during the call. PostgreSQL has no such index.
func (x TextIndex) WordsTx(ctx context.Context, tx *sql.Tx, fn func(word []byte, row int64, text int)) (rows, words int64, err error) {
	if x.dialect == Postgres {
		return 0, 0, errors.New("the full-text index in memory is SQLite's")
	}
	// bm25's N and average length come from FTS5's totals, not from the
	// rows: they drift from a count of the rows when a row written in a
	// transaction is deleted in it (a new product's texts are written again
	// once it has a size), and the ranking follows the totals.
	var totals []byte
	if err := tx.QueryRowContext(ctx, `SELECT block FROM products_text_data WHERE id = 1`).Scan(&totals); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, 0, fmt.Errorf("read the index's totals: %w", err)
	}
	rows, totals = fts5Varint(totals)
	for len(totals) > 0 {
		var n int64
		n, totals = fts5Varint(totals)
		words += n
	}
	rs, err := tx.QueryContext(ctx, `SELECT term, doc, CASE col WHEN 'name' THEN 0 WHEN 'category' THEN 1 ELSE 2 END FROM products_text_words`)
	if err != nil {
		return 0, 0, fmt.Errorf("read the indexed words: %w", err)
	}
	defer rs.Close()
	var word sql.RawBytes
	var row int64
	var text int
	for rs.Next() {
		if err := rs.Scan(&word, &row, &text); err != nil {
			return 0, 0, fmt.Errorf("read the indexed words: %w", err)
		}
		fn(word, row, text)
	}
	if err := rs.Err(); err != nil {
		return 0, 0, fmt.Errorf("read the indexed words: %w", err)
	}
	return rows, words, nil
}

// VectorsTx reads PostgreSQL's weighted words as tx sees them, for a copy of
// them in memory (docs/architecture.md section 9): each product's vector
// (product_search_text, migration 0125), in the products' order, a word at
// a time to fn with its positions as PostgreSQL keeps them (tsvector's
// WordEntryPos: the weight's class in the top two bits, A 3 to D 0, the
// position in the other fourteen). word and positions are only valid during
// the call. SQLite's index is WordsTx's.
//
// Each vector travels whole, as text: a row a word's occurrence (unnest)
// took 1.5 µs a row to read, two seconds at 10,000 products, against a
// tenth of that for the vectors.
func (x TextIndex) VectorsTx(ctx context.Context, tx *sql.Tx, fn func(row int64, word []byte, positions []uint16)) error {
	if x.dialect != Postgres {
		return errors.New("the weighted vectors are PostgreSQL's")
	}
	rs, err := tx.QueryContext(ctx, `SELECT product_id, search_text::text FROM product_search_text ORDER BY product_id`)
	if err != nil {
		return fmt.Errorf("read the weighted words: %w", err)
	}
	defer rs.Close()
	var row int64
	var text sql.RawBytes
	var v vectorReader
	for rs.Next() {
		if err := rs.Scan(&row, &text); err != nil {
			return fmt.Errorf("read the weighted words: %w", err)
		}
		if err := v.each(text, func(word []byte, positions []uint16) { fn(row, word, positions) }); err != nil {
			return fmt.Errorf("read the weighted words of product %d: %w", row, err)
		}
	}
	if err := rs.Err(); err != nil {
		return fmt.Errorf("read the weighted words: %w", err)
	}
	return nil
}

// vectorReader reads tsvector's text form (tsvectorout): words in quotes,
// a quote and a backslash in them doubled, each followed by a colon and
// its positions, each a number and its weight's letter (none for D),
// separated by commas; the words separated by spaces.
type vectorReader struct {
	word      []byte
	positions []uint16
}

func (v *vectorReader) each(b []byte, fn func(word []byte, positions []uint16)) error {
	for len(b) > 0 {
		if b[0] == ' ' {
			b = b[1:]
			continue
		}
		if b[0] != '\'' {
			return fmt.Errorf("a word does not begin with a quote: %q", b[:min(len(b), 20)])
		}
		b = b[1:]
		v.word = v.word[:0]
		for {
			if len(b) == 0 {
				return errors.New("a word has no closing quote")
			}
			c := b[0]
			if c == '\'' && (len(b) == 1 || b[1] != '\'') {
				b = b[1:]
				break
			}
			if (c == '\'' || c == '\\') && len(b) > 1 {
				c, b = b[1], b[1:]
			}
			v.word = append(v.word, c)
			b = b[1:]
		}
		// The shop's vectors all have positions (setweight of to_tsvector):
		// ts_rank weighs a word without them otherwise, and so would the
		// copy have to.
		if len(b) == 0 || b[0] != ':' {
			return fmt.Errorf("the word %q has no positions", v.word)
		}
		b = b[1:]
		v.positions = v.positions[:0]
		for {
			n, digits := 0, 0
			for len(b) > 0 && b[0] >= '0' && b[0] <= '9' && n <= 1<<14 {
				n, b, digits = n*10+int(b[0]-'0'), b[1:], digits+1
			}
			if digits == 0 || n >= 1<<14 {
				return fmt.Errorf("the word %q has a position out of range", v.word)
			}
			class := 0
			if len(b) > 0 && b[0] >= 'A' && b[0] <= 'D' {
				class, b = int('D'-b[0]), b[1:]
			}
			v.positions = append(v.positions, uint16(class<<14|n))
			if len(b) == 0 || b[0] != ',' {
				break
			}
			b = b[1:]
		}
		fn(v.word, v.positions)
	}
	return nil
}

// fts5Varint reads one of the variable-length integers FTS5's records are
// made of (SQLite's own: seven bits a byte, most significant first, the
// ninth byte whole) and returns it with the rest of b.
func fts5Varint(b []byte) (int64, []byte) {
	var v uint64
	for i := 0; i < len(b); i++ {
		if i == 8 {
			return int64(v<<8 | uint64(b[i])), b[i+1:]
		}
		v = v<<7 | uint64(b[i]&0x7f)
		if b[i]&0x80 == 0 {
			return int64(v), b[i+1:]
		}
	}
	return int64(v), nil
}
