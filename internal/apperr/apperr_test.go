package apperr

import (
	"maps"
	"strings"
	"testing"
)

func TestTranslatedJoinsTheFieldsAgain(t *testing.T) {
	upper := strings.ToUpper
	e, _ := From(InvalidFields(map[string]string{"phone": "Enter the phone.", "orderId": "Enter the number.", "extra": "Other."}, "orderId", "phone"))
	if e.Message != "Enter the number. Enter the phone." {
		t.Fatalf("message %q", e.Message)
	}
	msg, fields := e.Translated(upper)
	if msg != "ENTER THE NUMBER. ENTER THE PHONE." {
		t.Errorf("translated message %q: the fields joined again in their order", msg)
	}
	if !maps.Equal(fields, map[string]string{"phone": "ENTER THE PHONE.", "orderId": "ENTER THE NUMBER.", "extra": "OTHER."}) {
		t.Errorf("translated fields %v", fields)
	}
	if e.Fields["phone"] != "Enter the phone." {
		t.Error("translating changed the error itself")
	}

	e, _ = From(Invalid("Fix the fields.", map[string]string{"email": "Bad email."}))
	if msg, fields := e.Translated(upper); msg != "FIX THE FIELDS." || fields["email"] != "BAD EMAIL." {
		t.Errorf("Invalid translated to %q %v", msg, fields)
	}
	e, _ = From(NotFound("Order not found"))
	if msg, fields := e.Translated(upper); msg != "ORDER NOT FOUND" || fields != nil {
		t.Errorf("NotFound translated to %q %v", msg, fields)
	}
}
