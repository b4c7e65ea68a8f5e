package content_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"shop/internal/apperr"
	"shop/internal/content"
	"shop/internal/db"
	"shop/internal/db/dbtest"
)

func validMessage() content.NewMessage {
	return content.NewMessage{
		Name:    "Wanjiku Kamau",
		Email:   "wanjiku@example.co.ke",
		Subject: "wholesale",
		Message: "Do you deliver 50 bags of dairy meal to Nyeri?\nWe are a cooperative.",
	}
}

func TestSubscribe(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := content.NewStore(d)

		created, err := s.Subscribe(ctx, "  Farmer@Example.com ")
		if err != nil || !created {
			t.Fatalf("first sign-up: created %v, err %v", created, err)
		}
		for _, again := range []string{"Farmer@Example.com", "farmer@example.com", "FARMER@EXAMPLE.COM"} {
			created, err := s.Subscribe(ctx, again)
			if err != nil || created {
				t.Fatalf("repeat %q: created %v, err %v", again, created, err)
			}
		}
		if created, err := s.Subscribe(ctx, "other@example.com"); err != nil || !created {
			t.Fatalf("second address: created %v, err %v", created, err)
		}
		subs, err := s.Subscribers(ctx, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(subs) != 2 {
			t.Fatalf("%d subscribers, want 2: %+v", len(subs), subs)
		}
		emails := map[string]bool{}
		for _, sub := range subs {
			emails[sub.Email] = true
			if sub.CreatedAt.IsZero() {
				t.Errorf("%s has no sign-up time", sub.Email)
			}
		}
		if !emails["Farmer@Example.com"] || !emails["other@example.com"] {
			t.Errorf("stored %v: the address is kept as typed, trimmed", emails)
		}
	})
}

func TestSubscribeRejectsBadAddresses(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := content.NewStore(d)
		for _, tc := range []struct{ email, msg string }{
			{"", "Email is required"},
			{"   ", "Email is required"},
			{"farmer", "Please enter a valid email"},
			{"farmer@example", "Please enter a valid email"},
			{"Farmer <farmer@example.com>", "Please enter a valid email"},
			{strings.Repeat("a", 250) + "@example.com", "Please enter a valid email"},
		} {
			_, err := s.Subscribe(context.Background(), tc.email)
			e, ok := apperr.From(err)
			if !ok || e.Kind != apperr.KindInvalid || e.Fields["email"] != tc.msg {
				t.Errorf("%q: %v, want field email %q", tc.email, err, tc.msg)
			}
		}
		if subs, _ := s.Subscribers(context.Background(), 10); len(subs) != 0 {
			t.Errorf("bad addresses were stored: %+v", subs)
		}
	})
}

func TestSaveMessage(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := content.NewStore(d)
		in := validMessage()
		in.Name = "  " + in.Name + " "
		m, err := s.SaveMessage(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		if m.ID == 0 || m.Name != "Wanjiku Kamau" || m.HandledAt != nil || m.CreatedAt.IsZero() {
			t.Fatalf("saved %+v", m)
		}
		// The longest allowed values fit the table, counted in characters.
		long := content.NewMessage{Name: strings.Repeat("é", 100), Email: "a@b.co", Subject: "press", Message: strings.Repeat("ñ", 5000)}
		if _, err := s.SaveMessage(ctx, long); err != nil {
			t.Fatalf("longest message: %v", err)
		}
		for _, subject := range content.Subjects {
			in := validMessage()
			in.Subject = subject
			if _, err := s.SaveMessage(ctx, in); err != nil {
				t.Errorf("subject %s: %v", subject, err)
			}
		}

		list, err := s.Messages(ctx, 100)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 7 || list[len(list)-1].ID != m.ID {
			t.Fatalf("%d messages, oldest last: %+v", len(list), list)
		}
		if list[len(list)-1].Message != validMessage().Message {
			t.Errorf("message text %q: line breaks are kept", list[len(list)-1].Message)
		}

		// A handled message moves below the unanswered ones.
		newest := list[0].ID
		if err := s.SetHandled(ctx, newest, true); err != nil {
			t.Fatal(err)
		}
		list, _ = s.Messages(ctx, 100)
		if last := list[len(list)-1]; last.ID != newest || last.HandledAt == nil {
			t.Fatalf("handled message is not last: %+v", last)
		}
		if err := s.SetHandled(ctx, newest, false); err != nil {
			t.Fatal(err)
		}
		if list, _ = s.Messages(ctx, 2); len(list) != 2 || list[0].ID != newest || list[0].HandledAt != nil {
			t.Fatalf("unhandled again, with a limit: %+v", list)
		}
		if err := s.SetHandled(ctx, 99999, true); !errors.Is(err, apperr.ErrNotFound) {
			t.Errorf("unknown message: %v", err)
		}
	})
}

func TestSaveMessageValidation(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := content.NewStore(d)
		for _, tc := range []struct {
			name   string
			change func(m *content.NewMessage)
			fields map[string]string
		}{
			{"all empty", func(m *content.NewMessage) { *m = content.NewMessage{} }, map[string]string{
				"name": "Name is required", "email": "Email is required", "subject": "Please choose a subject", "message": "Message is required",
			}},
			{"blank name", func(m *content.NewMessage) { m.Name = "  \t" }, map[string]string{"name": "Name is required"}},
			{"long name", func(m *content.NewMessage) { m.Name = strings.Repeat("n", 101) }, map[string]string{"name": "Name must be at most 100 characters"}},
			{"bad email", func(m *content.NewMessage) { m.Email = "not-an-email" }, map[string]string{"email": "Please enter a valid email"}},
			{"unknown subject", func(m *content.NewMessage) { m.Subject = "complaint" }, map[string]string{"subject": "Please choose a subject"}},
			{"subject in capitals", func(m *content.NewMessage) { m.Subject = "General" }, map[string]string{"subject": "Please choose a subject"}},
			{"blank message", func(m *content.NewMessage) { m.Message = "\n\n " }, map[string]string{"message": "Message is required"}},
			{"long message", func(m *content.NewMessage) { m.Message = strings.Repeat("m", 5001) }, map[string]string{"message": "Message must be at most 5000 characters"}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				in := validMessage()
				tc.change(&in)
				_, err := s.SaveMessage(context.Background(), in)
				e, ok := apperr.From(err)
				if !ok || e.Kind != apperr.KindInvalid {
					t.Fatalf("err %v, want invalid", err)
				}
				if e.Message != content.MsgInvalidForm || len(e.Fields) != len(tc.fields) {
					t.Fatalf("error %q fields %v, want %v", e.Message, e.Fields, tc.fields)
				}
				for k, v := range tc.fields {
					if e.Fields[k] != v {
						t.Errorf("field %s: %q, want %q", k, e.Fields[k], v)
					}
				}
			})
		}
		if list, _ := s.Messages(context.Background(), 10); len(list) != 0 {
			t.Errorf("invalid messages were stored: %+v", list)
		}
	})
}
