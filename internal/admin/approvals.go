package admin

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/money"
	"shop/internal/order"
)

// Refunds above the approval line (SHOP_REFUND_APPROVAL_OVER) asked by a
// role without refunds_approve wait in refund_approvals for an owner
// (docs/product.md, "Roles"). Waiting, a refund is only a row here: no
// money is counted as gone, nothing is sent to M-Pesa, no stock comes back
// and KRA gets no credit note. An owner's approval runs the normal refund
// (refundTx) in the transaction that marks the row approved, so two
// approvals at once run it once; a refund that fails then (the order was
// refunded meanwhile, the limit is reached) leaves the row waiting.

// Approval states.
const (
	ApprovalWaiting  = "waiting"
	ApprovalApproved = "approved"
	ApprovalDeclined = "declined"
)

// Messages of the approvals.
const (
	MsgApprovalDecided = "This refund was already approved or declined."
	msgNoApproval      = "Refund approval not found"
)

// Approval is a refund waiting for an owner, or decided.
type Approval struct {
	ID          int64       `json:"id"`
	Order       string      `json:"order"`
	Amount      money.Cents `json:"amount"`
	Method      string      `json:"method"`
	Reason      string      `json:"reason"`
	Phone       string      `json:"phone"`
	Restock     bool        `json:"restock"`
	RequestedBy string      `json:"requested_by"`
	Status      string      `json:"status"`
	DecidedBy   string      `json:"decided_by"`
	DecidedAt   *time.Time  `json:"decided_at"`
	RefundID    string      `json:"refund_id"`
	CreatedAt   time.Time   `json:"created_at"`

	input order.RefundInput
}

// storedRefund is the refund form as refund_approvals keeps it.
type storedRefund struct {
	Method    string      `json:"method"`
	Amount    money.Cents `json:"amount"`
	Reason    string      `json:"reason"`
	Reference string      `json:"reference"`
	Phone     string      `json:"phone"`
	Receipt   string      `json:"receipt"`
	Restock   bool        `json:"restock"`
	// Lines is empty for a refund of an amount alone.
	Lines []order.RefundLine `json:"lines,omitempty"`
}

// errDryRun undoes the trial refund askApproval runs.
var errDryRun = errors.New("dry run")

// askApproval keeps refund of order number, asked by a, as waiting for an
// owner, with its audit entry. The refund is first tried in a transaction
// that is then undone, so a refund the order could never take (too much,
// not paid, a used reference) is refused now rather than at approval.
func (h *Handlers) askApproval(ctx context.Context, a Actor, number string, refund order.RefundInput) (Approval, error) {
	err := h.db.Tx(ctx, func(tx *sql.Tx) error {
		if _, _, _, err := h.payments.RefundTx(ctx, tx, number, refund, a.OrderActor()); err != nil {
			return err
		}
		return errDryRun
	})
	if !errors.Is(err, errDryRun) {
		if err == nil {
			err = errors.New("refund trial committed")
		}
		return Approval{}, err
	}
	form, err := json.Marshal(storedRefund{Method: refund.Method, Amount: refund.Amount, Reason: refund.Reason,
		Reference: refund.Reference, Phone: refund.Phone, Receipt: refund.Receipt, Restock: refund.Restock, Lines: refund.Lines})
	if err != nil {
		return Approval{}, err
	}
	var id int64
	err = h.change(ctx, a, func(tx *sql.Tx) (Entry, error) {
		if err := tx.QueryRowContext(ctx, `INSERT INTO refund_approvals (order_number, amount_cents, request, requested_by, requested_email, created_at)
			VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, number, int64(refund.Amount), string(form), a.UserID, a.Email, time.Now().UTC()).Scan(&id); err != nil {
			return Entry{}, fmt.Errorf("store refund approval: %w", err)
		}
		return entry("refund_request", "order", number, fmt.Sprintf("asked an owner to approve a refund of %s (%s) as approval %d",
			refund.Amount.Ksh(), quote(refund.Reason), id)), nil
	})
	if err != nil {
		return Approval{}, err
	}
	return loadApproval(h.db.QueryRow(ctx, `SELECT `+approvalColumns+` FROM refund_approvals WHERE id = $1`, id), id)
}

const approvalColumns = `id, order_number, amount_cents, request, requested_email, status, decided_email, decided_at, refund_id, created_at`

func scanApproval(row db.Scanner) (Approval, error) {
	var ap Approval
	var form string
	var decided sql.NullTime
	if err := row.Scan(&ap.ID, &ap.Order, &ap.Amount, &form, &ap.RequestedBy, &ap.Status, &ap.DecidedBy, &decided, &ap.RefundID, &ap.CreatedAt); err != nil {
		return ap, err
	}
	if decided.Valid {
		t := decided.Time.UTC()
		ap.DecidedAt = &t
	}
	ap.CreatedAt = ap.CreatedAt.UTC()
	var f storedRefund
	if err := json.Unmarshal([]byte(form), &f); err != nil {
		return ap, fmt.Errorf("refund approval %d: %w", ap.ID, err)
	}
	ap.Method, ap.Reason, ap.Phone, ap.Restock = f.Method, f.Reason, f.Phone, f.Restock
	ap.input = order.RefundInput{Method: f.Method, Amount: f.Amount, Reason: f.Reason, Reference: f.Reference, Phone: f.Phone,
		Receipt: f.Receipt, Restock: f.Restock, Lines: f.Lines}
	return ap, nil
}

// loadApproval scans the approval row of id, or answers that there is none.
func loadApproval(row db.Scanner, id int64) (Approval, error) {
	ap, err := scanApproval(row)
	if err != nil {
		return Approval{}, db.RowErr(err, apperr.NotFound(msgNoApproval), "load refund approval %d", id)
	}
	return ap, nil
}

// waitingApprovals lists the refunds waiting for an owner, oldest first.
func (h *Handlers) waitingApprovals(ctx context.Context, limit int) ([]Approval, error) {
	return db.QueryAll(ctx, h.db, "refund approvals", scanApproval,
		`SELECT `+approvalColumns+` FROM refund_approvals WHERE status = $1 ORDER BY created_at, id LIMIT $2`, ApprovalWaiting, limit)
}

// RefundApprovals answers GET /api/admin/refunds/: the refunds waiting for
// an owner, oldest first (at most 100).
func (h *Handlers) RefundApprovals(w http.ResponseWriter, r *http.Request, _ Actor) error {
	list, err := h.waitingApprovals(r.Context(), 100)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"results": list})
}

// decide marks approval id decided as status by a inside tx, and returns it
// as it was asked; 409 when it is no longer waiting. On PostgreSQL the
// UPDATE waits for another decision of the same row and then finds it
// decided; SQLite's single writer does the same.
func (h *Handlers) decide(ctx context.Context, tx *sql.Tx, id int64, status string, a Actor) (Approval, error) {
	res, err := tx.ExecContext(ctx, `UPDATE refund_approvals SET status = $1, decided_email = $2, decided_at = $3 WHERE id = $4 AND status = $5`,
		status, a.Email, time.Now().UTC(), id, ApprovalWaiting)
	if err != nil {
		return Approval{}, fmt.Errorf("decide refund approval %d: %w", id, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return Approval{}, err
	}
	got, err := loadApproval(tx.QueryRowContext(ctx, `SELECT `+approvalColumns+` FROM refund_approvals WHERE id = $1`, id), id)
	if err != nil {
		return Approval{}, err
	}
	if n == 0 {
		return Approval{}, apperr.Conflict(MsgApprovalDecided)
	}
	return got, nil
}

// ApproveRefund answers POST /api/admin/refunds/{id}/approve/: the refund
// runs as the approving owner's, by the normal road (recorded, sent by
// M-Pesa when it is an M-Pesa refund, stock returned when asked), and the
// answer is the refund's: 201 or 202 with the order. Approved twice at
// once, it runs once; the other answers 409.
func (h *Handlers) ApproveRefund(w http.ResponseWriter, r *http.Request, a Actor) error {
	id, err := pathID(r, "id", "Refund approval")
	if err != nil {
		return err
	}
	ctx := r.Context()
	var ap Approval
	var after order.Order
	var sent order.Refund
	err = h.change(ctx, a, func(tx *sql.Tx) (Entry, error) {
		if ap, err = h.decide(ctx, tx, id, ApprovalApproved, a); err != nil {
			return Entry{}, err
		}
		var e Entry
		after, sent, e, err = h.refundTx(ctx, tx, ap.Order, ap.input, a)
		if err != nil {
			return Entry{}, err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE refund_approvals SET refund_id = $1 WHERE id = $2`, sent.ID, id); err != nil {
			return Entry{}, fmt.Errorf("note refund of approval %d: %w", id, err)
		}
		e.Summary = fmt.Sprintf("approved %s's %s", ap.RequestedBy, e.Summary)
		return e, nil
	})
	if err != nil {
		return err
	}
	return h.answerRefund(ctx, w, ap.Order, after, sent)
}

// DeclineRefund answers POST /api/admin/refunds/{id}/decline/: nothing is
// refunded; 200 with the approval, 409 when it was decided already.
func (h *Handlers) DeclineRefund(w http.ResponseWriter, r *http.Request, a Actor) error {
	id, err := pathID(r, "id", "Refund approval")
	if err != nil {
		return err
	}
	ctx := r.Context()
	return commit(h, w, r, a, http.StatusOK, func(tx *sql.Tx) (Approval, Entry, error) {
		ap, err := h.decide(ctx, tx, id, ApprovalDeclined, a)
		if err != nil {
			return ap, Entry{}, err
		}
		return ap, entry("refund_decline", "order", ap.Order, fmt.Sprintf("declined %s's refund of %s (%s), approval %d",
			ap.RequestedBy, ap.Amount.Ksh(), quote(ap.Reason), id)), nil
	})
}
