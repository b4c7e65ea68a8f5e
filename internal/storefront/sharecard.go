package storefront

import (
	"bytes"
	"container/list"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	_ "image/jpeg" // uploaded product photos
	"image/png"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"golang.org/x/image/draw"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"shop/internal/apperr"
	"shop/internal/catalog"
	"shop/internal/i18n"
	"shop/internal/media"
)

// Link previews (WhatsApp, Facebook, X) show a PNG or JPEG, never an SVG,
// and the shop's packshots are SVG. So a product's og:image is a share card
// drawn here: 1200×630, the product's name, price and sizes beside its
// picture (an uploaded photo as it is; for a vector packshot, a drawn sack in
// the shop's colours). Cards are cached by product and last change.

const (
	cardW, cardH = 1200, 630
	cardCacheMax = 128
)

// sharePath is where the share card of the product with slug is served in
// language l. The language is in the address, never taken from a cookie:
// link previews keep a card by its address, for everyone who sees the link.
func sharePath(slug string, l i18n.Lang) string {
	if l == i18n.Kiswahili {
		return "/share/products/" + slug + ".png?lang=sw"
	}
	return "/share/products/" + slug + ".png"
}

type shareCards struct {
	store    *catalog.Store
	pictures media.Store

	once         sync.Once
	bold, normal *opentype.Font
	fontErr      error

	mu    sync.Mutex
	lru   *list.List // of *cardEntry, most recent first
	byKey map[string]*list.Element
}

type cardEntry struct {
	key string
	png []byte
}

func newShareCards(store *catalog.Store, pictures media.Store) *shareCards {
	return &shareCards{store: store, pictures: pictures, lru: list.New(), byKey: map[string]*list.Element{}}
}

// ServeHTTP answers GET /share/products/{file} where file is slug + ".png",
// in Kiswahili with ?lang=sw (sharePath).
func (c *shareCards) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	slug, ok := strings.CutSuffix(r.PathValue("file"), ".png")
	if !ok || slug == "" {
		http.NotFound(w, r)
		return
	}
	l := i18n.English
	if i18n.Parse(r.URL.Query().Get("lang")) == i18n.Kiswahili {
		l = i18n.Kiswahili
	}
	p, err := c.store.Product(i18n.WithLang(r.Context(), l), slug)
	if errors.Is(err, apperr.ErrNotFound) || (err == nil && p.Slug != slug) {
		http.NotFound(w, r)
		return
	}
	if err != nil {
		http.Error(w, "share card unavailable", http.StatusServiceUnavailable)
		return
	}
	key := string(l) + " " + p.Slug + "@" + p.UpdatedAt.UTC().Format("20060102150405.000000000")
	body, err := c.card(key, &p, l)
	if err != nil {
		http.Error(w, "share card unavailable", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; sandbox")
	_, _ = w.Write(body)
}

func (c *shareCards) card(key string, p *catalog.Product, l i18n.Lang) ([]byte, error) {
	c.mu.Lock()
	if el, ok := c.byKey[key]; ok {
		c.lru.MoveToFront(el)
		body := el.Value.(*cardEntry).png
		c.mu.Unlock()
		return body, nil
	}
	c.mu.Unlock()

	img, err := c.draw(p, l)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("encode share card: %w", err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.byKey[key]; !ok {
		c.byKey[key] = c.lru.PushFront(&cardEntry{key: key, png: buf.Bytes()})
		for c.lru.Len() > cardCacheMax {
			last := c.lru.Back()
			delete(c.byKey, last.Value.(*cardEntry).key)
			c.lru.Remove(last)
		}
	}
	return buf.Bytes(), nil
}

var (
	cardCream = color.RGBA{0xfa, 0xf7, 0xf1, 0xff}
	cardSand  = color.RGBA{0xf4, 0xef, 0xe6, 0xff}
	cardBrand = color.RGBA{0x2f, 0x5a, 0x26, 0xff}
	cardLeaf  = color.RGBA{0xd9, 0xec, 0xd0, 0xff}
	cardGold  = color.RGBA{0xe4, 0xb3, 0x63, 0xff}
	cardSack  = color.RGBA{0xe7, 0xdc, 0xc9, 0xff}
	cardSeam  = color.RGBA{0xc9, 0xb8, 0x99, 0xff}
	cardInk   = color.RGBA{0x1c, 0x19, 0x17, 0xff}
	cardMuted = color.RGBA{0x57, 0x53, 0x4e, 0xff}
)

func (c *shareCards) fonts() (bold, normal *opentype.Font, err error) {
	c.once.Do(func() {
		c.bold, c.fontErr = opentype.Parse(gobold.TTF)
		if c.fontErr == nil {
			c.normal, c.fontErr = opentype.Parse(goregular.TTF)
		}
	})
	return c.bold, c.normal, c.fontErr
}

func (c *shareCards) draw(p *catalog.Product, l i18n.Lang) (*image.RGBA, error) {
	bold, normal, err := c.fonts()
	if err != nil {
		return nil, fmt.Errorf("share card fonts: %w", err)
	}
	img := image.NewRGBA(image.Rect(0, 0, cardW, cardH))
	draw.Draw(img, img.Bounds(), image.NewUniform(cardCream), image.Point{}, draw.Src)
	// The picture on the left, on a sand square.
	pic := image.Rect(0, 0, cardH, cardH)
	draw.Draw(img, pic, image.NewUniform(cardSand), image.Point{}, draw.Src)
	if photo := c.photo(p); photo != nil {
		fit(img, pic.Inset(35), photo)
	} else {
		drawSack(img, pic)
	}
	// A brand stripe along the bottom.
	draw.Draw(img, image.Rect(cardH, cardH-16, cardW, cardH), image.NewUniform(cardBrand), image.Point{}, draw.Src)

	x, right := cardH+50, cardW-50
	y := 95
	text(img, bold, 26, cardBrand, x, y, strings.ToUpper(siteName))
	y += 30
	for _, line := range wrap(bold, 50, p.Name, right-x, 3) {
		y += 62
		text(img, bold, 50, cardInk, x, y, line)
	}
	if low, high, ok := priceRange(p); ok {
		price := low.Ksh()
		if high != low {
			price = fmt.Sprintf(tr(l, "from %s"), price)
		}
		y += 95
		text(img, bold, 64, cardBrand, x, y, price)
	}
	if len(p.Variants) > 0 {
		sizes := make([]string, len(p.Variants))
		for i, v := range p.Variants {
			sizes[i] = v.Size
		}
		for _, line := range wrap(normal, 30, strings.Join(sizes, " · "), right-x, 2) {
			y += 46
			text(img, normal, 30, cardMuted, x, y, line)
		}
	}
	text(img, normal, 24, cardMuted, x, cardH-50, tr(l, "Pay with M-Pesa · Delivery across Kenya"))
	return img, nil
}

// photo loads the product's first picture when it is a photo (PNG or JPEG)
// kept in the picture store; a vector packshot gives nil.
func (c *shareCards) photo(p *catalog.Product) image.Image {
	if len(p.Images) == 0 || c.pictures == nil {
		return nil
	}
	rel, ok := strings.CutPrefix(p.Images[0].Image, "/media/")
	ext := strings.ToLower(filepath.Ext(rel))
	if !ok || (ext != ".png" && ext != ".jpg" && ext != ".jpeg") || strings.Contains(rel, "..") {
		return nil
	}
	// The card is drawn once and kept: a slow store delays only that.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	data, err := media.ReadAll(ctx, c.pictures, rel)
	if err != nil {
		return nil
	}
	if cfg, _, err := image.DecodeConfig(bytes.NewReader(data)); err != nil || cfg.Width*cfg.Height > 40_000_000 {
		return nil
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil
	}
	return img
}

// fit draws src into box, scaled to fit and centred.
func fit(dst *image.RGBA, box image.Rectangle, src image.Image) {
	sb := src.Bounds()
	scale := min(float64(box.Dx())/float64(sb.Dx()), float64(box.Dy())/float64(sb.Dy()))
	w, h := int(float64(sb.Dx())*scale), int(float64(sb.Dy())*scale)
	at := image.Rect(box.Min.X+(box.Dx()-w)/2, box.Min.Y+(box.Dy()-h)/2, 0, 0)
	at.Max = at.Min.Add(image.Pt(w, h))
	draw.CatmullRom.Scale(dst, at, src, sb, draw.Over, nil)
}

// drawSack draws a feed sack with a green label and a leaf: the shop's
// picture of a product whose own picture a preview cannot show.
func drawSack(dst *image.RGBA, box image.Rectangle) {
	shape := func(col color.Color, build func(z *vector.Rasterizer)) {
		z := vector.NewRasterizer(box.Dx(), box.Dy())
		build(z)
		z.Draw(dst, box, image.NewUniform(col), image.Point{})
	}
	// The sack: slightly curved sides, a tucked top.
	shape(cardSeam, func(z *vector.Rasterizer) {
		z.MoveTo(168, 118)
		z.QuadTo(315, 100, 462, 118)
		z.QuadTo(485, 330, 470, 540)
		z.QuadTo(315, 562, 160, 540)
		z.QuadTo(145, 330, 168, 118)
		z.ClosePath()
	})
	shape(cardSack, func(z *vector.Rasterizer) {
		z.MoveTo(174, 124)
		z.QuadTo(315, 107, 456, 124)
		z.QuadTo(478, 330, 464, 534)
		z.QuadTo(315, 555, 166, 534)
		z.QuadTo(152, 330, 174, 124)
		z.ClosePath()
	})
	// The label.
	shape(cardBrand, func(z *vector.Rasterizer) { rect(z, 205, 210, 425, 440) })
	shape(cardGold, func(z *vector.Rasterizer) { rect(z, 245, 395, 385, 420) })
	// A leaf on a white disc.
	shape(color.White, func(z *vector.Rasterizer) { circle(z, 315, 285, 52) })
	shape(cardBrand, func(z *vector.Rasterizer) {
		z.MoveTo(315, 330)
		z.QuadTo(310, 275, 352, 248)
		z.QuadTo(352, 300, 315, 330)
		z.ClosePath()
		z.MoveTo(313, 322)
		z.QuadTo(318, 282, 280, 258)
		z.QuadTo(276, 300, 313, 322)
		z.ClosePath()
	})
	shape(cardLeaf, func(z *vector.Rasterizer) { rect(z, 255, 350, 375, 362) })
}

func rect(z *vector.Rasterizer, x0, y0, x1, y1 float32) {
	z.MoveTo(x0, y0)
	z.LineTo(x1, y0)
	z.LineTo(x1, y1)
	z.LineTo(x0, y1)
	z.ClosePath()
}

func circle(z *vector.Rasterizer, cx, cy, r float32) {
	// Four cubic arcs; k is the usual control-point distance for a quarter circle.
	k := r * 0.5523
	z.MoveTo(cx+r, cy)
	z.CubeTo(cx+r, cy+k, cx+k, cy+r, cx, cy+r)
	z.CubeTo(cx-k, cy+r, cx-r, cy+k, cx-r, cy)
	z.CubeTo(cx-r, cy-k, cx-k, cy-r, cx, cy-r)
	z.CubeTo(cx+k, cy-r, cx+r, cy-k, cx+r, cy)
	z.ClosePath()
}

func face(f *opentype.Font, size float64) font.Face {
	fc, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return nil
	}
	return fc
}

func text(dst *image.RGBA, f *opentype.Font, size float64, col color.Color, x, y int, s string) {
	fc := face(f, size)
	if fc == nil {
		return
	}
	defer fc.Close()
	d := font.Drawer{Dst: dst, Src: image.NewUniform(col), Face: fc, Dot: fixed.P(x, y)}
	d.DrawString(s)
}

// wrap breaks s into at most max lines of at most width pixels, ending the
// last with an ellipsis when it does not all fit.
func wrap(f *opentype.Font, size float64, s string, width, max int) []string {
	fc := face(f, size)
	if fc == nil {
		return []string{s}
	}
	defer fc.Close()
	fits := func(t string) bool { return font.MeasureString(fc, t).Ceil() <= width }
	var lines []string
	line := ""
	words := strings.Fields(s)
	for _, w := range words {
		next := strings.TrimSpace(line + " " + w)
		if fits(next) || line == "" {
			line = next
			continue
		}
		lines = append(lines, line)
		line = w
		if len(lines) == max {
			last := lines[max-1]
			for !fits(last+" …") && strings.Contains(last, " ") {
				last = last[:strings.LastIndex(last, " ")]
			}
			lines[max-1] = last + " …"
			return lines
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
