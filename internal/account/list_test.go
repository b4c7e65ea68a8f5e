package account_test

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"testing"
	"time"

	"shop/internal/account"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/testkit"
)

func emails(list []account.ListedUser) []string {
	return testkit.Map(list, func(u account.ListedUser) string { return u.Email })
}

// TestListUsersPages: every page of the admin's user list is the same slice
// of the whole list; a search counts no further than its cap (or than the
// page asked for) and says so, a list without a search counts exactly.
func TestListUsersPages(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		names := [][2]string{{"Wanjiku", "Mwangi"}, {"Otieno", "Juma"}, {"Akinyi", "Otieno"}}
		list := make([]account.NewUser, 23)
		for i := range list {
			list[i] = account.NewUser{Email: fmt.Sprintf("farmer%d@farm.co.ke", i), FirstName: names[i%3][0], LastName: names[i%3][1],
				Phone: fmt.Sprintf("2547%08d", 30000000+i), PasswordHash: "-", CreatedAt: time.Date(2026, 3, 1, 6, i, 0, 0, time.UTC)}
		}
		if err := d.Tx(ctx, func(tx *sql.Tx) error { _, err := account.InsertPastTx(ctx, d, tx, list); return err }); err != nil {
			t.Fatal(err)
		}
		s := account.NewStore(d)
		for _, search := range []string{"", "otieno", "WANJIKU", "farm.co.ke", "0730000007", "nobody"} {
			all, err := s.ListUsers(ctx, account.UserFilter{Search: search, Page: 1, PageSize: 100})
			if err != nil {
				t.Fatal(err)
			}
			if all.Capped || all.Count != len(all.Users) || len(all.Users) == 0 && search != "nobody" {
				t.Fatalf("%q: count %d capped %t of %d", search, all.Count, all.Capped, len(all.Users))
			}
			for page := 1; page <= (len(all.Users)+1)/2+1; page++ {
				got, err := s.ListUsers(ctx, account.UserFilter{Search: search, Page: page, PageSize: 2, CountCap: 3})
				if err != nil {
					t.Fatal(err)
				}
				want := all.Users[min(len(all.Users), (page-1)*2):min(len(all.Users), page*2)]
				if !slices.Equal(emails(got.Users), emails(want)) {
					t.Fatalf("%q page %d: %v, want %v", search, page, emails(got.Users), emails(want))
				}
				wantCount, wantCapped := all.Count, false
				if most := max(3, page*2); search != "" && all.Count > most {
					wantCount, wantCapped = most, true
				}
				if got.Count != wantCount || got.Capped != wantCapped {
					t.Fatalf("%q page %d: count %d capped %t, want %d %t", search, page, got.Count, got.Capped, wantCount, wantCapped)
				}
			}
		}
	})
}
