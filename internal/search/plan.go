package search

import (
	"context"
	"fmt"
	"strings"

	"shop/internal/db"
)

// A search as the database runs it: what a shopper typed, cut into words
// (text.go), each word a prefix ("albend" finds Albendazole), a farmer's
// phrase also searched as what it means (search_synonyms), and a long word
// that matches no name also searched as the names' words one edit away
// (search_words). One read fetches all three and the SKU typed, if it is one.

// maxSearchWords bounds the words of a search that count, so a pasted
// paragraph cannot make a query of hundreds of terms.
const maxSearchWords = 8

// Plan is a search ready to run: the full-text query and the product whose
// SKU was typed exactly (0 when none).
type Plan struct {
	Text       db.TextQuery
	SKUProduct int64
}

// maxSKU is the longest SKU the catalogue's forms take (catalog.MaxSKU):
// longer typed text is never looked up as one.
const maxSKU = 64

// Synonym is a phrase farmers type and what it means: comma-separated
// alternatives, each searched besides the phrase.
type Synonym struct {
	ID        int64  `json:"id"`
	Phrase    string `json:"phrase"`
	Expansion string `json:"expansion"`
}

// lookup is what planning a search reads from the database in one go.
type lookup struct {
	synonyms []Synonym
	// near maps a one-letter-delete form to the names' words under it.
	near map[string][]string
	// known holds the typed words that begin some word of the names.
	known map[string]bool
}

// PlanFor turns a typed search into a Plan, reading d.
func PlanFor(ctx context.Context, d *db.DB, typed string) (Plan, error) {
	ws := Words(typed)
	if len(ws) > maxSearchWords {
		ws = ws[:maxSearchWords]
	}
	if len(ws) == 0 {
		return Plan{}, nil
	}
	lk, sku, err := lookUp(ctx, d, ws, strings.TrimSpace(typed))
	if err != nil {
		return Plan{}, err
	}
	return Plan{Text: buildQuery(ws, lk), SKUProduct: sku}, nil
}

// lookUp reads the synonyms, the spelling candidates of ws, which of ws
// begin a known word, and the product with SKU typed, in one statement.
func lookUp(ctx context.Context, d *db.DB, ws []string, typed string) (lookup, int64, error) {
	lk := lookup{near: map[string][]string{}, known: map[string]bool{}}
	var w db.Where
	parts := []string{`SELECT 's', phrase, expansion FROM search_synonyms`}
	if len(typed) <= maxSKU && !strings.ContainsAny(typed, " \t") {
		parts = append(parts, `SELECT 'k', CAST(product_id AS TEXT), '' FROM variants WHERE sku IN (`+w.Arg(typed)+`, `+w.Arg(strings.ToUpper(typed))+`)`)
	}
	for _, word := range ws {
		if !spellable(word, typoMinLength) {
			continue
		}
		n := w.Arg(word)
		// Does some word of the names begin with this one? The words compare
		// byte by byte, and U+10FFFF sorts after every other character.
		parts = append(parts, `SELECT * FROM (SELECT 'p', `+n+`, term FROM search_words WHERE word >= `+n+` AND word < `+
			w.Arg(word+"\U0010FFFF")+` AND word = term LIMIT 1) AS known`)
		forms := deletes(word)
		in := make([]string, len(forms))
		for i, f := range forms {
			in[i] = w.Arg(f)
		}
		parts = append(parts, `SELECT 'd', word, term FROM search_words WHERE word IN (`+strings.Join(in, ", ")+`)`)
	}
	rows, err := d.Query(ctx, strings.Join(parts, " UNION ALL "), w.Args...)
	if err != nil {
		return lk, 0, fmt.Errorf("plan search: %w", err)
	}
	defer rows.Close()
	var sku int64
	for rows.Next() {
		var kind, a, b string
		if err := rows.Scan(&kind, &a, &b); err != nil {
			return lk, 0, fmt.Errorf("plan search: %w", err)
		}
		switch kind {
		case "s":
			lk.synonyms = append(lk.synonyms, Synonym{Phrase: a, Expansion: b})
		case "k":
			_, _ = fmt.Sscan(a, &sku)
		case "p":
			lk.known[a] = true
		case "d":
			lk.near[a] = append(lk.near[a], b)
		}
	}
	return lk, sku, rows.Err()
}

// buildQuery makes the full-text query of the typed words ws: a group per
// word (or per phrase of a synonym), every group required.
func buildQuery(ws []string, lk lookup) db.TextQuery {
	var q db.TextQuery
	for i := 0; i < len(ws); {
		if phrase, alts := matchSynonym(ws[i:], lk.synonyms); phrase > 0 {
			group := [][]db.TextTerm{terms(ws[i : i+phrase])}
			for _, alt := range alts {
				group = append(group, terms(alt))
			}
			q = append(q, group)
			i += phrase
			continue
		}
		group := [][]db.TextTerm{terms(ws[i : i+1])}
		for _, c := range corrections(ws[i], lk) {
			group = append(group, terms([]string{c}))
		}
		q = append(q, group)
		i++
	}
	return q
}

// terms are ws with plurals made singular, each a prefix when it holds a
// letter: a number is matched whole, so "18" finds DCP 18% but not every
// 180, and "1" does not match half the catalogue.
func terms(ws []string) []db.TextTerm {
	out := make([]db.TextTerm, len(ws))
	for i, w := range ws {
		out[i] = db.TextTerm{Word: Stem(w), Prefix: len(w) > 1 && !isNumber(w)}
	}
	return out
}

// matchSynonym finds the longest synonym phrase ws begins with: its length
// in words and its alternatives' words; 0 when none.
func matchSynonym(ws []string, synonyms []Synonym) (int, [][]string) {
	best, alts := 0, [][]string(nil)
	for _, syn := range synonyms {
		phrase := Words(syn.Phrase)
		if len(phrase) <= best || len(phrase) > len(ws) || strings.Join(phrase, " ") != strings.Join(ws[:len(phrase)], " ") {
			continue
		}
		best, alts = len(phrase), nil
		for _, alt := range strings.Split(syn.Expansion, ",") {
			if aw := Words(alt); len(aw) > 0 {
				alts = append(alts, aw)
			}
		}
	}
	return best, alts
}

// corrections are the names' words one edit from w, when w is long enough
// to guess at and begins no word of the names.
func corrections(w string, lk lookup) []string {
	if !spellable(w, typoMinLength) || lk.known[w] {
		return nil
	}
	seen := map[string]bool{}
	var out []string
	for _, form := range deletes(w) {
		for _, term := range lk.near[form] {
			if !seen[term] && term != w && oneEdit(w, term) {
				seen[term] = true
				out = append(out, term)
			}
		}
	}
	return out
}

// Matches reports whether the words of a name satisfy q: every group by
// one of its alternatives, each of whose terms is (or begins, for a prefix)
// one of the words.
func Matches(q db.TextQuery, ws []string) bool {
	has := func(t db.TextTerm) bool {
		for _, w := range ws {
			if w == t.Word || t.Prefix && strings.HasPrefix(w, t.Word) || Stem(w) == t.Word {
				return true
			}
		}
		return false
	}
	for _, group := range q {
		ok := false
		for _, alt := range group {
			all := true
			for _, t := range alt {
				all = all && has(t)
			}
			ok = ok || all
		}
		if !ok {
			return false
		}
	}
	return true
}
