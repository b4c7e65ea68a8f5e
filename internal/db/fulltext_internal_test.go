package db

import (
	"fmt"
	"strings"
	"testing"
)

// vectorReader reads tsvector's text form as PostgreSQL 15 prints it: the
// input below is `SELECT '…'::tsvector::text` of a vector with a quote, a
// backslash, an unweighted position and the last position there is, and
// the want is what unnest() of the same vector lists.
func TestVectorReaderReadsPostgresText(t *testing.T) {
	in := `'back\\slash':2B 'it''s':1A,3 'kuku':2,7A 'plain':4C,16383`
	want := []string{`back\slash 2B`, `it's 1A 3D`, `kuku 2D 7A`, `plain 4C 16383D`}
	var got []string
	var v vectorReader
	err := v.each([]byte(in), func(word []byte, positions []uint16) {
		s := string(word)
		for _, p := range positions {
			s += fmt.Sprintf(" %d%c", p&(1<<14-1), 'D'-byte(p>>14))
		}
		got = append(got, s)
	})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("read %q, want %q", got, want)
	}
	for _, bad := range []string{`kuku:1`, `'kuku`, `'kuku'`, `'kuku':`, `'kuku':16384`, `'kuku':1,`} {
		if err := v.each([]byte(bad), func([]byte, []uint16) {}); err == nil {
			t.Errorf("%q read without an error", bad)
		}
	}
}
