package db

import "testing"

func TestEngineSections(t *testing.T) {
	src := "CREATE TABLE a (x INTEGER);\n-- engine: sqlite\nCREATE VIRTUAL TABLE f USING fts5(x);\n-- engine: postgres\nCREATE INDEX g ON a USING GIN (x);\n-- engine: both\nCREATE TABLE b (y INTEGER);\n"
	for _, tc := range []struct {
		d    Dialect
		want string
	}{
		{SQLite, "CREATE TABLE a (x INTEGER);\nCREATE VIRTUAL TABLE f USING fts5(x);\nCREATE TABLE b (y INTEGER);\n"},
		{Postgres, "CREATE TABLE a (x INTEGER);\nCREATE INDEX g ON a USING GIN (x);\nCREATE TABLE b (y INTEGER);\n"},
	} {
		if got := engineSections(src, tc.d); got != tc.want {
			t.Errorf("%s:\n%s\nwant\n%s", tc.d, got, tc.want)
		}
	}
}
