package admin

import (
	"database/sql"
	"fmt"
	"net/http"
	"strings"

	"shop/internal/delivery"
)

// The back office's delivery settings: zones (their counties and prices)
// and pickup points. Each change is audited like every other.

// Zones answers GET /api/admin/delivery/zones/: every zone with its counties.
func (h *Handlers) Zones(w http.ResponseWriter, r *http.Request, _ Actor) error {
	return show(w, r, h.delivery.Zones)
}

// CreateZone answers POST /api/admin/delivery/zones/: its counties move
// into it from the zones that had them.
func (h *Handlers) CreateZone(w http.ResponseWriter, r *http.Request, a Actor) error {
	return create(h, w, r, a, &delivery.ZoneInput{}, delivery.CreateZoneTx, func(z delivery.Zone) Entry {
		return entry("create", "zone", z.ID, fmt.Sprintf("created zone %s: %s", quote(z.Name), zoneTerms(z)))
	})
}

// UpdateZone answers PUT or PATCH /api/admin/delivery/zones/{id}/ with the whole form.
func (h *Handlers) UpdateZone(w http.ResponseWriter, r *http.Request, a Actor) error {
	return update(h, w, r, a, "Zone", &delivery.ZoneInput{}, delivery.UpdateZoneTx, func(id int64, before, after delivery.Zone) Entry {
		var d diff
		d.add("name", before.Name, after.Name)
		d.add("terms", zoneTerms(before), zoneTerms(after))
		d.add("counties", strings.Join(before.Counties, ", "), strings.Join(after.Counties, ", "))
		return updated("zone", id, quote(after.Name), d)
	})
}

// zoneTerms sums up a zone's prices and counties for the audit log.
func zoneTerms(z delivery.Zone) string {
	s := fmt.Sprintf("base %s for %s, %s per further kg, %s", z.BaseFee, z.Included, z.PerKg, quote(z.ETA))
	if z.FreeOver != nil {
		s += fmt.Sprintf(", free from %s", *z.FreeOver)
	}
	return s + fmt.Sprintf(", %d counties", len(z.Counties))
}

// DeleteZone answers DELETE /api/admin/delivery/zones/{id}/ for a zone
// whose counties have all moved to other zones.
func (h *Handlers) DeleteZone(w http.ResponseWriter, r *http.Request, a Actor) error {
	id, err := pathID(r, "id", "Zone")
	if err != nil {
		return err
	}
	return h.remove(w, r, a, func(tx *sql.Tx) (Entry, error) {
		z, err := delivery.DeleteZoneTx(r.Context(), tx, id)
		if err != nil {
			return Entry{}, err
		}
		return entry("delete", "zone", id, "deleted zone "+quote(z.Name)), nil
	})
}

// PickupPoints answers GET /api/admin/delivery/pickup-points/, open or not.
func (h *Handlers) PickupPoints(w http.ResponseWriter, r *http.Request, _ Actor) error {
	return show(w, r, h.delivery.PickupPoints)
}

// CreatePickupPoint answers POST /api/admin/delivery/pickup-points/.
func (h *Handlers) CreatePickupPoint(w http.ResponseWriter, r *http.Request, a Actor) error {
	return create(h, w, r, a, &delivery.PickupInput{}, delivery.CreatePickupPointTx, func(p delivery.PickupPoint) Entry {
		return entry("create", "pickup_point", p.ID, fmt.Sprintf("created pickup point %s in %s, %s, fee %s, %s",
			quote(p.Name), p.Town, p.County, p.Fee, activeWord(p.IsActive)))
	})
}

// UpdatePickupPoint answers PUT or PATCH /api/admin/delivery/pickup-points/{id}/
// with the whole form; is_active false closes the point to new orders.
func (h *Handlers) UpdatePickupPoint(w http.ResponseWriter, r *http.Request, a Actor) error {
	return update(h, w, r, a, "Pickup point", &delivery.PickupInput{}, delivery.UpdatePickupPointTx, func(id int64, before, after delivery.PickupPoint) Entry {
		var d diff
		d.add("name", before.Name, after.Name)
		d.add("county", before.County, after.County)
		d.add("town", before.Town, after.Town)
		d.add("address", before.Address, after.Address)
		d.add("phone", before.Phone, after.Phone)
		d.add("hours", before.Hours, after.Hours)
		d.add("fee", before.Fee, after.Fee)
		d.add("eta", before.ETA, after.ETA)
		d.add("is_store", before.IsStore, after.IsStore)
		d.add("is_active", before.IsActive, after.IsActive)
		return updated("pickup_point", id, quote(after.Name), d)
	})
}
