package storefront_test

import (
	"bytes"
	"image/png"
	"testing"
)

func TestShareCard(t *testing.T) {
	h := seoServer(t)
	rec := h.Get("/share/products/high-yield-dairy-meal.png")
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "image/png" {
		t.Fatalf("share card: %d %v", rec.Code, rec.Header())
	}
	img, err := png.Decode(bytes.NewReader(rec.Body.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 1200 || b.Dy() != 630 {
		t.Fatalf("card is %v, previews want 1200x630", b)
	}
	// The brand stripe along the bottom, and the drawn sack's green label on the left.
	if r, g, b, _ := img.At(900, 625).RGBA(); r>>8 != 0x2f || g>>8 != 0x5a || b>>8 != 0x26 {
		t.Errorf("bottom stripe is %x %x %x", r>>8, g>>8, b>>8)
	}
	if r, g, b, _ := img.At(230, 420).RGBA(); r>>8 != 0x2f || g>>8 != 0x5a || b>>8 != 0x26 {
		t.Errorf("label is %x %x %x", r>>8, g>>8, b>>8)
	}
	again := h.Get("/share/products/high-yield-dairy-meal.png")
	if !bytes.Equal(again.Body.Bytes(), rec.Body.Bytes()) {
		t.Error("the card differs on a second request")
	}
	for _, path := range []string{"/share/products/no-such-feed.png", "/share/products/high-yield-dairy-meal.jpg", "/share/products/1.png"} {
		if code := h.Get(path).Code; code != 404 {
			t.Errorf("%s: %d", path, code)
		}
	}
	// A long name wraps and still draws.
	if code := h.Get("/share/products/evil.png").Code; code != 200 {
		t.Errorf("evil card: %d", code)
	}
}
