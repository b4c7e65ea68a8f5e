// Package agent is the shop's agents: people the owner signs up (an
// agrovet, an extension officer, a neighbour with a smartphone) who order
// for farmers or whose code a shopper types at checkout, and earn a
// commission on the goods of those orders (docs/product.md, "Agents").
// It owns agents, agent_rates and agent_orders (migration 0065); the
// money paid to an agent is the payment package's payouts.
package agent

import (
	"context"
	"crypto/rand"
	"database/sql"
	"fmt"
	"log/slog"
	"regexp"
	"strings"
	"time"

	"shop/internal/account"
	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/payment"
	"shop/internal/phone"
)

// DefaultReturnDays is how long after delivery or collection an order's
// commission waits before it is payable (SHOP_AGENT_RETURN_DAYS): the
// time a farmer has to bring a bag back.
const DefaultReturnDays = 7

// Payouts is what paying agents needs from the payment package.
type Payouts interface {
	PayoutTx(ctx context.Context, tx *sql.Tx, in payment.PayoutInput) (payment.Payout, error)
	SendPayout(ctx context.Context, id string) error
	Payouts(ctx context.Context, kind string, payee int64) ([]payment.Payout, error)
	ForgetPayeeTx(ctx context.Context, tx *sql.Tx, kind string, payee int64) error
}

// Service is the agents' store and rules.
type Service struct {
	db       *db.DB
	accounts *account.Store
	orders   *order.Store
	payouts  Payouts
	// ReturnWindow is how long after delivery a commission becomes payable.
	ReturnWindow time.Duration
	// Now is the clock of the return window; nil: the wall clock.
	Now func() time.Time
	log *slog.Logger
}

// New returns the service; payouts may be nil (no payments wired: paying
// answers 404).
func New(d *db.DB, accounts *account.Store, orders *order.Store, payouts Payouts, window time.Duration, log *slog.Logger) *Service {
	if log == nil {
		log = slog.Default()
	}
	return &Service{db: d, accounts: accounts, orders: orders, payouts: payouts, ReturnWindow: window, log: log}
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

// Agent is an agent as the owner (and the agent) reads them.
type Agent struct {
	ID     int64  `json:"id"`
	UserID int64  `json:"user_id"`
	Code   string `json:"code"`
	Name   string `json:"name"`
	Phone  string `json:"phone"`
	Email  string `json:"email"`
	Area   string `json:"area"`
	Active bool   `json:"active"`
	// Rates are the commission per category, in basis points (100 = 1 %).
	Rates     []Rate    `json:"rates"`
	CreatedAt time.Time `json:"created_at"`
}

// Rate is an agent's commission on one category's goods.
type Rate struct {
	Category int64  `json:"category"`
	Name     string `json:"category_name"`
	RateBP   int    `json:"rate_bp"`
}

// Input is what the owner types to sign up or change an agent. A nil
// field of an update is left as it is.
type Input struct {
	Name     *string `json:"name"`
	Phone    *string `json:"phone"`
	Email    *string `json:"email"`
	Password *string `json:"password"`
	Area     *string `json:"area"`
	Code     *string `json:"code"`
	Active   *bool   `json:"active"`
	Rates    *[]Rate `json:"rates"`
}

// Messages of the owner's agent screen (English only).
const (
	MsgName       = "Type the agent's name."
	MsgPhone      = "Type the agent's phone number, like 0712 345 678."
	MsgArea       = "Keep the area under 100 characters."
	MsgCode       = "An agent code is 3 to 12 letters and digits."
	MsgCodeTaken  = "Another agent has this code."
	MsgRate       = "A commission rate is from 0 to 10000 basis points (0 to 100 %) of a category that exists."
	MsgAgentTaken = "This person is already an agent."
)

var codeForm = regexp.MustCompile(`^[A-Z0-9]{3,12}$`)

// codeAlphabet leaves out letters and digits read alike (O and 0, I and 1).
const codeAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

// newCode is a fresh agent code: six characters, easy to read out and type.
func newCode() string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = codeAlphabet[int(b[i])%len(codeAlphabet)]
	}
	return string(b)
}

// NormalizeCode is a code as stored: upper case, without spaces or dashes.
func NormalizeCode(c string) string {
	return strings.ToUpper(strings.NewReplacer(" ", "", "-", "").Replace(strings.TrimSpace(c)))
}

const agentColumns = `a.id, a.user_id, a.code, a.name, a.phone, u.email, a.area, a.active, a.created_at`

func scanAgent(r db.Scanner) (a Agent, err error) {
	err = r.Scan(&a.ID, &a.UserID, &a.Code, &a.Name, &a.Phone, &a.Email, &a.Area, &a.Active, &a.CreatedAt)
	a.CreatedAt = a.CreatedAt.UTC()
	a.Rates = []Rate{}
	return a, err
}

var errNoAgent = apperr.NotFound("No such agent")

// List lists every agent, newest first, with their rates.
func (s *Service) List(ctx context.Context) ([]Agent, error) {
	list, err := db.QueryAll(ctx, s.db, "agents", scanAgent, `SELECT `+agentColumns+` FROM agents a JOIN users u ON u.id = a.user_id
		ORDER BY a.created_at DESC, a.id DESC`)
	if err != nil {
		return nil, err
	}
	for i := range list {
		if list[i].Rates, err = s.rates(ctx, list[i].ID); err != nil {
			return nil, err
		}
	}
	return list, nil
}

// Get reads agent id.
func (s *Service) Get(ctx context.Context, id int64) (Agent, error) {
	a, err := scanAgent(s.db.QueryRow(ctx, `SELECT `+agentColumns+` FROM agents a JOIN users u ON u.id = a.user_id WHERE a.id = $1`, id))
	if err != nil {
		return Agent{}, db.RowErr(err, errNoAgent, "load agent %d", id)
	}
	a.Rates, err = s.rates(ctx, id)
	return a, err
}

// ByUser reads the agent whose account is userID; not found when the
// account is not an active agent's.
func (s *Service) ByUser(ctx context.Context, userID int64) (Agent, error) {
	a, err := scanAgent(s.db.QueryRow(ctx, `SELECT `+agentColumns+` FROM agents a JOIN users u ON u.id = a.user_id
		WHERE a.user_id = $1 AND a.active AND u.role = $2`, userID, account.RoleAgent))
	if err != nil {
		return Agent{}, db.RowErr(err, apperr.Forbidden(MsgNotAgent), "load agent of user %d", userID)
	}
	a.Rates, err = s.rates(ctx, a.ID)
	return a, err
}

// rates reads an agent's rates by category.
func (s *Service) rates(ctx context.Context, id int64) ([]Rate, error) {
	return db.QueryAll(ctx, s.db, "agent rates", func(r db.Scanner) (x Rate, err error) {
		return x, r.Scan(&x.Category, &x.Name, &x.RateBP)
	}, `SELECT r.category_id, c.name, r.rate_bp FROM agent_rates r JOIN categories c ON c.id = r.category_id
		WHERE r.agent_id = $1 ORDER BY c.name, r.category_id`, id)
}

// CreateTx signs up an agent inside tx (the caller's audit entry shares
// it): the person with that email or phone becomes an agent, or their
// account is made with the role agent and the first password given.
func (s *Service) CreateTx(ctx context.Context, tx *sql.Tx, in Input) (Agent, error) {
	bad := map[string]string{}
	name, tel, area, code := strings.Join(strings.Fields(str(in.Name)), " "), "", strings.TrimSpace(str(in.Area)), NormalizeCode(str(in.Code))
	if name == "" || len(name) > 200 {
		bad["name"] = MsgName
	}
	if p, ok := phone.Normalize(str(in.Phone)); ok {
		tel = p
	} else {
		bad["phone"] = MsgPhone
	}
	if len(area) > 100 {
		bad["area"] = MsgArea
	}
	if code != "" && !codeForm.MatchString(code) {
		bad["code"] = MsgCode
	}
	if len(bad) > 0 {
		return Agent{}, apperr.FixFields(bad)
	}
	first, last, _ := strings.Cut(name, " ")
	u, err := s.accounts.EnsureAgentTx(ctx, tx, account.NewAgent{Email: str(in.Email), FirstName: first, LastName: last, Phone: tel, Password: str(in.Password)})
	if err != nil {
		return Agent{}, err
	}
	if n, err := db.CountTx(ctx, tx, "agent of user", `SELECT COUNT(*) FROM agents WHERE user_id = $1`, u.ID); err != nil {
		return Agent{}, err
	} else if n > 0 {
		return Agent{}, apperr.Conflict(MsgAgentTaken)
	}
	generated := code == ""
	for try := 0; ; try++ {
		if generated {
			code = newCode()
		}
		taken, err := db.CountTx(ctx, tx, "agent code", `SELECT COUNT(*) FROM agents WHERE code = $1`, code)
		if err != nil {
			return Agent{}, err
		}
		if taken == 0 {
			break
		}
		if !generated || try > 20 {
			return Agent{}, apperr.InvalidField("code", MsgCodeTaken)
		}
	}
	var id int64
	err = tx.QueryRowContext(ctx, `INSERT INTO agents (user_id, code, name, phone, area, active, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`, u.ID, code, name, tel, area, in.Active == nil || *in.Active, s.now()).Scan(&id)
	if db.IsUniqueViolation(err) {
		return Agent{}, apperr.Conflict(MsgAgentTaken + " " + MsgCodeTaken)
	}
	if err != nil {
		return Agent{}, fmt.Errorf("store agent: %w", err)
	}
	if in.Rates != nil {
		if err := setRatesTx(ctx, tx, id, *in.Rates); err != nil {
			return Agent{}, err
		}
	}
	return getTx(ctx, tx, id)
}

// UpdateTx changes agent id inside tx and returns it before and after.
func (s *Service) UpdateTx(ctx context.Context, tx *sql.Tx, id int64, in Input) (before, after Agent, err error) {
	if before, err = getTx(ctx, tx, id); err != nil {
		return before, after, err
	}
	a := before
	bad := map[string]string{}
	if in.Name != nil {
		if a.Name = strings.Join(strings.Fields(*in.Name), " "); a.Name == "" || len(a.Name) > 200 {
			bad["name"] = MsgName
		}
	}
	if in.Phone != nil {
		p, ok := phone.Normalize(*in.Phone)
		if !ok {
			bad["phone"] = MsgPhone
		}
		a.Phone = p
	}
	if in.Area != nil {
		if a.Area = strings.TrimSpace(*in.Area); len(a.Area) > 100 {
			bad["area"] = MsgArea
		}
	}
	if in.Code != nil {
		if a.Code = NormalizeCode(*in.Code); !codeForm.MatchString(a.Code) {
			bad["code"] = MsgCode
		}
	}
	if in.Active != nil {
		a.Active = *in.Active
	}
	if len(bad) > 0 {
		return before, after, apperr.FixFields(bad)
	}
	_, err = tx.ExecContext(ctx, `UPDATE agents SET name = $1, phone = $2, area = $3, code = $4, active = $5 WHERE id = $6`,
		a.Name, a.Phone, a.Area, a.Code, a.Active, id)
	if db.IsUniqueViolation(err) {
		return before, after, apperr.InvalidField("code", MsgCodeTaken)
	}
	if err != nil {
		return before, after, fmt.Errorf("update agent %d: %w", id, err)
	}
	if in.Rates != nil {
		if err := setRatesTx(ctx, tx, id, *in.Rates); err != nil {
			return before, after, err
		}
	}
	after, err = getTx(ctx, tx, id)
	return before, after, err
}

// setRatesTx replaces an agent's rates.
func setRatesTx(ctx context.Context, tx *sql.Tx, id int64, rates []Rate) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM agent_rates WHERE agent_id = $1`, id); err != nil {
		return fmt.Errorf("clear rates of agent %d: %w", id, err)
	}
	seen := map[int64]bool{}
	for _, r := range rates {
		if r.RateBP < 0 || r.RateBP > 10000 || r.Category <= 0 || seen[r.Category] {
			return apperr.InvalidField("rates", MsgRate)
		}
		seen[r.Category] = true
		n, err := db.CountTx(ctx, tx, "category", `SELECT COUNT(*) FROM categories WHERE id = $1`, r.Category)
		if err != nil {
			return err
		}
		if n == 0 {
			return apperr.InvalidField("rates", MsgRate)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO agent_rates (agent_id, category_id, rate_bp) VALUES ($1, $2, $3)`, id, r.Category, r.RateBP); err != nil {
			return fmt.Errorf("store rate of agent %d: %w", id, err)
		}
	}
	return nil
}

func getTx(ctx context.Context, tx *sql.Tx, id int64) (Agent, error) {
	a, err := scanAgent(tx.QueryRowContext(ctx, `SELECT `+agentColumns+` FROM agents a JOIN users u ON u.id = a.user_id WHERE a.id = $1`, id))
	if err != nil {
		return Agent{}, db.RowErr(err, errNoAgent, "load agent %d", id)
	}
	rows, err := tx.QueryContext(ctx, `SELECT r.category_id, c.name, r.rate_bp FROM agent_rates r JOIN categories c ON c.id = r.category_id
		WHERE r.agent_id = $1 ORDER BY c.name, r.category_id`, id)
	if err != nil {
		return Agent{}, fmt.Errorf("rates of agent %d: %w", id, err)
	}
	a.Rates, err = db.Collect(rows, func(r db.Scanner) (x Rate, err error) { return x, r.Scan(&x.Category, &x.Name, &x.RateBP) })
	return a, err
}

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// commissionOf is what goods worth goods earn at rate bp, rounded down to the cent.
func commissionOf(goods money.Cents, bp int) money.Cents {
	return goods * money.Cents(bp) / 10000
}
