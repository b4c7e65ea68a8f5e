package httpx

import (
	"net/http"
	"reflect"
	"strings"
	"unicode"
	"unicode/utf8"

	"shop/internal/apperr"
)

// Messages for text that holds characters no form can type.
const (
	MsgBadCharacters      = "Some fields contain characters that are not allowed."
	MsgBadCharactersField = "This field contains characters that are not allowed."
	MsgBadAddress         = "The address contains characters that are not allowed."
)

// CleanText reports whether s is text a person could have typed: valid
// UTF-8 without control characters, but for newlines and tabs. A NUL byte
// is refused by PostgreSQL and by SQLite's length checks, and the other
// controls have no place in a name, an address or a message.
func CleanText(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if unicode.IsControl(r) && r != '\n' && r != '\t' && r != '\r' {
			return false
		}
	}
	return true
}

// CheckText walks a decoded request body and refuses it, naming each field
// by its JSON name, when any of its strings is not CleanText. Every JSON
// handler gets it through DecodeJSON, so no field can be forgotten.
func CheckText(v any) error {
	bad := map[string]string{}
	walkText(reflect.ValueOf(v), "", bad, CleanText)
	if len(bad) == 0 {
		return nil
	}
	return apperr.Invalid(MsgBadCharacters, bad)
}

// brokenFields refuses a decoded body whose bytes were not UTF-8, naming
// the fields where the decoder put U+FFFD for them; "body" when the bytes
// were in a name or a field v does not keep.
func brokenFields(v any) error {
	bad := map[string]string{}
	walkText(reflect.ValueOf(v), "", bad, func(s string) bool { return CleanText(s) && !strings.ContainsRune(s, utf8.RuneError) })
	if len(bad) == 0 {
		bad["body"] = MsgBadCharactersField
	}
	return apperr.Invalid(MsgBadCharacters, bad)
}

// walkText puts into bad the name of each field of v holding a string that
// is not clean.
func walkText(v reflect.Value, field string, bad map[string]string, clean func(string) bool) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			walkText(v.Elem(), field, bad, clean)
		}
	case reflect.String:
		if !clean(v.String()) {
			bad[fieldName(field)] = MsgBadCharactersField
		}
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name := f.Name
			if tag, _, _ := strings.Cut(f.Tag.Get("json"), ","); tag == "-" {
				continue
			} else if tag != "" {
				name = tag
			}
			if f.Anonymous {
				name = field
			}
			walkText(v.Field(i), name, bad, clean)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			walkText(v.Index(i), field, bad, clean)
		}
	case reflect.Map:
		iter := v.MapRange()
		for iter.Next() {
			name := field
			if iter.Key().Kind() == reflect.String {
				if !clean(iter.Key().String()) {
					bad[fieldName(field)] = MsgBadCharactersField
					continue
				}
				name = iter.Key().String()
			}
			walkText(iter.Value(), name, bad, clean)
		}
	}
}

func fieldName(f string) string {
	if f == "" {
		return "body"
	}
	return f
}

// CheckAddress refuses a request whose path or query holds text that is
// not CleanText, before any handler turns it into a database argument.
func CheckAddress(r *http.Request) error {
	if !CleanText(r.URL.Path) {
		return apperr.Invalid(MsgBadAddress, nil)
	}
	for name, values := range r.URL.Query() {
		if !CleanText(name) {
			return apperr.Invalid(MsgBadAddress, nil)
		}
		for _, v := range values {
			if !CleanText(v) {
				return apperr.Invalid(MsgBadAddress, map[string]string{name: MsgBadCharactersField})
			}
		}
	}
	return nil
}
