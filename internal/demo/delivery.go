package demo

import (
	"shop/internal/delivery"
	"shop/internal/money"
	"shop/internal/weight"
)

// Zones are the demo's delivery zones for a shop on the Eastern Bypass in
// Ruiru, Kiambu: next door is cheap and next-day, the central counties and
// the nearby Rift Valley cost more, the far north and Lamu most and take
// longest. Together they hold each of the 47 counties once.
func Zones() []delivery.Zone {
	free := func(ksh int64) *money.Cents { c := money.FromShillings(ksh); return &c }
	kg := func(n int64) weight.Grams { return weight.Grams(n) * weight.PerKg }
	return []delivery.Zone{
		{Name: "Nairobi and Kiambu", Counties: []string{"Kiambu", "Nairobi"},
			BaseFee: money.FromShillings(250), Included: kg(5), PerKg: money.FromShillings(10), ETA: "Next day", FreeOver: free(15000), PayOnDelivery: true,
			NameSW: "Nairobi na Kiambu", ETASW: "Kesho yake"},
		{Name: "Central, Eastern and the nearby Rift Valley", Counties: []string{"Embu", "Kajiado", "Kirinyaga", "Kitui", "Laikipia",
			"Machakos", "Makueni", "Meru", "Murang'a", "Nakuru", "Narok", "Nyandarua", "Nyeri", "Tharaka-Nithi"},
			BaseFee: money.FromShillings(450), Included: kg(5), PerKg: money.FromShillings(20), ETA: "1–2 days", FreeOver: free(30000),
			NameSW: "Kati, Mashariki na Bonde la Ufa la karibu", ETASW: "Siku 1–2"},
		{Name: "Western, Nyanza and the North Rift", Counties: []string{"Baringo", "Bomet", "Bungoma", "Busia", "Elgeyo-Marakwet",
			"Homa Bay", "Kakamega", "Kericho", "Kisii", "Kisumu", "Migori", "Nandi", "Nyamira", "Samburu", "Siaya", "Trans Nzoia",
			"Uasin Gishu", "Vihiga", "West Pokot"},
			BaseFee: money.FromShillings(650), Included: kg(5), PerKg: money.FromShillings(30), ETA: "2–3 days",
			NameSW: "Magharibi, Nyanza na Bonde la Ufa la Kaskazini", ETASW: "Siku 2–3"},
		{Name: "Coast", Counties: []string{"Kilifi", "Kwale", "Mombasa", "Taita-Taveta"},
			BaseFee: money.FromShillings(700), Included: kg(5), PerKg: money.FromShillings(35), ETA: "2–4 days",
			NameSW: "Pwani", ETASW: "Siku 2–4"},
		{Name: "Far north and Lamu", Counties: []string{"Garissa", "Isiolo", "Lamu", "Mandera", "Marsabit", "Tana River", "Turkana", "Wajir"},
			BaseFee: money.FromShillings(1200), Included: kg(5), PerKg: money.FromShillings(60), ETA: "4–7 days",
			NameSW: "Kaskazini ya mbali na Lamu", ETASW: "Siku 4–7"},
	}
}

// PickupPoints are the demo's places to collect an order: the shop's own
// store in Ruiru (free, for every county) and agrovets and courier offices
// in the towns farmers travel to.
func PickupPoints() []delivery.PickupPoint {
	hours := func(rows ...delivery.OpeningHours) []delivery.OpeningHours { return rows }
	weekdays := func(opens, closes string) delivery.OpeningHours {
		return delivery.OpeningHours{From: 1, To: 5, Opens: opens, Closes: closes}
	}
	return []delivery.PickupPoint{
		{Name: "Mifugo Bora store, Ruiru", NameSW: "Duka la Mifugo Bora, Ruiru", County: "Kiambu", Town: "Ruiru", Address: "Eastern Bypass",
			Directions: "On the Eastern Bypass, 200 m from the Ruiru roundabout towards Kamakis", DirectionsSW: "Kwenye Eastern Bypass, mita 200 kutoka mzunguko wa Ruiru kuelekea Kamakis",
			Phone: "+254 722 000 111", OpeningHours: StoreHours(), Fee: 0, ETA: "Ready the next working day", ETASW: "Tayari siku ya kazi inayofuata", IsStore: true, IsActive: true},
		{Name: "Nakuru Farmers Agrovet", County: "Nakuru", Town: "Nakuru", Address: "Kenyatta Avenue",
			Directions: "Opposite the municipal market", DirectionsSW: "Mkabala na soko la manispaa",
			Phone: "+254 722 000 212", OpeningHours: hours(delivery.OpeningHours{From: 1, To: 6, Opens: "08:00", Closes: "18:00"}),
			Fee: money.FromShillings(200), ETA: "2 days", ETASW: "Siku 2", IsActive: true},
		{Name: "Nyeri parcel office (matatu sacco)", NameSW: "Ofisi ya vifurushi Nyeri (sacco ya matatu)", County: "Nyeri", Town: "Nyeri", Address: "Kimathi Way",
			Directions: "At the main bus stage", DirectionsSW: "Kwenye stendi kuu ya mabasi",
			Phone: "+254 722 000 313", OpeningHours: hours(delivery.OpeningHours{From: 1, To: 7, Opens: "07:00", Closes: "19:00"}),
			Fee: money.FromShillings(150), ETA: "1–2 days", ETASW: "Siku 1–2", IsActive: true},
		{Name: "G4S courier office, Eldoret", NameSW: "Ofisi ya G4S, Eldoret", County: "Uasin Gishu", Town: "Eldoret", Address: "Uganda Road",
			Directions: "Near the post office", DirectionsSW: "Karibu na posta",
			Phone: "+254 722 000 414", OpeningHours: hours(weekdays("08:00", "17:00"), delivery.OpeningHours{From: 6, To: 6, Opens: "09:00", Closes: "13:00"}),
			Fee: money.FromShillings(350), ETA: "2–3 days", ETASW: "Siku 2–3", IsActive: true},
		{Name: "Wells Fargo courier office, Kisumu", NameSW: "Ofisi ya Wells Fargo, Kisumu", County: "Kisumu", Town: "Kisumu", Address: "Oginga Odinga Street",
			Phone: "+254 722 000 515", OpeningHours: hours(weekdays("08:00", "17:00"), delivery.OpeningHours{From: 6, To: 6, Opens: "09:00", Closes: "13:00"}),
			Fee: money.FromShillings(400), ETA: "2–3 days", ETASW: "Siku 2–3", IsActive: true},
		{Name: "Meru Agrovet Centre", County: "Meru", Town: "Meru", Address: "Njuri Ncheke Street",
			Phone: "+254 722 000 616", OpeningHours: hours(delivery.OpeningHours{From: 1, To: 6, Opens: "08:00", Closes: "18:00"}),
			Fee: money.FromShillings(250), ETA: "2 days", ETASW: "Siku 2", IsActive: true},
	}
}

// StoreHours are the Ruiru store's opening hours, the shop's one set
// (docs/product.md section 9): Mon–Fri 8:00 AM–6:00 PM, Sat 8:00 AM–4:00 PM,
// closed on Sunday.
func StoreHours() []delivery.OpeningHours {
	return []delivery.OpeningHours{{From: 1, To: 5, Opens: "08:00", Closes: "18:00"}, {From: 6, To: 6, Opens: "08:00", Closes: "16:00"}}
}
