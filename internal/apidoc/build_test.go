package apidoc_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"shop/internal/apidoc"
)

var update = flag.Bool("update", false, "rewrite openapi.json from src/")

// rootFile is the part of the document that holds everything but the paths
// and schemas of each part of the API.
const rootFile = "openapi.yaml"

// TestDocumentIsBuilt fails when openapi.json is not what src/ makes: the
// document is written in YAML, a file for each part of the API, and served
// as the one JSON document they make together.
func TestDocumentIsBuilt(t *testing.T) {
	built, err := build("src")
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile("openapi.json", built, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(built, apidoc.Document()) {
		t.Fatal("openapi.json is not what src/ makes: run go test ./internal/apidoc/ -update")
	}
}

// build joins the YAML files of dir, the root first and the others in name
// order, into one JSON document whose keys keep their written order.
func build(dir string) ([]byte, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil {
		return nil, err
	}
	slices.SortFunc(names, func(a, b string) int {
		ra, rb := filepath.Base(a) == rootFile, filepath.Base(b) == rootFile
		switch {
		case ra && !rb:
			return -1
		case rb && !ra:
			return 1
		}
		return strings.Compare(a, b)
	})
	if len(names) == 0 || filepath.Base(names[0]) != rootFile {
		return nil, fmt.Errorf("%s has no %s", dir, rootFile)
	}
	var doc *yaml.Node
	for _, name := range names {
		part, err := readYAML(name)
		if err != nil {
			return nil, err
		}
		if doc == nil {
			doc = part
			continue
		}
		for i := 0; i < len(part.Content); i += 2 {
			if k := part.Content[i].Value; k != "paths" && k != "components" {
				return nil, fmt.Errorf("%s: only paths and components belong in a part, not %s", name, k)
			}
		}
		if err := merge(doc, part, filepath.Base(name)); err != nil {
			return nil, err
		}
	}
	v, err := value(doc)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

func readYAML(name string) (*yaml.Node, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	var n yaml.Node
	if err := yaml.Unmarshal(b, &n); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(n.Content) != 1 || n.Content[0].Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%s: not a mapping", name)
	}
	return n.Content[0], nil
}

// merge adds the keys of mapping src to mapping dst; a key both hold must
// be a mapping in both (two parts may share /api/products/{id}/, not a
// schema).
func merge(dst, src *yaml.Node, where string) error {
	for i := 0; i < len(src.Content); i += 2 {
		key, val := src.Content[i], src.Content[i+1]
		old := find(dst, key.Value)
		if old == nil {
			dst.Content = append(dst.Content, key, val)
			continue
		}
		if old.Kind != yaml.MappingNode || val.Kind != yaml.MappingNode {
			return fmt.Errorf("%s line %d: %s is written twice", where, key.Line, key.Value)
		}
		if err := merge(old, val, where); err != nil {
			return err
		}
	}
	return nil
}

// find returns the value of key in mapping m, or nil.
func find(m *yaml.Node, key string) *yaml.Node {
	for i := 0; i < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// object is a JSON object whose keys keep their order.
type object []member

type member struct {
	key   string
	value any
}

func (o object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		for _, v := range []any{m.key, m.value} {
			enc := json.NewEncoder(&b)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(v); err != nil {
				return nil, err
			}
			b.Truncate(b.Len() - 1) // Encode's newline
			if v == any(m.key) {
				b.WriteByte(':')
			}
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// value turns a YAML node into what encoding/json writes as the same data.
func value(n *yaml.Node) (any, error) {
	switch n.Kind {
	case yaml.AliasNode:
		return value(n.Alias)
	case yaml.MappingNode:
		o := make(object, 0, len(n.Content)/2)
		for i := 0; i < len(n.Content); i += 2 {
			if n.Content[i].Value == "<<" {
				return nil, fmt.Errorf("line %d: merge keys are not supported; use $ref", n.Content[i].Line)
			}
			v, err := value(n.Content[i+1])
			if err != nil {
				return nil, err
			}
			o = append(o, member{n.Content[i].Value, v})
		}
		return o, nil
	case yaml.SequenceNode:
		list := make([]any, len(n.Content))
		for i, c := range n.Content {
			v, err := value(c)
			if err != nil {
				return nil, err
			}
			list[i] = v
		}
		return list, nil
	case yaml.ScalarNode:
		var v any
		switch n.ShortTag() {
		case "!!null":
			return nil, nil
		case "!!bool":
			v = new(bool)
		case "!!int":
			v = new(int64)
		case "!!float":
			v = new(float64)
		default:
			return n.Value, nil
		}
		return v, n.Decode(v)
	}
	return nil, fmt.Errorf("line %d: unexpected YAML node", n.Line)
}
