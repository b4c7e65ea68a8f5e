// Command fakes3 is an S3-compatible server in memory on the loopback, for
// `make cluster` and the test of three instances (scripts/cluster.sh): the
// shop's pictures in a bucket without a cloud account. It keeps nothing
// when it stops and checks no credentials; never a production store.
//
//	fakes3 [--addr 127.0.0.1:9000] [--bucket shop-media]
package main

import (
	"flag"
	"fmt"
	"log/slog"
	"net"
	"os"

	"shop/internal/media/fakes3"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:9000", "address to listen on")
	bucket := flag.String("bucket", "shop-media", "the bucket made at start")
	flag.Parse()
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "fakes3:", err)
		os.Exit(1)
	}
	if err := fakes3.Serve(ln, log, *bucket); err != nil {
		fmt.Fprintln(os.Stderr, "fakes3:", err)
		os.Exit(1)
	}
}
