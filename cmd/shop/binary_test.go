package main

import (
	"io"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"shop/internal/testkit"
)

var built struct {
	once sync.Once
	path string
	err  error
	out  []byte
}

// shopBinary builds bin/shop once for every test of the package that runs
// the real binary.
func shopBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	built.once.Do(func() {
		dir, err := os.MkdirTemp("", "shop-bin-")
		if err != nil {
			built.err = err
			return
		}
		built.path = filepath.Join(dir, "shop")
		built.out, built.err = exec.Command("go", "build", "-o", built.path, ".").CombinedOutput()
	})
	if built.err != nil {
		t.Fatalf("build: %v\n%s", built.err, built.out)
	}
	return built.path
}

// started is a `shop serve` process answering on base.
type started struct {
	cmd  *exec.Cmd
	base string
}

// startShop runs `shop serve` with env (which sets SHOP_ADDR to addr) and
// waits until it answers /readyz.
func startShop(t *testing.T, bin, addr string, env []string, args ...string) *started {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"serve"}, args...)...)
	cmd.Env = append(os.Environ(), append(env, "SHOP_ADDR="+addr)...)
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	s := &started{cmd: cmd, base: "http://" + addr}
	waitUntil(t, 30*time.Second, "the shop at "+addr+" to be ready", func() bool {
		resp, err := http.Get(s.base + "/readyz")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == 200
	})
	return s
}

// runBinary runs a one-off command of the binary and returns its output.
func runBinary(bin string, env []string, args ...string) (string, error) {
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// buyer is a browser of its own, with its cart cookie.
func buyer() *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, Timeout: 30 * time.Second}
}

// send posts JSON body to url with c and returns the status; header holds name, value pairs.
func send(c *http.Client, method, url, body string, header ...string) (int, string, error) {
	resp, b, err := testkit.Send(c, method, url, body, header...)
	if err != nil {
		return 0, "", err
	}
	return resp.StatusCode, string(b), nil
}
