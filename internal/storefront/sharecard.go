package storefront

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/color"
	_ "image/jpeg" // uploaded product photos
	"image/png"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"strconv"
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
	"shop/internal/db"
	"shop/internal/every"
	"shop/internal/i18n"
	"shop/internal/media"
)

// Link previews (WhatsApp, Facebook, X) show a PNG or JPEG, never an SVG,
// and the shop's packshots are SVG. So a product's og:image is a share card
// drawn here: 1200×630, the product's name, price and sizes beside its
// picture (an uploaded photo as it is; for a vector packshot, a drawn sack in
// the shop's colours). Drawing one costs a tenth of a second of CPU, so no
// request draws: a request for a card not drawn yet answers the shop's
// generic card at once and asks for it (a row in share_cards), and the
// "share-cards" job draws the cards asked for, one at a time, and draws them
// again when what they show changes; the PNGs are kept in the media store
// (docs/architecture.md section 9, "Share cards").

const (
	cardW, cardH = 1200, 630
	// cardDrawing is the version of the drawing code: raising it redraws
	// every card.
	cardDrawing = "1"
	// cardBatch is how many cards the job looks at a tick.
	cardBatch = 16
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

// ShareCards serves the share cards and draws them in the background. It
// owns share_cards.
type ShareCards struct {
	db       *db.DB
	store    *catalog.Store
	pictures media.Store
	log      *slog.Logger

	once         sync.Once
	bold, normal *opentype.Font
	fontErr      error

	genericOnce [2]sync.Once
	genericPNG  [2][]byte
}

// NewShareCards serves and draws the share cards of the products in store,
// keeping them in pictures (nil: cards are never drawn, the generic one
// answers).
func NewShareCards(d *db.DB, store *catalog.Store, pictures media.Store, log *slog.Logger) *ShareCards {
	return &ShareCards{db: d, store: store, pictures: pictures, log: log}
}

// ServeHTTP answers GET /share/products/{file} where file is slug + ".png",
// in Kiswahili with ?lang=sw (sharePath): the product's drawn card, or the
// shop's generic card while it is not drawn yet.
func (c *ShareCards) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	slug, ok := strings.CutSuffix(r.PathValue("file"), ".png")
	if !ok || slug == "" {
		http.NotFound(w, r)
		return
	}
	l := i18n.English
	if i18n.Parse(r.URL.Query().Get("lang")) == i18n.Kiswahili {
		l = i18n.Kiswahili
	}
	ctx := r.Context()
	var id int64
	var key sql.NullString
	var current bool
	err := c.db.QueryRow(ctx, `SELECT p.id, s.media_key, COALESCE(p.updated_at < s.checked_at, FALSE) FROM products p
		LEFT JOIN share_cards s ON s.product_id = p.id AND s.lang = $2
		WHERE p.slug = $1 AND p.is_active = TRUE`, slug, string(l)).Scan(&id, &key, &current)
	if errors.Is(err, sql.ErrNoRows) {
		http.NotFound(w, r)
		return
	}
	if err != nil {
		c.log.ErrorContext(ctx, "share card", "error", err)
		http.Error(w, "share card unavailable", http.StatusServiceUnavailable)
		return
	}
	if !key.Valid {
		// Asked for the first time: the job draws it. Two asking at once
		// make one row.
		if _, err := c.db.Exec(ctx, `INSERT INTO share_cards (product_id, lang) VALUES ($1, $2)
			ON CONFLICT (product_id, lang) DO NOTHING`, id, string(l)); err != nil {
			c.log.ErrorContext(ctx, "share card wanted", "error", err)
		}
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; sandbox")
	if key.String != "" && c.pictures != nil {
		o, err := c.pictures.Get(ctx, key.String, nil)
		if err == nil {
			defer o.Body.Close()
			// A card whose product changed since is kept briefly: the job
			// is drawing it again.
			maxAge := "60"
			if current {
				maxAge = "3600"
			}
			w.Header().Set("Cache-Control", "public, max-age="+maxAge)
			w.Header().Set("Content-Length", strconv.FormatInt(o.Size, 10))
			// A copy that fails part-way is logged as failed by the request
			// log (httpx.StatusWriter), never as a whole answer.
			_, _ = io.Copy(w, o.Body)
			return
		}
		// Redrawn since it was looked up, or the store is away: the
		// generic card meanwhile.
		if !errors.Is(err, media.ErrNotFound) {
			c.log.WarnContext(ctx, "share card read", "key", key.String, "error", err)
		}
	}
	body, err := c.generic(l)
	if err != nil {
		c.log.ErrorContext(ctx, "generic share card", "error", err)
		http.Error(w, "share card unavailable", http.StatusInternalServerError)
		return
	}
	// Kept briefly: the product's own card takes its place once drawn.
	w.Header().Set("Cache-Control", "public, max-age=60")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	_, _ = w.Write(body)
}

// generic is the shop's card in language l: its name and tagline beside the
// drawn sack, drawn once per process.
func (c *ShareCards) generic(l i18n.Lang) ([]byte, error) {
	i := 0
	if l == i18n.Kiswahili {
		i = 1
	}
	var err error
	c.genericOnce[i].Do(func() {
		var img *image.RGBA
		if img, err = c.drawGeneric(l); err == nil {
			c.genericPNG[i], err = encodeCard(img)
		}
	})
	if c.genericPNG[i] == nil && err == nil {
		err = errors.New("the generic share card could not be drawn")
	}
	return c.genericPNG[i], err
}

// Run draws the cards asked for and those whose product changed, a batch
// every interval, one card at a time, until ctx ends: the "share-cards" job
// (app.Wire).
func (c *ShareCards) Run(ctx context.Context, interval time.Duration) {
	// The shop's start and its first answers come first (the cold start of
	// docs/benchmarks.md): drawing waits a tick.
	select {
	case <-ctx.Done():
		return
	case <-time.After(interval):
	}
	// Ready before most requests that need it.
	_, _ = c.generic(i18n.English)
	_, _ = c.generic(i18n.Kiswahili)
	every.Run(ctx, interval, c.log, "share cards", func(ctx context.Context) error {
		_, err := c.DrawDue(ctx, cardBatch)
		return err
	})
}

// DrawDue looks at up to max cards that are not drawn yet or whose product
// changed since they were last looked at, and draws those whose content
// changed. It says how many it looked at.
func (c *ShareCards) DrawDue(ctx context.Context, max int) (int, error) {
	if c.pictures == nil {
		return 0, nil
	}
	type due struct {
		id               int64
		slug, lang       string
		key, fingerprint string
	}
	dues, err := db.QueryAll(ctx, c.db, "due share cards", func(row db.Scanner) (due, error) {
		var d due
		err := row.Scan(&d.id, &d.slug, &d.lang, &d.key, &d.fingerprint)
		return d, err
	}, `SELECT p.id, p.slug, s.lang, s.media_key, s.fingerprint FROM share_cards s
		JOIN products p ON p.id = s.product_id
		WHERE p.is_active = TRUE AND (s.media_key = '' OR p.updated_at >= s.checked_at)
		ORDER BY s.checked_at, p.id LIMIT $1`, max)
	if err != nil {
		return 0, err
	}
	for _, d := range dues {
		if err := c.redraw(ctx, d.id, d.slug, i18n.Lang(d.lang), d.key, d.fingerprint); err != nil {
			return 0, err
		}
	}
	return len(dues), nil
}

// redraw draws one card again when what it shows has changed. The card is
// marked looked-at before the product is read, so a change committed while
// it draws (even within the same second, as SQLite keeps time) leaves it due.
func (c *ShareCards) redraw(ctx context.Context, id int64, slug string, l i18n.Lang, oldKey, oldPrint string) error {
	if _, err := c.db.Exec(ctx, `UPDATE share_cards SET checked_at = CURRENT_TIMESTAMP WHERE product_id = $1 AND lang = $2`, id, string(l)); err != nil {
		return fmt.Errorf("mark share card: %w", err)
	}
	p, err := c.store.Product(i18n.WithLang(ctx, l), slug)
	if errors.Is(err, apperr.ErrNotFound) {
		return nil // gone since: no longer due
	}
	if err != nil {
		return err
	}
	sum := fingerprint(&p, l)
	if sum == oldPrint && oldKey != "" {
		return nil
	}
	img, err := c.draw(&p, l)
	if err != nil {
		return err
	}
	body, err := encodeCard(img)
	if err != nil {
		return err
	}
	key := fmt.Sprintf("share/products/%d-%s-%s.png", id, l, sum[:16])
	if err := c.pictures.Put(ctx, key, body); err != nil {
		return fmt.Errorf("store share card: %w", err)
	}
	if _, err := c.db.Exec(ctx, `UPDATE share_cards SET media_key = $3, fingerprint = $4 WHERE product_id = $1 AND lang = $2`,
		id, string(l), key, sum); err != nil {
		return fmt.Errorf("record share card: %w", err)
	}
	if oldKey != "" && oldKey != key {
		if err := c.pictures.Delete(ctx, oldKey); err != nil {
			c.log.Warn("old share card kept", "key", oldKey, "error", err)
		}
	}
	return nil
}

// fingerprint sums what card p shows in language l.
func fingerprint(p *catalog.Product, l i18n.Lang) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00", cardDrawing, l, p.Name)
	if low, high, ok := priceRange(p); ok {
		fmt.Fprintf(h, "%d-%d", low, high)
	}
	for _, v := range p.Variants {
		fmt.Fprintf(h, "\x00%s", v.Size)
	}
	if len(p.Images) > 0 {
		fmt.Fprintf(h, "\x00%s", p.Images[0].Image)
	}
	return hex.EncodeToString(h.Sum(nil))
}

func encodeCard(img *image.RGBA) ([]byte, error) {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("encode share card: %w", err)
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

func (c *ShareCards) fonts() (bold, normal *opentype.Font, err error) {
	c.once.Do(func() {
		c.bold, c.fontErr = opentype.Parse(gobold.TTF)
		if c.fontErr == nil {
			c.normal, c.fontErr = opentype.Parse(goregular.TTF)
		}
	})
	return c.bold, c.normal, c.fontErr
}

func (c *ShareCards) draw(p *catalog.Product, l i18n.Lang) (*image.RGBA, error) {
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

// drawGeneric draws the shop's own card: the sack, the shop's name and
// tagline.
func (c *ShareCards) drawGeneric(l i18n.Lang) (*image.RGBA, error) {
	bold, normal, err := c.fonts()
	if err != nil {
		return nil, fmt.Errorf("share card fonts: %w", err)
	}
	img := image.NewRGBA(image.Rect(0, 0, cardW, cardH))
	draw.Draw(img, img.Bounds(), image.NewUniform(cardCream), image.Point{}, draw.Src)
	pic := image.Rect(0, 0, cardH, cardH)
	draw.Draw(img, pic, image.NewUniform(cardSand), image.Point{}, draw.Src)
	drawSack(img, pic)
	draw.Draw(img, image.Rect(cardH, cardH-16, cardW, cardH), image.NewUniform(cardBrand), image.Point{}, draw.Src)
	x, right := cardH+50, cardW-50
	y := 95
	for _, line := range wrap(bold, 56, siteName, right-x, 2) {
		y += 68
		text(img, bold, 56, cardBrand, x, y, line)
	}
	y += 20
	for _, line := range wrap(normal, 36, tr(l, siteTagline), right-x, 4) {
		y += 50
		text(img, normal, 36, cardInk, x, y, line)
	}
	text(img, normal, 24, cardMuted, x, cardH-50, tr(l, "Pay with M-Pesa · Delivery across Kenya"))
	return img, nil
}

// photo loads the product's first picture when it is a photo (PNG or JPEG)
// kept in the picture store; a vector packshot gives nil.
func (c *ShareCards) photo(p *catalog.Product) image.Image {
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
