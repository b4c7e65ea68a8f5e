// Package privacy gives customers the rights Kenya's Data Protection Act
// 2019 grants them over their data: to receive a copy of it (Export) and to
// have it erased (Erase). It owns no table: each table's owner reads or
// changes its own rows, inside one transaction for an erasure
// (docs/architecture.md section 7).
package privacy

import (
	"context"
	"database/sql"
	"slices"
	"time"

	"shop/internal/account"
	"shop/internal/agent"
	"shop/internal/content"
	"shop/internal/coupon"
	"shop/internal/db"
	"shop/internal/mail"
	"shop/internal/order"
	"shop/internal/payment"
	"shop/internal/phone"
	"shop/internal/ratelimit"
	"shop/internal/remind"
	"shop/internal/review"
	"shop/internal/sms"
)

// Service exports and erases a customer's data.
type Service struct {
	DB       *db.DB
	Accounts *account.Service
	Orders   *order.Store
	// Payments anonymises the payments of erased orders; nil when the shop
	// has none (tests without a payment service).
	Payments *payment.Service
	Content  *content.Store
	// SMS and Mail forget the messages about the erased orders and to the
	// customer; nil when the shop has none.
	SMS  *sms.Queue
	Mail *mail.Outbox
	// Forget takes the user out of records other packages keep about them
	// (the back office's audit log), inside the erasure's transaction.
	Forget func(ctx context.Context, tx *sql.Tx, u account.User) error
	// Agents exports and forgets the links of orders to agents, and an
	// agent's own record; nil: the shop has no agents.
	Agents *agent.Service
	Now    func() time.Time
}

// Export is everything the shop holds about one customer, as they download it.
type Export struct {
	ExportedAt time.Time        `json:"exported_at"`
	Profile    account.UserJSON `json:"profile"`
	// LastLoginAt is when they last signed in.
	LastLoginAt *time.Time `json:"last_login_at"`
	// Addresses are the delivery addresses of their orders, each once.
	Addresses []order.Address `json:"addresses"`
	Orders    []order.Order   `json:"orders"`
	// Reviews are the product reviews they wrote, whatever their status.
	Reviews       []review.Listed   `json:"reviews"`
	Subscriptions Subscriptions     `json:"subscriptions"`
	Messages      []content.Message `json:"contact_messages"`
	// TextMessages are the SMS sent about their orders; Mail the mail about
	// their orders and to their address, without the bodies.
	TextMessages []sms.Message `json:"text_messages"`
	Mail         []mail.Stored `json:"mail"`
	// SMS is, for each of their phones (the account's and their orders'),
	// what it said yes or STOP to, the reminders sent to it and the texts
	// it sent the shop.
	SMS []remind.Data `json:"sms"`
	// Agents are the links of their orders to agents and, for an agent,
	// their agent record.
	Agents *agent.Personal `json:"agents,omitempty"`
}

// Subscriptions are the lists the customer is on.
type Subscriptions struct {
	Newsletter *content.Subscriber `json:"newsletter"`
}

// Export gathers the data of user id.
func (s *Service) Export(ctx context.Context, id int64) (Export, error) {
	u, err := s.Accounts.Store.UserByID(ctx, id)
	if err != nil {
		return Export{}, err
	}
	x := Export{ExportedAt: s.now(), Profile: u.JSON(), LastLoginAt: u.LastLoginAt, Addresses: []order.Address{}}
	if x.Orders, err = s.Orders.AllForUser(ctx, id); err != nil {
		return Export{}, err
	}
	seen := map[order.Address]bool{}
	for _, o := range x.Orders {
		if a := o.ShippingAddress; !seen[a] {
			seen[a] = true
			x.Addresses = append(x.Addresses, a)
		}
	}
	if x.Reviews, err = review.ByUser(ctx, s.DB, id); err != nil {
		return Export{}, err
	}
	if x.Subscriptions.Newsletter, err = s.Content.Subscription(ctx, u.Email); err != nil {
		return Export{}, err
	}
	if x.Messages, err = s.Content.MessagesFrom(ctx, u.Email); err != nil {
		return Export{}, err
	}
	ids := make([]int64, len(x.Orders))
	for i, o := range x.Orders {
		ids[i] = o.ID
	}
	x.SMS = []remind.Data{}
	for _, tel := range phonesOf(u, x.Orders) {
		data, err := remind.ForPhone(ctx, s.DB, tel)
		if err != nil {
			return Export{}, err
		}
		x.SMS = append(x.SMS, data)
	}
	x.TextMessages, x.Mail = []sms.Message{}, []mail.Stored{}
	if s.SMS != nil {
		if x.TextMessages, err = s.SMS.ForOrders(ctx, ids); err != nil {
			return Export{}, err
		}
	}
	if s.Mail != nil {
		if x.Mail, err = s.Mail.ForPerson(ctx, ids, u.Email); err != nil {
			return Export{}, err
		}
	}
	if s.Agents != nil {
		a, err := s.Agents.Export(ctx, id, ids)
		if err != nil {
			return Export{}, err
		}
		x.Agents = &a
	}
	return x, nil
}

// Erase deletes the account of user id with everything personal the shop
// keeps about it, in one transaction: their orders keep their items, totals,
// statuses and M-Pesa receipts for the accounts but lose names, email,
// phone and address; their payments lose the phone; their newsletter
// subscription, contact messages and product reviews go; the text messages
// about their orders lose number and words, the mail about them and to them
// goes, and so do the rate-limit events named after their email or phone;
// the account goes, and with it every
// session, refresh token, reset link and their cart. An admin account is
// refused (remove the role first), as is one with an order waiting for
// its payment. Erase returns the user as they were, for the audit log.
func (s *Service) Erase(ctx context.Context, id int64) (account.User, error) {
	var u account.User
	err := s.DB.Tx(ctx, func(tx *sql.Tx) error {
		var err error
		if u, err = s.EraseTx(ctx, tx, id); err != nil {
			return err
		}
		return nil
	})
	return u, err
}

// EraseTx is Erase inside tx, for the back office's transaction with its
// audit entry.
func (s *Service) EraseTx(ctx context.Context, tx *sql.Tx, id int64) (account.User, error) {
	u, err := s.Accounts.Store.UserByIDTx(ctx, tx, id)
	if err != nil {
		return account.User{}, err
	}
	if u.Role == account.RoleOwner {
		return account.User{}, errAdmin
	}
	// Their phones are read before the orders forget them.
	orders, err := s.Orders.AllForUser(ctx, id)
	if err != nil {
		return account.User{}, err
	}
	for _, tel := range phonesOf(u, orders) {
		if err := remind.ForgetPhoneTx(ctx, tx, tel); err != nil {
			return account.User{}, err
		}
	}
	ids, err := order.AnonymizeForUserTx(ctx, tx, id)
	if err != nil {
		return account.User{}, err
	}
	if s.SMS != nil {
		if err := s.SMS.ForgetOrdersTx(ctx, tx, ids); err != nil {
			return account.User{}, err
		}
	}
	if s.Mail != nil {
		if err := s.Mail.ForgetTx(ctx, tx, ids, u.Email); err != nil {
			return account.User{}, err
		}
	}
	for _, b := range account.PersonalBuckets(u.Email, u.Phone) {
		if err := ratelimit.ClearTx(ctx, tx, b); err != nil {
			return account.User{}, err
		}
	}
	if err := coupon.ForgetOrdersTx(ctx, tx, ids); err != nil {
		return account.User{}, err
	}
	if s.Agents != nil {
		if err := s.Agents.EraseTx(ctx, tx, id, ids); err != nil {
			return account.User{}, err
		}
	}
	if s.Payments != nil {
		if err := s.Payments.AnonymizeOrdersTx(ctx, tx, ids); err != nil {
			return account.User{}, err
		}
	}
	if err := review.ForgetReviewerTx(ctx, tx, id); err != nil {
		return account.User{}, err
	}
	if err := s.Content.ForgetEmailTx(ctx, tx, u.Email); err != nil {
		return account.User{}, err
	}
	if s.Forget != nil {
		if err := s.Forget(ctx, tx, u); err != nil {
			return account.User{}, err
		}
	}
	return u, s.Accounts.Store.DeleteUserTx(ctx, tx, u)
}

// phonesOf are the numbers a customer used: their account's and their
// orders', each once.
func phonesOf(u account.User, orders []order.Order) []string {
	var out []string
	add := func(p string) {
		if tel, ok := phone.Normalize(p); ok && !slices.Contains(out, tel) {
			out = append(out, tel)
		}
	}
	add(u.Phone)
	for _, o := range orders {
		add(o.Customer.Phone)
	}
	return out
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}
