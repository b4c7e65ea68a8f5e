package account_test

import (
	"context"
	"strings"
	"testing"

	"shop/internal/account"
	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/db/dbtest"
)

func TestPasswordHash(t *testing.T) {
	h, err := account.HashPassword("Secret123")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") || strings.Contains(h, "Secret123") {
		t.Fatalf("hash %q", h)
	}
	h2, _ := account.HashPassword("Secret123")
	if h == h2 {
		t.Fatal("two hashes of one password are equal: no salt")
	}
	if ok, err := account.CheckPassword(h, "Secret123"); !ok || err != nil {
		t.Fatalf("right password refused: %v", err)
	}
	if ok, _ := account.CheckPassword(h, "Secret124"); ok {
		t.Fatal("wrong password accepted")
	}
	if _, err := account.CheckPassword("plain", "plain"); err == nil {
		t.Fatal("a non-argon2 hash was accepted")
	}
}

func TestRules(t *testing.T) {
	for in, want := range map[string]string{
		"": account.MsgEmailRequired, "a": account.MsgEmailInvalid, "a@b": account.MsgEmailInvalid,
		"Jane <j@x.co>": account.MsgEmailInvalid, "jane@farm.co.ke": "",
	} {
		if got := account.CheckEmail(in); got != want {
			t.Errorf("CheckEmail(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{
		"": account.MsgPasswordRequired, "Ab1": account.MsgPasswordMin8, "abcdefgh1": account.MsgPasswordStrength,
		"ABCDEFGH1": account.MsgPasswordStrength, "Abcdefghi": account.MsgPasswordStrength, "Abcdefg1": "",
	} {
		if got := account.CheckNewPassword(in); got != want {
			t.Errorf("CheckNewPassword(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestEnsureAdmin(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := account.NewStore(d)
		created, err := s.EnsureAdmin(ctx, "Owner@Farm.co.ke", "Harvest2026")
		if err != nil || !created {
			t.Fatalf("create: %v %v", created, err)
		}
		if role, _ := s.Role(ctx, "owner@farm.co.ke"); role != account.RoleOwner {
			t.Fatalf("role %q", role)
		}
		created, err = s.EnsureAdmin(ctx, "OWNER@farm.co.ke", "Another2026")
		if err != nil || created {
			t.Fatalf("promote: %v %v", created, err)
		}
		if ok, _ := s.CheckCredentials(ctx, "owner@farm.co.ke", "Harvest2026"); !ok {
			t.Fatal("promoting changed the password")
		}
		_, err = s.EnsureAdmin(ctx, "bad", "short")
		e, ok := apperr.From(err)
		if !ok || e.Fields["email"] != account.MsgEmailInvalid || e.Fields["password"] != account.MsgPasswordMin8 {
			t.Fatalf("bad input: %v", err)
		}
	})
}
