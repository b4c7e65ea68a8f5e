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
			BaseFee: money.FromShillings(250), Included: kg(5), PerKg: money.FromShillings(10), ETA: "Next day", FreeOver: free(15000), PayOnDelivery: true},
		{Name: "Central, Eastern and the nearby Rift Valley", Counties: []string{"Embu", "Kajiado", "Kirinyaga", "Kitui", "Laikipia",
			"Machakos", "Makueni", "Meru", "Murang'a", "Nakuru", "Narok", "Nyandarua", "Nyeri", "Tharaka-Nithi"},
			BaseFee: money.FromShillings(450), Included: kg(5), PerKg: money.FromShillings(20), ETA: "1–2 days", FreeOver: free(30000)},
		{Name: "Western, Nyanza and the North Rift", Counties: []string{"Baringo", "Bomet", "Bungoma", "Busia", "Elgeyo-Marakwet",
			"Homa Bay", "Kakamega", "Kericho", "Kisii", "Kisumu", "Migori", "Nandi", "Nyamira", "Samburu", "Siaya", "Trans Nzoia",
			"Uasin Gishu", "Vihiga", "West Pokot"},
			BaseFee: money.FromShillings(650), Included: kg(5), PerKg: money.FromShillings(30), ETA: "2–3 days"},
		{Name: "Coast", Counties: []string{"Kilifi", "Kwale", "Mombasa", "Taita-Taveta"},
			BaseFee: money.FromShillings(700), Included: kg(5), PerKg: money.FromShillings(35), ETA: "2–4 days"},
		{Name: "Far north and Lamu", Counties: []string{"Garissa", "Isiolo", "Lamu", "Mandera", "Marsabit", "Tana River", "Turkana", "Wajir"},
			BaseFee: money.FromShillings(1200), Included: kg(5), PerKg: money.FromShillings(60), ETA: "4–7 days"},
	}
}

// PickupPoints are the demo's places to collect an order: the shop's own
// store in Ruiru (free, for every county) and agrovets and courier offices
// in the towns farmers travel to.
func PickupPoints() []delivery.PickupPoint {
	return []delivery.PickupPoint{
		{Name: "Mifugo Bora store, Ruiru", County: "Kiambu", Town: "Ruiru", Address: "Eastern Bypass, Ruiru", Phone: "+254 722 000 111",
			Hours: "Mon-Fri 8:00 AM-6:00 PM, Sat 8:00 AM-4:00 PM", Fee: 0, ETA: "Ready the next working day", IsStore: true, IsActive: true},
		{Name: "Nakuru Farmers Agrovet", County: "Nakuru", Town: "Nakuru", Address: "Kenyatta Avenue, opposite the municipal market",
			Phone: "+254 722 000 212", Hours: "Mon-Sat 8:00 AM-6:00 PM", Fee: money.FromShillings(200), ETA: "2 days", IsActive: true},
		{Name: "Nyeri parcel office (matatu sacco)", County: "Nyeri", Town: "Nyeri", Address: "Main bus stage, Kimathi Way",
			Phone: "+254 722 000 313", Hours: "Every day 7:00 AM-7:00 PM", Fee: money.FromShillings(150), ETA: "1–2 days", IsActive: true},
		{Name: "G4S courier office, Eldoret", County: "Uasin Gishu", Town: "Eldoret", Address: "Uganda Road, near the post office",
			Phone: "+254 722 000 414", Hours: "Mon-Fri 8:00 AM-5:00 PM, Sat 9:00 AM-1:00 PM", Fee: money.FromShillings(350), ETA: "2–3 days", IsActive: true},
		{Name: "Wells Fargo courier office, Kisumu", County: "Kisumu", Town: "Kisumu", Address: "Oginga Odinga Street",
			Phone: "+254 722 000 515", Hours: "Mon-Fri 8:00 AM-5:00 PM, Sat 9:00 AM-1:00 PM", Fee: money.FromShillings(400), ETA: "2–3 days", IsActive: true},
		{Name: "Meru Agrovet Centre", County: "Meru", Town: "Meru", Address: "Njuri Ncheke Street",
			Phone: "+254 722 000 616", Hours: "Mon-Sat 8:00 AM-6:00 PM", Fee: money.FromShillings(250), ETA: "2 days", IsActive: true},
	}
}
