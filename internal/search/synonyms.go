package search

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"shop/internal/apperr"
	"shop/internal/db"
)

// The farmers' words the search understands (search_synonyms), which the
// admin edits as one list.

// Synonym list bounds and messages.
const (
	MaxSynonyms         = 200
	maxSynonymPhrase    = 100
	maxSynonymExpansion = 300
	MsgSynonymsInvalid  = "Each line needs the words farmers type and, after them, what they mean."
	MsgSynonymTwice     = "This phrase is listed twice: %q."
	MsgSynonymsTooMany  = "A list of 200 phrases at most."
)

// Synonyms lists the farmers' words, by phrase.
func Synonyms(ctx context.Context, d *db.DB) ([]Synonym, error) {
	return db.QueryAll(ctx, d, "synonyms", scanSynonym, `SELECT id, phrase, expansion FROM search_synonyms ORDER BY phrase`)
}

func scanSynonym(sc db.Scanner) (sy Synonym, err error) {
	return sy, sc.Scan(&sy.ID, &sy.Phrase, &sy.Expansion)
}

// SynonymsInput is the admin's whole list of farmers' words.
type SynonymsInput struct {
	Synonyms []Synonym `json:"synonyms"`
}

// Check writes each phrase and meaning as the search reads them (lower
// case, single spaces, alternatives after commas) and refuses an empty or
// repeated phrase, an empty meaning, and overlong text.
func (in SynonymsInput) Check() ([]Synonym, error) {
	if len(in.Synonyms) > MaxSynonyms {
		return nil, apperr.InvalidField("synonyms", MsgSynonymsTooMany)
	}
	seen := map[string]bool{}
	out := make([]Synonym, 0, len(in.Synonyms))
	for _, sy := range in.Synonyms {
		phrase := strings.Join(Words(sy.Phrase), " ")
		var alts []string
		for _, alt := range strings.Split(sy.Expansion, ",") {
			if ws := Words(alt); len(ws) > 0 {
				alts = append(alts, strings.Join(ws, " "))
			}
		}
		expansion := strings.Join(alts, ", ")
		if phrase == "" || expansion == "" || len(phrase) > maxSynonymPhrase || len(expansion) > maxSynonymExpansion {
			return nil, apperr.InvalidField("synonyms", MsgSynonymsInvalid)
		}
		if seen[phrase] {
			return nil, apperr.InvalidField("synonyms", fmt.Sprintf(MsgSynonymTwice, phrase))
		}
		seen[phrase] = true
		out = append(out, Synonym{Phrase: phrase, Expansion: expansion})
	}
	return out, nil
}

// ReplaceSynonymsTx makes list the farmers' words, and returns how many
// there were before.
func ReplaceSynonymsTx(ctx context.Context, tx *sql.Tx, list []Synonym) (before int, err error) {
	if before, err = db.CountTx(ctx, tx, "synonyms", `SELECT COUNT(*) FROM search_synonyms`); err != nil {
		return 0, err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM search_synonyms`); err != nil {
		return 0, fmt.Errorf("replace synonyms: %w", err)
	}
	for _, sy := range list {
		if _, err := tx.ExecContext(ctx, `INSERT INTO search_synonyms (phrase, expansion) VALUES ($1, $2)`, sy.Phrase, sy.Expansion); err != nil {
			return 0, fmt.Errorf("replace synonyms: %w", err)
		}
	}
	return before, nil
}
