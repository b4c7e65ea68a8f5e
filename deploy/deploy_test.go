// Package deploy holds the files that run the shop on a server: the systemd
// unit, the Caddyfile and the environment file (docs/deploy.md). This test
// checks them: systemd-analyze verify and caddy validate where installed,
// and in any case their key directives and that the environment file is a
// configuration the shop accepts, naming every variable the shop reads.
package deploy

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"shop/internal/config"
	"shop/internal/db/dbtest"
	"shop/internal/httpapi"
	"shop/internal/testkit"
)

// directives reads a systemd unit's Key=Value lines.
func directives(t *testing.T, path string) map[string][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string][]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if k, v, ok := strings.Cut(line, "="); ok && !strings.HasPrefix(line, "#") {
			out[k] = append(out[k], v)
		}
	}
	return out
}

func TestSystemdUnit(t *testing.T) {
	d := directives(t, "shop.service")
	for k, want := range map[string]string{
		"User": "shop", "Group": "shop", "ProtectSystem": "strict", "Restart": "on-failure", "NoNewPrivileges": "yes",
		"EnvironmentFile": "/etc/shop/shop.env", "ExecStart": "/opt/shop/bin/shop serve", "PrivateTmp": "yes", "ProtectHome": "yes",
	} {
		if !slices.Contains(d[k], want) {
			t.Errorf("%s=%v, want %s", k, d[k], want)
		}
	}
	rw := strings.Fields(strings.Join(d["ReadWritePaths"], " "))
	if !slices.Contains(rw, "/var/lib/shop") || !slices.Contains(rw, "/var/backups/shop") {
		t.Errorf("ReadWritePaths=%v: the data and backup folders must be writable", rw)
	}
	analyze, err := exec.LookPath("systemd-analyze")
	if err != nil {
		t.Log("systemd-analyze is not installed: directives checked, unit not verified")
		return
	}
	// verify wants the binary to exist: a stand-in at the same place in a copy.
	dir := t.TempDir()
	bin := filepath.Join(dir, "shop")
	if err := os.WriteFile(bin, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	unit, _ := os.ReadFile("shop.service")
	copyPath := filepath.Join(dir, "shop.service")
	if err := os.WriteFile(copyPath, []byte(strings.ReplaceAll(string(unit), "/opt/shop/bin/shop", bin)), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(analyze, "verify", copyPath).CombinedOutput()
	for _, line := range strings.Split(string(out), "\n") {
		if strings.Contains(line, "shop.service") {
			t.Errorf("systemd-analyze verify: %s", line)
		}
	}
	if err != nil && len(out) > 0 && strings.Contains(string(out), "shop.service") {
		t.Errorf("systemd-analyze verify failed: %v", err)
	}
}

func TestCaddyfile(t *testing.T) {
	b, err := os.ReadFile("Caddyfile")
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	env := readEnv(t)
	for _, want := range []string{"reverse_proxy " + env["SHOP_ADDR"], "respond /metrics 404", "[masked]"} {
		if !strings.Contains(text, want) {
			t.Errorf("the Caddyfile lacks %q", want)
		}
	}
	if env["SHOP_TRUSTED_PROXIES"] != "127.0.0.1" || !strings.HasPrefix(env["SHOP_ADDR"], "127.0.0.1:") {
		t.Errorf("Caddy on this machine forwards from 127.0.0.1: SHOP_ADDR=%s SHOP_TRUSTED_PROXIES=%s", env["SHOP_ADDR"], env["SHOP_TRUSTED_PROXIES"])
	}
	caddy, err := exec.LookPath("caddy")
	if err != nil {
		t.Log("caddy is not installed: directives checked, Caddyfile not validated")
		return
	}
	if out, err := exec.Command(caddy, "validate", "--adapter", "caddyfile", "--config", "Caddyfile").CombinedOutput(); err != nil {
		t.Fatalf("caddy validate: %v\n%s", err, out)
	}
}

func readEnv(t *testing.T) map[string]string {
	t.Helper()
	b, err := os.ReadFile("shop.env.example")
	if err != nil {
		t.Fatal(err)
	}
	env := map[string]string{}
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, "="); ok && !strings.HasPrefix(line, "#") {
			env[k] = strings.Trim(v, `"`) // as systemd's EnvironmentFile reads it
		}
	}
	return env
}

// shopctl reads the environment file as shell: each value must come out as
// systemd reads it.
func TestShopctlReadsTheEnvironmentAlike(t *testing.T) {
	if out, err := exec.Command("sh", "-n", "shopctl").CombinedOutput(); err != nil {
		t.Fatalf("shopctl: %v %s", err, out)
	}
	out, err := exec.Command("sh", "-c", "set -a; . ./shop.env.example; set +a; env").Output()
	if err != nil {
		t.Fatalf("the environment file is not valid shell: %v", err)
	}
	shell := map[string]string{}
	for _, line := range strings.Split(string(out), "\n") {
		if k, v, ok := strings.Cut(line, "="); ok && strings.HasPrefix(k, "SHOP_") {
			shell[k] = v
		}
	}
	for k, v := range readEnv(t) {
		if shell[k] != v {
			t.Errorf("%s: the shell reads %q, systemd %q", k, shell[k], v)
		}
	}
}

// The environment file is a configuration the shop accepts, and names every
// variable the shop reads; so do the README and docs/deploy.md.
func TestEnvironmentFile(t *testing.T) {
	env := readEnv(t)
	cfg, err := config.FromEnv(func(k string) string { return env[k] })
	if err == nil {
		err = cfg.Finish()
	}
	if err != nil {
		t.Fatalf("the shop refuses shop.env.example: %v", err)
	}
	if cfg.Dev || cfg.BackupInterval == 0 || cfg.MetricsAddr == "" || !strings.HasPrefix(cfg.PublicURL, "https://") {
		t.Errorf("the example is not a live shop's: %+v", cfg)
	}
	read := map[string]bool{}
	files, _ := filepath.Glob("../internal/config/*.go")
	name := regexp.MustCompile(`"(SHOP_[A-Z0-9_]+)"`)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, _ := os.ReadFile(f)
		for _, m := range name.FindAllStringSubmatch(string(b), -1) {
			read[m[1]] = true
		}
	}
	if len(read) < 25 {
		t.Fatalf("found only %d variables in internal/config", len(read))
	}
	readme, _ := os.ReadFile("../README.md")
	guide, _ := os.ReadFile("../docs/deploy.md")
	for v := range read {
		if _, ok := env[v]; !ok {
			t.Errorf("shop.env.example lacks %s", v)
		}
		if !strings.Contains(string(readme), v) {
			t.Errorf("the README's configuration lacks %s", v)
		}
		if !strings.Contains(string(guide), v) && !strings.HasPrefix(v, "SHOP_MPESA_SIM") {
			t.Errorf("docs/deploy.md never mentions %s", v)
		}
	}
}

// Caddy's access log masks and drops what the shop's own log does: every
// route's secret path segment (from the shop's routes, through the
// Caddyfile's own regular expression: Caddy's are Go's), the query string,
// and every header on the redaction list.
func TestCaddyMasksTheShopsSecrets(t *testing.T) {
	b, err := os.ReadFile("Caddyfile")
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	m := regexp.MustCompile(`request>uri regexp "((?:[^"\\]|\\.)*)" "([^"]*)"`).FindStringSubmatch(text)
	if m == nil {
		t.Fatal("the Caddyfile has no request>uri regexp filter")
	}
	pattern := strings.ReplaceAll(m[1], `\\`, `\`)
	uri, err := regexp.Compile(pattern)
	if err != nil {
		t.Fatalf("the Caddyfile's uri pattern %q: %v", pattern, err)
	}
	replacement := strings.ReplaceAll(m[2], "${1}", "$1")
	shop := testkit.NewShop(t, dbtest.SQLite(t))
	checked := 0
	for _, rt := range shop.Routes() {
		prefix := httpapi.SecretPrefix(rt)
		if prefix == "" {
			continue
		}
		checked++
		for _, path := range []string{prefix + "S3CRET-VALUE", prefix + "S3CRET-VALUE/", prefix + "S3CRET-VALUE/?token=T0KEN"} {
			if got := uri.ReplaceAllString(path, replacement); strings.Contains(got, "S3CRET") || strings.Contains(got, "T0KEN") ||
				!strings.HasPrefix(got, prefix+"[masked]") {
				t.Errorf("Caddy logs %s as %s", path, got)
			}
		}
	}
	if checked < 5 {
		t.Fatalf("only %d routes declare a secret", checked)
	}
	if got := uri.ReplaceAllString("/api/products/?search=maize", replacement); got != "/api/products/[masked]" {
		t.Errorf("Caddy logs a query string: %s", got)
	}
	for _, h := range httpapi.SecretHeaders {
		if !strings.Contains(text, "request>headers>"+h+" delete") {
			t.Errorf("the Caddyfile does not drop the request header %s", h)
		}
	}
	for _, h := range httpapi.SecretResponseHeaders {
		if !strings.Contains(text, "resp_headers>"+h+" delete") {
			t.Errorf("the Caddyfile does not drop the response header %s", h)
		}
	}
}
