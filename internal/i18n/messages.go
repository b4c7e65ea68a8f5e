package i18n

import (
	"context"
	"fmt"
	"strconv"
	"strings"
)

// T is the text en in language l: en itself in English; in Kiswahili its
// translation from the catalogue (messages_sw.go), a fixed text or a
// pattern; en unchanged when the catalogue has neither (docs/i18n.md,
// "Messages from the server").
func T(l Lang, en string) string {
	if l != Kiswahili || en == "" {
		return en
	}
	if sw, ok := translate(en, true); ok {
		return sw
	}
	return en
}

// Text is T in the language ctx carries.
func Text(ctx context.Context, en string) string { return T(From(ctx), en) }

// translate finds en among the fixed texts, then the patterns. The texts a
// pattern captures are translated too when deeper is set ("Please wait 5
// minutes"), once: a product name is never taken for a message.
func translate(en string, deeper bool) (string, bool) {
	if sw, ok := swTexts[en]; ok {
		return sw, true
	}
	for i := range swCompiled {
		p := &swCompiled[i]
		if args, ok := p.match(en); ok {
			return p.fill(args, deeper), true
		}
	}
	return "", false
}

// pattern is a message with values in it. en is the English text as the
// code writes it for fmt.Sprintf, its verbs the holes: %d a whole number
// (with thousands commas), %s, %q and %v any text. sw refills the holes
// as {1}, {2}… in any order.
type pattern struct {
	en, sw string
	// lits are the literal parts of en around its verbs, one more than verbs.
	lits  []string
	verbs []byte
	// out is sw in pieces: a literal, or the hole (1-based) to refill.
	out []piece
}

type piece struct {
	lit  string
	hole int
}

// swCompiled are swPatterns ready to match, in their order.
var swCompiled = compileAll(swPatterns)

func compileAll(list [][2]string) []pattern {
	out := make([]pattern, len(list))
	for i, p := range list {
		c, err := compile(p[0], p[1])
		if err != nil {
			panic(err) // the catalogue is code: its tests say where
		}
		out[i] = c
	}
	return out
}

// compile splits en at its verbs and sw at its holes. Two verbs must not
// touch (nothing would say where one ends), and sw must refill each hole.
func compile(en, sw string) (pattern, error) {
	p := pattern{en: en, sw: sw}
	var lit strings.Builder
	for i := 0; i < len(en); i++ {
		if en[i] != '%' {
			lit.WriteByte(en[i])
			continue
		}
		if i+1 == len(en) {
			return p, fmt.Errorf("pattern %q: a lone %% at the end", en)
		}
		i++
		switch v := en[i]; v {
		case '%':
			lit.WriteByte('%')
		case 'd', 's', 'q', 'v':
			if len(p.verbs) > 0 && lit.Len() == 0 {
				return p, fmt.Errorf("pattern %q: two verbs touch", en)
			}
			p.lits = append(p.lits, lit.String())
			p.verbs = append(p.verbs, v)
			lit.Reset()
		default:
			return p, fmt.Errorf("pattern %q: verb %%%c is not one of %%d %%s %%q %%v", en, v)
		}
	}
	p.lits = append(p.lits, lit.String())
	if len(p.verbs) == 0 {
		return p, fmt.Errorf("pattern %q has no verb: make it a fixed text", en)
	}
	used := make([]bool, len(p.verbs))
	rest := sw
	for {
		open := strings.IndexByte(rest, '{')
		if open < 0 {
			break
		}
		end := strings.IndexByte(rest[open:], '}')
		if end < 0 {
			return p, fmt.Errorf("pattern %q: %q has an unclosed {", en, sw)
		}
		n, err := strconv.Atoi(rest[open+1 : open+end])
		if err != nil || n < 1 || n > len(p.verbs) {
			return p, fmt.Errorf("pattern %q: %q refills %s, not one of {1}…{%d}", en, sw, rest[open:open+end+1], len(p.verbs))
		}
		used[n-1] = true
		p.out = append(p.out, piece{lit: rest[:open]}, piece{hole: n})
		rest = rest[open+end+1:]
	}
	p.out = append(p.out, piece{lit: rest})
	for i, u := range used {
		if !u {
			return p, fmt.Errorf("pattern %q: %q leaves out {%d}", en, sw, i+1)
		}
	}
	return p, nil
}

// match reports whether s is en with its holes filled, and with what. A
// text hole takes the shortest run up to the next literal, the last one
// everything up to the final literal.
func (p *pattern) match(s string) ([]string, bool) {
	rest, ok := strings.CutPrefix(s, p.lits[0])
	if !ok {
		return nil, false
	}
	args := make([]string, len(p.verbs))
	for i, v := range p.verbs {
		next, last := p.lits[i+1], i == len(p.verbs)-1
		var n int
		switch {
		case v == 'd':
			n = number(rest)
			if n == 0 || !strings.HasPrefix(rest[n:], next) || last && len(rest[n:]) != len(next) {
				return nil, false
			}
		case last:
			if !strings.HasSuffix(rest, next) {
				return nil, false
			}
			n = len(rest) - len(next)
		default:
			n = strings.Index(rest, next)
		}
		if n <= 0 {
			return nil, false
		}
		args[i] = rest[:n]
		rest = rest[n+len(next):]
	}
	return args, true
}

// number is the length of the whole number s starts with: digits, with a
// sign and thousands commas (money.Cents.Ksh writes "2,000").
func number(s string) int {
	n := 0
	if strings.HasPrefix(s, "-") {
		n = 1
	}
	start := n
	for n < len(s) && (s[n] >= '0' && s[n] <= '9' || n > start && s[n] == ',' && n+1 < len(s) && s[n+1] >= '0' && s[n+1] <= '9') {
		n++
	}
	if n == start {
		return 0
	}
	return n
}

// fill writes sw with the values, each text value translated when the
// catalogue knows it and deeper is set.
func (p *pattern) fill(args []string, deeper bool) string {
	var b strings.Builder
	for _, pc := range p.out {
		if pc.hole == 0 {
			b.WriteString(pc.lit)
			continue
		}
		v := args[pc.hole-1]
		if deeper && p.verbs[pc.hole-1] != 'd' {
			if sw, ok := translate(v, false); ok {
				v = sw
			}
		}
		b.WriteString(v)
	}
	return b.String()
}
