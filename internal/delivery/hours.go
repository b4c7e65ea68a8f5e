package delivery

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"shop/internal/i18n"
)

// OpeningHours is one row of a pickup point's opening hours: the days From
// to To (1 Monday … 7 Sunday) from Opens to Closes ("08:00", 24-hour). Days
// no row names are closed. Stored as data so each language writes them in
// its own form (docs/product.md section 9).
type OpeningHours struct {
	From   int    `json:"from"`
	To     int    `json:"to"`
	Opens  string `json:"opens"`
	Closes string `json:"closes"`
}

// Messages for opening hours the admin form cannot take.
const (
	MsgHoursDays  = "Choose the days from Monday (1) to Sunday (7), the first not after the last"
	MsgHoursTimes = "Give the opening and closing times as 08:00 and 18:00, closing after opening"
)

var dayNames = map[i18n.Lang][8]string{
	i18n.English:   {"", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"},
	i18n.Kiswahili: {"", "Jumatatu", "Jumanne", "Jumatano", "Alhamisi", "Ijumaa", "Jumamosi", "Jumapili"},
}

var everyDay = map[i18n.Lang]string{i18n.English: "Every day", i18n.Kiswahili: "Kila siku"}

// clock reads "08:00" into minutes after midnight.
func clock(s string) (int, bool) {
	t, err := time.Parse("15:04", s)
	if err != nil || len(s) != 5 {
		return 0, false
	}
	return t.Hour()*60 + t.Minute(), true
}

// checkHours validates rows into bad under "opening_hours".
func checkHours(bad map[string]string, rows []OpeningHours) []OpeningHours {
	out := []OpeningHours{}
	for _, r := range rows {
		r.Opens, r.Closes = strings.TrimSpace(r.Opens), strings.TrimSpace(r.Closes)
		if r.From < 1 || r.To > 7 || r.From > r.To {
			bad["opening_hours"] = MsgHoursDays
			continue
		}
		o, ok1 := clock(r.Opens)
		c, ok2 := clock(r.Closes)
		if !ok1 || !ok2 || c <= o {
			bad["opening_hours"] = MsgHoursTimes
			continue
		}
		out = append(out, r)
	}
	return out
}

// FormatHours writes rows in language l, as the app's formatter does
// (web/src/shared/domain/hours.ts): "Mon–Fri 8:00 AM–6:00 PM, Sat 8:00 AM–4:00 PM"
// in English, "Jumatatu–Ijumaa 08:00–18:00, Jumamosi 08:00–16:00" in Kiswahili.
func FormatHours(rows []OpeningHours, l i18n.Lang) string {
	names, ok := dayNames[l]
	if !ok {
		l, names = i18n.English, dayNames[i18n.English]
	}
	parts := make([]string, 0, len(rows))
	for _, r := range rows {
		days := names[r.From]
		switch {
		case r.From == 1 && r.To == 7:
			days = everyDay[l]
		case r.To != r.From:
			days += "–" + names[r.To]
		}
		parts = append(parts, fmt.Sprintf("%s %s–%s", days, timeIn(r.Opens, l), timeIn(r.Closes, l)))
	}
	return strings.Join(parts, ", ")
}

// timeIn writes "18:00" as English writes it ("6:00 PM"); Kiswahili keeps
// the 24-hour clock, which reads the same with either way of counting hours.
func timeIn(hhmm string, l i18n.Lang) string {
	if l == i18n.Kiswahili {
		return hhmm
	}
	t, err := time.Parse("15:04", hhmm)
	if err != nil {
		return hhmm
	}
	return t.Format("3:04 PM")
}

func encodeHours(rows []OpeningHours) string {
	if len(rows) == 0 {
		return "[]"
	}
	b, _ := json.Marshal(rows)
	return string(b)
}

func decodeHours(s string) ([]OpeningHours, error) {
	rows := []OpeningHours{}
	if s == "" {
		return rows, nil
	}
	return rows, json.Unmarshal([]byte(s), &rows)
}
