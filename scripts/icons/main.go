// Command icons draws the installable app's icons (web/public/icons) from the
// shop's leaf logo, the same drawing as web/public/favicon.svg: a pale leaf
// and a wheat-coloured stem on the brand green. Run from the repository root
// after changing the drawing:
//
//	go run ./scripts/icons
//
// It writes icon-192.png and icon-512.png (rounded corners, for launchers
// that show the picture as it is) and maskable-512.png (full bleed, the logo
// inside the central safe zone, for launchers that cut their own shape).
package main

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"log"
	"os"
	"path/filepath"

	"golang.org/x/image/vector"
)

var (
	green = color.RGBA{0x2f, 0x5a, 0x26, 0xff}
	leaf  = color.RGBA{0xd9, 0xec, 0xd0, 0xff}
	wheat = color.RGBA{0xe4, 0xb3, 0x63, 0xff}
)

// icon draws the logo at size px. The drawing is on favicon.svg's 64-unit
// grid; scale shrinks it around the centre (1 fills the icon).
func icon(size int, rounded bool, scale float32) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	unit := float32(size) / 64
	// pt maps a point of the 64-unit grid onto the icon.
	pt := func(x, y float32) (float32, float32) {
		return (32 + (x-32)*scale) * unit, (32 + (y-32)*scale) * unit
	}
	fill := func(c color.Color, path func(r *vector.Rasterizer)) {
		r := vector.NewRasterizer(size, size)
		path(r)
		r.Draw(img, img.Bounds(), image.NewUniform(c), image.Point{})
	}
	fill(green, func(r *vector.Rasterizer) {
		if !rounded {
			r.MoveTo(0, 0)
			r.LineTo(float32(size), 0)
			r.LineTo(float32(size), float32(size))
			r.LineTo(0, float32(size))
			r.ClosePath()
			return
		}
		roundedRect(r, 0, 0, float32(size), float32(size), 14*unit)
	})
	// The leaf: favicon.svg's path, its relative curves made absolute.
	fill(leaf, func(r *vector.Rasterizer) {
		move := func(x, y float32) { r.MoveTo(pt(x, y)) }
		cube := func(x1, y1, x2, y2, x, y float32) {
			ax, ay := pt(x1, y1)
			bx, by := pt(x2, y2)
			cx, cy := pt(x, y)
			r.CubeTo(ax, ay, bx, by, cx, cy)
		}
		move(32, 52)
		cube(32, 38, 36, 28, 48, 20)
		cube(34, 21, 26, 29, 25, 40)
		cube(22, 34, 17, 31, 11, 31)
		cube(15, 37, 19, 43, 32, 52)
		r.ClosePath()
	})
	// The stem: a 4-unit stroke from (32,36) to (32,52) with round caps.
	fill(wheat, func(r *vector.Rasterizer) {
		x0, y0 := pt(30, 34)
		x1, y1 := pt(34, 54)
		roundedRect(r, x0, y0, x1-x0, y1-y0, 2*unit*scale)
	})
	return img
}

// roundedRect adds a rectangle with corners of radius rad to r.
func roundedRect(r *vector.Rasterizer, x, y, w, h, rad float32) {
	const k = 0.5523 // a quarter circle as one cubic curve
	c := rad * k
	r.MoveTo(x+rad, y)
	r.LineTo(x+w-rad, y)
	r.CubeTo(x+w-rad+c, y, x+w, y+rad-c, x+w, y+rad)
	r.LineTo(x+w, y+h-rad)
	r.CubeTo(x+w, y+h-rad+c, x+w-rad+c, y+h, x+w-rad, y+h)
	r.LineTo(x+rad, y+h)
	r.CubeTo(x+rad-c, y+h, x, y+h-rad+c, x, y+h-rad)
	r.LineTo(x, y+rad)
	r.CubeTo(x, y+rad-c, x+rad-c, y, x+rad, y)
	r.ClosePath()
}

func main() {
	dir := filepath.Join("web", "public", "icons")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		log.Fatal(err)
	}
	for name, img := range map[string]*image.RGBA{
		"icon-192.png": icon(192, true, 1),
		"icon-512.png": icon(512, true, 1),
		// Launchers may cut the maskable icon down to a circle of 80% of
		// its width: the logo keeps well inside it.
		"maskable-512.png": icon(512, false, 0.7),
	} {
		var b bytes.Buffer
		enc := png.Encoder{CompressionLevel: png.BestCompression}
		if err := enc.Encode(&b, img); err != nil {
			log.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b.Bytes(), 0o644); err != nil {
			log.Fatal(err)
		}
	}
}
