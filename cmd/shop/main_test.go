package main

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func runShop(t *testing.T, ctx context.Context, env map[string]string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(ctx, args, func(k string) string { return env[k] }, &out, &errb)
	return code, out.String(), errb.String()
}

func TestCommands(t *testing.T) {
	ctx := context.Background()
	env := map[string]string{"SHOP_DATA_DIR": t.TempDir()}
	for _, tc := range []struct {
		args     []string
		code     int
		out, err string
	}{
		{[]string{"version"}, 0, "shop dev", ""},
		{nil, 2, "", "usage: shop"},
		{[]string{"frobnicate"}, 2, "", `unknown command "frobnicate"`},
		{[]string{"migrate"}, 0, "applied 0001_catalog.sql", ""},
		{[]string{"migrate"}, 0, "database is up to date", ""},
		{[]string{"admin"}, 2, "", "usage: shop admin create"},
		{[]string{"backup"}, 2, "", "usage: shop backup DIR"},
		{[]string{"backup", "a", "b"}, 2, "", "usage: shop backup DIR"},
		{[]string{"backup", "--keep", "-1", "dir"}, 2, "", "--keep"},
		{[]string{"restore"}, 2, "", "usage: shop restore SNAPSHOT"},
		{[]string{"restore", "/no/such/snapshot"}, 1, "", "no readable manifest"},
		{[]string{"copy"}, 2, "", "usage: shop copy"},
		{[]string{"copy", "--from", "postgres://x/y", "--to", "postgres://x/z"}, 2, "", "--from must be sqlite:PATH"},
		{[]string{"copy", "--from", "sqlite:/no/such.db", "--to", "postgres://x/z"}, 1, "", "/no/such.db"},
		{[]string{"admin", "create", "--email", "owner@farm.co.ke"}, 2, "", "usage: shop admin create"},
		{[]string{"admin", "create", "--email", "owner@farm.co.ke", "--password", "weak"}, 1, "", "Password must be at least 8 characters"},
		{[]string{"admin", "create", "--email", "owner@farm.co.ke", "--password", "Harvest2026"}, 0, "created admin owner@farm.co.ke", ""},
		{[]string{"admin", "create", "--email", "Owner@farm.co.ke", "--password", "Harvest2026"}, 0, "is now an admin (password unchanged)", ""},
	} {
		code, out, errOut := runShop(t, ctx, env, tc.args...)
		if code != tc.code || !strings.Contains(out, tc.out) || !strings.Contains(errOut, tc.err) {
			t.Errorf("shop %v: code %d, stdout %q, stderr %q", tc.args, code, out, errOut)
		}
		if strings.Contains(out+errOut, "Harvest2026") {
			t.Errorf("shop %v printed the password", tc.args)
		}
	}
}

func TestServeAnswersThenStopsCleanly(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	dir := t.TempDir()
	env := map[string]string{"SHOP_ADDR": addr, "SHOP_DATABASE_URL": "sqlite:" + filepath.Join(dir, "shop.db"), "SHOP_DATA_DIR": dir}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan string, 1)
	go func() {
		code, _, errOut := runShop(t, ctx, env, "serve", "--dev")
		done <- fmt.Sprintf("%d %s", code, errOut)
	}()
	url := "http://" + addr
	deadline := time.Now().Add(10 * time.Second)
	for {
		resp, err := http.Get(url + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("server did not come up: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	resp, err := http.Get(url + "/api/products/?featured=featured")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("products: %v %v", resp, err)
	}
	resp.Body.Close()
	cancel()
	select {
	case res := <-done:
		if !strings.HasPrefix(res, "0 ") || !strings.Contains(res, "shutting down") || !strings.Contains(res, "demo catalogue loaded") {
			t.Fatalf("serve ended with %s", res)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not stop")
	}
}
