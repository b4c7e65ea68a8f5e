package catalog

import (
	"bytes"
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"maps"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"modernc.org/libc"

	"shop/internal/db"
	"shop/internal/i18n"
	"shop/internal/money"
	"shop/internal/search"
)

// The search index in memory (docs/architecture.md section 9): a list's
// page and count are answered from a copy, in each process, of the engine's
// full-text words (SQLite's products_text, PostgreSQL's
// product_search_text) and of what a list filters and sorts on; only the
// page's cards are read from the database. In the engines a search read
// every match's row and scored it: a search's list took 1.9 to 4.1 ms on
// SQLite at 10,000 products, and takes 0.5 to 0.75 ms with the copy. A list
// without a search walks the products in its sort's order, kept beside,
// where the statements read a narrow row a product (docs/benchmarks.md).
//
// The copy scores as the engine does, with the same weights, constants and
// order of operations: FTS5's bm25 with SQLite's own logarithm, or
// PostgreSQL's ts_rank (tsrank.go). So it answers exactly what the
// statements answer: TestListAnswersTheReferenceQuery holds both to the
// same reference, and TestSearchIndexScoresAsTheEngine every score to the
// engine's. It is built in the background at the first list and again
// whenever product_search_version (migrations 0126 and 0127) has moved; the
// statements answer until it is ready.

// searchIndex is the copy as it was at one version.
type searchIndex struct {
	version int64
	// words are the index's words in byte order; words[i]'s postings are
	// posts[starts[i]:starts[i+1]], by product, each packed in 4 bytes:
	// about 2.7 MB at 10,000 products.
	words  []string
	starts []uint32
	posts  []uint32
	// over holds the weighted counts too large for a packed posting, by
	// its place in posts.
	over map[int]uint32
	// rows and avgdl are bm25's N and average length, from FTS5's totals.
	rows, avgdl float64
	// tsRanked: the copy ranks as PostgreSQL's ts_rank (tsrank.go), not as
	// SQLite's bm25, from each posting's positions, posts[i]'s being
	// positions[pstart[i]:pstart[i+1]].
	tsRanked  bool
	pstart    []uint32
	positions []uint16
	// docs are the indexed products by their number in the postings.
	docs []indexedDoc
	// listed are the products that lists show: active ones.
	listed bitset
	// Each filter's products: a category's slug with those of every
	// category below it, a size key, a promotion, a collection.
	categories, sizes, promos, collections map[string]bitset
	// orders are the list's products in each language's orders (by name,
	// by price rising, by price falling), for a list without a search.
	orders [2][3][]uint32
	// scratch holds zeroed arrays of a count a product, for postings.
	scratch sync.Pool
}

// posting is one product's occurrences of a word, weighted by text as
// bm25(products_text, 10.0, 4.0, 1.0) weighs them.
type posting struct{ doc, f uint32 }

// A packed posting is the product's number in its high bits and the count
// in its low fBits, fMask there meaning a count kept in over.
const (
	fBits   = 10
	fMask   = 1<<fBits - 1
	maxDocs = 1 << (32 - fBits)
)

// unpack is the postings of the words at places from to to in posts, one
// after the other.
func (x *searchIndex) unpack(from, to uint32) []posting {
	out := make([]posting, to-from)
	for i, p := range x.posts[from:to] {
		out[i] = posting{p >> fBits, p & fMask}
		if out[i].f == fMask {
			out[i].f = x.over[int(from)+i]
		}
	}
	return out
}

// textWeights are the bm25 weights of texts a, b and c.
var textWeights = [3]uint32{10, 4, 1}

type indexedDoc struct {
	id    int64
	price int64
	// name is the product's place in the order by name key, then id: in
	// English and in Kiswahili.
	name [2]uint32
	// length is the product's number of words, bm25's D.
	length uint32
}

type bitset []uint64

func (b bitset) has(i uint32) bool { return int(i>>6) < len(b) && b[i>>6]&(1<<(i&63)) != 0 }

func (b *bitset) add(i uint32) {
	for int(i>>6) >= len(*b) {
		*b = append(*b, 0)
	}
	(*b)[i>>6] |= 1 << (i & 63)
}

// buildSearchIndex reads the copy at the database's present version, in one
// read transaction.
func buildSearchIndex(ctx context.Context, d *db.DB) (*searchIndex, error) {
	x := &searchIndex{categories: map[string]bitset{}, sizes: map[string]bitset{}, promos: map[string]bitset{}, collections: map[string]bitset{}}
	err := d.ReadTx(ctx, func(tx *sql.Tx) error {
		if err := tx.QueryRowContext(ctx, `SELECT n FROM product_search_version WHERE id = 1`).Scan(&x.version); err != nil {
			return fmt.Errorf("search index version: %w", err)
		}
		byID, err := x.readProducts(ctx, tx)
		if err != nil {
			return err
		}
		return x.readWords(ctx, d, tx, byID)
	})
	if err != nil {
		return nil, fmt.Errorf("build the search index: %w", err)
	}
	return x, nil
}

// readProducts reads the list's keys and filters; it returns the products'
// numbers by id.
func (x *searchIndex) readProducts(ctx context.Context, tx *sql.Tx) (map[int64]uint32, error) {
	byID := map[int64]uint32{}
	err := eachRow(ctx, tx, `SELECT pl.product_id, pl.is_active, pl.price_cents, COALESCE(p.promo, ''),
		p.is_new_arrival, p.is_best_seller, p.is_featured
		FROM product_list pl JOIN products p ON p.id = pl.product_id ORDER BY pl.product_id`, func(rs *sql.Rows) error {
		var doc indexedDoc
		var active, arrival, best, featured bool
		var promo string
		if err := rs.Scan(&doc.id, &active, &doc.price, &promo, &arrival, &best, &featured); err != nil {
			return err
		}
		n := uint32(len(x.docs))
		byID[doc.id] = n
		x.docs = append(x.docs, doc)
		if active {
			x.listed.add(n)
		}
		if promo != "" {
			x.promos[promo] = addTo(x.promos[promo], n)
		}
		for c, in := range map[string]bool{CollectionNewArrivals: arrival, CollectionBestSellers: best, CollectionFeatured: featured} {
			if in {
				x.collections[c] = addTo(x.collections[c], n)
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("search index products: %w", err)
	}
	// The name keys' order is read in the engine's own, as the lists
	// compare them: bytes on SQLite, the database's collation on
	// PostgreSQL.
	for l, key := range []string{"pl.name_key", "pl.name_key_sw"} {
		place := uint32(0)
		err := eachRow(ctx, tx, `SELECT pl.product_id FROM product_list pl ORDER BY `+key+`, pl.product_id`, func(rs *sql.Rows) error {
			var id int64
			if err := rs.Scan(&id); err != nil {
				return err
			}
			x.docs[byID[id]].name[l] = place
			place++
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("search index names: %w", err)
		}
	}
	for l := range x.orders {
		byName := make([]uint32, len(x.docs))
		for doc, d := range x.docs {
			byName[d.name[l]] = uint32(doc)
		}
		// Prices tie in the name's order, as the statements sort them.
		low, high := slices.Clone(byName), slices.Clone(byName)
		slices.SortStableFunc(low, func(a, b uint32) int { return cmp.Compare(x.docs[a].price, x.docs[b].price) })
		slices.SortStableFunc(high, func(a, b uint32) int { return cmp.Compare(x.docs[b].price, x.docs[a].price) })
		x.orders[l] = [3][]uint32{byName, low, high}
	}
	for _, set := range []struct {
		into map[string]bitset
		q    string
	}{
		{x.categories, `SELECT c.slug, pc.product_id FROM product_categories pc JOIN categories c ON c.id = pc.category_id`},
		{x.sizes, `SELECT size_key, product_id FROM product_sizes`},
	} {
		err := eachRow(ctx, tx, set.q, func(rs *sql.Rows) error {
			var key string
			var id int64
			if err := rs.Scan(&key, &id); err != nil {
				return err
			}
			if n, ok := byID[id]; ok {
				set.into[key] = addTo(set.into[key], n)
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("search index filters: %w", err)
		}
	}
	return byID, nil
}

func addTo(b bitset, n uint32) bitset {
	b.add(n)
	return b
}

// readWords reads the postings. A product in the full-text index that lists
// do not hold still counts in bm25's figures, as it does in FTS5's.
func (x *searchIndex) readWords(ctx context.Context, d *db.DB, tx *sql.Tx, byID map[int64]uint32) error {
	if d.Dialect == db.Postgres {
		return x.readVectors(ctx, d, tx, byID)
	}
	var last []byte
	listed := len(x.docs)
	var posts []posting
	cur := posting{doc: ^uint32(0)}
	flush := func() {
		if cur.doc != ^uint32(0) {
			posts = append(posts, cur)
		}
	}
	rows, words, err := d.ProductText().WordsTx(ctx, tx, func(word []byte, row int64, text int) {
		doc, ok := byID[row]
		if !ok {
			doc = uint32(len(x.docs))
			byID[row] = doc
			x.docs = append(x.docs, indexedDoc{id: row})
		}
		if !bytes.Equal(word, last) {
			flush()
			cur.doc = ^uint32(0)
			last = append(last[:0], word...)
			x.words = append(x.words, string(word))
			x.starts = append(x.starts, uint32(len(posts)))
		}
		if doc != cur.doc {
			flush()
			cur = posting{doc: doc}
		}
		cur.f += textWeights[min(text, 2)]
		x.docs[doc].length++
	})
	if err != nil {
		return err
	}
	flush()
	x.starts = append(x.starts, uint32(len(posts)))
	if len(x.docs) >= maxDocs {
		return fmt.Errorf("%d products are more than the search index numbers", len(x.docs))
	}
	if len(x.docs) > listed {
		// Products numbered after the list's, out of the rows' order: each
		// word's postings are put in the numbers' order again.
		for i := range x.words {
			slices.SortFunc(posts[x.starts[i]:x.starts[i+1]], func(a, b posting) int { return cmp.Compare(a.doc, b.doc) })
		}
	}
	x.rows = float64(rows)
	if rows > 0 {
		x.avgdl = float64(words) / float64(rows)
	}
	x.posts, x.over = make([]uint32, len(posts)), map[int]uint32{}
	for i, p := range posts {
		f := p.f
		if f >= fMask {
			x.over[i], f = p.f, fMask
		}
		x.posts[i] = p.doc<<fBits | f
	}
	x.scratch.New = func() any {
		f := make([]uint32, len(x.docs))
		return &f
	}
	return nil
}

// readVectors reads PostgreSQL's postings with their positions, for
// ts_rank. A product without a row in the list is left out: ts_rank reads
// no figure of the whole index.
func (x *searchIndex) readVectors(ctx context.Context, d *db.DB, tx *sql.Tx, byID map[int64]uint32) error {
	x.tsRanked = true
	// The vectors come a product at a time, in the products' order: each
	// word's postings are gathered in it, and put in the words' order
	// after.
	type gathered struct {
		word      string
		docs      []uint32
		from, len []uint32
	}
	byWord := map[string]*gathered{}
	var positions []uint16
	err := d.ProductText().VectorsTx(ctx, tx, func(row int64, word []byte, pos []uint16) {
		doc, ok := byID[row]
		if !ok {
			return
		}
		g := byWord[string(word)]
		if g == nil {
			g = &gathered{word: string(word)}
			byWord[g.word] = g
		}
		g.docs = append(g.docs, doc)
		g.from, g.len = append(g.from, uint32(len(positions))), append(g.len, uint32(len(pos)))
		positions = append(positions, pos...)
	})
	if err != nil {
		return err
	}
	if len(x.docs) >= maxDocs {
		return fmt.Errorf("%d products are more than the search index numbers", len(x.docs))
	}
	words := slices.SortedFunc(maps.Values(byWord), func(a, b *gathered) int { return strings.Compare(a.word, b.word) })
	x.positions = make([]uint16, 0, len(positions))
	for _, g := range words {
		x.words = append(x.words, g.word)
		x.starts = append(x.starts, uint32(len(x.posts)))
		for k, doc := range g.docs {
			// The count beside the product is unused by ts_rank; a match
			// needs it above zero.
			x.posts = append(x.posts, doc<<fBits|1)
			x.pstart = append(x.pstart, uint32(len(x.positions)))
			x.positions = append(x.positions, positions[g.from[k]:g.from[k]+g.len[k]]...)
		}
	}
	x.starts = append(x.starts, uint32(len(x.posts)))
	x.pstart = append(x.pstart, uint32(len(x.positions)))
	x.over = map[int]uint32{}
	x.scratch.New = func() any {
		f := make([]uint32, len(x.docs))
		return &f
	}
	return nil
}

func eachRow(ctx context.Context, tx *sql.Tx, q string, fn func(*sql.Rows) error) error {
	rs, err := tx.QueryContext(ctx, q)
	if err != nil {
		return err
	}
	defer rs.Close()
	for rs.Next() {
		if err := fn(rs); err != nil {
			return err
		}
	}
	return rs.Err()
}

// answers says whether the copy can answer f as the statements would: a
// page, in a sort and filters it knows.
func (x *searchIndex) answers(f ListFilter) bool {
	if f.Page <= 0 || f.PageSize <= 0 {
		return false
	}
	switch f.Collection {
	case "", CollectionNewArrivals, CollectionBestSellers, CollectionFeatured:
	default:
		return false
	}
	switch f.Sort {
	case SortRelevance, SortName, SortPriceLow, SortPriceHigh, "":
		return true
	}
	return false
}

// hit is a product a search matched that the list shows, with its keys.
type hit struct {
	rank  float64
	doc   uint32
	first bool // the product with the SKU searched for
}

// page answers f's page from the copy for plan, in language l: the page's
// product ids in order, and the count as cardPage counts it. ok is false
// when the copy cannot rank the search as the engine would.
func (x *searchIndex) page(plan search.Plan, f ListFilter, l i18n.Lang) (ids []int64, count int, capped, ok bool) {
	lists := x.phrases(plan.Text)
	matched, alts, altOf := x.match(plan.Text, lists)
	ranked := f.Sort == SortRelevance
	var score func(doc uint32) float64
	if ranked {
		if score, ok = x.scoreFor(plan.Text, lists, alts, altOf); !ok {
			return nil, 0, false, false
		}
	}
	lang := 0
	if l == i18n.Kiswahili {
		lang = 1
	}
	order := func(a, b hit) int {
		da, db := &x.docs[a.doc], &x.docs[b.doc]
		if ranked {
			if a.first != b.first {
				if a.first {
					return -1
				}
				return 1
			}
			if a.rank != b.rank {
				if a.rank < b.rank {
					return -1
				}
				return 1
			}
		}
		switch f.Sort {
		case SortPriceLow:
			if c := cmp.Compare(da.price, db.price); c != 0 {
				return c
			}
		case SortPriceHigh:
			if c := cmp.Compare(db.price, da.price); c != 0 {
				return c
			}
		}
		// The name keys' order, ties broken by id, is their place.
		return cmp.Compare(da.name[lang], db.name[lang])
	}
	// Only the hits up to the page's end are kept, the best so far.
	best := topK{k: f.Page * f.PageSize, order: order}
	best.h = make([]hit, 0, min(best.k, len(matched)))
	df := x.filter(f)
	for _, doc := range matched {
		if !df.shows(doc) {
			continue
		}
		h := hit{doc: doc, first: x.docs[doc].id == plan.SKUProduct}
		if ranked {
			h.rank = score(doc)
			if x.tsRanked {
				// PostgreSQL orders by -ts_rank, a float's negation.
				h.rank = -h.rank
			}
		}
		best.offer(h)
		count++
	}
	hits := best.sorted()
	ids = make([]int64, 0, f.PageSize)
	for _, h := range hits[min((f.Page-1)*f.PageSize, len(hits)):] {
		ids = append(ids, x.docs[h.doc].id)
	}
	if most := max(CountCap, f.Page*f.PageSize); !db.PageTellsCount(f.Page, f.PageSize, len(ids)) && count > most {
		count, capped = most, true
	}
	return ids, count, capped, true
}

// scoreFor prepares the engine's ranking of q's matches, whose phrases
// are lists and alternatives alts and altOf (match): score is what bm25
// or ts_rank gives a product, asked of the products in order. ok is false
// when the copy cannot rank q as the engine would.
func (x *searchIndex) scoreFor(q db.TextQuery, lists [][]posting, alts [][]uint32, altOf []int) (score func(doc uint32) float64, ok bool) {
	if x.tsRanked {
		ts, ok := x.tsScorer(q)
		if !ok {
			return nil, false
		}
		return func(doc uint32) float64 { return float64(x.tsRank(doc, ts)) }, true
	}
	idf := make([]float64, len(lists))
	for i, list := range lists {
		idf[i] = x.idf(len(list))
	}
	sc := scorer{lists: lists, alts: alts, altOf: altOf, idf: idf, at: make([]int, len(lists)), altAt: make([]int, len(alts))}
	return func(doc uint32) float64 { return x.bm25(doc, &sc) }, true
}

// topK keeps the k first in order of the hits it is offered: a heap whose
// top is the last of them, so a page near the start of thousands of matches
// neither sorts nor holds them all.
type topK struct {
	h     []hit
	k     int
	order func(a, b hit) int
}

func (t *topK) offer(x hit) {
	if len(t.h) < t.k {
		t.h = append(t.h, x)
		if len(t.h) == t.k {
			for i := len(t.h)/2 - 1; i >= 0; i-- {
				t.down(i)
			}
		}
		return
	}
	if t.k > 0 && t.order(x, t.h[0]) < 0 {
		t.h[0] = x
		t.down(0)
	}
}

// down restores the heap from i: each hit after its children.
func (t *topK) down(i int) {
	for {
		c := 2*i + 1
		if c >= len(t.h) {
			return
		}
		if c+1 < len(t.h) && t.order(t.h[c+1], t.h[c]) > 0 {
			c++
		}
		if t.order(t.h[c], t.h[i]) <= 0 {
			return
		}
		t.h[i], t.h[c] = t.h[c], t.h[i]
		i = c
	}
}

// sorted is the hits kept, in order.
func (t *topK) sorted() []hit {
	slices.SortFunc(t.h, t.order)
	return t.h
}

// docFilter is what a list shows, leaving the search aside.
type docFilter struct {
	listed   bitset
	sets     []bitset
	min, max *money.Cents
	docs     []indexedDoc
}

// filter is list f's docFilter. A filter whose key the copy does not hold
// (a category that does not exist) has no products.
func (x *searchIndex) filter(f ListFilter) docFilter {
	df := docFilter{listed: x.listed, min: f.MinPrice, max: f.MaxPrice, docs: x.docs}
	for _, in := range []struct {
		key string
		of  map[string]bitset
	}{{f.Category, x.categories}, {SizeKey(f.Weight), x.sizes}, {f.Promo, x.promos}, {f.Collection, x.collections}} {
		if in.key != "" {
			df.sets = append(df.sets, in.of[in.key])
		}
	}
	return df
}

// shows says whether the list shows product doc.
func (df *docFilter) shows(doc uint32) bool {
	if !df.listed.has(doc) {
		return false
	}
	for _, set := range df.sets {
		if !set.has(doc) {
			return false
		}
	}
	p := df.docs[doc].price
	return (df.min == nil || p >= int64(*df.min)) && (df.max == nil || p <= int64(*df.max))
}

// listPage answers the page of f, a list without a search, in language l:
// its products walked in the sort's order, until the page is full and the
// count past its cap.
func (x *searchIndex) listPage(f ListFilter, l i18n.Lang) (ids []int64, count int, capped bool) {
	lang, order := 0, 0
	if l == i18n.Kiswahili {
		lang = 1
	}
	switch f.Sort {
	case SortPriceLow:
		order = 1
	case SortPriceHigh:
		order = 2
	}
	df := x.filter(f)
	from, to := (f.Page-1)*f.PageSize, f.Page*f.PageSize
	most := max(CountCap, to)
	for _, doc := range x.orders[lang][order] {
		if !df.shows(doc) {
			continue
		}
		if count >= from && count < to {
			ids = append(ids, x.docs[doc].id)
		}
		count++
		if count > most {
			// The page is full (most is past its end): the count is
			// capped, as the statements cap it.
			return ids, most, true
		}
	}
	return ids, count, false
}

// phrases are the postings of each term of q in the order FTS5 numbers its
// phrases: a prefix term's are those of every word it begins, merged.
func (x *searchIndex) phrases(q db.TextQuery) [][]posting {
	var out [][]posting
	for _, group := range q {
		for _, alt := range group {
			for _, t := range alt {
				out = append(out, x.postings(t))
			}
		}
	}
	return out
}

// wordRange is the words t finds, as x.words[from:to]: the word itself, or
// every word a prefix begins.
func (x *searchIndex) wordRange(t db.TextTerm) (from, to int) {
	i := sort.SearchStrings(x.words, t.Word)
	if !t.Prefix {
		if i < len(x.words) && x.words[i] == t.Word {
			return i, i + 1
		}
		return i, i
	}
	j := i
	for j < len(x.words) && strings.HasPrefix(x.words[j], t.Word) {
		j++
	}
	return i, j
}

func (x *searchIndex) postings(t db.TextTerm) []posting {
	i, j := x.wordRange(t)
	if j-i <= 1 {
		return x.unpack(x.starts[i], x.starts[j])
	}
	// The words' postings summed by product, in a scratch array as long as
	// the products, then read back in their order: a product's occurrences
	// of every word the term begins are the phrase's.
	f := x.scratch.Get().(*[]uint32)
	defer x.scratch.Put(f)
	n := 0
	for k := x.starts[i]; k < x.starts[j]; k++ {
		p := x.posts[k]
		doc, c := p>>fBits, p&fMask
		if c == fMask {
			c = x.over[int(k)]
		}
		if (*f)[doc] == 0 {
			n++
		}
		(*f)[doc] += c
	}
	out := make([]posting, 0, n)
	for doc, c := range *f {
		if c != 0 {
			out = append(out, posting{uint32(doc), c})
			(*f)[doc] = 0
		}
	}
	return out
}

// match is the products q matches, in order: every group, by any of its
// alternatives, by all of its terms; lists are phrases(q). alts are the
// products each alternative matches, in the order of the groups, and altOf
// each phrase's alternative.
func (x *searchIndex) match(q db.TextQuery, lists [][]posting) (out []uint32, alts [][]uint32, altOf []int) {
	i := 0
	for g, group := range q {
		var any []uint32
		for _, alt := range group {
			var all []uint32
			for t := range alt {
				if docs := docsOf(lists[i]); t == 0 {
					all = docs
				} else {
					all = intersectDocs(all, docs)
				}
				altOf = append(altOf, len(alts))
				i++
			}
			alts = append(alts, all)
			any = union(any, all)
		}
		if g == 0 {
			out = any
		} else {
			out = intersectDocs(out, any)
		}
	}
	return out, alts, altOf
}

// docsOf is the products of list, in order.
func docsOf(list []posting) []uint32 {
	out := make([]uint32, len(list))
	for i, p := range list {
		out[i] = p.doc
	}
	return out
}

// intersectDocs is the products of a also in b.
func intersectDocs(a, b []uint32) []uint32 {
	var out []uint32
	j := 0
	for _, doc := range a {
		for j < len(b) && b[j] < doc {
			j++
		}
		if j < len(b) && b[j] == doc {
			out = append(out, doc)
		}
	}
	return out
}

func union(a, b []uint32) []uint32 {
	if len(a) == 0 {
		return b
	}
	out := make([]uint32, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || (i < len(a) && a[i] < b[j]):
			out = append(out, a[i])
			i++
		case i == len(a) || b[j] < a[i]:
			out = append(out, b[j])
			j++
		default:
			out = append(out, a[i])
			i, j = i+1, j+1
		}
	}
	return out
}

// idf is FTS5's inverse document frequency of a phrase in hits rows, with
// its floor, computed with SQLite's own logarithm: Go's differs from it in
// the last bit for some arguments, and the order of close matches with it.
func (x *searchIndex) idf(hits int) float64 {
	idf := libc.Xlog(nil, (x.rows-float64(hits)+0.5)/(float64(hits)+0.5))
	if idf <= 0 {
		idf = 1e-6
	}
	return idf
}

// scorer holds what bm25 reads for one search, with each list's place: the
// products come in order.
type scorer struct {
	lists     [][]posting
	alts      [][]uint32
	altOf     []int
	idf       []float64
	at, altAt []int
}

// bm25 is FTS5's bm25 of product doc, as SQLite computes it (fts5_aux.c),
// operation for operation. A phrase counts only where its alternative
// matches: FTS5 reports the occurrences of a phrase whose place in the
// query's tree has reached the row, and the words of an alternative that
// falls short are left at a later row (fts5_expr.c, fts5ExprNodeTest_AND).
func (x *searchIndex) bm25(doc uint32, sc *scorer) float64 {
	// Variables, not constants: C adds 1 to the double nearest 1.2, where
	// Go's constant arithmetic would round 2.2 itself.
	k1, b := 1.2, 0.75
	d := float64(x.docs[doc].length)
	// The explicit conversions keep each product rounded, as C's are, where
	// Go may otherwise fuse a multiply and an add.
	norm := float64(k1 * float64(1-b+float64(b*d)/x.avgdl))
	for a, alt := range sc.alts {
		c := sc.altAt[a]
		for c < len(alt) && alt[c] < doc {
			c++
		}
		sc.altAt[a] = c
	}
	score := 0.0
	for i, list := range sc.lists {
		c := sc.at[i]
		for c < len(list) && list[c].doc < doc {
			c++
		}
		sc.at[i] = c
		f := 0.0
		alt, a := sc.alts[sc.altOf[i]], sc.altAt[sc.altOf[i]]
		if c < len(list) && list[c].doc == doc && a < len(alt) && alt[a] == doc {
			f = float64(list[c].f)
		}
		score += float64(sc.idf[i] * (float64(f*(k1+1)) / (f + norm)))
	}
	return -1 * score
}

// searchIndexKeeper holds a Store's copy and builds it again when the
// database's version moves.
type searchIndexKeeper struct {
	d   *db.DB
	cur atomic.Pointer[searchIndex]
	// ctx is what background builds run under: nil until Start.
	mu       sync.Mutex
	ctx      context.Context
	log      *slog.Logger
	building bool
	// retry is when a build that failed may be tried again.
	retry time.Time
}

// current is the copy if it is at the database's version; otherwise nil,
// after starting a build in the background if none is under way.
func (k *searchIndexKeeper) current(ctx context.Context) *searchIndex {
	x := k.cur.Load()
	k.mu.Lock()
	started := k.ctx != nil
	k.mu.Unlock()
	if x == nil && !started {
		return nil
	}
	var n int64
	if err := k.d.QueryRow(ctx, `SELECT n FROM product_search_version WHERE id = 1`).Scan(&n); err != nil {
		return nil
	}
	if x != nil && x.version == n {
		return x
	}
	// A stale copy is let go at once: it is never right again, and two
	// copies need not be held while the next one is built.
	if x != nil {
		k.cur.CompareAndSwap(x, nil)
	}
	k.buildInBackground()
	return nil
}

func (k *searchIndexKeeper) buildInBackground() {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.ctx == nil || k.building || time.Now().Before(k.retry) {
		return
	}
	k.building = true
	go func() {
		err := k.build(k.ctx)
		k.mu.Lock()
		defer k.mu.Unlock()
		k.building = false
		if err != nil && k.ctx.Err() == nil {
			k.retry = time.Now().Add(10 * time.Second)
			k.log.Error("search index", "err", err)
		}
	}()
}

// build builds the copy and keeps it unless a newer one is kept already.
func (k *searchIndexKeeper) build(ctx context.Context) error {
	start := time.Now()
	x, err := buildSearchIndex(ctx, k.d)
	if err != nil {
		return err
	}
	for {
		old := k.cur.Load()
		if old != nil && old.version >= x.version {
			return nil
		}
		if k.cur.CompareAndSwap(old, x) {
			break
		}
	}
	// The build's reading left several times the index's size as garbage:
	// handed back now, not held as the process's memory until the heap
	// grows into it.
	debug.FreeOSMemory()
	if k.log != nil {
		k.log.Info("search index built", "version", x.version, "products", len(x.docs), "words", len(x.words),
			"postings", len(x.posts), "took", time.Since(start).Round(time.Millisecond))
	}
	return nil
}

// textsChangedTx moves the search index's version in tx, whose writes
// changed products' texts: products_text is a virtual table, on which
// SQLite takes no trigger. PostgreSQL's triggers move it (migration 0127).
func (s *Store) textsChangedTx(ctx context.Context, tx *sql.Tx) error {
	if s.db.Dialect == db.Postgres {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `UPDATE product_search_version SET n = n + 1 WHERE id = 1`); err != nil {
		return fmt.Errorf("move the search index's version: %w", err)
	}
	return nil
}

// StartSearchIndex lets the store keep the search index in memory, built in
// the background under ctx at the first list and again after every change
// to what it holds; lists read the database meanwhile. Without it every
// list reads the database.
func (s *Store) StartSearchIndex(ctx context.Context, log *slog.Logger) {
	s.index.mu.Lock()
	defer s.index.mu.Unlock()
	s.index.ctx, s.index.log = ctx, log
}

// BuildSearchIndex builds the search index at once and keeps it until the
// catalogue changes: for tests and benchmarks, which must know it answers.
func (s *Store) BuildSearchIndex(ctx context.Context) error {
	return s.index.build(ctx)
}

// listFromIndex answers a list's page from the index, if it is current;
// ok is false when the statements must answer.
func (s *Store) listFromIndex(ctx context.Context, f ListFilter, l i18n.Lang) (page ProductPage, ok bool, err error) {
	x := s.index.current(ctx)
	if x == nil || !x.answers(f) {
		return ProductPage{}, false, nil
	}
	if f.Search == "" {
		ids, count, capped := x.listPage(f, l)
		cards, err := s.cardsByID(ctx, ids, l)
		if err != nil {
			return ProductPage{}, false, err
		}
		return ProductPage{Count: count, Capped: capped, Products: cards}, true, nil
	}
	plan, err := search.PlanFor(ctx, s.db, f.Search)
	if err != nil {
		return ProductPage{}, false, err
	}
	if len(plan.Text) == 0 {
		return ProductPage{Products: []Card{}}, true, nil
	}
	ids, count, capped, ok := x.page(plan, f, l)
	if !ok {
		return ProductPage{}, false, nil
	}
	cards, err := s.cardsByID(ctx, ids, l)
	if err != nil {
		return ProductPage{}, false, err
	}
	return ProductPage{Count: count, Capped: capped, Products: cards}, true, nil
}

// cardsByID reads the cards of products ids in language l, in that order.
func (s *Store) cardsByID(ctx context.Context, ids []int64, l i18n.Lang) ([]Card, error) {
	if len(ids) == 0 {
		return []Card{}, nil
	}
	cols, scan := cardColumns, scanCard
	if l == i18n.Kiswahili {
		cols, scan = cardColumnsSW, scanCardSW
	}
	in, arg := s.db.InIDs("p.id", 1, ids)
	cards, err := db.QueryAll(ctx, s.db, "products", scan, `SELECT `+cols+` FROM products p WHERE `+in, arg)
	if err != nil {
		return nil, err
	}
	at := make(map[int64]int, len(ids))
	for i, id := range ids {
		at[id] = i
	}
	out := make([]Card, len(ids))
	for _, c := range cards {
		out[at[c.ID]] = c
	}
	// A product deleted since the copy was built has no card: it is left
	// out, as a later read would.
	return slices.DeleteFunc(out, func(c Card) bool { return c.ID == 0 }), nil
}
