package deploy

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// The Caddyfile for several instances checks /readyz, retries a refused
// connection, hides /metrics and masks the log as the one-server Caddyfile
// does; the local cluster's Caddyfile checks /readyz too.
func TestClusterCaddyfiles(t *testing.T) {
	one, err := os.ReadFile("Caddyfile")
	if err != nil {
		t.Fatal(err)
	}
	many, err := os.ReadFile("Caddyfile.cluster")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"health_uri /readyz", "lb_try_duration", "respond /metrics 404"} {
		if !strings.Contains(string(many), want) {
			t.Errorf("Caddyfile.cluster lacks %q", want)
		}
	}
	mask := regexp.MustCompile(`(?m)^\s*request>uri regexp .*$`)
	if a, b := mask.FindString(string(one)), mask.FindString(string(many)); a == "" || strings.TrimSpace(a) != strings.TrimSpace(b) {
		t.Errorf("the log masks differ:\n%s\n%s", a, b)
	}
	for _, h := range regexp.MustCompile(`(?m)^\s*(request>headers>\S+|resp_headers>\S+) delete$`).FindAllString(string(one), -1) {
		if !strings.Contains(string(many), strings.TrimSpace(h)) {
			t.Errorf("Caddyfile.cluster keeps what Caddyfile deletes: %s", strings.TrimSpace(h))
		}
	}
	local, err := os.ReadFile("../scripts/cluster/Caddyfile")
	if err != nil || !strings.Contains(string(local), "health_uri /readyz") {
		t.Errorf("scripts/cluster/Caddyfile: %v", err)
	}
	caddy, err := exec.LookPath("caddy")
	if err != nil {
		t.Log("caddy is not installed: the Caddyfiles are not validated")
		return
	}
	if out, err := exec.Command(caddy, "validate", "--adapter", "caddyfile", "--config", "Caddyfile.cluster").CombinedOutput(); err != nil {
		t.Fatalf("caddy validate Caddyfile.cluster: %v\n%s", err, out)
	}
	cmd := exec.Command(caddy, "validate", "--adapter", "caddyfile", "--config", "../scripts/cluster/Caddyfile")
	cmd.Env = append(os.Environ(), "CLUSTER_ADDR=127.0.0.1:18080", "CLUSTER_UPSTREAMS=127.0.0.1:18081 127.0.0.1:18082 127.0.0.1:18083")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("caddy validate scripts/cluster/Caddyfile: %v\n%s", err, out)
	}
}
