package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"flag"
	"fmt"
	"io"

	"shop/internal/config"
	"shop/internal/media"
)

// mediaCmd is `shop media copy --to s3://…`: today's pictures (the media
// folder, or --from another store) copied into a bucket, each object read
// back and compared by size and SHA-256 before it counts as copied.
func mediaCmd(ctx context.Context, cfg config.Config, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "copy" {
		return usageError("usage: shop media copy --to s3://BUCKET/PREFIX?… [--from file:PATH]")
	}
	fs := flag.NewFlagSet("media copy", flag.ContinueOnError)
	fs.SetOutput(stderr)
	from := fs.String("from", "file:"+cfg.MediaDir(), "the store to copy from")
	to := fs.String("to", "", "the store to copy to (s3://BUCKET/PREFIX?endpoint=…&region=…&path_style=true, or file:PATH)")
	if err := fs.Parse(args[1:]); err != nil {
		return usageError(err.Error())
	}
	if *to == "" || fs.NArg() > 0 {
		return usageError("usage: shop media copy --to s3://BUCKET/PREFIX?… [--from file:PATH]")
	}
	if *to == *from {
		return usageError("--to and --from are the same store")
	}
	src, err := media.Open(ctx, *from)
	if err != nil {
		return err
	}
	dst, err := media.Open(ctx, *to)
	if err != nil {
		return err
	}
	if err := dst.Check(ctx); err != nil {
		return err
	}
	n, total, err := copyPictures(ctx, src, dst, stdout)
	if err != nil {
		return fmt.Errorf("after %d pictures: %w", n, err)
	}
	fmt.Fprintf(stdout, "copied %d pictures (%d bytes) from %s to %s; every one read back with the same size and SHA-256\n", n, total, src, dst)
	return nil
}

// copyPictures copies every object and checks each copy. It may be run
// again after a failure: copying is idempotent.
func copyPictures(ctx context.Context, src, dst media.Store, stdout io.Writer) (n int, total int64, err error) {
	var keys []string
	sizes := map[string]int64{}
	if err := src.List(ctx, func(k string, size int64) error { keys = append(keys, k); sizes[k] = size; return nil }); err != nil {
		return 0, 0, err
	}
	for _, k := range keys {
		data, err := media.ReadAll(ctx, src, k)
		if err != nil {
			return n, total, fmt.Errorf("read %s: %w", k, err)
		}
		if int64(len(data)) != sizes[k] {
			return n, total, fmt.Errorf("%s: read %d bytes of %d (changed while copying?)", k, len(data), sizes[k])
		}
		if err := dst.Put(ctx, k, data); err != nil {
			return n, total, err
		}
		back, err := media.ReadAll(ctx, dst, k)
		if err != nil {
			return n, total, fmt.Errorf("read back %s: %w", k, err)
		}
		if want, got := sha256.Sum256(data), sha256.Sum256(back); len(back) != len(data) || !bytes.Equal(want[:], got[:]) {
			return n, total, fmt.Errorf("%s: the copy has %d bytes and SHA-256 %x, the original %d and %x", k, len(back), got, len(data), want)
		}
		n++
		total += int64(len(data))
	}
	return n, total, nil
}
