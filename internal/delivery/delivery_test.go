package delivery_test

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/delivery"
	"shop/internal/demo"
	"shop/internal/i18n"
	"shop/internal/money"
	"shop/internal/weight"
)

const kg = weight.PerKg

func ksh(n int64) money.Cents { return money.FromShillings(n) }

func TestCounties(t *testing.T) {
	if len(delivery.Counties) != 47 {
		t.Fatalf("%d counties, want 47", len(delivery.Counties))
	}
	if !slices.IsSorted(delivery.Counties) || len(slices.Compact(slices.Clone(delivery.Counties))) != 47 {
		t.Fatal("counties are not sorted and unique")
	}
	for _, c := range []string{"Kiambu", "Nairobi", "Turkana", "Murang'a", "Elgeyo-Marakwet", "Tharaka-Nithi", "West Pokot"} {
		if !delivery.IsCounty(c) {
			t.Errorf("%s is not a county", c)
		}
	}
	for _, c := range []string{"", "Other", "kiambu", "Kiambu ", "Nairobi City", "Atlantis"} {
		if delivery.IsCounty(c) {
			t.Errorf("%q is a county", c)
		}
	}
	// The demo's zones hold every county once.
	var all []string
	for _, z := range demo.Zones() {
		all = append(all, z.Counties...)
	}
	slices.Sort(all)
	if !slices.Equal(all, delivery.Counties) {
		t.Fatalf("demo zones cover %d counties: %v", len(all), all)
	}
}

func TestZoneFee(t *testing.T) {
	free := ksh(15000)
	z := delivery.Zone{BaseFee: ksh(250), Included: 5 * kg, PerKg: ksh(10), FreeOver: &free}
	for _, c := range []struct {
		name     string
		w        weight.Grams
		subtotal money.Cents
		want     money.Cents
	}{
		{"nothing to carry", 0, ksh(100), ksh(250)},
		{"a bottle", 500, ksh(1000), ksh(250)},
		{"exactly the included weight", 5 * kg, ksh(1000), ksh(250)},
		{"a gram over counts as a kg", 5*kg + 1, ksh(1000), ksh(260)},
		{"part of a kg counts whole", 6*kg + 500, ksh(1000), ksh(270)},
		{"a 70 kg bag", 70 * kg, ksh(3900), ksh(250 + 65*10)},
		{"just under free delivery", 70 * kg, ksh(15000) - 1, ksh(900)},
		{"free delivery from the threshold", 70 * kg, ksh(15000), 0},
	} {
		if got := z.Fee(c.w, c.subtotal); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
	never := delivery.Zone{BaseFee: ksh(1200), Included: 5 * kg, PerKg: ksh(60)}
	if got := never.Fee(70*kg, ksh(1_000_000)); got != ksh(1200+65*60) {
		t.Errorf("no threshold: %s", got)
	}
}

// demoStore is a store with the demo's zones and pickup points.
func demoStore(t *testing.T, d *db.DB) *delivery.Store {
	t.Helper()
	s := delivery.NewStore(d)
	if err := s.Replace(context.Background(), demo.Zones(), demo.PickupPoints()); err != nil {
		t.Fatal(err)
	}
	return s
}

func TestMigrationServesEveryCountyAtTheOldFlatFee(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		zones, err := delivery.NewStore(d).Zones(context.Background())
		if err != nil || len(zones) != 1 || !slices.Equal(zones[0].Counties, delivery.Counties) || zones[0].Fee(70*kg, ksh(100_000)) != ksh(500) {
			t.Fatalf("%+v %v", zones, err)
		}
	})
}

func TestOptions(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := demoStore(t, d)
		opts, err := s.Options(ctx, "Kiambu", 70*kg, ksh(3900), delivery.DefaultPODMax)
		if err != nil {
			t.Fatal(err)
		}
		// Home delivery first, then the pickup points nearest first: the store is in Kiambu.
		if len(opts) != 2 || opts[1].Kind != delivery.KindPickup || opts[1].Fee != 0 || opts[1].Address != "Eastern Bypass, Ruiru" ||
			opts[1].Hours != "Mon–Fri 8:00 AM–6:00 PM, Sat 8:00 AM–4:00 PM" ||
			opts[0].Kind != delivery.KindDelivery || opts[0].Fee != ksh(900) || opts[0].ETA != "Next day" || opts[0].Name != "Home delivery (Nairobi and Kiambu)" {
			t.Fatalf("Kiambu: %+v", opts)
		}
		turkana, err := s.Options(ctx, "Turkana", 70*kg, ksh(3900), delivery.DefaultPODMax)
		if err != nil || len(turkana) != 2 || turkana[0].Fee != ksh(1200+65*60) {
			t.Fatalf("Turkana: %+v %v", turkana, err)
		}
		// Nakuru's own agrovet comes before the store in Ruiru, though the store is free.
		nakuru, _ := s.Options(ctx, "Nakuru", 0, 0, delivery.DefaultPODMax)
		if len(nakuru) != 3 || nakuru[0].Fee != ksh(450) || nakuru[1].Name != "Nakuru Farmers Agrovet" || nakuru[2].Fee != 0 ||
			nakuru[1].Directions != "Opposite the municipal market" || nakuru[1].Hours != "Mon–Sat 8:00 AM–6:00 PM" {
			t.Fatalf("Nakuru, nearest first: %+v", nakuru)
		}
		// In Kiswahili every text is Kiswahili: names, times, hours, directions.
		sw, err := s.Options(i18n.WithLang(ctx, i18n.Kiswahili), "Nakuru", 0, 0, delivery.DefaultPODMax)
		if err != nil || len(sw) != 3 || sw[0].Name != "Kuletewa nyumbani (Kati, Mashariki na Bonde la Ufa la karibu)" || sw[0].ETA != "Siku 1–2" ||
			sw[1].Name != "Nakuru Farmers Agrovet" || sw[1].Hours != "Jumatatu–Jumamosi 08:00–18:00" || sw[1].Directions != "Mkabala na soko la manispaa" ||
			sw[2].Name != "Duka la Mifugo Bora, Ruiru" || sw[2].ETA != "Tayari siku ya kazi inayofuata" || sw[2].Hours != "Jumatatu–Ijumaa 08:00–18:00, Jumamosi 08:00–16:00" {
			t.Fatalf("Nakuru in Kiswahili: %+v %v", sw, err)
		}
		for _, county := range []string{"", "Other", "Atlantis"} {
			_, err := s.Options(ctx, county, 0, 0, delivery.DefaultPODMax)
			if e, ok := apperr.From(err); !ok || e.Kind != apperr.KindInvalid || e.Fields["county"] != delivery.MsgCounty {
				t.Errorf("%q: %v", county, err)
			}
		}
	})
}

func TestQuote(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := demoStore(t, d)
		nakuru, _ := s.Options(ctx, "Nakuru", 0, 0, delivery.DefaultPODMax)
		kiambu, _ := s.Options(ctx, "Kiambu", 0, 0, delivery.DefaultPODMax)
		agrovet, store, kiambuHome := nakuru[1], nakuru[2], kiambu[0]
		quote := func(county, option string, w weight.Grams) (delivery.Quote, error) {
			var q delivery.Quote
			err := d.Tx(ctx, func(tx *sql.Tx) (err error) {
				q, err = delivery.QuoteTx(ctx, tx, county, option, w, ksh(2000))
				return err
			})
			return q, err
		}
		q, err := quote("Nakuru", agrovet.ID, 20*kg)
		if err != nil || q.Kind != delivery.KindPickup || q.Fee != ksh(200) || q.Name != "Nakuru Farmers Agrovet" || q.Weight != 20*kg || q.Hours == "" {
			t.Fatalf("pickup quote: %+v %v", q, err)
		}
		if q, err := quote("Turkana", store.ID, 70*kg); err != nil || q.Fee != 0 {
			t.Fatalf("the store serves every county: %+v %v", q, err)
		}
		if q, err := quote("Nakuru", "", 20*kg); err != nil || q.Kind != delivery.KindDelivery || q.Fee != ksh(450+15*20) {
			t.Fatalf("home delivery by default: %+v %v", q, err)
		}
		for name, c := range map[string]struct{ county, option, field, msg string }{
			"pickup point of another county": {"Kiambu", agrovet.ID, "delivery", "This delivery option does not serve Kiambu. Please choose another option."},
			"home delivery of another zone":  {"Nakuru", kiambuHome.ID, "delivery", "This delivery option does not serve Nakuru. Please choose another option."},
			"unknown option":                 {"Nakuru", "pickup-9999", "delivery", delivery.MsgOptionUnknown},
			"nonsense option":                {"Nakuru", "free-please", "delivery", delivery.MsgOptionUnknown},
			"unknown county":                 {"Other", "", "county", delivery.MsgCounty},
		} {
			_, err := quote(c.county, c.option, kg)
			if e, ok := apperr.From(err); !ok || e.Kind != apperr.KindInvalid || e.Fields[c.field] != c.msg {
				t.Errorf("%s: %v", name, err)
			}
		}
		// A closed pickup point is refused and no longer offered.
		err = d.Tx(ctx, func(tx *sql.Tx) error {
			p, err := delivery.PickupPointTx(ctx, tx, idOf(agrovet.ID))
			if err != nil {
				return err
			}
			p.IsActive = false
			_, _, err = delivery.UpdatePickupPointTx(ctx, tx, p.ID, p)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := quote("Nakuru", agrovet.ID, kg); !hasField(err, "delivery", delivery.MsgPickupClosed) {
			t.Fatalf("closed point: %v", err)
		}
		if opts, _ := s.Options(ctx, "Nakuru", 0, 0, delivery.DefaultPODMax); len(opts) != 2 {
			t.Fatalf("closed point still offered: %+v", opts)
		}
	})
}

func TestZoneEdits(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := demoStore(t, d)
		zones, _ := s.Zones(ctx)
		near := zones[0] // the cheapest: Nairobi and Kiambu
		if near.Name != "Nairobi and Kiambu" || !slices.Equal(near.Counties, []string{"Kiambu", "Nairobi"}) {
			t.Fatalf("zones %+v", zones)
		}
		tx := func(fn func(tx *sql.Tx) error) error { return d.Tx(ctx, fn) }
		// Adding Murang'a to the near zone moves it out of its old zone.
		near.Counties = append(near.Counties, "Murang'a")
		if err := tx(func(tx *sql.Tx) error { _, _, err := delivery.UpdateZoneTx(ctx, tx, near.ID, near); return err }); err != nil {
			t.Fatal(err)
		}
		if opts, _ := s.Options(ctx, "Murang'a", 0, 0, delivery.DefaultPODMax); opts[0].Fee != ksh(250) {
			t.Fatalf("Murang'a not moved: %+v", opts)
		}
		// Taking a county out without giving it another zone is refused.
		near.Counties = []string{"Kiambu"}
		err := tx(func(tx *sql.Tx) error { _, _, err := delivery.UpdateZoneTx(ctx, tx, near.ID, near); return err })
		if !hasField(err, "counties", "Every county needs a zone: add Murang'a, Nairobi to another zone instead of removing them here.") {
			t.Fatalf("orphans: %v", err)
		}
		// A new zone takes its counties; the zone left empty can be deleted, one in use cannot.
		coast := zones[len(zones)-2]
		made := delivery.Zone{Name: "Mombasa island", Counties: []string{"Mombasa"}, BaseFee: ksh(300), ETA: "2 days"}
		if err := tx(func(tx *sql.Tx) (err error) { made, err = delivery.CreateZoneTx(ctx, tx, made); return err }); err != nil {
			t.Fatal(err)
		}
		err = tx(func(tx *sql.Tx) error { _, err := delivery.DeleteZoneTx(ctx, tx, made.ID); return err })
		if e, ok := apperr.From(err); !ok || e.Kind != apperr.KindConflict {
			t.Fatalf("delete a zone in use: %v", err)
		}
		err = tx(func(tx *sql.Tx) error {
			_, err := delivery.CreateZoneTx(ctx, tx, delivery.Zone{Name: "coast", Counties: []string{"Kwale"}})
			return err
		})
		if !hasField(err, "name", "Another zone already has this name") {
			t.Fatalf("name taken: %v", err)
		}
		if coast.Name != "Coast" {
			t.Fatalf("coast %+v", coast)
		}
		if err := tx(func(tx *sql.Tx) error { _, err := delivery.ZoneTx(ctx, tx, 99999); return err }); !errors.Is(err, apperr.ErrNotFound) {
			t.Fatalf("unknown zone: %v", err)
		}
	})
}

func TestForms(t *testing.T) {
	z, err := delivery.ZoneInput{Name: " Near ", Counties: []string{"Nairobi", "Kiambu", "Nairobi"}, BaseFee: []byte(`"250"`),
		IncludedKg: []byte(`5.5`), PerKgFee: []byte(`10`), FreeOver: []byte(`null`)}.Check()
	if err != nil || z.Name != "Near" || !slices.Equal(z.Counties, []string{"Kiambu", "Nairobi"}) || z.Included != 5500 || z.FreeOver != nil || z.BaseFee != ksh(250) {
		t.Fatalf("zone form: %+v %v", z, err)
	}
	_, err = delivery.ZoneInput{Counties: []string{"Atlantis"}, BaseFee: []byte(`-1`), IncludedKg: []byte(`"lots"`), PerKgFee: []byte(`1.001`)}.Check()
	e, _ := apperr.From(err)
	if e == nil || e.Fields["name"] == "" || e.Fields["counties"] != "Unknown county: Atlantis" || e.Fields["base_fee"] == "" ||
		e.Fields["included_kg"] != delivery.MsgWeightInvalid || e.Fields["per_kg_fee"] == "" {
		t.Fatalf("bad zone form: %v", e)
	}
	p, err := delivery.PickupInput{Name: "Agrovet", County: "Nakuru", Town: "Nakuru", Address: "Market", Fee: []byte(`"0"`)}.Check()
	if err != nil || !p.IsActive || p.Fee != 0 {
		t.Fatalf("pickup form: %+v %v", p, err)
	}
	_, err = delivery.PickupInput{County: "Other", Fee: []byte(`""`)}.Check()
	e, _ = apperr.From(err)
	if e == nil || e.Fields["county"] != delivery.MsgCounty || e.Fields["town"] != delivery.MsgTownRequired || e.Fields["fee"] == "" {
		t.Fatalf("bad pickup form: %v", e)
	}
}

func hasField(err error, field, msg string) bool {
	e, ok := apperr.From(err)
	return ok && e.Kind == apperr.KindInvalid && e.Fields[field] == msg
}

// idOf reads the row id at the end of an option id.
func idOf(option string) int64 {
	var n int64
	for _, r := range option {
		if r >= '0' && r <= '9' {
			n = n*10 + int64(r-'0')
		}
	}
	return n
}

// TestWebCounties holds the web app's county list (web/src/shared/domain/delivery.ts,
// kept there so the checkout's field works before any answer comes) to the
// server's.
func TestWebCounties(t *testing.T) {
	b, err := os.ReadFile("../../web/src/shared/domain/delivery.ts")
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	start := strings.Index(src, "export const COUNTIES = [")
	end := strings.Index(src[start:], "] as const")
	if start < 0 || end < 0 {
		t.Fatal("COUNTIES not found in web/src/shared/domain/delivery.ts")
	}
	var web []string
	for _, m := range regexp.MustCompile(`'([^']*(?:\\'[^']*)*)'|"([^"]*)"`).FindAllStringSubmatch(src[start:start+end], -1) {
		web = append(web, m[1]+m[2])
	}
	if !slices.Equal(web, delivery.Counties) {
		t.Fatalf("web counties %v\nserver counties %v", web, delivery.Counties)
	}
}

func TestFormatHours(t *testing.T) {
	rows := []delivery.OpeningHours{{From: 1, To: 5, Opens: "08:00", Closes: "18:00"}, {From: 6, To: 6, Opens: "08:30", Closes: "13:00"}}
	for l, want := range map[i18n.Lang]string{
		i18n.English:   "Mon–Fri 8:00 AM–6:00 PM, Sat 8:30 AM–1:00 PM",
		i18n.Kiswahili: "Jumatatu–Ijumaa 08:00–18:00, Jumamosi 08:30–13:00",
	} {
		if got := delivery.FormatHours(rows, l); got != want {
			t.Errorf("%s: %q, want %q", l, got, want)
		}
	}
	if got := delivery.FormatHours([]delivery.OpeningHours{{From: 1, To: 7, Opens: "07:00", Closes: "19:00"}}, i18n.Kiswahili); got != "Kila siku 07:00–19:00" {
		t.Errorf("every day: %q", got)
	}
}

// TestPickupPointKiswahiliAndHours: the admin's Kiswahili texts and opening hours are kept as
// given and read back; hours that are no hours are refused on their field.
func TestPickupPointKiswahiliAndHours(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		in := delivery.PickupInput{Name: "Thika Agrovet", NameSW: "Duka la kilimo Thika", County: "Kiambu", Town: "Thika", Address: "Kenyatta Highway",
			Directions: "Behind the bus park", DirectionsSW: "Nyuma ya stendi", Fee: []byte("100"), ETA: "Next day", ETASW: "Kesho yake",
			OpeningHours: []delivery.OpeningHours{{From: 1, To: 6, Opens: " 07:30", Closes: "17:00"}}}
		p, err := in.Check()
		if err != nil {
			t.Fatal(err)
		}
		err = d.Tx(ctx, func(tx *sql.Tx) error {
			created, err := delivery.CreatePickupPointTx(ctx, tx, p)
			if err != nil {
				return err
			}
			got, err := delivery.PickupPointTx(ctx, tx, created.ID)
			if err != nil {
				return err
			}
			if got.NameSW != in.NameSW || got.ETASW != in.ETASW || got.DirectionsSW != in.DirectionsSW || got.Directions != in.Directions ||
				len(got.OpeningHours) != 1 || got.OpeningHours[0] != (delivery.OpeningHours{From: 1, To: 6, Opens: "07:30", Closes: "17:00"}) {
				t.Errorf("read back %+v", got)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		for name, rows := range map[string][]delivery.OpeningHours{
			"days reversed":         {{From: 5, To: 1, Opens: "08:00", Closes: "18:00"}},
			"no day 8":              {{From: 1, To: 8, Opens: "08:00", Closes: "18:00"}},
			"closes before opening": {{From: 1, To: 5, Opens: "18:00", Closes: "08:00"}},
			"not a time":            {{From: 1, To: 5, Opens: "8am", Closes: "18:00"}},
		} {
			in.OpeningHours = rows
			if _, err := in.Check(); !hasAnyField(err, "opening_hours") {
				t.Errorf("%s: %v", name, err)
			}
		}
	})
}

func hasAnyField(err error, field string) bool {
	e, ok := apperr.From(err)
	return ok && e.Fields[field] != ""
}
