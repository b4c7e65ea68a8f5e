package order

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"shop/internal/db"
	"shop/internal/phone"
)

// The admin's order list at scale (docs/benchmarks.md, "The back office at
// scale"): the page's ids are found first, walking orders_created (or the
// index a filter picks) with only the keys in hand, and only the page's own
// orders are read whole with their item counts; a search counts its matches
// no further than AdminFilter.CountCap.

// ListSorts are the orders list's orders: newest first (the default, on the
// columns of orders_created), oldest first, largest or smallest total.
var ListSorts = map[string]string{
	"":       "@created_at DESC, @id DESC",
	"newest": "@created_at DESC, @id DESC",
	"oldest": "@created_at, @id",
	"total":  "@total_cents DESC, @id DESC",
	"-total": "@total_cents, @id",
}

// sortOrder is the ORDER BY of sort, its columns prefixed by @.
func sortOrder(sort string) string {
	if o, ok := ListSorts[sort]; ok {
		return o
	}
	return ListSorts[""]
}

// statusesOf is f's statuses, one or many.
func statusesOf(f AdminFilter) []Status {
	if len(f.Statuses) > 0 {
		return f.Statuses
	}
	if f.Status != "" {
		return []Status{f.Status}
	}
	return nil
}

func statusArgs(w *db.Where, statuses []Status) string {
	args := make([]string, len(statuses))
	for i, st := range statuses {
		args[i] = w.Arg(string(st))
	}
	return strings.Join(args, ", ")
}

// onlyStatus reports whether f narrows by status and attention alone, which
// order_status_totals counts.
func onlyStatus(f AdminFilter) bool {
	return f.Channel == "" && f.From.IsZero() && f.To.IsZero() && f.County == "" && f.DeliveryKind == ""
}

// StatusCounts counts f's orders in each status, whatever f's own status:
// the list's status chips. A search or the filters beyond the flagged ones
// count the matching orders themselves; a search too broad to count
// (more than f.CountCap) gives no counts (nil).
func (s *Store) StatusCounts(ctx context.Context, f AdminFilter) (map[Status]int, error) {
	f.Status, f.Statuses = "", nil
	out := map[Status]int{}
	scan := func(r db.Scanner) (struct{}, error) {
		var st Status
		var n int
		err := r.Scan(&st, &n)
		out[st] += n
		return struct{}{}, err
	}
	if strings.TrimSpace(f.Search) == "" && onlyStatus(f) {
		column := "orders"
		if f.Attention {
			column = "attention"
		}
		_, err := db.QueryAll(ctx, s.db, "order counts", scan, `SELECT status, COALESCE(SUM(`+column+`), 0) FROM order_status_totals GROUP BY status`)
		return out, err
	}
	w := adminWhere(f, s.db.Dialect)
	if err := s.narrowByTrigrams(ctx, w, f.Search); err != nil {
		return nil, err
	}
	if strings.TrimSpace(f.Search) != "" && f.CountCap > 0 {
		// A broad search is not counted status by status (its count stops
		// at the cap too).
		n, capped, err := s.db.CountMatches(ctx, "orders", ` FROM orders o`+w.String(), w.Args, 1, 1, 1, f.CountCap)
		if err != nil || capped || n > f.CountCap {
			return nil, err
		}
	}
	_, err := db.QueryAll(ctx, s.db, "order counts", scan, `SELECT o.status, COUNT(*) FROM orders o`+w.String()+` GROUP BY o.status`, w.Args...)
	return out, err
}

// AdminList lists orders newest first, flagged ones standing out by their
// Attention field.
func (s *Store) AdminList(ctx context.Context, f AdminFilter) (SummaryPage, error) {
	w := adminWhere(f, s.db.Dialect)
	if err := s.narrowByTrigrams(ctx, w, f.Search); err != nil {
		return SummaryPage{}, err
	}
	page, size := db.PageBounds(f.Page, f.PageSize)
	from := ` FROM orders o` + w.String()
	order := sortOrder(f.Sort)
	// A deep page (?page=2000) skips 40,000 orders: skipping keys is cheap,
	// computing each skipped order's columns (its item count) is not.
	stmt := `SELECT ` + summaryColumns + ` FROM (SELECT o.id, o.created_at, o.total_cents` + from + ` ORDER BY ` +
		strings.ReplaceAll(order, "@", "o.") + db.Limit(page, size) + `) AS page JOIN orders o ON o.id = page.id ORDER BY ` +
		strings.ReplaceAll(order, "@", "page.")
	orders, err := db.QueryAll(ctx, s.db, "orders", func(r db.Scanner) (Summary, error) { return scanSummary(r) }, stmt, w.Args...)
	if err != nil {
		return SummaryPage{}, err
	}
	out := SummaryPage{Orders: orders}
	search := strings.TrimSpace(f.Search) != ""
	if !search && onlyStatus(f) && !db.PageTellsCount(page, size, len(orders)) {
		// Every order, a status's, the flagged ones: the figures by status
		// (0021, 0023) have the count without reading the orders.
		out.Count, err = s.countByStatus(ctx, statusesOf(f), f.Attention)
	} else {
		// A search over every order counts no further than the cap.
		most := f.CountCap
		if !search {
			most = 0
		}
		out.Count, out.Capped, err = s.db.CountMatches(ctx, "orders", from, w.Args, page, size, len(orders), most)
	}
	if err != nil {
		return SummaryPage{}, fmt.Errorf("count orders: %w", err)
	}
	return out, s.summaryPayments(ctx, out.Orders)
}

// fewTrigramMatches is how many orders the trigrams of a search may name
// for the list to read just those: past it the search is common, and the
// walk newest first finds its page sooner than reading them all would.
const fewTrigramMatches = 1000

// narrowByTrigrams restricts w, on SQLite, to the orders that hold every
// three letters of search (orders_search, migration 0023) when they are
// few. PostgreSQL's planner picks its own trigram index (0023) itself.
func (s *Store) narrowByTrigrams(ctx context.Context, w *db.Where, search string) error {
	if s.db.Dialect != db.SQLite {
		return nil
	}
	match := trigramQuery(strings.TrimSpace(search))
	if match == "" {
		return nil
	}
	named := `SELECT rowid FROM orders_search WHERE orders_search MATCH `
	n, err := s.db.Count(ctx, "orders_search", `SELECT COUNT(*) FROM (`+named+`$1 LIMIT `+strconv.Itoa(fewTrigramMatches+1)+`) AS m`, match)
	if err != nil {
		return fmt.Errorf("order search: %w", err)
	}
	if n <= fewTrigramMatches {
		w.And("o.id IN (" + named + w.Arg(match) + ")")
	}
	return nil
}

// trigramQuery is the FTS5 query naming the orders that may match q as
// adminWhere matches it: every trigram of q, or of the digits of a phone
// typed from 0; "" when q has a part shorter than a trigram, which the
// index cannot find.
func trigramQuery(q string) string {
	if _, ok := phone.Normalize(q); ok || q == "" {
		return ""
	}
	all := trigrams(q)
	if all == "" {
		return ""
	}
	if part, ok := phonePart(q); ok {
		phone := trigrams(part)
		if phone == "" {
			return ""
		}
		all = "(" + all + ") OR (" + phone + ")"
	}
	return all
}

// trigrams ANDs the three-letter runs of s, each quoted for FTS5.
func trigrams(s string) string {
	r := []rune(s)
	if len(r) < 3 {
		return ""
	}
	out := make([]string, 0, len(r)-2)
	for i := 0; i+3 <= len(r); i++ {
		out = append(out, `"`+strings.ReplaceAll(string(r[i:i+3]), `"`, `""`)+`"`)
	}
	return strings.Join(out, " AND ")
}

// searchSeparator separates the columns in orders.admin_search
// (PostgreSQL): a search holding one is matched column by column.
const searchSeparator = "\n"

// countByStatus counts the orders of statuses (every one when none), only
// the flagged ones when flagged, from order_status_totals.
func (s *Store) countByStatus(ctx context.Context, statuses []Status, flagged bool) (int, error) {
	var w db.Where
	if len(statuses) > 0 {
		w.And("status IN (" + statusArgs(&w, statuses) + ")")
	}
	column := "orders"
	if flagged {
		column = "attention"
	}
	return s.db.Count(ctx, "orders", `SELECT COALESCE(SUM(`+column+`), 0) FROM order_status_totals`+w.String(), w.Args...)
}

// adminWhere is the condition of f's orders, on o, for engine d.
func adminWhere(f AdminFilter, d db.Dialect) *db.Where {
	var w db.Where
	if st := statusesOf(f); len(st) > 0 {
		w.And("o.status IN (" + statusArgs(&w, st) + ")")
	}
	if !f.From.IsZero() {
		w.And("o.created_at >= " + w.Arg(timeArg(d, f.From)))
	}
	if !f.To.IsZero() {
		w.And("o.created_at < " + w.Arg(timeArg(d, f.To)))
	}
	if f.County != "" {
		w.And("o.county = " + w.Arg(f.County))
	}
	if f.DeliveryKind != "" {
		w.And("o.delivery_kind = " + w.Arg(f.DeliveryKind))
	}
	if f.Attention {
		w.And("o.attention <> ''")
	}
	if f.Channel != "" {
		w.And("o.channel = " + w.Arg(f.Channel))
	}
	if len(f.Numbers) > 0 {
		marks := make([]string, len(f.Numbers))
		for i, n := range f.Numbers {
			marks[i] = w.Arg(n)
		}
		w.And("o.order_number IN (" + strings.Join(marks, ", ") + ")")
	}
	if phone, ok := phone.Normalize(strings.TrimSpace(f.Search)); ok {
		// A whole phone number (0712 345 678, +254 712…) is that customer's
		// orders: one look-up in orders_phone, not a scan of every order.
		w.And("o.phone = " + w.Arg(phone))
	} else if q := strings.TrimSpace(f.Search); q != "" {
		n := w.Arg(db.Contains(q))
		var conds []string
		switch {
		case d == db.Postgres && !strings.Contains(q, searchSeparator):
			// The same four matches in one: admin_search is the four
			// lower-cased, a line apart, which q cannot span (0021).
			conds = []string{"o.admin_search LIKE " + n + " ESCAPE '\\'"}
		case d == db.SQLite:
			// SQLite's LIKE ignores the case of ASCII letters, the only
			// ones its LOWER changes, so the columns are compared as stored,
			// from the index orders_admin_search alone (0021).
			conds = []string{db.Like(n, "o.order_number", "(o.first_name || ' ' || o.last_name)", "o.email", "o.phone")}
		default:
			conds = []string{db.Like(n, "LOWER(o.order_number)", "LOWER(o.first_name || ' ' || o.last_name)", "LOWER(o.email)", "o.phone")}
		}
		// Phones are stored as 2547XXXXXXXX: part of one typed as 0712 345
		// is found too.
		if part, ok := phonePart(q); ok {
			conds = append(conds, "o.phone LIKE "+w.Arg("%"+part+"%"))
		}
		w.And("(" + strings.Join(conds, " OR ") + ")")
	}
	return &w
}

// phonePart is the part of a stored phone (2547XXXXXXXX) that q holds when
// q is part of a number typed from 0 ("0712 345"): its digits after the 0.
func phonePart(q string) (string, bool) {
	digits := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, q)
	if len(digits) < 4 || digits[0] != '0' {
		return "", false
	}
	return digits[1:], true
}

// timeArg is t as engine d compares it with created_at (db.DB.TimeArg).
func timeArg(d db.Dialect, t time.Time) any {
	if d == db.Postgres {
		return t
	}
	return t.UTC().Format("2006-01-02 15:04:05")
}
