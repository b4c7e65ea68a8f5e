package admin

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Entry is one line of the audit log: what an admin did to what, with the
// change in brief ("price: 1500.00 → 1600.00").
type Entry struct {
	ID        int64     `json:"id"`
	ActorID   *int64    `json:"actor_user_id"`
	Actor     string    `json:"actor_email"`
	Action    string    `json:"action"`
	Entity    string    `json:"entity"`
	EntityID  string    `json:"entity_id"`
	Summary   string    `json:"summary"`
	CreatedAt time.Time `json:"created_at"`
}

// maxSummary bounds a summary: a brief, not a copy of the record.
const maxSummary = 2000

func record(ctx context.Context, tx *sql.Tx, a Actor, e Entry) error {
	summary := e.Summary
	if r := []rune(summary); len(r) > maxSummary {
		summary = string(r[:maxSummary-1]) + "…"
	}
	var actorID any
	if a.UserID > 0 {
		actorID = a.UserID
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO admin_audit (actor_user_id, actor_email, action, entity, entity_id, summary, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`, actorID, a.Email, e.Action, e.Entity, e.EntityID, summary, time.Now().UTC())
	if err != nil {
		return fmt.Errorf("audit %s %s: %w", e.Action, e.Entity, err)
	}
	return nil
}

func entry(action, entity string, id any, summary string) Entry {
	return Entry{Action: action, Entity: entity, EntityID: fmt.Sprint(id), Summary: summary}
}

// diff describes the fields that changed, as "name: "A" → "B"; price: 1.00 → 2.00".
type diff []string

func (d *diff) add(field string, before, after any) {
	b, a := fmt.Sprint(before), fmt.Sprint(after)
	if b == a {
		return
	}
	if _, ok := before.(string); ok {
		b, a = quote(b), quote(a)
	}
	*d = append(*d, field+": "+b+" → "+a)
}

func (d diff) String() string { return strings.Join(d, "; ") }

// Audit answers GET /api/admin/audit/: the log, newest first, optionally
// for one entity (?entity=product&entity_id=12).
func (h *Handlers) Audit(w http.ResponseWriter, r *http.Request, _ Actor) error {
	q := r.URL.Query()
	page, size, err := pageOf(q, 50)
	if err != nil {
		return err
	}
	var where []string
	var args []any
	if v := q.Get("entity"); v != "" {
		args = append(args, v)
		where = append(where, "entity = $"+strconv.Itoa(len(args)))
	}
	if v := q.Get("entity_id"); v != "" {
		args = append(args, v)
		where = append(where, "entity_id = $"+strconv.Itoa(len(args)))
	}
	cond := ""
	if len(where) > 0 {
		cond = " WHERE " + strings.Join(where, " AND ")
	}
	var count int
	if err := h.db.QueryRow(r.Context(), `SELECT COUNT(*) FROM admin_audit`+cond, args...).Scan(&count); err != nil {
		return fmt.Errorf("count audit: %w", err)
	}
	rows, err := h.db.Query(r.Context(), `SELECT id, actor_user_id, actor_email, action, entity, entity_id, summary, created_at
		FROM admin_audit`+cond+` ORDER BY created_at DESC, id DESC LIMIT `+strconv.Itoa(size)+` OFFSET `+strconv.Itoa((page-1)*size), args...)
	if err != nil {
		return fmt.Errorf("list audit: %w", err)
	}
	defer rows.Close()
	out := []Entry{}
	for rows.Next() {
		var e Entry
		var actor sql.NullInt64
		if err := rows.Scan(&e.ID, &actor, &e.Actor, &e.Action, &e.Entity, &e.EntityID, &e.Summary, &e.CreatedAt); err != nil {
			return fmt.Errorf("scan audit: %w", err)
		}
		if actor.Valid {
			id := actor.Int64
			e.ActorID = &id
		}
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("list audit: %w", err)
	}
	return writeJSON(w, http.StatusOK, newPage(r.URL, page, size, count, out))
}
