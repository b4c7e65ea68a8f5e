package search

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"shop/internal/db"
)

// The spelling table (search_words): the words of the products' and
// categories' names under their one-letter deletes, which a typo is looked
// up in (plan.go). catalog adds a product's words as it writes the product.

// AddSpellingTx puts the spellable words ws, and their singular forms, into
// the spelling table under each of their one-letter deletes: one statement
// finds the terms already there (each is stored with all its deletes at
// once), one adds the rest.
func AddSpellingTx(ctx context.Context, tx *sql.Tx, d *db.DB, ws []string) error {
	type pair struct {
		Word string `json:"word"`
		Term string `json:"term"`
	}
	var terms []pair
	seen := map[string]bool{}
	for _, w := range ws {
		for _, term := range []string{w, Stem(w)} {
			if !seen[term] && spellable(term, spellMinLength) {
				seen[term] = true
				terms = append(terms, pair{Word: term, Term: term})
			}
		}
	}
	if len(terms) == 0 {
		return nil
	}
	arg, err := json.Marshal(terms)
	if err != nil {
		return err
	}
	rows, err := tx.QueryContext(ctx, `SELECT t.term FROM `+d.JSONRows(1, "t", "word TEXT", "term TEXT")+`
		JOIN search_words w ON w.word = t.word AND w.term = t.term`, string(arg))
	if err != nil {
		return fmt.Errorf("spelling: %w", err)
	}
	known, err := db.Collect(rows, func(sc db.Scanner) (t string, err error) { return t, sc.Scan(&t) })
	if err != nil {
		return fmt.Errorf("spelling: %w", err)
	}
	stored := make(map[string]bool, len(known))
	for _, t := range known {
		stored[t] = true
	}
	var pairs []pair
	for _, t := range terms {
		if !stored[t.Term] {
			for _, d := range deletes(t.Term) {
				pairs = append(pairs, pair{Word: d, Term: t.Term})
			}
		}
	}
	if len(pairs) == 0 {
		return nil
	}
	if arg, err = json.Marshal(pairs); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO search_words (word, term) SELECT t.word, t.term FROM `+
		d.JSONRows(1, "t", "word TEXT", "term TEXT")+` WHERE TRUE ON CONFLICT DO NOTHING`, string(arg)); err != nil {
		return fmt.Errorf("spelling: %w", err)
	}
	return nil
}
