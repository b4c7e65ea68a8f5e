// Command benchlists asks a running shop for every address of the mixed
// list workload (written by `benchdata -urls`) one at a time, each made
// unique so the micro-cache never answers, three times in turn, and prints
// what each kind of list costs: the least of its three times, averaged over
// the kind's addresses (docs/benchmarks.md). With the server on a core of
// its own and one request at a time, an answer's time is its CPU time, and
// the kinds say where the mixed workload's CPU goes.
//
//	benchlists -base http://127.0.0.1:18181 -urls urls.txt [-each]
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
)

func main() {
	base := flag.String("base", "", "the shop's address")
	list := flag.String("urls", "", "the workload's addresses, one a line")
	each := flag.Bool("each", false, "also print every address's time, slowest first")
	flag.Parse()
	if *base == "" || *list == "" {
		fmt.Fprintln(os.Stderr, "usage: benchlists -base URL -urls FILE [-each]")
		os.Exit(2)
	}
	paths, err := read(*list)
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchlists:", err)
		os.Exit(1)
	}
	best := make([]time.Duration, len(paths))
	// The run's own mark in every address, so that a second run against the
	// same server is not answered by the micro-cache from the first.
	run := strconv.FormatInt(time.Now().UnixNano(), 36)
	for pass := range 3 {
		for i, p := range paths {
			d, err := ask(*base + p + "&pass=" + run + "-" + strconv.Itoa(pass))
			if err != nil {
				fmt.Fprintln(os.Stderr, "benchlists:", err)
				os.Exit(1)
			}
			if pass == 0 || d < best[i] {
				best[i] = d
			}
		}
	}
	type total struct {
		n   int
		sum time.Duration
	}
	kinds := map[string]*total{}
	var all time.Duration
	for i, p := range paths {
		k := kind(p)
		if kinds[k] == nil {
			kinds[k] = &total{}
		}
		kinds[k].n++
		kinds[k].sum += best[i]
		all += best[i]
	}
	names := make([]string, 0, len(kinds))
	for k := range kinds {
		names = append(names, k)
	}
	slices.Sort(names)
	fmt.Printf("%-32s %6s %10s %8s\n", "kind", "lists", "ms a list", "share")
	for _, k := range names {
		t := kinds[k]
		fmt.Printf("%-32s %6d %10.2f %7.0f%%\n", k, t.n, ms(t.sum)/float64(t.n), 100*float64(t.sum)/float64(all))
	}
	fmt.Printf("%-32s %6d %10.2f\n", "every address", len(paths), ms(all)/float64(len(paths)))
	if *each {
		order := make([]int, len(paths))
		for i := range order {
			order[i] = i
		}
		slices.SortFunc(order, func(a, b int) int { return int(best[b] - best[a]) })
		for _, i := range order {
			fmt.Printf("%.3f %s\n", ms(best[i]), paths[i])
		}
	}
}

func read(name string) ([]string, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" {
			out = append(out, line)
		}
	}
	return out, sc.Err()
}

// ask fetches u as a phone's browser would, and times it to the last byte.
func ask(u string) (time.Duration, error) {
	req, err := http.NewRequest("GET", u, nil)
	if err != nil {
		return 0, err
	}
	req.Header.Set("Accept-Encoding", "gzip")
	start := time.Now()
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	if _, err := io.Copy(io.Discard, res.Body); err != nil {
		return 0, err
	}
	if res.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("%s: %s", u, res.Status)
	}
	return time.Since(start), nil
}

// kind names what a list address asks: a search by relevance or sorted, a
// size, a category, a price band, the rest; "+ category" when it has one.
func kind(p string) string {
	_, raw, _ := strings.Cut(p, "?")
	q, _ := url.ParseQuery(raw)
	k := "other"
	switch {
	case q.Get("search") != "" && q.Get("sort") == "":
		k = "search by relevance"
	case q.Get("search") != "":
		k = "search sorted"
	case q.Get("weight") != "":
		k = "size"
	case q.Get("min_price") != "" || q.Get("max_price") != "":
		k = "price band"
	case q.Get("category") != "":
		return "category"
	}
	if q.Get("category") != "" {
		k += " + category"
	}
	return k
}

func ms(d time.Duration) float64 { return d.Seconds() * 1000 }
