package demo

import (
	"bytes"
	"encoding/xml"
	"html"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCategories(t *testing.T) {
	cats := Categories()
	seen := map[string]Category{}
	for i, c := range cats {
		if c.Name == "" || c.Slug == "" {
			t.Errorf("category %d has empty name or slug: %+v", i, c)
		}
		if _, dup := seen[c.Slug]; dup {
			t.Errorf("duplicate category slug %q", c.Slug)
		}
		if c.ParentSlug != "" {
			if _, ok := seen[c.ParentSlug]; !ok {
				t.Errorf("category %q listed before its parent %q", c.Slug, c.ParentSlug)
			}
		}
		seen[c.Slug] = c
	}
	want := map[string][2]string{ // slug -> name, parent
		"feeds":          {"Feeds", ""},
		"dewormers":      {"Dewormers", ""},
		"supplements":    {"Supplements", ""},
		"chemicals":      {"Chemicals", ""},
		"dcp":            {"Dicalcium Phosphate (DCP)", ""},
		"dairy-meal":     {"Dairy Meal", "feeds"},
		"kienyeli-mash":  {"Kienyeji Mash", "feeds"},
		"layers":         {"Layers Mash", "feeds"},
		"chick-feeds":    {"Chick Feeds", "feeds"},
		"pig-feeds":      {"Pig Feeds", "feeds"},
		"albendazole-10": {"Albendazole 10%", "dewormers"},
		"albendazole-25": {"Albendazole 2.5%", "dewormers"},
	}
	for slug, np := range want {
		c, ok := seen[slug]
		if !ok {
			t.Errorf("missing category %q", slug)
			continue
		}
		if c.Name != np[0] || c.ParentSlug != np[1] {
			t.Errorf("category %q = %+v, want name %q parent %q", slug, c, np[0], np[1])
		}
	}
}

func TestProducts(t *testing.T) {
	prods := Products()
	if len(prods) < 44 {
		t.Fatalf("got %d products, want at least 44", len(prods))
	}
	cats := map[string]Category{}
	for _, c := range Categories() {
		cats[c.Slug] = c
	}
	allowed := map[string]bool{}
	for _, s := range Sizes {
		allowed[s] = true
	}
	slugs := map[string]bool{}
	skus := map[string]bool{}
	sizesSeen := map[string]bool{}
	perCat := map[string]int{}
	perTop := map[string]int{}
	outOfStock, zeroVariants, newArrivals := 0, 0, 0
	promos := map[string]int{}
	reviewed := 0
	for i, p := range prods {
		if p.Name == "" || p.Slug == "" || p.Description == "" {
			t.Errorf("product %d has empty name, slug or description", i)
		}
		if slugs[p.Slug] {
			t.Errorf("duplicate product slug %q", p.Slug)
		}
		slugs[p.Slug] = true
		c, ok := cats[p.CategorySlug]
		if !ok {
			t.Errorf("product %q has unknown category %q", p.Slug, p.CategorySlug)
		}
		perCat[p.CategorySlug]++
		top := p.CategorySlug
		if c.ParentSlug != "" {
			top = c.ParentSlug
		}
		perTop[top]++
		if p.Featured != (i == 0) {
			t.Errorf("product index %d Featured=%v; only index 0 may be featured", i, p.Featured)
		}
		if p.BestSeller != (i <= 2) {
			t.Errorf("product index %d BestSeller=%v; best sellers are exactly indexes 0-2", i, p.BestSeller)
		}
		if p.NewArrival {
			newArrivals++
		}
		switch p.Promo {
		case "", "bulk", "seasonal":
			promos[p.Promo]++
		default:
			t.Errorf("product %q has promo %q", p.Slug, p.Promo)
		}
		if n := len(p.Variants); n < 1 || n > 4 {
			t.Errorf("product %q has %d variants, want 1-4", p.Slug, n)
		}
		inStock := false
		for _, v := range p.Variants {
			if !allowed[v.Size] {
				t.Errorf("product %q has size %q not in the allowed list", p.Slug, v.Size)
			}
			sizesSeen[v.Size] = true
			if v.SKU == "" || v.SKU != strings.ToUpper(v.SKU) || strings.ContainsAny(v.SKU, " ") {
				t.Errorf("product %q has bad SKU %q", p.Slug, v.SKU)
			}
			if skus[v.SKU] {
				t.Errorf("duplicate SKU %q", v.SKU)
			}
			skus[v.SKU] = true
			if v.PriceKsh < 150 || v.PriceKsh > 16000 {
				t.Errorf("SKU %s price %d outside 150..16000", v.SKU, v.PriceKsh)
			}
			if v.Stock < 0 || v.Stock > 400 {
				t.Errorf("SKU %s stock %d outside 0..400", v.SKU, v.Stock)
			}
			if v.Stock > 0 {
				inStock = true
			} else {
				zeroVariants++
			}
		}
		if !inStock {
			outOfStock++
		}
		if len(p.Reviews) > 0 {
			reviewed++
		}
		if len(p.Reviews) > 4 {
			t.Errorf("product %q has %d reviews, want at most 4", p.Slug, len(p.Reviews))
		}
		for _, r := range p.Reviews {
			if r.Rating < 1 || r.Rating > 5 || r.Name == "" || r.Comment == "" || r.DaysAgo < 0 {
				t.Errorf("product %q has bad review %+v", p.Slug, r)
			}
		}
		switch p.Look.Pack {
		case "bag", "bottle", "jerrycan", "sachet", "tub", "box":
		default:
			t.Errorf("product %q has unknown pack %q", p.Slug, p.Look.Pack)
		}
		for _, c := range []string{p.Look.Color, p.Look.Accent} {
			if _, _, _, ok := rgb(c); !ok || len(c) != 7 {
				t.Errorf("product %q has bad colour %q", p.Slug, c)
			}
		}
	}
	for _, s := range []string{"10 Kg", "20 Kg", "70 Kg", "120 ml", "1 litre"} {
		if !sizesSeen[s] {
			t.Errorf("no variant with size %q (the weight filter needs it)", s)
		}
	}
	for slug, c := range cats {
		if c.ParentSlug != "" && perCat[slug] < 2 {
			t.Errorf("sub-category %q has %d products, want at least 2", slug, perCat[slug])
		}
		if c.ParentSlug == "" && perTop[slug] < 4 {
			t.Errorf("top-level category %q has %d products in all, want at least 4", slug, perTop[slug])
		}
	}
	if outOfStock < 2 {
		t.Errorf("%d fully out-of-stock products, want at least 2", outOfStock)
	}
	if zeroVariants < 4 || zeroVariants > 6 {
		t.Errorf("%d variants with zero stock, want 4-6", zeroVariants)
	}
	if newArrivals < 8 || newArrivals > 12 {
		t.Errorf("%d new arrivals, want about 10", newArrivals)
	}
	if promos["bulk"] < 5 || promos["seasonal"] < 4 {
		t.Errorf("promos %v, want about 6 bulk and 5 seasonal", promos)
	}
	if reviewed < 12 {
		t.Errorf("%d products with reviews, want about 15", reviewed)
	}
}

// Larger packs of the same unit must be cheaper per unit.
func TestLargerPacksCheaperPerUnit(t *testing.T) {
	qty := map[string]float64{ // in grams or ml
		"10 Kg": 10000, "20 Kg": 20000, "70 Kg": 70000, "1 Kg": 1000, "250 grams": 250, "500 grams": 500,
		"1 litre": 1000, "120 ml": 120, "20 ml": 20, "500 ml": 500, "90 ml": 90,
	}
	for _, p := range Products() {
		for i, a := range p.Variants {
			for _, b := range p.Variants[i+1:] {
				qa, qb := qty[a.Size], qty[b.Size]
				if qa == qb {
					continue
				}
				if qa > qb {
					a, b, qa, qb = b, a, qb, qa
				}
				if float64(b.PriceKsh)/qb >= float64(a.PriceKsh)/qa || b.PriceKsh <= a.PriceKsh {
					t.Errorf("%s: %s (Ksh %d) is not cheaper per unit than %s (Ksh %d)", p.Slug, b.Size, b.PriceKsh, a.Size, a.PriceKsh)
				}
			}
		}
	}
}

func TestPackshots(t *testing.T) {
	for _, p := range Products() {
		svg := Packshot(p)
		if !bytes.Equal(svg, Packshot(p)) {
			t.Errorf("%s: packshot is not deterministic", p.Slug)
		}
		if len(svg) >= 8*1024 {
			t.Errorf("%s: packshot is %d bytes, want < 8 KB", p.Slug, len(svg))
		}
		if !bytes.Contains(svg, []byte(html.EscapeString(p.Name))) {
			t.Errorf("%s: packshot does not contain the escaped name", p.Slug)
		}
		for _, bad := range []string{"<image", "href=", "http://www.w3.org/1999/xlink", "@import", "url(http", "url(data"} {
			if bytes.Contains(svg, []byte(bad)) {
				t.Errorf("%s: packshot contains %q", p.Slug, bad)
			}
		}
		dec := xml.NewDecoder(bytes.NewReader(svg))
		var title strings.Builder
		inTitle, root := false, ""
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Errorf("%s: packshot is not valid XML: %v", p.Slug, err)
				break
			}
			switch tk := tok.(type) {
			case xml.StartElement:
				if root == "" {
					root = tk.Name.Local
					attrs := map[string]string{}
					for _, a := range tk.Attr {
						attrs[a.Name.Local] = a.Value
					}
					if attrs["viewBox"] != "0 0 600 600" || attrs["width"] != "600" || attrs["height"] != "600" {
						t.Errorf("%s: root attributes %v", p.Slug, attrs)
					}
				}
				inTitle = tk.Name.Local == "title"
			case xml.EndElement:
				inTitle = false
			case xml.CharData:
				if inTitle {
					title.Write(tk)
				}
			}
		}
		if root != "svg" {
			t.Errorf("%s: root element %q, want svg", p.Slug, root)
		}
		if title.String() != p.Name {
			t.Errorf("%s: title %q, want %q", p.Slug, title.String(), p.Name)
		}
	}
}

// TestWriteSamples writes every packshot to $PACKSHOT_DIR for a visual check.
func TestWriteSamples(t *testing.T) {
	dir := os.Getenv("PACKSHOT_DIR")
	if dir == "" {
		t.Skip("set PACKSHOT_DIR to write sample packshots")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, p := range Products() {
		if err := os.WriteFile(filepath.Join(dir, p.Slug+".svg"), Packshot(p), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// The demo shop speaks Kiswahili throughout (docs/i18n.md, "Product
// content"): every category, every product's name and description, and
// every review, so a Kiswahili page shows no English demo text.
func TestKiswahiliTexts(t *testing.T) {
	for _, c := range Categories() {
		if c.NameSW == "" {
			t.Errorf("category %q has no Kiswahili name", c.Slug)
		}
	}
	for _, p := range Products() {
		if p.NameSW == "" || p.DescriptionSW == "" {
			t.Errorf("product %q lacks its Kiswahili name or description", p.Slug)
		}
		for _, english := range []string{"Oral", "Suspension", "grams", "litre", " and ", " for "} {
			if strings.Contains(p.NameSW+" "+p.DescriptionSW, english) {
				t.Errorf("product %q's Kiswahili says %q", p.Slug, english)
			}
		}
		for _, r := range p.Reviews {
			if r.CommentSW == "" || r.CommentSW == r.Comment {
				t.Errorf("a review of %q has no Kiswahili: %q", p.Slug, r.Comment)
			}
		}
	}
}
