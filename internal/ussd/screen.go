package ussd

// The screen a menu shows: its lines composed in plain GSM text within
// MaxScreen characters (docs/ussd.md).

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"shop/internal/delivery"
)

// render is the screen the menu stands on, with the note of a choice it
// could not take, shortened to fit MaxScreen.
func (m *menu) render() (string, error) {
	w := m.words()
	f := m.top()
	var head []string
	var labels []string
	var tail []string
	switch f.screen {
	case scrHome:
		head = []string{w.welcome}
	case scrLang:
		head = []string{w.chooseLanguage}
	case scrCats:
		head = []string{w.categories}
	case scrProducts:
		head = []string{w.products}
	case scrSizes:
		head = []string{f.name}
	case scrQty:
		head = []string{f.name + " " + f.size.Size + " " + f.size.Price.Ksh(), fmt.Sprintf(w.quantity, min(maxQuantity, f.size.Stock))}
	case scrCounty:
		head = []string{w.county}
	case scrDelivery:
		head = []string{w.deliveryTitle}
	case scrPickups:
		head = []string{w.pickupTitle}
	case scrConfirm, scrReorder:
		if f.screen == scrReorder {
			head = append(head, w.lastOrder+":")
		}
		for _, l := range f.basket.lines {
			head = append(head, fmt.Sprintf("%d x %s", l.quantity, l.name))
		}
		if len(f.gone) > 0 {
			head = append(head, w.gone+": "+strings.Join(f.gone, ", "))
		}
		tail = []string{w.deliveryFee + " " + f.basket.fee.Ksh(), w.total + " " + f.basket.total().Ksh()}
	}
	items, isList, err := m.items(f)
	if err != nil {
		return "", err
	}
	var options []string
	if isList {
		start, end, more := window(len(items), f.page)
		for i := start; i < end; i++ {
			labels = append(labels, items[i].label)
			options = append(options, strconv.Itoa(i-start+1))
		}
		if more {
			labels, options = append(labels, w.more), append(options, inMore)
		}
	}
	// A screen that asks for typed text lists no options; 0 still goes back.
	if len(m.stack) > 1 && isList {
		labels, options = append(labels, w.back), append(options, inBack)
	}
	if m.note != "" {
		head = append([]string{m.note}, head...)
	}
	for _, limit := range []int{60, 40, 30, 24, 18, 14, 10, 6} {
		text := compose(head, tail, labels, options, limit)
		if len(text) <= MaxScreen {
			return text, nil
		}
	}
	return compose(head, tail, labels, options, 6)[:MaxScreen], nil
}

// compose joins a screen's lines, each cut to limit characters but for
// the options' numbers, in plain GSM text.
func compose(head, tail, labels, options []string, limit int) string {
	var lines []string
	for _, h := range head {
		lines = append(lines, cut(plain(h), limit+limit/2))
	}
	for _, t := range tail {
		lines = append(lines, plain(t))
	}
	for i, l := range labels {
		lines = append(lines, options[i]+" "+cut(plain(l), limit))
	}
	return strings.Join(lines, "\n")
}

// cut shortens s to n characters.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.TrimSpace(s[:n])
}

// plain keeps the characters every handset shows: letters and digits
// without accents, spaces and a few marks; the rest becomes what it looks
// like, or goes.
func plain(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune(" .,:;-/()+'&%?!", r)):
			b.WriteRune(r)
		case r == '\u2018' || r == '\u2019':
			b.WriteByte('\'')
		case r == '\u2013' || r == '\u2014':
			b.WriteByte('-')
		case r == '\n' || r == '\t':
			b.WriteByte(' ')
		default:
			if a, ok := unaccented[r]; ok {
				b.WriteByte(a)
			}
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

var unaccented = map[rune]byte{'á': 'a', 'à': 'a', 'â': 'a', 'ä': 'a', 'é': 'e', 'è': 'e', 'ê': 'e', 'ë': 'e', 'í': 'i', 'ï': 'i',
	'ó': 'o', 'ö': 'o', 'ô': 'o', 'ú': 'u', 'ü': 'u', 'ç': 'c', 'ñ': 'n'}

// brand starts most of the shop's product names; a handset's screen
// shows what follows it.
const brand = "Mifugo Bora "

func short(name string) string {
	if s := strings.TrimPrefix(name, brand); s != "" {
		return s
	}
	return name
}

// matchCounty finds the county typed: its name in any case, without its
// spaces, hyphens and apostrophes, or the start of one name alone.
func matchCounty(typed string) (string, bool) {
	key := func(s string) string {
		return strings.Map(func(r rune) rune {
			if unicode.IsLetter(r) {
				return unicode.ToLower(r)
			}
			return -1
		}, s)
	}
	t := key(typed)
	if len(t) < 3 {
		return "", false
	}
	var found []string
	for _, c := range delivery.Counties {
		k := key(c)
		if k == t {
			return c, true
		}
		if strings.HasPrefix(k, t) {
			found = append(found, c)
		}
	}
	if len(found) == 1 {
		return found[0], true
	}
	return "", false
}
