// Package search is the catalogue's search: the words both engines index
// and a shopper types, the plan of a typed query (synonyms, typos, a SKU),
// the spelling table and the synonyms the admin edits (docs/architecture.md
// section 9). It owns search_words and search_synonyms; the products' own
// search texts are catalog's, made with IndexText. It knows nothing of the
// catalogue's types, so catalog depends on it and never the reverse.
package search

import (
	"strings"
	"unicode"
)

// The words of the search: both the indexed texts and what a shopper types
// are cut into the same words here, so the two engines (which tokenise
// differently) see only words of lower-case letters and digits.

// Words cuts s into lower-case words of letters and digits. An apostrophe
// inside a word is dropped ("ng'ombe" is "ngombe"); anything else that is
// not a letter or a digit separates words ("DCP 18%" is dcp, 18;
// "MB-ALB10-120ML" is mb, alb10, 120ml).
func Words(s string) []string {
	var out []string
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			out = append(out, b.String())
			b.Reset()
		}
	}
	for _, r := range s {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(foldAccent(r)))
		case r == '\'' || r == '’':
		default:
			flush()
		}
	}
	flush()
	return out
}

// foldAccent is r without its accent, for the Latin letters a shop's text
// may carry ("é" is "e").
func foldAccent(r rune) rune {
	if f, ok := accents[r]; ok {
		return f
	}
	return r
}

var accents = func() map[rune]rune {
	m := map[rune]rune{}
	for base, letters := range map[rune]string{'a': "àáâãäå", 'e': "èéêë", 'i': "ìíîï", 'o': "òóôõö", 'u': "ùúûü", 'n': "ñ", 'c': "ç"} {
		for _, r := range letters {
			m[r] = base
			m[unicode.ToUpper(r)] = base
		}
	}
	return m
}()

// indexWords are the words a text is indexed under: each word, and where a
// word mixes letters and digits its parts too, so "alb10" is also found as
// "alb 10" and "70kg" as "70 kg".
func indexWords(s string) []string {
	var out []string
	for _, w := range Words(s) {
		out = append(out, w)
		if parts := splitDigits(w); len(parts) > 1 {
			out = append(out, parts...)
		}
	}
	return out
}

// splitDigits cuts w where letters meet digits: "120ml" is 120, ml.
func splitDigits(w string) []string {
	var parts []string
	start := 0
	for i, r := range w {
		if i > 0 && unicode.IsDigit(r) != unicode.IsDigit(rune(w[i-1])) {
			parts = append(parts, w[start:i])
			start = i
		}
	}
	return append(parts, w[start:])
}

// IndexText is the indexed form of the texts: their words, space-separated.
func IndexText(texts ...string) string {
	var all []string
	for _, t := range texts {
		all = append(all, indexWords(t)...)
	}
	return strings.Join(all, " ")
}

// Stem is the form of a typed word that is matched as a prefix: a plural
// "s" is dropped, so "feeds" also finds "feed" and "dewormers" "dewormer".
func Stem(w string) string {
	if len(w) >= 4 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !isNumber(w) {
		return w[:len(w)-1]
	}
	return w
}

func isNumber(w string) bool {
	for _, r := range w {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return w != ""
}

// Typo tolerance: a typed word of typoMinLength letters or more may be one
// edit away from a word of the shop's names.
const (
	typoMinLength = 5
	// spellMinLength is the shortest term in the spelling table: a five-letter
	// word with one letter too many is one edit from a four-letter term.
	spellMinLength = 4
)

// spellable reports whether w belongs in the spelling table, or may be
// corrected: letters only (numbers and codes are never guessed at).
func spellable(w string, min int) bool {
	if len([]rune(w)) < min {
		return false
	}
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

// deletes is w and every form of it with one letter left out.
func deletes(w string) []string {
	rs := []rune(w)
	out := []string{w}
	seen := map[string]bool{w: true}
	for i := range rs {
		d := string(rs[:i]) + string(rs[i+1:])
		if !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	return out
}

// oneEdit reports whether a and b differ by at most one letter changed,
// added, removed, or two neighbours swapped.
func oneEdit(a, b string) bool {
	x, y := []rune(a), []rune(b)
	if len(x) > len(y) {
		x, y = y, x
	}
	switch len(y) - len(x) {
	case 0:
		var diff []int
		for i := range x {
			if x[i] != y[i] {
				diff = append(diff, i)
			}
		}
		switch len(diff) {
		case 0, 1:
			return true
		case 2:
			i, j := diff[0], diff[1]
			return j == i+1 && x[i] == y[j] && x[j] == y[i]
		}
		return false
	case 1:
		i := 0
		for i < len(x) && x[i] == y[i] {
			i++
		}
		return string(x[i:]) == string(y[i+1:])
	}
	return false
}
