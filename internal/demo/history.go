package demo

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"shop/internal/account"
	"shop/internal/catalog"
	"shop/internal/db"
	"shop/internal/delivery"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/payment"
	"shop/internal/payment/mpesa"
)

// History is how much sales history to make: Orders over the Days before
// Now, by Customers (most orders are a customer's, some a guest's).
type History struct {
	Orders, Customers, Days int
	Now                     time.Time
	// Seed makes the same history each time.
	Seed uint64
}

// DevHistory is the demo shop's history (--dev): 400 orders over the 120
// days before now, by 80 customers.
func DevHistory(now time.Time) History {
	return History{Orders: 400, Customers: 80, Days: 120, Now: now, Seed: 7}
}

var (
	firstNames = []string{"Wanjiku", "Otieno", "Akinyi", "Kamau", "Njeri", "Mutua", "Chebet", "Kiprono", "Atieno", "Mwangi", "Wambui", "Omondi", "Nyambura", "Kipchoge", "Muthoni", "Wafula"}
	lastNames  = []string{"Mwangi", "Ochieng", "Kariuki", "Njoroge", "Kiprotich", "Wekesa", "Mutiso", "Odhiambo", "Kimani", "Cheruiyot", "Maina", "Gitau"}
	// The shop sells most around Ruiru: counties by how often they buy.
	countyWeights = []struct {
		county string
		weight int
	}{{"Kiambu", 30}, {"Nairobi", 16}, {"Murang'a", 10}, {"Nakuru", 9}, {"Machakos", 6}, {"Nyeri", 6}, {"Meru", 5}, {"Kajiado", 4}, {"Uasin Gishu", 4}, {"Kisumu", 3}, {"Embu", 3}, {"Nyandarua", 2}, {"Kakamega", 2}}
	// How past orders ended, by weight out of 100.
	statusWeights = []struct {
		status order.Status
		weight int
	}{{order.Delivered, 52}, {order.Collected, 12}, {order.PaymentFailed, 9}, {order.Cancelled, 5}, {order.Dispatched, 5}, {order.Processing, 4}, {order.Paid, 4}, {order.PartiallyRefunded, 3}, {order.Refunded, 2}, {order.PendingPayment, 4}}
	failureCodes = []int{mpesa.ResultCancelled, mpesa.ResultInsufficientFunds, mpesa.ResultUnreachable, mpesa.ResultWrongPIN, mpesa.ResultExpired}
)

// SeedHistory writes h's customers, orders, payments and refunds through
// their owners, in one transaction, from the catalogue's sizes. The caller
// then tells the text notifier to skip this history (notify.SkipHistory).
func SeedHistory(ctx context.Context, d *db.DB, cat *catalog.Store, h History) error {
	sizes, err := cat.SellableSizes(ctx, 5000)
	if err != nil {
		return err
	}
	if len(sizes) == 0 {
		return fmt.Errorf("seed history: the catalogue has no sizes to sell")
	}
	rng := rand.New(rand.NewPCG(h.Seed, 2026))
	pick := func(total int, weight func(int) int, n int) int {
		x := rng.IntN(total)
		for i := range n {
			if x -= weight(i); x < 0 {
				return i
			}
		}
		return n - 1
	}
	phone := func(i int) string { return fmt.Sprintf("2547%08d", 10_000_000+i*7919%89_999_999) }
	users := make([]account.NewUser, h.Customers)
	for i := range users {
		f, l := firstNames[i%len(firstNames)], lastNames[(i/len(firstNames))%len(lastNames)]
		users[i] = account.NewUser{Email: fmt.Sprintf("%s.%s%d@example.co.ke", f, l, i), FirstName: f, LastName: l, Phone: phone(i),
			PasswordHash: "!", CreatedAt: h.Now.AddDate(0, 0, -h.Days-30+rng.IntN(30))}
	}
	return d.Tx(ctx, func(tx *sql.Tx) error {
		userIDs, err := account.InsertPastTx(ctx, d, tx, users)
		if err != nil {
			return err
		}
		past := make([]order.Past, h.Orders)
		span := time.Duration(h.Days) * 24 * time.Hour
		for i := range past {
			// Sales grow over the year: later times are likelier.
			back := time.Duration(float64(span) * (1 - math.Sqrt(rng.Float64())))
			day := h.Now.Add(-back).In(db.Nairobi)
			at := time.Date(day.Year(), day.Month(), day.Day(), 6+rng.IntN(15), rng.IntN(60), rng.IntN(60), 0, db.Nairobi).UTC()
			if at.After(h.Now) {
				at = h.Now.Add(-time.Duration(rng.IntN(3600)) * time.Second)
			}
			st := statusWeights[pick(100, func(i int) int { return statusWeights[i].weight }, len(statusWeights))].status
			// Orders still on their way are recent.
			if (st == order.Paid || st == order.Processing || st == order.PendingPayment || st == order.Dispatched) && h.Now.Sub(at) > 72*time.Hour {
				st = order.Delivered
			}
			p := order.Past{Number: fmt.Sprintf("ORDER-%d%06d", at.Unix(), i), Status: st, CreatedAt: at}
			c := rng.IntN(max(1, h.Customers)*5/4 + 1)
			if c < h.Customers {
				u := users[c]
				p.UserID = userIDs[c]
				p.Customer = order.Customer{FirstName: u.FirstName, LastName: u.LastName, Email: u.Email, Phone: u.Phone}
			} else {
				p.Customer = order.Customer{FirstName: firstNames[c%len(firstNames)], LastName: lastNames[c%len(lastNames)], Email: fmt.Sprintf("guest%d@example.co.ke", i), Phone: phone(h.Customers + i)}
			}
			county := countyWeights[pick(100, func(i int) int { return countyWeights[i].weight }, len(countyWeights))].county
			p.Address = order.Address{Address: fmt.Sprintf("Plot %d", 1+rng.IntN(400)), City: county, County: county}
			p.Delivery = order.Delivery{Kind: delivery.KindDelivery, Option: "delivery-1", Name: "Home delivery", Fee: money.FromShillings(int64(300 + 100*rng.IntN(5))), ETA: "1–3 days"}
			if st == order.Collected {
				p.Delivery = order.Delivery{Kind: delivery.KindPickup, Option: "pickup-1", Name: "Ruiru store", ETA: "Same day"}
			}
			for range 1 + rng.IntN(3) {
				s := sizes[rng.IntN(len(sizes))]
				p.Items = append(p.Items, order.Item{VariantID: s.VariantID, ProductID: s.ProductID, ProductName: s.ProductName, Size: s.Size, SKU: s.SKU,
					Quantity: 1 + rng.IntN(4), UnitPrice: s.Price})
			}
			past[i] = p
		}
		for i := range past {
			p := &past[i]
			total := p.Delivery.Fee
			for _, it := range p.Items {
				total += it.UnitPrice * money.Cents(it.Quantity)
			}
			switch p.Status {
			case order.Refunded, order.PartiallyRefunded:
				amount := total
				if p.Status == order.PartiallyRefunded {
					amount = max(100, total/money.Cents(2+rng.IntN(4))/100*100)
				}
				p.Refund = &order.Refund{Amount: amount, Reason: "Bags damaged in transit", Reference: fmt.Sprintf("RF%08d", i), CreatedAt: p.CreatedAt.Add(48 * time.Hour)}
			}
		}
		ids, err := order.InsertPastTx(ctx, d, tx, past)
		if err != nil {
			return err
		}
		var pays []payment.PastPayment
		for i, p := range past {
			total := p.Delivery.Fee
			for _, it := range p.Items {
				total += it.UnitPrice * money.Cents(it.Quantity)
			}
			pay := payment.PastPayment{OrderID: ids[i], Phone: p.Customer.Phone, Amount: total, At: p.CreatedAt.Add(time.Minute)}
			switch p.Status {
			case order.PendingPayment:
				pay.Status = "pending"
			case order.PaymentFailed, order.Cancelled:
				code := failureCodes[rng.IntN(len(failureCodes))]
				pay.Status, pay.ResultCode = "failed", &code
			default:
				if rng.IntN(10) == 0 {
					// A first prompt that failed, then one that went through.
					code := failureCodes[rng.IntN(len(failureCodes))]
					pays = append(pays, payment.PastPayment{OrderID: ids[i], Phone: pay.Phone, Amount: total, At: p.CreatedAt, Status: "failed", ResultCode: &code})
				}
				ok := 0
				pay.Status, pay.ResultCode, pay.Receipt = "succeeded", &ok, fmt.Sprintf("T%09d", i)
				if pay.Paybill = rng.IntN(6) == 0; pay.Paybill {
					// Paid by Paybill after the checkout's prompt failed, as
					// every order starts with a prompt.
					code := failureCodes[rng.IntN(len(failureCodes))]
					pays = append(pays, payment.PastPayment{OrderID: ids[i], Phone: pay.Phone, Amount: total, At: p.CreatedAt, Status: "failed", ResultCode: &code})
				}
			}
			pays = append(pays, pay)
		}
		var refunds []payment.PastRefund
		for i, p := range past {
			if p.Refund != nil {
				refunds = append(refunds, payment.PastRefund{OrderID: ids[i], Refund: *p.Refund})
			}
		}
		if err := payment.InsertPastTx(ctx, d, tx, pays); err != nil {
			return err
		}
		return payment.InsertPastRefundsTx(ctx, d, tx, refunds)
	})
}
