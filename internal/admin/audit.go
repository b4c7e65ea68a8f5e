package admin

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"strings"
	"time"

	"shop/internal/db"
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

// updated is the entry of an edit of what (an entity named name): the
// fields d lists, or none when nothing changed.
func updated(entity string, id any, name string, d diff) Entry {
	if len(d) == 0 {
		return Entry{}
	}
	return entry("update", entity, id, name+": "+d.String())
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
	q, err := readList(r, 50)
	if err != nil {
		return err
	}
	count, entries, err := h.auditLog(r.Context(), q.Get("entity"), q.Get("entity_id"), q.page, q.size)
	if err != nil {
		return err
	}
	return writePage(w, r, q, count, entries)
}

// auditLog reads page (from 1) of size entries of the log, newest first,
// of one entity or kind of entity when given, and how many there are.
func (h *Handlers) auditLog(ctx context.Context, entity, entityID string, page, size int) (int, []Entry, error) {
	var where db.Where
	if entity != "" {
		where.And("entity = " + where.Arg(entity))
	}
	if entityID != "" {
		where.And("entity_id = " + where.Arg(entityID))
	}
	count, rows, err := h.db.ListPage(ctx, `id, actor_user_id, actor_email, action, entity, entity_id, summary, created_at`,
		"admin_audit", &where, "created_at DESC, id DESC", page, size)
	if err != nil {
		return 0, nil, fmt.Errorf("list audit: %w", err)
	}
	entries, err := db.Collect(rows, func(r db.Scanner) (Entry, error) {
		var e Entry
		var actor sql.NullInt64
		if err := r.Scan(&e.ID, &actor, &e.Actor, &e.Action, &e.Entity, &e.EntityID, &e.Summary, &e.CreatedAt); err != nil {
			return Entry{}, err
		}
		if actor.Valid {
			id := actor.Int64
			e.ActorID = &id
		}
		return e, nil
	})
	if err != nil {
		return 0, nil, fmt.Errorf("list audit: %w", err)
	}
	return count, entries, nil
}
