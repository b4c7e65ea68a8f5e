package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"shop/internal/media"
	"shop/internal/media/fakes3"
)

// `shop media copy` moves the media folder into a bucket, every picture
// read back and checked, and may run again.
func TestMediaCopyToABucket(t *testing.T) {
	data := t.TempDir()
	pics := filepath.Join(data, "media", "products")
	if err := os.MkdirAll(pics, 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{"a-400.webp": "first picture", "a-800.webp": "first picture, wider", "maize.svg": "<svg/>"}
	for n, body := range files {
		if err := os.WriteFile(filepath.Join(pics, n), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A half-written upload is not a picture.
	if err := os.WriteFile(filepath.Join(pics, ".upload-123"), []byte("half"), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := fakes3.Start(t, "shop-media")
	to := srv.URL("shop-media", "live")
	env := map[string]string{"SHOP_DATA_DIR": data}
	for range 2 {
		code, out, errOut := runShop(t, context.Background(), env, "media", "copy", "--to", to)
		if code != 0 || !strings.Contains(out, "copied 3 pictures") {
			t.Fatalf("media copy: %d %s %s", code, out, errOut)
		}
	}
	s, err := media.Open(context.Background(), to)
	if err != nil {
		t.Fatal(err)
	}
	for n, body := range files {
		got, err := media.ReadAll(context.Background(), s, "products/"+n)
		if err != nil || string(got) != body {
			t.Errorf("%s in the bucket: %q %v", n, got, err)
		}
	}
	if code, _, errOut := runShop(t, context.Background(), env, "media", "copy"); code != 2 || !strings.Contains(errOut, "usage") {
		t.Fatalf("without --to: %d %s", code, errOut)
	}
}
