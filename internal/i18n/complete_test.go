package i18n

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The packages whose messages customers read, as folders under internal/.
// Their messages are found in the source: the texts given to the apperr
// constructors (and the field messages with them), the field messages
// validation stores in its bad or fields map, and every Msg… constant.
var customerPackages = []string{"account", "agent", "cart", "catalog", "checkout", "content", "coupon", "delivery", "httpapi", "httpx",
	"order", "payment", "paylink", "phone", "privacy", "receipt", "remind", "review", "rider", "stock"}

// messageFuncs return customer texts that reach the answers another way:
// a payment's message and advice in the order, the wait in a 429.
var messageFuncs = map[string][]string{"payment/mpesa": {"CustomerMessage", "CustomerAdvice"}, "ratelimit": {"Minutes"}}

// adminFiles only the back office, the operator or M-Pesa reach; their
// texts stay English (docs/i18n.md).
var adminFiles = []string{
	"account/account.go", "account/admin.go", "account/agent.go", "agent/agent.go", "agent/view.go", "agent/commission.go", "agent/erase.go",
	"catalog/admin_categories.go", "catalog/admin_images.go", "catalog/admin_rules.go", "catalog/admin_store.go",
	"catalog/admin_variants.go", "catalog/imported.go", "search/synonyms.go", "stock/ledger.go",
	"content/admin.go", "coupon/input.go", "coupon/store.go", "delivery/admin.go", "delivery/couriers.go",
	"order/admin.go", "order/move.go", "order/refund.go", "payment/c2b.go", "payment/float.go", "payment/moneyout.go", "payment/moneyout_result.go", "payment/parked.go", "payment/refund.go", "payment/payout.go",
}

// adminTexts are the English-only texts of files customers reach too.
var adminTexts = []string{
	"Unreadable incoming message.",                // remind/handlers.go: Africa's Talking only
	"Unreadable form.",                            // remind/handlers.go: the dev outbox's form
	"Not found",                                   // remind/handlers.go: a wrong callback secret, Africa's Talking only
	"No such user",                                // account/user.go: the admin's user pages
	"Review not found",                            // review/review.go: moderation
	"Status must be approved or rejected",         // review/review.go: moderation
	"A category with the slug %q already exists.", // catalog/store.go
	"A product with the slug %q or one of its SKUs already exists.", // catalog/store.go
	"Pickup point not found", // delivery/store.go: the admin's pickup points
	"Message not found",      // content/store.go: the inbox
	"Send the file as a form upload (Content-Type: multipart/form-data).", // httpapi: image upload
	"Send the file as CSV (Content-Type: text/csv).",                      // httpapi: product import
	"Unreadable body.", // payment: Daraja's callbacks
	"Choose a rider: a staff member whose role is rider.",                                             // rider/rider.go: the back office's assignment
	"Only a home delivery that is paid, or waiting for payment on delivery, can be given to a rider.", // rider/rider.go: the back office's assignment
	"Refused at the door after %s was paid: refund what the shop does not keep.",                      // rider/rider.go: the order's flag for the shop
	"Refused at the door after %s was paid there: refund it.",                                         // rider/rider.go: the order's flag for the shop
}

// TestEveryCustomerMessageHasKiswahili fails for a message a customer can
// read that the catalogue cannot translate, and for a catalogue entry no
// code writes any more.
func TestEveryCustomerMessageHasKiswahili(t *testing.T) {
	found := collectMessages(t)
	if len(found) < 100 {
		t.Fatalf("only %d messages found: the collector lost its way", len(found))
	}
	known := map[string]bool{}
	for en := range swTexts {
		known[shape(en)] = true
	}
	for _, p := range swPatterns {
		known[shape(p[0])] = true
	}
	var missing []string
	for en, where := range found {
		if !known[shape(en)] && !slices.Contains(adminTexts, en) {
			missing = append(missing, where+": "+strconv.Quote(en))
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("%d customer messages have no Kiswahili in internal/i18n/messages_sw.go:\n%s", len(missing), strings.Join(missing, "\n"))
	}
	used := map[string]bool{}
	for en := range found {
		used[shape(en)] = true
	}
	var stale []string
	for s := range known {
		if !used[s] {
			stale = append(stale, strconv.Quote(s))
		}
	}
	sort.Strings(stale)
	if len(stale) > 0 {
		t.Errorf("catalogue entries no code writes (the English changed?):\n%s", strings.Join(stale, "\n"))
	}
	for _, en := range adminTexts {
		if _, ok := found[en]; !ok {
			t.Errorf("adminTexts lists %q, which no code writes", en)
		}
	}
}

var verb = regexp.MustCompile(`%[dqv]`)

// shape is a message with every verb written %s, so "%d minutes" in the
// catalogue answers for strconv.Itoa(n)+" minutes" in the code.
func shape(s string) string { return verb.ReplaceAllString(s, "%s") }

// source is every Go file of internal/ parsed, by package folder.
type source struct {
	fset  *token.FileSet
	files map[string][]*ast.File // folder → files
	names map[*ast.File]string   // file → folder/name.go
	// consts are each folder's string constants and variables.
	consts map[string]map[string]ast.Expr
	funcs  map[string]map[string]*ast.FuncDecl
}

func load(t *testing.T) *source {
	t.Helper()
	s := &source{fset: token.NewFileSet(), files: map[string][]*ast.File{}, names: map[*ast.File]string{},
		consts: map[string]map[string]ast.Expr{}, funcs: map[string]map[string]*ast.FuncDecl{}}
	err := filepath.WalkDir("..", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(s.fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel("..", path)
		rel = filepath.ToSlash(rel)
		dir := filepath.ToSlash(filepath.Dir(rel))
		s.files[dir] = append(s.files[dir], f)
		s.names[f] = rel
		if s.consts[dir] == nil {
			s.consts[dir], s.funcs[dir] = map[string]ast.Expr{}, map[string]*ast.FuncDecl{}
		}
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					if vs, ok := spec.(*ast.ValueSpec); ok && len(vs.Values) == len(vs.Names) {
						for i, n := range vs.Names {
							s.consts[dir][n.Name] = vs.Values[i]
						}
					}
				}
			case *ast.FuncDecl:
				if d.Recv == nil {
					s.funcs[dir][d.Name.Name] = d
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// collectMessages maps each customer message found to where it was first seen.
func collectMessages(t *testing.T) map[string]string {
	s := load(t)
	found := map[string]string{}
	add := func(f *ast.File, pos token.Pos, texts []string) {
		for _, text := range texts {
			if _, ok := found[text]; !ok && text != "" {
				found[text] = s.names[f] + ":" + strconv.Itoa(s.fset.Position(pos).Line)
			}
		}
	}
	for _, dir := range customerPackages {
		for _, f := range s.files[dir] {
			if slices.Contains(adminFiles, s.names[f]) {
				continue
			}
			c := collector{s: s, dir: dir, file: f}
			for _, decl := range f.Decls {
				if gd, ok := decl.(*ast.GenDecl); ok {
					for _, spec := range gd.Specs {
						if vs, ok := spec.(*ast.ValueSpec); ok && len(vs.Values) == len(vs.Names) {
							for i, n := range vs.Names {
								if strings.HasPrefix(strings.ToLower(n.Name), "msg") {
									add(f, n.Pos(), c.texts(vs.Values[i], nil))
								}
							}
						}
					}
				}
				fn, _ := decl.(*ast.FuncDecl)
				ast.Inspect(decl, func(n ast.Node) bool {
					switch n := n.(type) {
					case *ast.CallExpr:
						for _, arg := range c.messageArgs(n) {
							add(f, arg.Pos(), c.texts(arg, fn))
						}
					case *ast.AssignStmt:
						// bad["field"] = message, fields["field"] = message
						for i, lhs := range n.Lhs {
							if ix, ok := lhs.(*ast.IndexExpr); ok && len(n.Rhs) == len(n.Lhs) {
								if id, ok := ix.X.(*ast.Ident); ok && (id.Name == "bad" || id.Name == "fields") {
									add(f, n.Pos(), c.texts(n.Rhs[i], fn))
								}
							}
						}
					}
					return true
				})
			}
		}
	}
	for dir, names := range messageFuncs {
		for _, name := range names {
			fn := s.funcs[dir][name]
			if fn == nil {
				t.Fatalf("messageFuncs: no func %s in %s", name, dir)
			}
			c := collector{s: s, dir: dir, file: fileOf(s, dir, fn)}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				if r, ok := n.(*ast.ReturnStmt); ok && len(r.Results) == 1 {
					add(c.file, r.Pos(), c.texts(r.Results[0], fn))
				}
				return true
			})
		}
	}
	return found
}

func fileOf(s *source, dir string, fn *ast.FuncDecl) *ast.File {
	for _, f := range s.files[dir] {
		if f.Pos() <= fn.Pos() && fn.End() <= f.End() {
			return f
		}
	}
	return nil
}

// collector reads the texts of expressions in one file.
type collector struct {
	s    *source
	dir  string
	file *ast.File
}

// constructors are apperr's, with the positions of their text arguments:
// a message, or a map of field messages.
var constructors = map[string][]int{
	"NotFound": {0}, "Invalid": {0, 1}, "InvalidField": {1}, "InvalidFields": {0}, "Conflict": {0}, "Unauthorized": {0},
	"Forbidden": {0}, "TooManyRequests": {0}, "Unavailable": {0}, "UnsupportedMediaType": {0},
}

// messageArgs are the arguments of an apperr constructor call that carry
// texts; the values of a map literal among them count one by one.
func (c collector) messageArgs(call *ast.CallExpr) []ast.Expr {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if pkg, ok := sel.X.(*ast.Ident); !ok || c.importPath(pkg.Name) != "apperr" {
		return nil
	}
	var out []ast.Expr
	for _, i := range constructors[sel.Sel.Name] {
		if i >= len(call.Args) {
			continue
		}
		if lit, ok := call.Args[i].(*ast.CompositeLit); ok {
			for _, e := range lit.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					out = append(out, kv.Value)
				}
			}
			continue
		}
		out = append(out, call.Args[i])
	}
	return out
}

// importPath is the folder under internal/ that the file imports as name,
// or "".
func (c collector) importPath(name string) string {
	for _, imp := range c.file.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		local := p[strings.LastIndex(p, "/")+1:]
		if imp.Name != nil {
			local = imp.Name.Name
		}
		if local == name {
			return strings.TrimPrefix(p, "shop/internal/")
		}
	}
	return ""
}

// texts are the texts e may hold: a literal, a constant, a local variable's
// values, what a function of the shop returns, a fmt.Sprintf format, or a
// concatenation (its unknown parts written %s). fn is the function e is in,
// for its local variables.
func (c collector) texts(e ast.Expr, fn *ast.FuncDecl) []string {
	switch e := e.(type) {
	case *ast.BasicLit:
		if s, err := strconv.Unquote(e.Value); err == nil && e.Kind == token.STRING {
			return []string{s}
		}
	case *ast.ParenExpr:
		return c.texts(e.X, fn)
	case *ast.Ident:
		if v := c.localValues(e.Name, fn); v != nil {
			return c.textsOf(v, fn)
		}
		if v, ok := c.s.consts[c.dir][e.Name]; ok {
			return c.texts(v, nil)
		}
	case *ast.SelectorExpr:
		if pkg, ok := e.X.(*ast.Ident); ok {
			if dir := c.importPath(pkg.Name); dir != "" {
				if v, ok := c.s.consts[dir][e.Sel.Name]; ok {
					return collector{s: c.s, dir: dir, file: c.fileDeclaring(dir, e.Sel.Name)}.texts(v, nil)
				}
			}
		}
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return nil
		}
		left, right := c.part(e.X, fn), c.part(e.Y, fn)
		var out []string
		for _, l := range left {
			for _, r := range right {
				out = append(out, l+r)
			}
		}
		return out
	case *ast.CallExpr:
		return c.callTexts(e, fn)
	}
	return nil
}

// part is a piece of a concatenation: its texts, or %s when unknown.
func (c collector) part(e ast.Expr, fn *ast.FuncDecl) []string {
	if t := c.texts(e, fn); len(t) > 0 {
		return t
	}
	return []string{"%s"}
}

func (c collector) textsOf(values []ast.Expr, fn *ast.FuncDecl) []string {
	var out []string
	for _, v := range values {
		out = append(out, c.texts(v, fn)...)
	}
	return out
}

// callTexts reads fmt.Sprintf's format, or the texts a function of the
// shop returns.
func (c collector) callTexts(call *ast.CallExpr, fn *ast.FuncDecl) []string {
	switch f := call.Fun.(type) {
	case *ast.SelectorExpr:
		pkg, ok := f.X.(*ast.Ident)
		if !ok {
			return nil
		}
		if pkg.Name == "fmt" && f.Sel.Name == "Sprintf" && len(call.Args) > 0 {
			return c.texts(call.Args[0], fn)
		}
		if dir := c.importPath(pkg.Name); dir != "" {
			if decl := c.s.funcs[dir][f.Sel.Name]; decl != nil {
				return collector{s: c.s, dir: dir, file: fileOf(c.s, dir, decl)}.returns(decl)
			}
		}
	case *ast.Ident:
		if decl := c.s.funcs[c.dir][f.Name]; decl != nil && decl != fn {
			return collector{s: c.s, dir: c.dir, file: fileOf(c.s, c.dir, decl)}.returns(decl)
		}
	}
	return nil
}

// returns are the texts fn returns as its only or last string result.
func (c collector) returns(fn *ast.FuncDecl) []string {
	var out []string
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if r, ok := n.(*ast.ReturnStmt); ok && len(r.Results) > 0 {
			out = append(out, c.texts(r.Results[len(r.Results)-1], fn)...)
		}
		return true
	})
	return out
}

// localValues are the values fn gives its local variable name, or nil
// when name is none of fn's variables.
func (c collector) localValues(name string, fn *ast.FuncDecl) []ast.Expr {
	if fn == nil || fn.Body == nil {
		return nil
	}
	var out []ast.Expr
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok && id.Name == name {
						out = append(out, n.Rhs[i])
					}
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if id.Name == name && i < len(n.Values) {
					out = append(out, n.Values[i])
				}
			}
		}
		return true
	})
	return out
}

func (c collector) fileDeclaring(dir, name string) *ast.File {
	for _, f := range c.s.files[dir] {
		for _, decl := range f.Decls {
			if gd, ok := decl.(*ast.GenDecl); ok {
				for _, spec := range gd.Specs {
					if vs, ok := spec.(*ast.ValueSpec); ok {
						for _, n := range vs.Names {
							if n.Name == name {
								return f
							}
						}
					}
				}
			}
		}
	}
	return nil
}
