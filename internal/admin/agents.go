package admin

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"strings"

	"shop/internal/agent"
	"shop/internal/apperr"
	"shop/internal/httpx"
	"shop/internal/payment"
)

// The owner's agents (docs/product.md, "Agents"): sign-up, rates,
// figures and flags, and paying their commission by M-Pesa or by hand,
// each change audited.

func (h *Handlers) agentsOn() error {
	if h.agents == nil {
		return apperr.NotFound("Not found")
	}
	return nil
}

// Agents answers GET /api/admin/agents/: every agent with their figures and flags.
func (h *Handlers) Agents(w http.ResponseWriter, r *http.Request, _ Actor) error {
	if err := h.agentsOn(); err != nil {
		return err
	}
	return show(w, r, h.agents.Summaries)
}

// Agent answers GET /api/admin/agents/{id}/: an agent's orders, farmers,
// commission, payouts and flags.
func (h *Handlers) Agent(w http.ResponseWriter, r *http.Request, _ Actor) error {
	if err := h.agentsOn(); err != nil {
		return err
	}
	id, err := pathID(r, "id", "Agent")
	if err != nil {
		return err
	}
	return show(w, r, func(ctx context.Context) (agent.Overview, error) { return h.agents.Overview(ctx, id, true) })
}

// CreateAgent answers POST /api/admin/agents/: signs up an agent, making
// the person with that email or phone an agent or creating their account.
func (h *Handlers) CreateAgent(w http.ResponseWriter, r *http.Request, a Actor) error {
	if err := h.agentsOn(); err != nil {
		return err
	}
	var in agent.Input
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	return commit(h, w, r, a, http.StatusCreated, func(tx *sql.Tx) (agent.Agent, Entry, error) {
		ag, err := h.agents.CreateTx(r.Context(), tx, in)
		if err != nil {
			return ag, Entry{}, err
		}
		return ag, entry("create", "agent", ag.ID, fmt.Sprintf("%s (%s, %s, code %s, user %d), rates %s", quote(ag.Name), ag.Phone, ag.Area, ag.Code, ag.UserID, rates(ag.Rates))), nil
	})
}

// UpdateAgent answers PATCH /api/admin/agents/{id}/.
func (h *Handlers) UpdateAgent(w http.ResponseWriter, r *http.Request, a Actor) error {
	if err := h.agentsOn(); err != nil {
		return err
	}
	id, err := pathID(r, "id", "Agent")
	if err != nil {
		return err
	}
	var in agent.Input
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	return commit(h, w, r, a, http.StatusOK, func(tx *sql.Tx) (agent.Agent, Entry, error) {
		before, after, err := h.agents.UpdateTx(r.Context(), tx, id, in)
		if err != nil {
			return after, Entry{}, err
		}
		var d diff
		d.add("name", before.Name, after.Name)
		d.add("phone", before.Phone, after.Phone)
		d.add("area", before.Area, after.Area)
		d.add("code", before.Code, after.Code)
		d.add("active", before.Active, after.Active)
		d.add("rates", rates(before.Rates), rates(after.Rates))
		return after, updated("agent", id, before.Name, d), nil
	})
}

// rates sums up an agent's rates for the audit log: "Dairy 5.00%, Poultry 2.50%".
func rates(list []agent.Rate) string {
	if len(list) == 0 {
		return "none"
	}
	parts := make([]string, len(list))
	for i, r := range list {
		parts[i] = fmt.Sprintf("%s %d.%02d%%", r.Name, r.RateBP/100, r.RateBP%100)
	}
	return strings.Join(parts, ", ")
}

// payoutAnswer is a payout with the agent's page after it.
type payoutAnswer struct {
	Payout payment.Payout `json:"payout"`
	Orders []string       `json:"orders"`
}

// PayAgent answers POST /api/admin/agents/{id}/payouts/ {period, method,
// reference}: pays what is payable now, once per agent and period. A manual
// payment is recorded (201); an M-Pesa one is stored, then sent by B2C to
// the agent's phone (202), its result coming later.
func (h *Handlers) PayAgent(w http.ResponseWriter, r *http.Request, a Actor) error {
	if err := h.agentsOn(); err != nil {
		return err
	}
	id, err := pathID(r, "id", "Agent")
	if err != nil {
		return err
	}
	var in agent.PayInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	var out payoutAnswer
	ctx := r.Context()
	err = h.change(ctx, a, func(tx *sql.Tx) (Entry, error) {
		p, numbers, err := h.agents.PayTx(ctx, tx, id, in, a.OrderActor())
		if err != nil {
			return Entry{}, err
		}
		out = payoutAnswer{Payout: p, Orders: numbers}
		how := "by M-Pesa to " + p.Phone + " as " + p.ID
		if p.Method == payment.PayoutManual {
			how = "paid by hand, reference " + quote(p.Reference)
		}
		return entry("payout", "agent", id, fmt.Sprintf("commission %s for %s %s, orders %s", p.Amount.Ksh(), p.Period, how, strings.Join(numbers, " "))), nil
	})
	if err != nil {
		return err
	}
	if out.Payout.Method != payment.PayoutMpesa {
		return writeJSON(w, http.StatusCreated, out)
	}
	// Stored: the payout is sent (or sent again by the reconciler) whatever
	// happens to this request now.
	if err := h.agents.Send(context.WithoutCancel(ctx), out.Payout.ID); err != nil {
		return err
	}
	if p, err := h.payments.PayoutByID(ctx, out.Payout.ID); err == nil {
		out.Payout = p
	}
	return writeJSON(w, http.StatusAccepted, out)
}
