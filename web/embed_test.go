package web

import (
	"io/fs"
	"testing"
)

// Both builds (with and without -tags webdist) must serve an index.html at the root.
func TestAssetsHasIndex(t *testing.T) {
	data, err := fs.ReadFile(Assets(), "index.html")
	if err != nil {
		t.Fatalf("read index.html: %v", err)
	}
	if len(data) == 0 {
		t.Fatal("index.html is empty")
	}
}
