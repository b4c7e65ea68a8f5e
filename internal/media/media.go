// Package media stores the shop's product pictures: in a folder of the
// machine (file:PATH, the default) or in S3-compatible object storage
// (s3://BUCKET/PREFIX), so several instances share them (docs/deploy.md
// section 10). Keys are slash-separated paths below the store's root, such
// as products/1f3a…-800.webp; /media/KEY serves each.
package media

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"path"
	"strings"
	"time"
)

// ErrNotFound is a key the store does not hold.
var ErrNotFound = errors.New("media: no such picture")

// Store keeps pictures by key.
type Store interface {
	// Put writes data at key, replacing what was there.
	Put(ctx context.Context, key string, data []byte) error
	// Get reads the object at key: all of it when rng is nil, else the
	// part rng names (Object.Size stays the whole object's size).
	Get(ctx context.Context, key string, rng *Range) (*Object, error)
	// Delete removes key; a missing key is no error.
	Delete(ctx context.Context, key string) error
	// List calls fn with every key and its size.
	List(ctx context.Context, fn func(key string, size int64) error) error
	// Check says why the store cannot be reached, or nil.
	Check(ctx context.Context) error
	// String names the store for logs and messages, never with a secret.
	String() string
}

// Range is a part of an object: Length bytes from Offset.
type Range struct{ Offset, Length int64 }

// Object is what Get read. The caller closes Body.
type Object struct {
	Body    io.ReadCloser
	Size    int64
	ETag    string // quoted, as HTTP sends it
	ModTime time.Time
}

// Open picks the store SHOP_MEDIA_URL names: file:PATH or
// s3://BUCKET/PREFIX?endpoint=URL&region=R&path_style=true.
func Open(ctx context.Context, rawURL string) (Store, error) {
	switch {
	case strings.HasPrefix(rawURL, "file:"):
		dir := strings.TrimPrefix(rawURL, "file:")
		if dir == "" {
			return nil, fmt.Errorf("SHOP_MEDIA_URL %q names no folder", rawURL)
		}
		return Dir(dir), nil
	case strings.HasPrefix(rawURL, "s3://"):
		return OpenS3(ctx, rawURL)
	}
	return nil, fmt.Errorf("SHOP_MEDIA_URL must be file:PATH or s3://BUCKET/PREFIX, not %q", rawURL)
}

// CheckKey refuses keys that could leave the store's root or name a hidden
// or temporary file.
func CheckKey(key string) error {
	if key == "" || strings.HasPrefix(key, "/") || strings.Contains(key, "\\") || path.Clean(key) != key {
		return ErrNotFound
	}
	for _, seg := range strings.Split(key, "/") {
		if seg == "" || strings.HasPrefix(seg, ".") {
			return ErrNotFound
		}
	}
	return nil
}

// ContentType is the type a key's extension says.
func ContentType(key string) string {
	if t := mime.TypeByExtension(path.Ext(key)); t != "" {
		return t
	}
	switch path.Ext(key) {
	case ".webp":
		return "image/webp"
	case ".svg":
		return "image/svg+xml"
	}
	return "application/octet-stream"
}

// ReadAll reads the whole object at key.
func ReadAll(ctx context.Context, s Store, key string) ([]byte, error) {
	o, err := s.Get(ctx, key, nil)
	if err != nil {
		return nil, err
	}
	defer o.Body.Close()
	return io.ReadAll(o.Body)
}
