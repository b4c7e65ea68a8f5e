package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"net/url"

	"shop/internal/demo"
)

// searches are what shoppers type: names, parts of words, typos, sizes,
// SKUs and farmers' own words.
var searches = []string{
	"dairy", "dairy meal", "layers", "layers mash", "chick", "broiler", "pig", "kienyeji", "growers", "starter",
	"albendazole", "albend", "albendazol", "dewormer", "dewomer", "layres", "ivermectin", "levamisole", "piperazine",
	"premix", "mineral", "vitamin", "egg booster", "yeast", "calf", "goat", "sheep", "rabbit", "cotton seed", "maize germ",
	"tick", "dip", "disinfectant", "teat dip", "mites", "DCP", "DCP 18", "18%", "10kg", "70 kg", "1 litre", "120ml",
	"MB-ALB10-120ML", "MB-DCP-10KG", "dawa ya minyoo", "kuku", "chakula cha kuku", "ng'ombe", "maziwa", "nguruwe",
	"madini", "wormer", "pellets", "crumbs", "finisher", "salt", "oyster", "cobalt", "suspension", "powder",
}

// mixedURLs writes the list workload of scripts/bench.sh: every category
// (and none) by sort and page, sizes, price bands, and every search by sort
// and page, in a fixed random order, one path and query a line.
func mixedURLs(w io.Writer) (int, error) {
	var all []string
	add := func(params ...string) {
		q := url.Values{}
		for i := 0; i+1 < len(params); i += 2 {
			if params[i+1] != "" {
				q.Set(params[i], params[i+1])
			}
		}
		all = append(all, "/api/products/?"+q.Encode())
	}
	categories := []string{""}
	for _, c := range demo.Categories() {
		categories = append(categories, c.Slug)
	}
	sorts := []string{"", "price-low", "price-high"}
	pages := []string{"1", "2", "3", "4", "5", "10", "25"}
	// The shop's own controls: a category (or none) by sort and page.
	for _, c := range categories {
		for _, s := range sorts {
			for _, p := range pages {
				add("category", c, "sort", s, "page", p)
			}
		}
	}
	// Sizes, as the shop's links and chips set them: alone, or with a
	// category that sells that size.
	for _, weight := range []string{"10kg", "20kg", "70kg", "1litre", "120ml"} {
		for _, c := range []string{"", "feeds", "dewormers", "supplements"} {
			for _, s := range sorts {
				for _, p := range pages[:3] {
					add("category", c, "weight", weight, "sort", s, "page", p)
				}
			}
		}
	}
	// Price bands, by category.
	for _, c := range categories {
		for _, band := range [][2]string{{"", "1000"}, {"1000", "3000"}, {"3000", ""}} {
			for _, p := range pages[:3] {
				add("category", c, "min_price", band[0], "max_price", band[1], "page", p)
			}
		}
	}
	// Searches, by sort and page, and within the three largest categories.
	for _, term := range searches {
		for _, s := range append(sorts, "name") {
			for _, p := range pages[:3] {
				add("search", term, "sort", s, "page", p)
			}
		}
		for _, c := range []string{"feeds", "dewormers", "supplements"} {
			add("search", term, "category", c, "page", "1")
		}
	}
	for _, collection := range []string{"new-arrivals", "best-sellers", "featured"} {
		for _, p := range pages {
			add("featured", collection, "page", p)
		}
	}
	rng := rand.New(rand.NewPCG(15, 10000))
	rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	for _, u := range all {
		if _, err := fmt.Fprintln(w, u); err != nil {
			return 0, err
		}
	}
	return len(all), nil
}
