// Package delivery prices getting an order to a farmer: delivery zones
// (counties with a base fee, an included weight, a fee per further kg and
// an estimated time), pickup points (agrovets, courier offices and the
// shop's own store), and the quote checkout stores on the order. It owns
// the delivery_zones, delivery_zone_counties and pickup_points tables
// (docs/architecture.md section 7).
package delivery

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"shop/internal/i18n"
	"shop/internal/money"
	"shop/internal/weight"
)

// Kinds of option: brought to the farmer's address, or collected.
const (
	KindDelivery = "delivery"
	KindPickup   = "pickup"
)

// Zone is a group of counties delivered to at one price.
type Zone struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	// NameSW and ETASW are the Kiswahili; "" shows the English.
	NameSW   string      `json:"name_sw"`
	ETASW    string      `json:"eta_sw"`
	Counties []string    `json:"counties"`
	BaseFee  money.Cents `json:"base_fee"`
	// Included is the weight the base fee carries.
	Included weight.Grams `json:"included_kg"`
	// PerKg is the fee for each further kg or part of one.
	PerKg money.Cents `json:"per_kg_fee"`
	ETA   string      `json:"eta"`
	// FreeOver, when set, makes delivery free for a subtotal at or above it.
	FreeOver *money.Cents `json:"free_over"`
	// PayOnDelivery opens the zone's home delivery to paying for the goods
	// at the door (the fee is paid first; docs/payments.md).
	PayOnDelivery bool `json:"pay_on_delivery"`
}

// Fee is what delivering weight to this zone costs for an order of
// subtotal: base + ceil(max(0, weight − included) in kg) × per kg, or 0 when
// the subtotal reaches FreeOver (docs/product.md section 9). A part of a kg
// counts as a whole kg, as couriers charge.
func (z Zone) Fee(w weight.Grams, subtotal money.Cents) money.Cents {
	if z.FreeOver != nil && subtotal >= *z.FreeOver {
		return 0
	}
	return z.BaseFee + money.Cents(w.WholeKgOver(z.Included))*z.PerKg
}

// PickupPoint is a place a farmer collects an order from.
type PickupPoint struct {
	ID      int64  `json:"id"`
	Name    string `json:"name"`
	NameSW  string `json:"name_sw"`
	County  string `json:"county"`
	Town    string `json:"town"`
	Address string `json:"address"`
	// Directions say how to find the place, in English and Kiswahili.
	Directions   string `json:"directions"`
	DirectionsSW string `json:"directions_sw"`
	Phone        string `json:"phone"`
	// OpeningHours are the days and times it is open; Hours is the text a
	// point had before them, shown while it has none.
	OpeningHours []OpeningHours `json:"opening_hours"`
	Hours        string         `json:"hours"`
	Fee          money.Cents    `json:"fee"`
	ETA          string         `json:"eta"`
	ETASW        string         `json:"eta_sw"`
	// IsStore marks the shop's own store, offered to every county.
	IsStore  bool `json:"is_store"`
	IsActive bool `json:"is_active"`
}

// Option is one way to get an order, priced for a cart.
type Option struct {
	ID      string      `json:"id"`
	Kind    string      `json:"kind"`
	Name    string      `json:"name"`
	Fee     money.Cents `json:"fee"`
	ETA     string      `json:"eta"`
	Address string      `json:"address,omitempty"`
	Hours   string      `json:"hours,omitempty"`
	// Directions say how to find a pickup point.
	Directions string `json:"directions,omitempty"`
	// PayOnDelivery: this option may be paid at the door (a home delivery
	// in a zone the owner opened to it, for goods within the cap).
	PayOnDelivery bool `json:"pay_on_delivery"`
}

// PODAllowed reports whether goods worth goods may be paid on delivery
// under the cap podMax (SHOP_POD_MAX).
func PODAllowed(goods, podMax money.Cents) bool { return goods > 0 && goods <= podMax }

// DefaultPODMax is SHOP_POD_MAX's default: Ksh 10,000 of goods.
const DefaultPODMax money.Cents = 10_000_00

// Option ids name the zone or the pickup point they come from, so checkout
// can find the option again and check it still serves the county.
const (
	deliveryPrefix = "delivery-"
	pickupPrefix   = "pickup-"
)

// HomeDeliveryName is the name of the delivery option of every zone, as
// orders keep it; homeDeliverySW is its Kiswahili, which NameIn gives the
// order page, the mail and the receipt.
const (
	HomeDeliveryName = "Home delivery"
	homeDeliverySW   = "Kuletewa nyumbani"
)

// NameIn is an order's delivery name as a reader of language l reads it:
// a zone's home delivery in l, a pickup point by its own name.
func NameIn(l i18n.Lang, name string) string {
	if rest, ok := strings.CutPrefix(name, HomeDeliveryName); ok && l == i18n.Kiswahili {
		return homeDeliverySW + rest
	}
	return name
}

// inLang is the text of language l: the Kiswahili sw when asked for and
// given, else the English en.
func inLang(l i18n.Lang, en, sw string) string {
	if l == i18n.Kiswahili && sw != "" {
		return sw
	}
	return en
}

// zoneOption is z's home delivery in language l.
func zoneOption(z Zone, w weight.Grams, subtotal money.Cents, l i18n.Lang) Option {
	home := HomeDeliveryName
	if l == i18n.Kiswahili {
		home = homeDeliverySW
	}
	return Option{ID: deliveryPrefix + strconv.FormatInt(z.ID, 10), Kind: KindDelivery,
		Name: home + " (" + inLang(l, z.Name, z.NameSW) + ")", Fee: z.Fee(w, subtotal), ETA: inLang(l, z.ETA, z.ETASW), PayOnDelivery: z.PayOnDelivery}
}

// pickupOption is p in language l.
func pickupOption(p PickupPoint, l i18n.Lang) Option {
	hours := p.Hours
	if len(p.OpeningHours) > 0 {
		hours = FormatHours(p.OpeningHours, l)
	}
	return Option{ID: pickupPrefix + strconv.FormatInt(p.ID, 10), Kind: KindPickup, Name: inLang(l, p.Name, p.NameSW), Fee: p.Fee,
		ETA: inLang(l, p.ETA, p.ETASW), Address: strings.Join(nonEmpty(p.Address, p.Town), ", "), Hours: hours,
		Directions: inLang(l, p.Directions, p.DirectionsSW)}
}

func nonEmpty(parts ...string) []string {
	return slices.DeleteFunc(parts, func(s string) bool { return s == "" })
}

// parseOptionID reads an option id into its kind and row id.
func parseOptionID(id string) (kind string, rowID int64, ok bool) {
	for k, prefix := range map[string]string{KindDelivery: deliveryPrefix, KindPickup: pickupPrefix} {
		if rest, found := strings.CutPrefix(id, prefix); found {
			n, err := strconv.ParseInt(rest, 10, 64)
			return k, n, err == nil && n > 0
		}
	}
	return "", 0, false
}

// Quote is the option checkout chose, priced: what the order keeps, so
// later changes to zones and pickup points never change it.
type Quote struct {
	Option
	Weight weight.Grams
}

// Messages for a delivery choice the server cannot take.
const (
	MsgCounty        = "Please choose a county"
	MsgOptionUnknown = "Please choose a delivery option."
	MsgPickupClosed  = "This pickup point is not taking orders now. Please choose another option."
)

// msgNotServed says an option does not serve the county chosen.
func msgNotServed(county string) string {
	return fmt.Sprintf("This delivery option does not serve %s. Please choose another option.", county)
}
