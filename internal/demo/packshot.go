package demo

import (
	"fmt"
	"hash/fnv"
	"math"
	"strconv"
	"strings"
)

// fontFamily is the only font stack used in packshots.
const fontFamily = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"

// Packshot draws the product's pack (chosen by p.Look.Pack) as a 600x600
// SVG studio shot on a soft light background. The output is deterministic,
// self-contained (no external references, no raster images) and small.
func Packshot(p Product) []byte {
	lk := p.Look
	col := hexOr(lk.Color, "#2f6f3e")
	acc := hexOr(lk.Accent, "#f2c14e")
	d := &drawer{
		id:   packID(p.Slug),
		col:  col,
		acc:  acc,
		dark: shade(col, -0.28),
		ink:  inkOn(col),
	}
	d.brand = col
	if lum(col) > 0.2 {
		d.brand = shade(col, -0.4)
	}
	d.accW = acc
	if lum(acc) > 0.7 {
		d.accW = col
	}
	b := &d.b
	name := esc(p.Name)
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600" role="img" aria-label="%s" font-family="%s" text-anchor="middle">`, name, fontFamily)
	fmt.Fprintf(b, `<title>%s</title><defs>`, name)
	fmt.Fprintf(b, `<radialGradient id="%sb" cx=".5" cy=".36" r=".8"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="%s"/></radialGradient>`, d.id, mix("#e6e1d6", col, 0.1))
	fmt.Fprintf(b, `<filter id="%ss" x="-30%%" y="-200%%" width="160%%" height="500%%"><feGaussianBlur stdDeviation="9"/></filter>`, d.id)
	fmt.Fprintf(b, `<linearGradient id="%sh"><stop offset="0" stop-color="#000" stop-opacity=".2"/><stop offset=".18" stop-color="#fff" stop-opacity=".16"/><stop offset=".5" stop-color="#fff" stop-opacity="0"/><stop offset=".85" stop-color="#000" stop-opacity=".08"/><stop offset="1" stop-color="#000" stop-opacity=".26"/></linearGradient>`, d.id)
	fmt.Fprintf(b, `<linearGradient id="%sl" x2="0" y2="1"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient>`, d.id, shade(col, 0.1), shade(col, -0.16))
	fmt.Fprintf(b, `<linearGradient id="%sw" x2="0" y2="1"><stop offset="0" stop-color="#fdfcf9"/><stop offset="1" stop-color="#e9e5dc"/></linearGradient>`, d.id)
	if lk.Pack == "bag" || lk.Pack == "" {
		fmt.Fprintf(b, `<pattern id="%sp" width="6" height="6" patternUnits="userSpaceOnUse"><path d="M0,3H6M3,0V6" stroke="#6b5f48" stroke-opacity=".07"/></pattern>`, d.id)
	}
	fmt.Fprintf(b, `</defs><rect width="600" height="600" fill="url(#%sb)"/>`, d.id)

	disp := strings.TrimPrefix(p.Name, "Mifugo Bora ")
	sizes := make([]string, 0, len(p.Variants))
	for _, v := range p.Variants {
		sizes = append(sizes, v.Size)
	}
	sz := strings.Join(sizes, " · ")
	label := strings.ToUpper(lk.Label)

	switch lk.Pack {
	case "bottle":
		d.bottle(disp, label, sz)
	case "jerrycan":
		d.jerrycan(disp, label, sz)
	case "tub":
		d.tub(disp, label, sz)
	case "sachet":
		d.sachet(disp, label, sz)
	case "box":
		d.box(disp, label, sz)
	default:
		d.bag(disp, label, sz)
	}
	b.WriteString(`</svg>`)
	return []byte(b.String())
}

type drawer struct {
	b    strings.Builder
	id   string // prefix for element ids, unique per product
	col  string // main colour
	acc  string // accent colour
	dark string // darker main colour
	ink  string // text colour readable on col
	// brand is the main colour darkened when needed to read on white;
	// accW is the accent, or the main colour when the accent is too light
	// to show on white.
	brand, accW string
}

func (d *drawer) f(format string, a ...any) { fmt.Fprintf(&d.b, format, a...) }

// shadow draws a soft floor shadow centred at x=300 under a pack whose base is at y.
func (d *drawer) shadow(y, rx int) {
	d.f(`<ellipse cx="300" cy="%d" rx="%d" ry="20" fill="#3a3020" opacity=".32" filter="url(#%ss)"/>`, y, rx, d.id)
	d.f(`<ellipse cx="300" cy="%d" rx="%d" ry="6" fill="#2a2418" opacity=".22" filter="url(#%ss)"/>`, y-2, rx*3/4, d.id)
}

// body fills path pth with fill and then with the side shading.
func (d *drawer) body(pth, fill string) {
	d.f(`<path d="%s" fill="%s"/><path d="%s" fill="url(#%sh)"/>`, pth, fill, pth, d.id)
}

func (d *drawer) text(x, y, fs int, weight, fill, extra, s string) {
	d.f(`<text x="%d" y="%d" font-size="%d" font-weight="%s" fill="%s"%s>%s</text>`, x, y, fs, weight, fill, extra, esc(s))
}

// name draws the product name wrapped to fit width w, centred vertically
// in [top, top+h] at x.
func (d *drawer) name(x, top, w, h, maxFS int, fill, s string) {
	lines, fs := wrap(s, float64(w), maxFS, 3)
	lh := fs * 112 / 100
	if n := len(lines); n*lh > h {
		fs = fs * h / (n * lh)
		lh = fs * 112 / 100
	}
	y := top + (h-len(lines)*lh)/2 + fs*80/100 + (lh-fs)/2
	d.f(`<text font-size="%d" font-weight="800" fill="%s">`, fs, fill)
	for i, l := range lines {
		d.f(`<tspan x="%d" y="%d">%s</tspan>`, x, y+i*lh, esc(l))
	}
	d.b.WriteString(`</text>`)
}

// pill draws the short label line on a rounded accent background.
func (d *drawer) pill(cx, y, fs, maxW int, s, bg string) {
	if s == "" {
		return
	}
	w := int(textWidth(s, float64(fs))*1.0+float64(fs)*0.12*float64(len(s))) + 2*fs
	if w > maxW {
		fs = fs * maxW / w
		w = maxW
	}
	h := fs * 2
	d.f(`<rect x="%d" y="%d" width="%d" height="%d" rx="%d" fill="%s"/>`, cx-w/2, y, w, h, h/2, bg)
	d.text(cx, y+h/2+fs*36/100, fs, "800", inkOn(bg), ` letter-spacing="1.5"`, s)
}

// emblem draws the Mifugo Bora sprout in a circle.
func (d *drawer) emblem(cx, cy, r int, bg, fg string) {
	d.f(`<circle cx="%d" cy="%d" r="%d" fill="%s"/>`, cx, cy, r, bg)
	d.f(`<g transform="translate(%d %d) scale(%s)" fill="%s"><path d="M-1,13V1h2V13Z"/><path d="M1,2C1,-7 7,-12 14,-12C14,-4 9,2 1,2Z"/><path d="M-1,-1C-1,-9 -6,-14 -13,-14C-13,-6 -8,-1 -1,-1Z"/></g>`, cx, cy+1, num(float64(r)/20), fg)
}

// fit returns the font size (≤ fs) at which s fits in width w.
func fit(s string, fs, w int) int {
	if tw := textWidth(s, float64(fs)); tw > float64(w) {
		return int(float64(fs) * float64(w) / tw)
	}
	return fs
}

func (d *drawer) bag(name, label, sizes string) {
	d.shadow(512, 175)
	const body = "M156,118Q300,104 444,118Q464,310 452,506Q300,524 148,506Q136,310 156,118Z"
	d.f(`<path d="%s" fill="url(#%sw)" stroke="#d3ccbc"/><path d="%s" fill="url(#%sp)"/>`, body, d.id, body, d.id)
	// crimped, stitched top and bottom seams
	d.f(`<path d="M156,118Q300,104 444,118L446,152Q300,140 154,152Z" fill="#e2dccf"/>`)
	d.f(`<path d="M160,138Q300,126 440,138M152,494Q300,510 448,494" fill="none" stroke="#9b917c" stroke-width="2.5" stroke-dasharray="7 5"/>`)
	d.text(300, 190, fit("MIFUGO BORA", 26, 250), "800", d.brand, ` letter-spacing="4"`, "MIFUGO BORA")
	d.f(`<rect x="176" y="204" width="248" height="246" rx="16" fill="url(#%sl)"/>`, d.id)
	d.f(`<rect x="184" y="212" width="232" height="230" rx="11" fill="none" stroke="%s" stroke-opacity=".45" stroke-width="1.5"/>`, d.acc)
	d.emblem(300, 246, 22, "#fff", d.col)
	d.name(300, 274, 214, 118, 34, d.ink, name)
	d.pill(300, 398, 15, 220, label, d.acc)
	d.text(300, 480, fit(sizes, 19, 270), "700", "#4b4538", "", sizes)
	d.f(`<path d="%s" fill="url(#%sh)"/>`, body, d.id)
}

func (d *drawer) bottle(name, label, sizes string) {
	d.shadow(516, 120)
	d.f(`<rect x="262" y="104" width="76" height="58" rx="8" fill="%s"/>`, d.dark)
	var ridges strings.Builder
	for x := 268; x <= 332; x += 8 {
		fmt.Fprintf(&ridges, "M%d,108V158", x)
	}
	d.f(`<path d="%s" stroke="#000" stroke-opacity=".22" stroke-width="2"/>`, ridges.String())
	const body = "M270,160H330Q330,192 360,200Q398,212 398,250V496Q398,516 378,516H222Q202,516 202,496V250Q202,212 240,200Q270,192 270,160Z"
	d.body(body, "url(#"+d.id+"w)")
	d.f(`<rect x="202" y="252" width="196" height="236" fill="url(#%sl)"/>`, d.id)
	d.f(`<path d="M202,260H398M202,480H398" stroke="%s" stroke-width="3"/>`, d.acc)
	d.emblem(300, 288, 15, "#fff", d.col)
	d.text(300, 322, 13, "800", d.ink, ` letter-spacing="3"`, "MIFUGO BORA")
	d.name(300, 332, 176, 76, 26, d.ink, name)
	d.pill(300, 416, 12, 176, label, d.acc)
	d.text(300, 464, fit(sizes, 13, 164), "600", d.ink, ` opacity=".9"`, sizes)
	d.f(`<path d="%s" fill="url(#%sh)"/><rect x="209" y="222" width="6" height="270" rx="3" fill="#fff" opacity=".3"/>`, body, d.id)
}

func (d *drawer) jerrycan(name, label, sizes string) {
	d.shadow(516, 170)
	d.f(`<rect x="212" y="150" width="40" height="26" fill="%s"/><rect x="202" y="118" width="60" height="40" rx="7" fill="%s"/>`, shade(d.dark, -0.2), d.dark)
	const body = "M194,170H298V132Q298,106 324,106H406Q432,106 432,132V492Q432,516 408,516H192Q168,516 168,492V196Q168,170 194,170ZM322,170H408V138Q408,130 400,130H330Q322,130 322,138Z"
	d.f(`<path d="%s" fill-rule="evenodd" fill="url(#%sw)" stroke="#d8d2c4"/><path d="%s" fill-rule="evenodd" fill="url(#%sh)"/>`, body, d.id, body, d.id)
	d.f(`<rect x="190" y="212" width="220" height="280" rx="14" fill="url(#%sl)"/>`, d.id)
	d.emblem(300, 246, 18, "#fff", d.col)
	d.text(300, 290, 16, "800", d.ink, ` letter-spacing="3"`, "MIFUGO BORA")
	d.name(300, 300, 196, 104, 30, d.ink, name)
	d.pill(300, 412, 13, 196, label, d.acc)
	d.text(300, 470, fit(sizes, 15, 196), "600", d.ink, ` opacity=".9"`, sizes)
	d.f(`<path d="M182,300V470M418,300V470" stroke="#000" stroke-opacity=".06" stroke-width="4"/>`)
}

func (d *drawer) tub(name, label, sizes string) {
	d.shadow(512, 140)
	const body = "M164,224L184,496Q300,528 416,496L436,224Z"
	d.body(body, "url(#"+d.id+"w)")
	d.f(`<path d="M170,278Q300,306 430,278L421,448Q300,476 179,448Z" fill="url(#%sl)"/>`, d.id)
	d.f(`<path d="M160,196V224Q300,262 440,224V196Z" fill="%s"/><ellipse cx="300" cy="196" rx="140" ry="30" fill="%s"/>`, d.dark, d.col)
	d.f(`<ellipse cx="300" cy="192" rx="112" ry="20" fill="#fff" opacity=".15"/>`)
	d.emblem(300, 316, 16, "#fff", d.col)
	d.text(300, 352, 15, "800", d.ink, ` letter-spacing="3"`, "MIFUGO BORA")
	d.name(300, 356, 220, 60, 26, d.ink, name)
	d.pill(300, 420, 12, 200, label, d.acc)
	d.text(300, 492, fit(sizes, 15, 210), "700", "#4b4538", "", sizes)
	d.f(`<path d="%s" fill="url(#%sh)"/>`, body, d.id)
}

func (d *drawer) sachet(name, label, sizes string) {
	d.shadow(516, 125)
	const body = "M190,110H410Q420,313 410,516H190Q180,313 190,110Z"
	d.body(body, "url(#"+d.id+"l)")
	var z strings.Builder
	z.WriteString("M190,110")
	for x := 194; x <= 410; x += 8 {
		fmt.Fprintf(&z, "L%d,%d", x, 104+(x-194)/8%2*6)
	}
	for x := 410; x >= 190; x -= 8 {
		fmt.Fprintf(&z, "L%d,%d", x, 516+(x-190)/8%2*6)
	}
	z.WriteString("Z")
	d.f(`<path d="%sM190,110H410V516H190Z" fill-rule="evenodd" fill="%s"/>`, z.String(), d.col)
	var crimp strings.Builder
	for x := 196; x <= 404; x += 6 {
		fmt.Fprintf(&crimp, "M%d,112V144M%d,484V514", x, x)
	}
	d.f(`<path d="%s" stroke="#fff" stroke-opacity=".18" stroke-width="2"/>`, crimp.String())
	d.f(`<path d="M410,160l-10,6 10,6Z" fill="%s"/>`, mix("#e6e1d6", d.col, 0.1))
	d.text(300, 178, 17, "800", d.ink, ` letter-spacing="3"`, "MIFUGO BORA")
	d.emblem(300, 214, 18, "#fff", d.col)
	d.f(`<rect x="208" y="244" width="184" height="190" rx="14" fill="#fff" opacity=".96"/>`)
	d.name(300, 254, 164, 118, 28, d.dark, name)
	d.pill(300, 384, 12, 168, label, d.accW)
	d.text(300, 466, fit(sizes, 15, 200), "700", d.ink, "", sizes)
	d.f(`<path d="%s" fill="url(#%sh)"/>`, body, d.id)
}

func (d *drawer) box(name, label, sizes string) {
	d.shadow(512, 150)
	d.f(`<path d="M180,168L226,140H444L398,168Z" fill="%s"/>`, shade(d.col, 0.25))
	d.f(`<path d="M398,168L444,140V484L398,512Z" fill="%s"/>`, d.dark)
	d.f(`<rect x="180" y="168" width="218" height="344" fill="url(#%sl)"/>`, d.id)
	d.f(`<path d="M398,236L444,208V226L398,254Z" fill="%s"/>`, d.acc)
	d.text(289, 206, 16, "800", d.ink, ` letter-spacing="3"`, "MIFUGO BORA")
	d.f(`<rect x="180" y="226" width="218" height="196" fill="#fff" opacity=".96"/>`)
	d.name(289, 236, 178, 126, 30, d.dark, name)
	d.pill(289, 372, 12, 190, label, d.accW)
	d.emblem(289, 452, 16, "#fff", d.col)
	d.text(289, 494, fit(sizes, 15, 196), "700", d.ink, "", sizes)
	d.f(`<rect x="180" y="168" width="218" height="344" fill="url(#%sh)"/>`, d.id)
}

// wrap splits s into at most maxLines lines that fit width w, using the
// largest font size from maxFS down that allows it.
func wrap(s string, w float64, maxFS, maxLines int) ([]string, int) {
	words := strings.Fields(s)
	for fs := maxFS; fs > 12; fs-- {
		var lines []string
		cur := ""
		ok := true
		for _, wd := range words {
			try := wd
			if cur != "" {
				try = cur + " " + wd
			}
			if textWidth(try, float64(fs)) <= w {
				cur = try
				continue
			}
			if cur != "" {
				lines = append(lines, cur)
			}
			cur = wd
			if textWidth(wd, float64(fs)) > w {
				ok = false
			}
		}
		if cur != "" {
			lines = append(lines, cur)
		}
		if ok && len(lines) <= maxLines {
			return lines, fs
		}
	}
	return []string{s}, 12
}

// textWidth estimates the rendered width of bold sans-serif text.
func textWidth(s string, fs float64) float64 {
	var em float64
	for _, r := range s {
		switch {
		case r == ' ':
			em += 0.3
		case r == 'i' || r == 'l' || r == 'I' || r == '.' || r == ',' || r == '\'' || r == '·':
			em += 0.32
		case r == 'm' || r == 'w' || r == 'M' || r == 'W' || r == '%' || r == '&':
			em += 0.92
		case r >= 'A' && r <= 'Z':
			em += 0.74
		case r >= '0' && r <= '9':
			em += 0.64
		case r == 'f' || r == 't' || r == 'r' || r == 'j':
			em += 0.42
		case r == '-' || r == '(' || r == ')' || r == '/':
			em += 0.4
		default:
			em += 0.62
		}
	}
	return em * fs
}

var escaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;")

// esc escapes text for use in XML character data and attribute values.
func esc(s string) string { return escaper.Replace(s) }

func packID(slug string) string {
	h := fnv.New32a()
	h.Write([]byte(slug))
	return "m" + strconv.FormatUint(uint64(h.Sum32()), 36)
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// rgb parses "#rrggbb" or "#rgb".
func rgb(hex string) (r, g, b float64, ok bool) {
	h := strings.TrimPrefix(hex, "#")
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	if len(h) != 6 {
		return 0, 0, 0, false
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if err != nil {
		return 0, 0, 0, false
	}
	return float64(v >> 16), float64(v >> 8 & 0xff), float64(v & 0xff), true
}

func hexOr(c, def string) string {
	if _, _, _, ok := rgb(c); ok {
		return strings.ToLower(c)
	}
	return def
}

func toHex(r, g, b float64) string {
	c := func(v float64) int { return int(math.Round(math.Max(0, math.Min(255, v)))) }
	return fmt.Sprintf("#%02x%02x%02x", c(r), c(g), c(b))
}

// shade lightens (k > 0) or darkens (k < 0) a colour by fraction |k|.
func shade(c string, k float64) string {
	r, g, b, _ := rgb(c)
	if k > 0 {
		return toHex(r+(255-r)*k, g+(255-g)*k, b+(255-b)*k)
	}
	return toHex(r*(1+k), g*(1+k), b*(1+k))
}

// mix blends colour b into a by fraction k.
func mix(a, b string, k float64) string {
	r1, g1, b1, _ := rgb(a)
	r2, g2, b2, _ := rgb(b)
	return toHex(r1+(r2-r1)*k, g1+(g2-g1)*k, b1+(b2-b1)*k)
}

// lum is the relative luminance of colour c (0 black .. 1 white).
func lum(c string) float64 {
	r, g, b, _ := rgb(c)
	lin := func(v float64) float64 {
		v /= 255
		if v <= 0.04045 {
			return v / 12.92
		}
		return math.Pow((v+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}

// inkOn returns a text colour readable on background c.
func inkOn(c string) string {
	if lum(c) > 0.3 {
		return "#2b2418"
	}
	return "#fff"
}
