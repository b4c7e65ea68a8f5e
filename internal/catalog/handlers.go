package catalog

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"shop/internal/apperr"
	"shop/internal/httpx"
	"shop/internal/money"
)

// Handlers serves the public catalogue API.
type Handlers struct {
	Store *Store
}

// Read answers may be cached briefly: stock changes, so not for long.
const cacheSeconds = 30

// ListProducts answers GET /api/products/ (see ListAnswer).
func (h *Handlers) ListProducts(w http.ResponseWriter, r *http.Request) error {
	f, err := ParseListQuery(r.URL.Query())
	if err != nil {
		return err
	}
	page, err := h.Store.ListProducts(r.Context(), f)
	if err != nil {
		return err
	}
	return httpx.WriteCachedJSON(w, r, cacheSeconds, ListAnswer(r.URL, f, page))
}

// ListAnswer is the product list's answer to a request for u, which f was
// parsed from: a JSON array, or with page (or page_size) a {count, next,
// previous, results} envelope. The storefront sends the same answer with a
// page, so the app can use it as its own.
func ListAnswer(u *url.URL, f ListFilter, page ProductPage) any {
	if f.Page == 0 {
		return page.Products
	}
	answer := listPage{Page: httpx.NewPage(u, f.Page, f.PageSize, page.Count, page.Products), CountCapped: page.Capped}
	if page.Capped && answer.Next == nil && len(page.Products) == f.PageSize {
		answer.Next = httpx.NewPage(u, f.Page, f.PageSize, f.Page*f.PageSize+1, page.Products).Next
	}
	return answer
}

// listPage is a page of the product list; CountCapped says there are more
// matches than count (CountCap or this page's end), which were not counted.
type listPage struct {
	httpx.Page[Card]
	CountCapped bool `json:"count_capped"`
}

// GetProduct answers GET /api/products/{id}/ by id or slug.
func (h *Handlers) GetProduct(w http.ResponseWriter, r *http.Request) error {
	p, err := h.Store.Product(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	return httpx.WriteCachedJSON(w, r, cacheSeconds, p)
}

// Suggest answers GET /api/search/suggest/?q=: up to MaxSuggestions
// category and product names, with their slugs, for what a shopper has typed
// so far; [] for nothing typed.
func (h *Handlers) Suggest(w http.ResponseWriter, r *http.Request) error {
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	if len(q) > maxSearchLength {
		return apperr.InvalidField("q", fmt.Sprintf("q is too long (%d characters at most).", maxSearchLength))
	}
	suggestions, err := h.Store.Suggest(r.Context(), q)
	if err != nil {
		return err
	}
	return httpx.WriteCachedJSON(w, r, cacheSeconds, suggestions)
}

// ListCategories answers GET /api/categories/.
func (h *Handlers) ListCategories(w http.ResponseWriter, r *http.Request) error {
	cats, err := h.Store.Categories(r.Context())
	if err != nil {
		return err
	}
	return httpx.WriteCachedJSON(w, r, cacheSeconds, cats)
}

// Page size bounds of the product list.
const (
	DefaultPageSize = 20
	MaxPageSize     = 100
	maxSearchLength = 100
)

// listParams are the product list's query parameters, in the order their
// messages are listed when several are wrong.
var listParams = []string{"category", "weight", "promo", "featured", "collection", "search", "sort", "min_price", "max_price", "page", "page_size"}

// ParseListQuery reads and checks the product list's query parameters. Every
// bad parameter is reported, each under its own name.
func ParseListQuery(q url.Values) (ListFilter, error) {
	f := ListFilter{
		Category: strings.TrimSpace(q.Get("category")),
		Weight:   strings.TrimSpace(q.Get("weight")),
		Search:   strings.TrimSpace(q.Get("search")),
		Sort:     SortName,
	}
	if f.Search != "" {
		f.Sort = SortRelevance
	}
	bad := map[string]string{}
	parseChoices(q, &f, bad)
	if len(f.Search) > maxSearchLength {
		bad["search"] = fmt.Sprintf("search is too long (%d characters at most).", maxSearchLength)
	}
	parsePrices(q, &f, bad)
	if q.Has("page") || q.Has("page_size") {
		parsePaging(q, &f, bad)
	}
	if len(bad) > 0 {
		return ListFilter{}, apperr.InvalidFields(bad, listParams...)
	}
	return f, nil
}

// parseChoices reads the parameters that take one of a few words: sort,
// promo, and the collection (as featured or collection).
func parseChoices(q url.Values, f *ListFilter, bad map[string]string) {
	if v := q.Get("sort"); v != "" {
		switch v {
		case SortName, SortPriceLow, SortPriceHigh, SortRelevance:
			f.Sort = v
		default:
			bad["sort"] = "sort must be one of name, price-low, price-high, relevance."
		}
	}
	if v := q.Get("promo"); v != "" {
		if v != PromoBulk && v != PromoSeasonal {
			bad["promo"] = "promo must be bulk or seasonal."
		}
		f.Promo = v
	}
	for _, name := range []string{"featured", "collection"} {
		v := q.Get(name)
		if v == "" {
			continue
		}
		switch v {
		case CollectionNewArrivals, CollectionBestSellers, CollectionFeatured:
			f.Collection = v
		default:
			bad[name] = name + " must be one of new-arrivals, best-sellers, featured."
		}
	}
}

// parsePrices reads min_price and max_price, amounts like 1500.00.
func parsePrices(q url.Values, f *ListFilter, bad map[string]string) {
	for _, name := range []string{"min_price", "max_price"} {
		v := q.Get(name)
		if v == "" {
			continue
		}
		c, err := money.Parse(v)
		if err != nil {
			bad[name] = name + " must be an amount like 1500 or 1500.00."
			continue
		}
		if name == "min_price" {
			f.MinPrice = &c
		} else {
			f.MaxPrice = &c
		}
	}
	if f.MinPrice != nil && f.MaxPrice != nil && *f.MinPrice > *f.MaxPrice {
		bad["min_price"] = "min_price cannot be above max_price."
	}
}

// parsePaging reads page and page_size, for a list asked for a page at a time.
func parsePaging(q url.Values, f *ListFilter, bad map[string]string) {
	f.Page, f.PageSize = 1, DefaultPageSize
	if v := q.Get("page"); q.Has("page") {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			bad["page"] = "page must be a whole number of 1 or more."
		}
		f.Page = n
	}
	if v := q.Get("page_size"); q.Has("page_size") {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > MaxPageSize {
			bad["page_size"] = fmt.Sprintf("page_size must be a whole number from 1 to %d.", MaxPageSize)
		}
		f.PageSize = n
	}
	if f.Page > 1_000_000 {
		bad["page"] = "page is too large."
	}
}
