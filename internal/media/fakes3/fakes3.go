// Package fakes3 is an S3-compatible server in memory (gofakes3), for the
// tests of the picture store and for `make cluster` (cmd/fakes3). It
// checks no signature: any credentials do.
package fakes3

import (
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

// Handler is a fresh server holding the given empty buckets.
func Handler(buckets ...string) (http.Handler, error) {
	backend := s3mem.New()
	for _, b := range buckets {
		if err := backend.CreateBucket(b); err != nil {
			return nil, err
		}
	}
	return gofakes3.New(backend, gofakes3.WithLogger(gofakes3.DiscardLog())).Server(), nil
}

// Server is a fake S3 on the loopback.
type Server struct{ *httptest.Server }

// Start serves the buckets on the loopback until the test ends, and sets
// the credentials the SDK looks for.
func Start(t testing.TB, buckets ...string) *Server {
	t.Helper()
	h, err := Handler(buckets...)
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("AWS_ACCESS_KEY_ID", "shop-test")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "shop-test-secret")
	s := &Server{httptest.NewServer(h)}
	t.Cleanup(s.Close)
	return s
}

// URL is the SHOP_MEDIA_URL of prefix in bucket on this server.
func (s *Server) URL(bucket, prefix string) string { return StoreURL(s.Server.URL, bucket, prefix) }

// StoreURL is the SHOP_MEDIA_URL of prefix in bucket at endpoint.
func StoreURL(endpoint, bucket, prefix string) string {
	return "s3://" + bucket + "/" + prefix + "?endpoint=" + url.QueryEscape(endpoint) + "&region=us-east-1&path_style=true"
}

// Serve answers on ln until it fails.
func Serve(ln net.Listener, log *slog.Logger, buckets ...string) error {
	h, err := Handler(buckets...)
	if err != nil {
		return err
	}
	log.Info("fake S3 listening", "addr", ln.Addr().String(), "buckets", buckets)
	return (&http.Server{Handler: h}).Serve(ln)
}
