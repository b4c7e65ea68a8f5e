package web

import (
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The installable app's manifest (public/manifest.webmanifest) names icons
// that exist, at the sizes it says (drawn by `go run ./scripts/icons`).
func TestManifestIcons(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("public", "manifest.webmanifest"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		ID, Name, ShortName, StartURL, Display, ThemeColor, BackgroundColor string
		Icons                                                               []struct{ Src, Sizes, Type, Purpose string }
	}
	// encoding/json matches keys without regard to case but not to "_".
	b = []byte(strings.NewReplacer("short_name", "shortname", "start_url", "starturl", "theme_color", "themecolor", "background_color", "backgroundcolor").Replace(string(b)))
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	// The id keeps the installed app the same app if start_url ever changes.
	if !strings.HasPrefix(m.ID, "/") || m.Name == "" || m.ShortName == "" || m.StartURL == "" || m.Display != "standalone" || m.ThemeColor == "" || m.BackgroundColor == "" {
		t.Errorf("manifest fields missing: %+v", m)
	}
	sizes := map[string]bool{}
	maskable := false
	for _, ic := range m.Icons {
		f, err := os.Open(filepath.Join("public", filepath.FromSlash(strings.TrimPrefix(ic.Src, "/"))))
		if err != nil {
			t.Errorf("icon %s: %v", ic.Src, err)
			continue
		}
		cfg, err := png.DecodeConfig(f)
		f.Close()
		if err != nil {
			t.Errorf("icon %s: %v", ic.Src, err)
			continue
		}
		if got := fmt.Sprintf("%dx%d", cfg.Width, cfg.Height); got != ic.Sizes || ic.Type != "image/png" {
			t.Errorf("icon %s is %s %s, manifest says %s %s", ic.Src, got, "image/png", ic.Sizes, ic.Type)
		}
		sizes[ic.Sizes] = true
		maskable = maskable || ic.Purpose == "maskable"
	}
	if !sizes["192x192"] || !sizes["512x512"] || !maskable {
		t.Errorf("want 192 and 512 px icons and a maskable one: %v, maskable %v", sizes, maskable)
	}
}
