package agent

import (
	"context"
	"database/sql"
	"fmt"

	"shop/internal/payment"
)

// Link is an order's tie to an agent, as a customer's data export shows it.
type Link struct {
	Number string `json:"orderId"`
	Agent  string `json:"agent_code"`
	Via    string `json:"via"`
}

// Personal is what the agent tables hold about one person: the links of
// their orders to agents and, for an agent, their own record.
type Personal struct {
	Links []Link `json:"agent_links"`
	Agent *Agent `json:"agent"`
}

// Export reads what the agent tables hold about user id: the links of
// orders (ids) to agents, and their agent record when they are one.
func (s *Service) Export(ctx context.Context, userID int64, orderIDs []int64) (Personal, error) {
	out := Personal{Links: []Link{}}
	if len(orderIDs) > 0 {
		cond, arg := s.db.InIDs("ao.order_id", 1, orderIDs)
		rows, err := s.db.Query(ctx, `SELECT o.order_number, a.code, ao.via FROM agent_orders ao JOIN agents a ON a.id = ao.agent_id
			JOIN orders o ON o.id = ao.order_id WHERE `+cond+` ORDER BY o.id`, arg)
		if err != nil {
			return out, fmt.Errorf("agent links: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var l Link
			if err := rows.Scan(&l.Number, &l.Agent, &l.Via); err != nil {
				return out, err
			}
			out.Links = append(out.Links, l)
		}
		if err := rows.Err(); err != nil {
			return out, err
		}
	}
	var id int64
	err := s.db.QueryRow(ctx, `SELECT id FROM agents WHERE user_id = $1`, userID).Scan(&id)
	if err == sql.ErrNoRows {
		return out, nil
	}
	if err != nil {
		return out, fmt.Errorf("agent of user %d: %w", userID, err)
	}
	a, err := s.Get(ctx, id)
	if err != nil {
		return out, err
	}
	out.Agent = &a
	return out, nil
}

// EraseTx forgets, inside an erasure's transaction, the farmer's phone on
// the agent links of their orders (ids), and when user id is an agent,
// their agent record, rates and links (their orders stay the farmers') and
// the phone their payouts went to.
func (s *Service) EraseTx(ctx context.Context, tx *sql.Tx, userID int64, orderIDs []int64) error {
	if len(orderIDs) > 0 {
		cond, arg := s.db.InIDs("order_id", 1, orderIDs)
		if _, err := tx.ExecContext(ctx, `UPDATE agent_orders SET farmer_phone = '' WHERE `+cond, arg); err != nil {
			return fmt.Errorf("forget agent links: %w", err)
		}
	}
	var id int64
	err := tx.QueryRowContext(ctx, `SELECT id FROM agents WHERE user_id = $1`, userID).Scan(&id)
	if err == sql.ErrNoRows {
		return nil
	}
	if err != nil {
		return fmt.Errorf("agent of user %d: %w", userID, err)
	}
	if s.payouts != nil {
		if err := s.payouts.ForgetPayeeTx(ctx, tx, payment.PayoutAgent, id); err != nil {
			return err
		}
	}
	// The rates and links go with the agent (ON DELETE CASCADE).
	if _, err := tx.ExecContext(ctx, `DELETE FROM agents WHERE id = $1`, id); err != nil {
		return fmt.Errorf("erase agent %d: %w", id, err)
	}
	return nil
}
