package admin_test

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"shop/internal/account"
	"shop/internal/admin"
	"shop/internal/db"
	"shop/internal/order"
	"shop/internal/testkit"
)

// staff signs in one user of each back-office role besides the owner.
func (e *env) staff(role string) (token string, id int64) {
	e.t.Helper()
	return e.NewStaff(role, role+"@mifugobora.co.ke", "Ruiru2026Feeds")
}

// Each role's typical work, allowed and refused, on both engines.
func TestRolesTypicalActions(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		p, v := e.dairyMeal(20)
		makeOrder(t, e.d, "ORDER-1700000000001", order.Processing, v.ID, 2, "254712345678", "Wanjiku", "Mwangi") // 7800 received
		clerk, _ := e.staff("clerk")
		keeper, _ := e.staff("storekeeper")
		manager, _ := e.staff("manager")
		_, custID := e.customer, e.custID
		sizePath := fmt.Sprintf("/api/admin/products/%d/variants/%d/", p.ID, v.ID)
		refunds := "/api/admin/orders/ORDER-1700000000001/refunds/"
		refused := func(token, method, path string, body any) {
			t.Helper()
			testkit.WantError(t, e.do(method, path, token, body), http.StatusForbidden, "", admin.MsgRoleMayNot)
		}

		// The clerk: orders and messages, nothing that moves money or prices.
		rec := e.do("PATCH", "/api/admin/orders/ORDER-1700000000001/", clerk, map[string]any{"status": "dispatched", "courier": "G4S Ruiru"})
		testkit.WantStatus(t, rec, http.StatusOK)
		testkit.WantStatus(t, e.do("GET", "/api/admin/messages/", clerk, nil), http.StatusOK)
		refused(clerk, "POST", refunds, refundBody("100", "CLK1", false))
		refused(clerk, "PATCH", sizePath, map[string]any{"size": "70 Kg", "sku": "DM-70", "price": "3000", "stock": 18})
		refused(clerk, "GET", fmt.Sprintf("/api/admin/users/%d/export/", custID), nil)
		refused(clerk, "GET", "/api/admin/products/export/", nil)
		refused(clerk, "GET", "/api/admin/reports/sales/", nil)
		refused(clerk, "GET", "/api/admin/reports/channels/", nil)
		// The dashboard is shared: the clerk's has no revenue.
		rec = e.do("GET", "/api/admin/stats/", clerk, nil)
		testkit.WantStatus(t, rec, http.StatusOK)
		if !strings.Contains(rec.Body.String(), `"totalRevenue":null`) {
			t.Fatalf("the clerk's dashboard shows revenue: %s", rec.Body)
		}
		if rec := e.as("GET", "/api/admin/stats/", nil); strings.Contains(rec.Body.String(), `"totalRevenue":null`) {
			t.Fatalf("the owner's dashboard has no revenue: %s", rec.Body)
		}

		// The storekeeper: stock, never prices.
		testkit.WantStatus(t, e.do("POST", sizePath+"stock/", keeper, map[string]any{"kind": "received", "quantity": 10, "note": "Lorry from Nakuru"}),
			http.StatusCreated)
		testkit.WantStatus(t, e.do("GET", fmt.Sprintf("/api/admin/products/%d/", p.ID), keeper, nil), http.StatusOK)
		testkit.WantError(t, e.do("PATCH", sizePath, keeper, map[string]any{"size": "70 Kg", "sku": "DM-70", "price": "3000", "stock": 28}),
			http.StatusForbidden, "", admin.MsgPriceNotYours)
		rec = e.do("PATCH", sizePath, keeper, map[string]any{"size": "70 Kg", "sku": "DM-70", "price": "3650", "stock": 27})
		testkit.WantStatus(t, rec, http.StatusOK)
		if got := testkit.Decode[variant](t, rec); got.Price != "3650.00" || got.Stock != 27 {
			t.Fatalf("the storekeeper's count %+v", got)
		}
		refused(keeper, "PUT", fmt.Sprintf("/api/admin/products/%d/", p.ID), map[string]any{"name": "Dairy Meal", "base_price": "1"})
		refused(keeper, "GET", "/api/admin/orders/", nil)
		refused(keeper, "GET", "/api/admin/coupons/", nil)

		// The manager: refunds up to the line, reports, never roles.
		testkit.WantStatus(t, e.do("POST", refunds, manager, refundBody("500", "MGR1", false)), http.StatusCreated)
		testkit.WantStatus(t, e.do("GET", "/api/admin/reports/sales/", manager, nil), http.StatusOK)
		testkit.WantStatus(t, e.do("PATCH", sizePath, manager, map[string]any{"size": "70 Kg", "sku": "DM-70", "price": "3700", "stock": 27}), http.StatusOK)
		refused(manager, "PATCH", fmt.Sprintf("/api/admin/users/%d/", custID), map[string]any{"role": "clerk"})
		refused(manager, "GET", "/api/admin/audit/", nil)
		refused(manager, "GET", fmt.Sprintf("/api/admin/users/%d/export/", custID), nil)

		// The owner: all of it.
		testkit.WantStatus(t, e.as("POST", refunds, refundBody("500", "OWN1", false)), http.StatusCreated)
		testkit.WantStatus(t, e.as("GET", fmt.Sprintf("/api/admin/users/%d/export/", custID), nil), http.StatusOK)
		testkit.WantStatus(t, e.as("GET", "/api/admin/reports/sales/", nil), http.StatusOK)
		testkit.WantStatus(t, e.as("PATCH", sizePath, map[string]any{"size": "70 Kg", "sku": "DM-70", "price": "3650", "stock": 27}), http.StatusOK)
		testkit.WantStatus(t, e.as("PATCH", fmt.Sprintf("/api/admin/users/%d/", custID), map[string]any{"role": "clerk"}), http.StatusOK)
	})
}

type me struct {
	Role        string   `json:"role"`
	Permissions []string `json:"permissions"`
}

// Roles are given by an owner; a lowering ends the user's sessions, a
// raise does not; the role reads from the store on the next request.
func TestRoleChanges(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		path := fmt.Sprintf("/api/admin/users/%d/", e.custID)
		got := testkit.Decode[me](t, e.do("GET", "/api/auth/me/", e.customer, nil))
		if got.Role != "customer" || got.Permissions == nil || len(got.Permissions) != 0 {
			t.Fatalf("customer's me %+v", got)
		}
		testkit.WantError(t, e.as("PATCH", path, map[string]any{"role": "admin"}), http.StatusBadRequest, "role", admin.MsgRoleInvalid)
		testkit.WantError(t, e.as("PATCH", fmt.Sprintf("/api/admin/users/%d/", e.adminID), map[string]any{"role": "clerk"}),
			http.StatusBadRequest, "role", admin.MsgOwnRole)

		// Raised to clerk: the same token works at once, with the clerk's rights.
		testkit.WantStatus(t, e.as("PATCH", path, map[string]any{"role": "clerk"}), http.StatusOK)
		got = testkit.Decode[me](t, e.do("GET", "/api/auth/me/", e.customer, nil))
		if got.Role != "clerk" || !slices.Equal(got.Permissions, []string{"orders", "messages"}) {
			t.Fatalf("clerk's me %+v", got)
		}
		testkit.WantStatus(t, e.do("GET", "/api/admin/orders/", e.customer, nil), http.StatusOK)
		// Raised again to manager: still signed in.
		testkit.WantStatus(t, e.as("PATCH", path, map[string]any{"role": "manager"}), http.StatusOK)
		testkit.WantStatus(t, e.do("GET", "/api/admin/reports/sales/", e.customer, nil), http.StatusOK)
		// Lowered to storekeeper: every session ends.
		testkit.WantStatus(t, e.as("PATCH", path, map[string]any{"role": "storekeeper"}), http.StatusOK)
		testkit.WantStatus(t, e.do("GET", "/api/auth/me/", e.customer, nil), http.StatusUnauthorized)
		token, _ := e.Login(custEmail, custPassword)
		got = testkit.Decode[me](t, e.do("GET", "/api/auth/me/", token, nil))
		if got.Role != "storekeeper" || !slices.Equal(got.Permissions, []string{"stock"}) {
			t.Fatalf("storekeeper's me %+v", got)
		}
		for _, role := range account.Roles {
			testkit.WantStatus(t, e.as("PATCH", path, map[string]any{"role": role}), http.StatusOK)
		}
		// The list filters by role, and by staff.
		list := testkit.Decode[page[struct {
			Email string `json:"email"`
		}]](t, e.as("GET", "/api/admin/users/?role=staff", nil))
		if list.Count != 1 || list.Results[0].Email != adminEmail {
			t.Fatalf("staff %+v", list)
		}
		audit := testkit.Decode[page[admin.Entry]](t, e.as("GET", fmt.Sprintf("/api/admin/audit/?entity=user&entity_id=%d", e.custID), nil))
		if audit.Count < 4 || !strings.Contains(audit.Results[len(audit.Results)-1].Summary, "role customer → clerk") {
			t.Fatalf("audit %+v", audit)
		}
	})
}

// Only an owner names or changes owners and managers; the last owner is
// never demoted, not even by two owners demoting each other at once.
func TestOwnersAreKept(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		second, secondID := e.NewAdmin("second@mifugobora.co.ke", "Ruiru2026Feeds")
		// An owner cannot be erased (nor erase themselves).
		testkit.WantStatus(t, e.as("DELETE", fmt.Sprintf("/api/admin/users/%d/", secondID), map[string]any{}), http.StatusConflict)

		for round := range 3 {
			var wg sync.WaitGroup
			codes := make([]int, 2)
			for i, c := range []struct {
				token string
				other int64
			}{{e.admin, secondID}, {second, e.adminID}} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					codes[i] = e.do("PATCH", fmt.Sprintf("/api/admin/users/%d/", c.other), c.token, map[string]any{"role": "manager"}).Code
				}()
			}
			wg.Wait()
			var owners int
			if err := e.d.QueryRow(context.Background(), `SELECT COUNT(*) FROM users WHERE role = 'owner'`).Scan(&owners); err != nil {
				t.Fatal(err)
			}
			slices.Sort(codes)
			// One demotion wins; the other owner's session ended with it (401),
			// or their role changed under them (403),
			// or it ran second and found the last owner (409).
			if owners != 1 || codes[0] != http.StatusOK || !slices.Contains([]int{http.StatusUnauthorized, http.StatusForbidden, http.StatusConflict}, codes[1]) {
				t.Fatalf("round %d: %d owners, answers %v", round, owners, codes)
			}
			// Make both owners again for the next round.
			if _, err := e.d.Exec(context.Background(), `UPDATE users SET role = 'owner' WHERE id IN ($1, $2)`, e.adminID, secondID); err != nil {
				t.Fatal(err)
			}
			e.admin, _ = e.Login(adminEmail, adminPassword)
			second, _ = e.Login("second@mifugobora.co.ke", "Ruiru2026Feeds")
		}
		// The last owner left (the other demoted) cannot be demoted by anyone.
		testkit.WantStatus(t, e.as("PATCH", fmt.Sprintf("/api/admin/users/%d/", secondID), map[string]any{"role": "customer"}), http.StatusOK)
		testkit.WantError(t, e.as("PATCH", fmt.Sprintf("/api/admin/users/%d/", e.adminID), map[string]any{"role": "clerk"}),
			http.StatusBadRequest, "role", admin.MsgOwnRole)
	})
}

// A manager's refund above the line waits for an owner: nothing is
// recorded, sent or restocked until one approves it, and two approvals at
// once run it once.
func TestRefundApproval(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		_, v := e.dairyMeal(20)
		makeOrder(t, e.d, "ORDER-1700000000001", order.Processing, v.ID, 3, "254712345678", "Wanjiku", "Mwangi") // 3 × 3650 + 500 = 11450
		manager, _ := e.staff("manager")
		path := "/api/admin/orders/ORDER-1700000000001/refunds/"

		// Checked as a refund first: too much is refused now.
		testkit.WantError(t, e.do("POST", path, manager, refundBody("20000", "BIG0", true)), http.StatusBadRequest, "amount",
			"At most Ksh 11,450 can be refunded.")
		// At the line: the manager's own.
		testkit.WantStatus(t, e.do("POST", path, manager, refundBody("5000", "LINE1", false)), http.StatusCreated)
		// Above it: waiting.
		rec := e.do("POST", path, manager, refundBody("6000", "BIG1", true))
		testkit.WantStatus(t, rec, http.StatusAccepted)
		ap := testkit.Decode[struct{ Approval admin.Approval }](t, rec).Approval
		if ap.Status != admin.ApprovalWaiting || ap.Amount.String() != "6000.00" || ap.RequestedBy != "manager@mifugobora.co.ke" || !ap.Restock {
			t.Fatalf("approval %+v", ap)
		}
		o := testkit.Decode[refunded](t, e.as("GET", "/api/admin/orders/ORDER-1700000000001/", nil))
		if o.AmountRefunded != "5000.00" || len(o.Refunds) != 1 || stock(t, e.d, v.ID) != 17 {
			t.Fatalf("a waiting refund moved something: %+v, stock %d", o, stock(t, e.d, v.ID))
		}
		// The owner's dashboard lists it; the manager's does not, and the
		// manager may not approve.
		var stats struct {
			RefundsWaiting []admin.Approval `json:"refundsWaiting"`
		}
		stats = testkit.Decode[struct {
			RefundsWaiting []admin.Approval `json:"refundsWaiting"`
		}](t, e.as("GET", "/api/admin/stats/", nil))
		if len(stats.RefundsWaiting) != 1 || stats.RefundsWaiting[0].ID != ap.ID {
			t.Fatalf("owner's dashboard %+v", stats)
		}
		stats = testkit.Decode[struct {
			RefundsWaiting []admin.Approval `json:"refundsWaiting"`
		}](t, e.do("GET", "/api/admin/stats/", manager, nil))
		if stats.RefundsWaiting == nil || len(stats.RefundsWaiting) != 0 {
			t.Fatalf("manager's dashboard %+v", stats)
		}
		approve := fmt.Sprintf("/api/admin/refunds/%d/approve/", ap.ID)
		testkit.WantError(t, e.do("POST", approve, manager, nil), http.StatusForbidden, "", admin.MsgRoleMayNot)
		// An owner's own refund above the line needs nobody.
		testkit.WantStatus(t, e.as("POST", path, refundBody("100", "OWN1", false)), http.StatusCreated)

		// Two approvals at once: one refund.
		var wg sync.WaitGroup
		codes := make([]int, 4)
		for i := range codes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				codes[i] = e.as("POST", approve, nil).Code
			}()
		}
		wg.Wait()
		slices.Sort(codes)
		if !slices.Equal(codes, []int{http.StatusCreated, http.StatusConflict, http.StatusConflict, http.StatusConflict}) {
			t.Fatalf("approvals answered %v", codes)
		}
		o = testkit.Decode[refunded](t, e.as("GET", "/api/admin/orders/ORDER-1700000000001/", nil))
		if o.AmountRefunded != "11100.00" || len(o.Refunds) != 3 || stock(t, e.d, v.ID) != 20 {
			t.Fatalf("after approval %+v, stock %d", o, stock(t, e.d, v.ID))
		}
		testkit.WantError(t, e.as("POST", fmt.Sprintf("/api/admin/refunds/%d/decline/", ap.ID), nil), http.StatusConflict, "", admin.MsgApprovalDecided)
		testkit.WantStatus(t, e.as("POST", "/api/admin/refunds/999/approve/", nil), http.StatusNotFound)

		// Declined: nothing moves.
		rec = e.do("POST", path, manager, refundBody("300", "SMALL", false))
		testkit.WantStatus(t, rec, http.StatusCreated)
		e2 := e.do("POST", "/api/admin/orders/ORDER-1700000000001/refunds/", manager, refundBody("5001", "BIG2", false))
		testkit.WantStatus(t, e2, http.StatusBadRequest)                                                   // only 50 left
		makeOrder(t, e.d, "ORDER-1700000000002", order.Paid, v.ID, 2, "254712345678", "Wanjiku", "Mwangi") // 7800
		rec = e.do("POST", "/api/admin/orders/ORDER-1700000000002/refunds/", manager, refundBody("7000", "BIG3", false))
		testkit.WantStatus(t, rec, http.StatusAccepted)
		ap2 := testkit.Decode[struct{ Approval admin.Approval }](t, rec).Approval
		list := testkit.Decode[struct{ Results []admin.Approval }](t, e.do("GET", "/api/admin/refunds/", manager, nil))
		if len(list.Results) != 1 || list.Results[0].ID != ap2.ID {
			t.Fatalf("waiting %+v", list)
		}
		rec = e.as("POST", fmt.Sprintf("/api/admin/refunds/%d/decline/", ap2.ID), nil)
		testkit.WantStatus(t, rec, http.StatusOK)
		if d := testkit.Decode[admin.Approval](t, rec); d.Status != admin.ApprovalDeclined || d.DecidedBy != adminEmail || d.DecidedAt == nil {
			t.Fatalf("declined %+v", d)
		}
		o = testkit.Decode[refunded](t, e.as("GET", "/api/admin/orders/ORDER-1700000000002/", nil))
		if o.AmountRefunded != "0.00" || len(o.Refunds) != 0 {
			t.Fatalf("declined refund moved money %+v", o)
		}
		audit := testkit.Decode[page[admin.Entry]](t, e.as("GET", "/api/admin/audit/?entity=order&entity_id=ORDER-1700000000001", nil))
		var actions []string
		for _, a := range audit.Results {
			actions = append(actions, a.Action)
		}
		if !slices.Contains(actions, "refund_request") || !strings.Contains(audit.Results[1].Summary, "approved manager@mifugobora.co.ke's refund") {
			t.Fatalf("audit %v %+v", actions, audit.Results)
		}
	})
}

// Migration 0050 made every admin an owner, keeping their sessions and
// orders: replayed here on a shop put back as it was before it.
func TestMigrationMadeAdminsOwners(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		_, v := e.dairyMeal(20)
		makeOrder(t, e.d, "ORDER-1700000000001", order.Paid, v.ID, 1, "254712345678", "Wanjiku", "Mwangi")
		// Back to before 0050: the old CHECK, the admin role, 0050 not applied.
		err := e.d.Tx(ctx, func(tx *sql.Tx) error {
			if e.d.Dialect == db.Postgres {
				if _, err := tx.ExecContext(ctx, `ALTER TABLE users DROP CONSTRAINT users_role_check`); err != nil {
					return err
				}
				if _, err := tx.ExecContext(ctx, `UPDATE users SET role = 'admin' WHERE role = 'owner'`); err != nil {
					return err
				}
				_, err := tx.ExecContext(ctx, `ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('customer', 'admin'))`)
				if err != nil {
					return err
				}
			} else {
				var version int64
				if err := tx.QueryRowContext(ctx, `PRAGMA schema_version`).Scan(&version); err != nil {
					return err
				}
				for _, q := range []string{`PRAGMA writable_schema = ON`,
					`UPDATE sqlite_schema SET sql = replace(sql, 'CHECK (role IN (''customer'', ''owner'', ''manager'', ''clerk'', ''storekeeper'', ''rider'', ''agent''))',
						'CHECK (role IN (''customer'', ''admin''))') WHERE type = 'table' AND name = 'users'`,
					fmt.Sprintf(`PRAGMA schema_version = %d`, version+1), `PRAGMA writable_schema = OFF`,
					`UPDATE users SET role = 'admin' WHERE role = 'owner'`} {
					if _, err := tx.ExecContext(ctx, q); err != nil {
						return fmt.Errorf("%s: %w", q, err)
					}
				}
			}
			_, err := tx.ExecContext(ctx, `DELETE FROM schema_migrations WHERE version = 50`)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.d.Exec(ctx, `UPDATE users SET role = 'owner' WHERE id = $1`, e.adminID); err == nil {
			t.Fatal("the old CHECK is not back")
		}
		applied, err := e.d.Migrate(ctx)
		if err != nil || !slices.Equal(applied, []string{"0050_roles.sql"}) {
			t.Fatalf("migrate: %v %v", applied, err)
		}
		// The admin is an owner, still signed in with the same token, and
		// the orders are there.
		got := testkit.Decode[me](t, e.as("GET", "/api/auth/me/", nil))
		if got.Role != "owner" || len(got.Permissions) != len(account.AllPermissions) {
			t.Fatalf("after 0050 %+v", got)
		}
		list := testkit.Decode[page[struct {
			OrderID string `json:"orderId"`
		}]](t, e.as("GET", "/api/admin/orders/", nil))
		if list.Count != 1 || list.Results[0].OrderID != "ORDER-1700000000001" {
			t.Fatalf("orders after 0050 %+v", list)
		}
		if _, err := e.d.Exec(ctx, `UPDATE users SET role = 'storekeeper' WHERE id = $1`, e.custID); err != nil {
			t.Fatalf("the new CHECK: %v", err)
		}
	})
}
