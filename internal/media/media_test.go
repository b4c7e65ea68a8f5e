package media_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"shop/internal/media"
	"shop/internal/media/fakes3"
)

// stores are the implementations the contract runs on: a folder, and a
// bucket of an S3-compatible server on the loopback.
func stores(t *testing.T) map[string]media.Store {
	srv := fakes3.Start(t, "shop-media")
	s3, err := media.Open(context.Background(), srv.URL("shop-media", "pictures"))
	if err != nil {
		t.Fatal(err)
	}
	return map[string]media.Store{"file": media.Dir(t.TempDir()), "s3": s3}
}

func TestStoreContract(t *testing.T) {
	ctx := context.Background()
	for name, s := range stores(t) {
		t.Run(name, func(t *testing.T) {
			if err := s.Check(ctx); err != nil {
				t.Fatalf("check: %v", err)
			}
			data := []byte("RIFF0000WEBPVP8 a picture of dairy meal")
			if err := s.Put(ctx, "products/abc-400.webp", data); err != nil {
				t.Fatalf("put: %v", err)
			}
			got, err := media.ReadAll(ctx, s, "products/abc-400.webp")
			if err != nil || string(got) != string(data) {
				t.Fatalf("get: %q %v", got, err)
			}
			o, err := s.Get(ctx, "products/abc-400.webp", &media.Range{Offset: 4, Length: 8})
			if err != nil {
				t.Fatalf("range: %v", err)
			}
			part, _ := io.ReadAll(o.Body)
			o.Body.Close()
			if string(part) != "0000WEBP" || o.Size != int64(len(data)) || o.ETag == "" {
				t.Fatalf("range read %q of size %d, etag %q", part, o.Size, o.ETag)
			}
			if err := s.Put(ctx, "products/def-800.webp", []byte("another")); err != nil {
				t.Fatal(err)
			}
			listed := map[string]int64{}
			if err := s.List(ctx, func(k string, n int64) error { listed[k] = n; return nil }); err != nil {
				t.Fatal(err)
			}
			if len(listed) != 2 || listed["products/abc-400.webp"] != int64(len(data)) || listed["products/def-800.webp"] != 7 {
				t.Fatalf("listed %v", listed)
			}
			if err := s.Delete(ctx, "products/abc-400.webp"); err != nil {
				t.Fatalf("delete: %v", err)
			}
			if _, err := s.Get(ctx, "products/abc-400.webp", nil); !errors.Is(err, media.ErrNotFound) {
				t.Fatalf("deleted picture: %v, want ErrNotFound", err)
			}
			if err := s.Delete(ctx, "products/abc-400.webp"); err != nil {
				t.Fatalf("deleting a missing picture: %v", err)
			}
			for _, bad := range []string{"../etc/passwd", "/products/x", "products/.upload-1", "products//x"} {
				if _, err := s.Get(ctx, bad, nil); !errors.Is(err, media.ErrNotFound) {
					t.Errorf("key %q: %v", bad, err)
				}
			}
		})
	}
}

func TestS3Unreachable(t *testing.T) {
	ctx := context.Background()
	t.Setenv("AWS_ACCESS_KEY_ID", "shop")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "shop-secret")
	dead := httptest.NewServer(http.NotFoundHandler())
	dead.Close()
	s, err := media.Open(ctx, "s3://shop-media/pictures?endpoint="+dead.URL+"&path_style=true")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Check(ctx); err == nil || !strings.Contains(err.Error(), "picture store") {
		t.Fatalf("check of an unreachable store: %v", err)
	}
	if err := s.Put(ctx, "products/x.webp", []byte("x")); err == nil {
		t.Fatal("put to an unreachable store succeeded")
	}
	if _, err := s.Get(ctx, "products/x.webp", nil); err == nil || errors.Is(err, media.ErrNotFound) {
		t.Fatalf("get from an unreachable store: %v", err)
	}
}

// The handler serves with ETags and ranges, and keeps serving from its
// cache what it served once when the store goes away.
func TestHandlerServesFromTheCacheWhenTheStoreIsDown(t *testing.T) {
	ctx := context.Background()
	srv := fakes3.Start(t, "shop-media")
	s, err := media.Open(ctx, srv.URL("shop-media", ""))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Put(ctx, "products/p-400.webp", []byte("webp bytes")); err != nil {
		t.Fatal(err)
	}
	h := http.StripPrefix("/media", media.Handler(s, 1<<20, slog.New(slog.DiscardHandler)))
	get := func(path string, header ...string) *httptest.ResponseRecorder {
		r := httptest.NewRequest("GET", path, nil)
		for i := 0; i+1 < len(header); i += 2 {
			r.Header.Set(header[i], header[i+1])
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}
	first := get("/media/products/p-400.webp")
	etag := first.Header().Get("ETag")
	if first.Code != 200 || first.Body.String() != "webp bytes" || etag == "" ||
		first.Header().Get("Cache-Control") != "public, max-age=86400" || first.Header().Get("Content-Type") != "image/webp" {
		t.Fatalf("first: %d %q %v", first.Code, first.Body, first.Header())
	}
	if w := get("/media/products/p-400.webp", "If-None-Match", etag); w.Code != http.StatusNotModified {
		t.Fatalf("If-None-Match: %d", w.Code)
	}
	if w := get("/media/products/p-400.webp", "Range", "bytes=0-3"); w.Code != http.StatusPartialContent || w.Body.String() != "webp" {
		t.Fatalf("range: %d %q", w.Code, w.Body)
	}
	if w := get("/media/products/none.webp"); w.Code != 404 {
		t.Fatalf("missing: %d", w.Code)
	}
	srv.Close()
	if w := get("/media/products/p-400.webp"); w.Code != 200 || w.Body.String() != "webp bytes" {
		t.Fatalf("cached while the store is down: %d %q", w.Code, w.Body)
	}
	if w := get("/media/products/other.webp"); w.Code != http.StatusServiceUnavailable {
		t.Fatalf("uncached while the store is down: %d", w.Code)
	}
}
