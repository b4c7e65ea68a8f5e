package ussd

import (
	"context"
	"fmt"
	"strconv"

	"shop/internal/apperr"
	"shop/internal/catalog"
	"shop/internal/delivery"
	"shop/internal/i18n"
	"shop/internal/money"
	"shop/internal/order"
)

// The screens, by the names the figures count them under.
const (
	scrHome     = "home"
	scrLang     = "language"
	scrCats     = "categories"
	scrProducts = "products"
	scrSizes    = "sizes"
	scrQty      = "quantity"
	scrDelivery = "delivery"
	scrCounty   = "county"
	scrPickups  = "pickup"
	scrConfirm  = "confirm"
	scrReorder  = "reorder"
)

// Screens lists them in the order a buyer meets them, for the figures.
var Screens = []string{scrHome, scrLang, scrCats, scrProducts, scrSizes, scrQty, scrDelivery, scrCounty, scrPickups, scrConfirm, scrReorder}

// The inputs every screen takes: back, to the start, the next page.
const (
	inBack = "0"
	inHome = "00"
	inMore = "98"
)

// maxQuantity is the most one line takes when typed on a handset.
const maxQuantity = 99

// frame is one screen on the way, with what was chosen to reach it.
type frame struct {
	screen   string
	page     int
	category string // the category's slug
	product  int64
	name     string // the product's name
	size     catalog.Variant
	basket   basket
	// gone names what a reorder leaves out, sold out or off sale.
	gone []string
}

// menu replays one session's inputs from the start.
type menu struct {
	s       *Service
	ctx     context.Context
	phone   string
	session string
	lang    i18n.Lang
	stack   []frame
	// last: the input being read is the request's own, the one whose
	// effects (a language stored, an order placed) happen now.
	last bool
	note string
	end  string
}

func (m *menu) top() *frame { return &m.stack[len(m.stack)-1] }

func (m *menu) push(f frame) { m.stack = append(m.stack, f) }

func (m *menu) words() *words { return wordsIn(m.lang) }

// item is one option of a list screen.
type item struct {
	label string
	pick  func() error
}

// input moves the menu by one input. A choice it cannot take leaves the
// screen as it was, with a short note.
func (m *menu) input(in string) error {
	m.note = ""
	w := m.words()
	switch in {
	case inHome:
		m.stack = m.stack[:1]
		return nil
	case inBack:
		if len(m.stack) > 1 {
			m.stack = m.stack[:len(m.stack)-1]
		} else {
			m.note = w.wrong
		}
		return nil
	}
	f := m.top()
	if items, isList, err := m.items(f); err != nil {
		return err
	} else if isList {
		start, end, more := window(len(items), f.page)
		if in == inMore {
			if more {
				f.page++
			} else {
				m.note = w.wrong
			}
			return nil
		}
		n, err := strconv.Atoi(in)
		if err != nil || n < 1 || start+n > end {
			m.note = w.wrong
			return nil
		}
		return items[start+n-1].pick()
	}
	switch f.screen {
	case scrQty:
		return m.quantity(f, in)
	case scrCounty:
		return m.county(f, in)
	}
	m.note = w.wrong
	return nil
}

// window is the part of a list of n items page shows: every item when
// four fit beside "back", else three a page beside "more" and "back", so a
// screen never holds more than five options.
func window(n, page int) (start, end int, more bool) {
	if n <= 4 {
		return 0, n, false
	}
	start = min(page*3, (n-1)/3*3)
	end = min(start+3, n)
	return start, end, end < n
}

// items are the options of f's screen; isList is false for a screen that
// asks for typed text.
func (m *menu) items(f *frame) (list []item, isList bool, err error) {
	w := m.words()
	switch f.screen {
	case scrHome:
		return []item{
			{w.buy, func() error { m.push(frame{screen: scrCats}); return nil }},
			{w.reorder, m.reorder},
			{w.track, m.track},
			{w.language, func() error { m.push(frame{screen: scrLang}); return nil }},
		}, true, nil
	case scrLang:
		choose := func(l i18n.Lang) func() error {
			return func() error {
				m.lang, m.ctx = l, i18n.WithLang(m.ctx, l)
				m.stack = m.stack[:1]
				if m.last {
					return m.s.setLang(m.ctx, m.phone, l)
				}
				return nil
			}
		}
		return []item{{"Kiswahili", choose(i18n.Kiswahili)}, {"English", choose(i18n.English)}}, true, nil
	case scrCats:
		cats, err := m.s.Catalog.Categories(m.ctx)
		if err != nil {
			return nil, true, err
		}
		for _, c := range cats {
			if c.Parent != nil {
				continue
			}
			list = append(list, item{c.Name, func() error { m.push(frame{screen: scrProducts, category: c.Slug}); return nil }})
		}
		return list, true, nil
	case scrProducts:
		page, err := m.s.Catalog.ListProducts(m.ctx, catalog.ListFilter{Category: f.category})
		if err != nil {
			return nil, true, err
		}
		// Only what can be bought: a handset's screen has no room for the rest.
		for _, p := range page.Products {
			if !p.InStock {
				continue
			}
			list = append(list, item{short(p.Name), func() error {
				m.push(frame{screen: scrSizes, product: p.ID, name: short(p.Name)})
				return nil
			}})
		}
		return list, true, nil
	case scrSizes:
		p, err := m.s.Catalog.Product(m.ctx, strconv.FormatInt(f.product, 10))
		if err != nil {
			return nil, true, err
		}
		for _, v := range p.Variants {
			if v.Stock <= 0 {
				continue
			}
			list = append(list, item{v.Size + " " + v.Price.Ksh(), func() error {
				m.push(frame{screen: scrQty, product: f.product, name: f.name, size: v})
				return nil
			}})
		}
		return list, true, nil
	case scrDelivery:
		last, ok, err := m.homeAddress()
		if err != nil {
			return nil, true, err
		}
		if ok {
			b := f.basket
			q, err := m.s.quote(m.ctx, last.ShippingAddress.County, last.Delivery.Option, b)
			if err == nil {
				b.county, b.option, b.address, b.city, b.fee = last.ShippingAddress.County, q.ID, last.ShippingAddress.Address, last.ShippingAddress.City, q.Fee
				list = append(list, item{w.homeAddress + " " + last.ShippingAddress.Address + ", " + q.Fee.Ksh(), func() error {
					m.push(frame{screen: scrConfirm, basket: b})
					return nil
				}})
			}
		}
		list = append(list, item{w.pickup, func() error { m.push(frame{screen: scrCounty, basket: f.basket}); return nil }})
		return list, true, nil
	case scrPickups:
		opts, err := m.pickups(f.basket)
		if err != nil {
			return nil, true, err
		}
		for _, o := range opts {
			list = append(list, item{o.Name + " " + o.Fee.Ksh(), func() error {
				b := f.basket
				b.option, b.fee = o.ID, o.Fee
				m.push(frame{screen: scrConfirm, basket: b})
				return nil
			}})
		}
		return list, true, nil
	case scrConfirm, scrReorder:
		return []item{{w.confirm, func() error {
			if !m.last {
				return nil // a confirmation replayed: its answer was END
			}
			text, err := m.s.place(m.ctx, m, f.basket)
			m.end = text
			return err
		}}}, true, nil
	}
	return nil, false, nil
}

// quantity reads the typed quantity of the size chosen.
func (m *menu) quantity(f *frame, in string) error {
	w := m.words()
	n, err := strconv.Atoi(in)
	switch {
	case err != nil || n < 1 || n > maxQuantity:
		m.note = w.badQuantity
		return nil
	case n > f.size.Stock:
		m.note = fmt.Sprintf(w.notEnough, f.size.Stock)
		return nil
	}
	b := basket{lines: []line{{variant: f.size.ID, name: f.name + " " + f.size.Size, quantity: n, price: f.size.Price, weight: f.size.Weight}}}
	b.subtotal = f.size.Price * money.Cents(n)
	if _, ok, err := m.homeAddress(); err != nil {
		return err
	} else if ok {
		m.push(frame{screen: scrDelivery, basket: b})
		return nil
	}
	m.push(frame{screen: scrCounty, basket: b})
	return nil
}

// county reads a typed county and lists its pickup points.
func (m *menu) county(f *frame, in string) error {
	w := m.words()
	c, ok := matchCounty(in)
	if !ok {
		m.note = w.badCounty
		return nil
	}
	b := f.basket
	b.county = c
	opts, err := m.pickups(b)
	if err != nil {
		return err
	}
	if len(opts) == 0 {
		m.note = fmt.Sprintf(w.noPickup, c)
		return nil
	}
	m.push(frame{screen: scrPickups, basket: b})
	return nil
}

// pickups are the pickup points that serve b's county, priced for b.
func (m *menu) pickups(b basket) ([]delivery.Option, error) {
	opts, err := m.s.Delivery.Options(m.ctx, b.county, b.weight(), b.subtotal, 0)
	if err != nil {
		return nil, err
	}
	var out []delivery.Option
	for _, o := range opts {
		if o.Kind == delivery.KindPickup {
			out = append(out, o)
		}
	}
	return out, nil
}

// homeAddress is the phone's last order when it went to a home address.
func (m *menu) homeAddress() (order.Order, bool, error) {
	o, ok, err := m.s.lastOrder(m.ctx, m.phone)
	if err != nil || !ok || o.Delivery.Kind != delivery.KindDelivery || o.ShippingAddress.Address == "" {
		return order.Order{}, false, err
	}
	return o, true, nil
}

// reorder puts the phone's last order in a basket at today's prices,
// naming the sizes sold out or off sale, with the same delivery.
func (m *menu) reorder() error {
	w := m.words()
	o, ok, err := m.s.lastOrder(m.ctx, m.phone)
	if err != nil {
		return err
	}
	if !ok {
		m.end = w.noOrder
		return nil
	}
	b := basket{county: o.ShippingAddress.County, address: o.ShippingAddress.Address, city: o.ShippingAddress.City, option: o.Delivery.Option}
	var gone []string
	for _, it := range o.Items {
		name := short(it.ProductName) + " " + it.Size
		p, err := m.s.Catalog.Product(m.ctx, strconv.FormatInt(it.ProductID, 10))
		if err != nil {
			gone = append(gone, name)
			continue
		}
		found := false
		for _, v := range p.Variants {
			if v.ID == it.VariantID && v.Stock >= it.Quantity {
				b.lines = append(b.lines, line{variant: v.ID, name: short(p.Name) + " " + v.Size, quantity: it.Quantity, price: v.Price, weight: v.Weight})
				b.subtotal += v.Price * money.Cents(it.Quantity)
				found = true
			}
		}
		if !found {
			gone = append(gone, name)
		}
	}
	if len(b.lines) == 0 {
		m.end = w.allGone
		return nil
	}
	q, err := m.s.quote(m.ctx, b.county, b.option, b)
	if err != nil {
		if _, isApp := apperr.From(err); isApp {
			m.end = w.failed
			return nil
		}
		return err
	}
	b.option, b.fee = q.ID, q.Fee
	m.push(frame{screen: scrReorder, basket: b, gone: gone})
	return nil
}

// track ends the session with the latest order's status.
func (m *menu) track() error {
	w := m.words()
	o, ok, err := m.s.lastOrder(m.ctx, m.phone)
	switch {
	case err != nil:
		return err
	case !ok:
		m.end = w.noOrder
	default:
		status := w.statuses[string(o.Status)]
		if status == "" {
			status = string(o.Status)
		}
		m.end = fmt.Sprintf(w.tracked, o.Number, status, o.Total.Ksh())
	}
	return nil
}
