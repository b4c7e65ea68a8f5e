package catalog

import (
	"math"
	"slices"
	"strings"

	"modernc.org/libc"

	"shop/internal/db"
)

// PostgreSQL's ranking in the search index in memory (docs/architecture.md
// section 9): ts_rank(vector, query) with its default weights and no
// normalisation, as PostgreSQL computes it (src/backend/utils/adt/tsrank.c,
// calc_rank, calc_rank_or and calc_rank_and), operation for operation and in
// the same precisions: single for what C keeps in a float, double where C's
// double constants and functions promote it. Explicit conversions keep each
// operation rounded as C rounds it, where Go may otherwise fuse a multiply
// and an add. Unlike bm25, ts_rank reads no figure of the whole index: a
// product's score is its own words' positions and the query's.

// tsWeights are ts_rank's default weights by a position's class, D to A.
var tsWeights = [4]float32{0.1, 0.2, 0.4, 1.0}

// maxEntryPos is a tsvector's largest position and one more (MAXENTRYPOS).
const maxEntryPos = 1 << 14

// wordDistances are tsrank.c's word_distance of the distances 0 to 100;
// further words weigh 1e-30.
var wordDistances = func() (out [101]float32) {
	for d := range out {
		// 1.0 / (1.005 + 0.05 * exp(((float4) w) / 1.5 - 2)), in double
		// and returned as a float; exp as the C library computes it.
		e := libc.Xexp(nil, float64(float32(d))/1.5-2)
		out[d] = float32(1.0 / (1.005 + float64(0.05*e)))
	}
	return out
}()

func wordDistance(d int) float32 {
	if d > 100 {
		return 1e-30
	}
	return wordDistances[d]
}

// tsItem is one of a query's distinct words as ts_rank reads them, with the
// postings of the index's words it finds (one, or every word a prefix
// begins), by product and then by word.
type tsItem struct {
	ents []uint32
	at   int
}

// tsScorer holds what ts_rank reads for one search.
type tsScorer struct {
	items []tsItem
	// and: the query's top operator is AND, and ts_rank weighs how near
	// its words stand (calc_rank_and); otherwise it sums each word's
	// weights (calc_rank_or).
	and bool
	pos [][]uint16
}

// tsScorer prepares ts_rank's reading of q, as PostgreSQL parses the query
// TextIndex.Query spells. ok is false for a query whose ranking this copy
// cannot reproduce: a word that is both a prefix and a whole word in it,
// where which of the two ts_rank keeps depends on its sort's order of equal
// items.
func (x *searchIndex) tsScorer(q db.TextQuery) (sc *tsScorer, ok bool) {
	var terms []db.TextTerm
	for _, group := range q {
		for _, alt := range group {
			terms = append(terms, alt...)
		}
	}
	// SortAndUniqItems: the operands sorted by their words' bytes, each
	// word once.
	slices.SortFunc(terms, func(a, b db.TextTerm) int { return strings.Compare(a.Word, b.Word) })
	for i := 1; i < len(terms); i++ {
		if terms[i].Word == terms[i-1].Word && terms[i].Prefix != terms[i-1].Prefix {
			return nil, false
		}
	}
	terms = slices.CompactFunc(terms, func(a, b db.TextTerm) bool { return a.Word == b.Word })
	sc = &tsScorer{items: make([]tsItem, len(terms)), pos: make([][]uint16, len(terms))}
	for i, t := range terms {
		sc.items[i].ents = x.entries(t)
	}
	// The query's top operator: AND between groups, or between the terms
	// of a search that is one alternative; a single word or the OR of a
	// group's alternatives otherwise.
	sc.and = (len(q) > 1 || (len(q) == 1 && len(q[0]) == 1 && len(q[0][0]) > 1)) && len(terms) >= 2
	return sc, true
}

// entries are the places in posts of the postings of the words t finds,
// ordered by product and then by word, as find_wordentry finds them in a
// product's vector: a prefix finds every word it begins, in byte order.
func (x *searchIndex) entries(t db.TextTerm) []uint32 {
	from, to := x.wordRange(t)
	first, last := x.starts[from], x.starts[to]
	out := make([]uint32, last-first)
	if to-from <= 1 {
		for i := range out {
			out[i] = first + uint32(i)
		}
		return out
	}
	// A counting sort by product: each product's postings follow the
	// words' order, as the words are taken in it.
	f := x.scratch.Get().(*[]uint32)
	defer x.scratch.Put(f)
	at := *f
	for k := first; k < last; k++ {
		at[x.posts[k]>>fBits]++
	}
	n := uint32(0)
	for doc, c := range at {
		at[doc] = n
		n += c
	}
	for k := first; k < last; k++ {
		doc := x.posts[k] >> fBits
		out[at[doc]] = k
		at[doc]++
	}
	clear(at)
	return out
}

// tsRank is ts_rank of product doc for the scorer's query; the products
// come in order.
func (x *searchIndex) tsRank(doc uint32, sc *tsScorer) float32 {
	for i := range sc.items {
		it := &sc.items[i]
		for it.at < len(it.ents) && x.posts[it.ents[it.at]]>>fBits < doc {
			it.at++
		}
	}
	var res float32
	if sc.and {
		res = x.tsRankAnd(doc, sc)
	} else {
		res = x.tsRankOr(doc, sc)
	}
	if res < 0 {
		res = 1e-20
	}
	return res
}

// each calls fn with the positions of every word item finds in doc.
func (x *searchIndex) each(doc uint32, it *tsItem, fn func(post []uint16)) {
	for k := it.at; k < len(it.ents) && x.posts[it.ents[k]]>>fBits == doc; k++ {
		e := it.ents[k]
		fn(x.positions[x.pstart[e]:x.pstart[e+1]])
	}
}

// tsRankOr is calc_rank_or: each word's weights, the heaviest whole and
// the others by the square of their place, over the words of the query.
func (x *searchIndex) tsRankOr(doc uint32, sc *tsScorer) float32 {
	var res float32
	for i := range sc.items {
		x.each(doc, &sc.items[i], func(post []uint16) {
			resj, wjm, jm := float32(0), float32(-1), 0
			for j, p := range post {
				w := tsWeights[p>>14]
				resj = float32(resj + float32(w/float32((j+1)*(j+1))))
				if w > wjm {
					wjm, jm = w, j
				}
			}
			sum := float32(float32(wjm+resj) - float32(wjm/float32((jm+1)*(jm+1))))
			res = float32(float64(res) + float64(sum)/1.64493406685)
		})
	}
	if len(sc.items) > 0 {
		res = res / float32(len(sc.items))
	}
	return res
}

// tsRankAnd is calc_rank_and: every pair of positions of two different
// words of the query, weighted by their weights and how near they stand.
// A word a prefix finds compares with the last word each earlier item
// found, as tsrank.c's pos array holds.
func (x *searchIndex) tsRankAnd(doc uint32, sc *tsScorer) float32 {
	res := float32(-1)
	pos := sc.pos
	clear(pos)
	for i := range sc.items {
		x.each(doc, &sc.items[i], func(post []uint16) {
			pos[i] = post
			for _, ct := range pos[:i] {
				for _, l := range post {
					for _, p := range ct {
						dist := int(l&(maxEntryPos-1)) - int(p&(maxEntryPos-1))
						if dist < 0 {
							dist = -dist
						}
						if dist == 0 {
							continue
						}
						w := float32(float32(tsWeights[l>>14]*tsWeights[p>>14]) * wordDistance(dist))
						curw := float32(math.Sqrt(float64(w)))
						if res < 0 {
							res = curw
						} else {
							res = float32(1.0 - float64((1.0-float64(res))*(1.0-float64(curw))))
						}
					}
				}
			}
		})
	}
	return res
}
