package catalog

import (
	"context"
	"strconv"

	"shop/internal/db"
	"shop/internal/i18n"
	"shop/internal/search"
)

// Suggestion is a name the shop's search box offers while a shopper types:
// a category or a product, with the slug its page is found at.
type Suggestion struct {
	// Type is "category" or "product".
	Type string `json:"type"`
	Name string `json:"name"`
	Slug string `json:"slug"`
}

// MaxSuggestions is how many names Suggest offers at most.
const MaxSuggestions = 8

// maxCategorySuggestions leaves room for products among the suggestions.
const maxCategorySuggestions = 3

// suggestCandidates bounds the products whose names are ordered for the
// suggestions: the first so many matches, so a short prefix that matches
// most of a large catalogue costs no more than a precise one.
const suggestCandidates = 200

// Suggest offers the categories and active products whose names match what
// was typed so far (the search's own words, synonyms and typos), categories
// first, then products with the shortest names first. A name matches in
// either language and is offered in the language ctx carries.
func (s *Store) Suggest(ctx context.Context, typed string) ([]Suggestion, error) {
	out := []Suggestion{}
	plan, err := search.PlanFor(ctx, s.db, typed)
	if err != nil || len(plan.Text) == 0 {
		return out, err
	}
	cats, err := s.AdminCategories(ctx)
	if err != nil {
		return nil, err
	}
	sw := i18n.From(ctx) == i18n.Kiswahili
	for _, c := range cats {
		if len(out) < maxCategorySuggestions && search.Matches(plan.Text, search.Words(c.Name+" "+c.NameSW)) {
			name := c.Name
			if sw && c.NameSW != "" {
				name = c.NameSW
			}
			out = append(out, Suggestion{Type: "category", Name: name, Slug: c.Slug})
		}
	}
	name := "p.name"
	if sw {
		name = inSW("p.name")
	}
	text := s.db.ProductText()
	var w db.Where
	w.And(text.Match(w.Arg(text.Query(plan.Text, true))))
	products, err := db.QueryAll(ctx, s.db, "suggestions", func(sc db.Scanner) (sg Suggestion, err error) {
		sg.Type = "product"
		return sg, sc.Scan(&sg.Name, &sg.Slug)
	}, `SELECT `+name+`, p.slug FROM (SELECT p.id FROM products p`+text.Join("p.id")+w.String()+` LIMIT `+strconv.Itoa(suggestCandidates)+`) AS hits
		JOIN products p ON p.id = hits.id WHERE p.is_active = TRUE ORDER BY LENGTH(`+name+`), LOWER(`+name+`), p.id LIMIT `+strconv.Itoa(MaxSuggestions-len(out)), w.Args...)
	if err != nil {
		return nil, err
	}
	return append(out, products...), nil
}
