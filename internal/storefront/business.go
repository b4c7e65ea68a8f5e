package storefront

import (
	"context"
	"fmt"

	"shop/internal/delivery"
	"shop/internal/i18n"
)

// Structured data about the shop itself: the store in Ruiru as a
// LocalBusiness (home and contact), and what a product's offers say about
// delivery and returns (developers.google.com/search/docs/appearance/structured-data).

// storeGeo is the store on the map, as web/src/shared/domain/business.ts has it.
var storeGeo = map[string]any{"@type": "GeoCoordinates", "latitude": -1.1466, "longitude": 36.9609}

// returnPolicy is the terms' returns section (web/src/features/legal/messages.ts):
// unopened goods within 7 days, by mail or in store, the return trip at the customer's cost.
var returnPolicy = map[string]any{
	"@type":                "MerchantReturnPolicy",
	"applicableCountry":    "KE",
	"returnPolicyCategory": "https://schema.org/MerchantReturnFiniteReturnWindow",
	"merchantReturnDays":   7,
	"returnMethod":         "https://schema.org/ReturnByMail",
	"returnFees":           "https://schema.org/ReturnShippingFees",
}

var schemaDays = [8]string{"", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"}

// zones are the delivery zones, or none when they cannot be read (the page
// is still a page).
func (s *Storefront) zones(ctx context.Context) []delivery.Zone {
	if s.Delivery == nil {
		return nil
	}
	zs, err := s.Delivery.Zones(ctx)
	if err != nil {
		s.log.ErrorContext(ctx, "page head: delivery zones", "err", err)
	}
	return zs
}

// shippingDetails is one OfferShippingDetails per zone: its base fee to its
// counties (the fee a bag within the included weight costs) and its time.
func shippingDetails(zones []delivery.Zone) []map[string]any {
	var out []map[string]any
	for _, z := range zones {
		out = append(out, map[string]any{
			"@type":               "OfferShippingDetails",
			"shippingLabel":       z.Name,
			"shippingRate":        map[string]any{"@type": "MonetaryAmount", "value": z.BaseFee.String(), "currency": "KES"},
			"shippingDestination": map[string]any{"@type": "DefinedRegion", "addressCountry": "KE", "addressRegion": z.Counties},
		})
	}
	return out
}

// storePoint is the shop's own store, from its pickup point; nil without
// one or when the points cannot be read (the page is still a page).
func (s *Storefront) storePoint(ctx context.Context) *delivery.PickupPoint {
	if s.Delivery == nil {
		return nil
	}
	points, err := s.Delivery.PickupPoints(ctx)
	if err != nil {
		s.log.ErrorContext(ctx, "page head: the store", "err", err)
		return nil
	}
	for _, p := range points {
		if p.IsStore {
			return &p
		}
	}
	return nil
}

// storeHours are the store's opening hours in language l, one line per row
// of days ("Mon–Fri 8:00 AM–6:00 PM"): the one set of hours every page that
// names them shows (docs/product.md section 9); none without a store or
// without hours stored as data.
func storeHours(p *delivery.PickupPoint, l i18n.Lang) []string {
	if p == nil {
		return nil
	}
	var out []string
	for _, r := range p.OpeningHours {
		out = append(out, delivery.FormatHours([]delivery.OpeningHours{r}, l))
	}
	return out
}

// storeLD is the shop's store p as a LocalBusiness: its one set of opening
// hours (docs/product.md section 9); nil without one.
func (s *Storefront) storeLD(p *delivery.PickupPoint) map[string]any {
	if p == nil {
		return nil
	}
	var hours []map[string]any
	for _, r := range p.OpeningHours {
		var days []string
		for d := r.From; d <= r.To; d++ {
			days = append(days, schemaDays[d])
		}
		hours = append(hours, map[string]any{"@type": "OpeningHoursSpecification", "dayOfWeek": days, "opens": r.Opens, "closes": r.Closes})
	}
	ld := map[string]any{
		"@context":  "https://schema.org",
		"@type":     "LocalBusiness",
		"@id":       s.base + "/#store",
		"name":      siteName,
		"url":       s.base + "/",
		"image":     s.base + siteImage,
		"telephone": p.Phone,
		"address": map[string]any{"@type": "PostalAddress", "streetAddress": p.Address, "addressLocality": p.Town,
			"addressRegion": fmt.Sprintf("%s County", p.County), "addressCountry": "KE"},
		"geo":        storeGeo,
		"priceRange": "KES",
	}
	if len(hours) > 0 {
		ld["openingHoursSpecification"] = hours
	}
	return ld
}
