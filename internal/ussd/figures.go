package ussd

import (
	"context"
	"strings"
	"time"

	"shop/internal/db"
)

// Figures are the menu's sessions of a span, for the owner: how many
// started, how many placed an order, and where the others stopped.
type Figures struct {
	Started   int `json:"started"`
	Completed int `json:"completed"`
	// Abandoned counts the sessions that stopped on each screen without an
	// order (the menu's own END, such as tracking, is not abandoning).
	Abandoned []ScreenCount `json:"abandoned"`
	// Notifications counts Africa's Talking's end-of-session statuses.
	Notifications []StatusCount `json:"notifications"`
}

type ScreenCount struct {
	Screen   string `json:"screen"`
	Sessions int    `json:"sessions"`
}

type StatusCount struct {
	Status   string `json:"status"`
	Sessions int    `json:"sessions"`
}

// FiguresOf reads the figures of the sessions started in [start, end).
func (s *Service) FiguresOf(ctx context.Context, start, end time.Time) (Figures, error) {
	f := Figures{Abandoned: []ScreenCount{}, Notifications: []StatusCount{}}
	from, to := s.DB.TimeArg(start), s.DB.TimeArg(end)
	err := s.DB.QueryRow(ctx, `SELECT COUNT(*), COALESCE(SUM(CASE WHEN order_id IS NOT NULL THEN 1 ELSE 0 END), 0)
		FROM ussd_sessions WHERE started_at >= $1 AND started_at < $2`, from, to).Scan(&f.Started, &f.Completed)
	if err != nil {
		return Figures{}, err
	}
	stops, err := db.QueryAll(ctx, s.DB, "ussd stops", func(r db.Scanner) (c ScreenCount, err error) {
		return c, r.Scan(&c.Screen, &c.Sessions)
	}, `SELECT screen, COUNT(*) FROM ussd_sessions WHERE started_at >= $1 AND started_at < $2 AND order_id IS NULL
		GROUP BY screen`, from, to)
	if err != nil {
		return Figures{}, err
	}
	by := map[string]int{}
	for _, c := range stops {
		if !strings.HasPrefix(c.Screen, "end:") {
			by[c.Screen] += c.Sessions
		}
	}
	for _, screen := range Screens {
		if by[screen] > 0 {
			f.Abandoned = append(f.Abandoned, ScreenCount{screen, by[screen]})
		}
	}
	f.Notifications, err = db.QueryAll(ctx, s.DB, "ussd notifications", func(r db.Scanner) (c StatusCount, err error) {
		return c, r.Scan(&c.Status, &c.Sessions)
	}, `SELECT status, COUNT(*) FROM ussd_events WHERE received_at >= $1 AND received_at < $2 GROUP BY status ORDER BY status`, from, to)
	if err != nil {
		return Figures{}, err
	}
	if f.Notifications == nil {
		f.Notifications = []StatusCount{}
	}
	return f, nil
}
