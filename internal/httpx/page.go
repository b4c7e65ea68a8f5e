package httpx

import (
	"net/url"
	"strconv"
)

// Page is one page of a list as the API answers it: how many rows match in
// all, the addresses of the pages either side (null at the ends), and the
// page's rows.
type Page[T any] struct {
	Count    int     `json:"count"`
	Next     *string `json:"next"`
	Previous *string `json:"previous"`
	Results  []T     `json:"results"`
}

// NewPage wraps results, page number page (from 1) of size rows listed at u,
// of count rows in all. The links keep u's other parameters; from past the
// end, previous leads back to the last page.
func NewPage[T any](u *url.URL, page, size, count int, results []T) Page[T] {
	p := Page[T]{Count: count, Results: results}
	if page*size < count {
		p.Next = pageLink(u, page+1)
	}
	if page > 1 {
		p.Previous = pageLink(u, min(page-1, max(1, (count+size-1)/size)))
	}
	return p
}

func pageLink(u *url.URL, page int) *string {
	q := u.Query()
	q.Set("page", strconv.Itoa(page))
	s := u.Path + "?" + q.Encode()
	return &s
}
