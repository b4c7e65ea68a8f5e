package admin

import (
	"context"
	"database/sql"
	"encoding/csv"
	"fmt"
	"net/http"
	"time"

	"shop/internal/content"
	"shop/internal/httpx"
)

// Messages answers GET /api/admin/messages/: contact-form messages,
// unanswered first, newest first.
func (h *Handlers) Messages(w http.ResponseWriter, r *http.Request, _ Actor) error {
	return show(w, r, func(ctx context.Context) ([]content.Message, error) { return h.content.Messages(ctx, 0) })
}

// UpdateMessage answers PATCH /api/admin/messages/{id}/ with {handled}.
func (h *Handlers) UpdateMessage(w http.ResponseWriter, r *http.Request, a Actor) error {
	var in struct {
		Handled *bool `json:"handled"`
	}
	id, err := readIDBody(r, "Message", &in)
	if err != nil {
		return err
	}
	if in.Handled == nil {
		in.Handled = new(bool)
		*in.Handled = true
	}
	return commit(h, w, r, a, http.StatusOK, func(tx *sql.Tx) (content.Message, Entry, error) {
		m, was, err := h.content.SetHandledTx(r.Context(), tx, id, *in.Handled)
		if err != nil || was == *in.Handled {
			return m, Entry{}, err
		}
		return m, entry("handled", "message", id, fmt.Sprintf("message from %s (%s): handled %t → %t", m.Email, m.Subject, was, *in.Handled)), nil
	})
}

// Subscribers answers GET /api/admin/subscribers/: the newsletter list as
// JSON, or with ?format=csv as a CSV file to download.
func (h *Handlers) Subscribers(w http.ResponseWriter, r *http.Request, _ Actor) error {
	if r.URL.Query().Get("format") == "csv" {
		return h.subscribersCSV(w, r)
	}
	subs, err := h.content.Subscribers(r.Context(), 0)
	if err != nil {
		return err
	}
	count, err := h.content.SubscriberCount(r.Context())
	if err != nil {
		return err
	}
	type listed struct {
		content.Subscriber
		UnsubscribeURL string `json:"unsubscribe_url"`
	}
	out := make([]listed, len(subs))
	for i, s := range subs {
		out[i].Subscriber = s
		if out[i].UnsubscribeURL, err = h.unsubscribeURL(r.Context(), s); err != nil {
			return err
		}
	}
	return writeJSON(w, http.StatusOK, map[string]any{"count": count, "results": out})
}

// unsubscribeURL is the link each newsletter to s must carry (and its
// List-Unsubscribe header): whoever sends the newsletter takes it from here.
func (h *Handlers) unsubscribeURL(ctx context.Context, s content.Subscriber) (string, error) {
	if h.unsub == nil {
		return "", nil
	}
	return h.unsub.URL(ctx, s)
}

func (h *Handlers) subscribersCSV(w http.ResponseWriter, r *http.Request) error {
	name := "newsletter-subscribers-" + time.Now().UTC().Format("2006-01-02") + ".csv"
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	cw := csv.NewWriter(w)
	if err := cw.Write([]string{"email", "subscribed_at", "unsubscribe_url"}); err != nil {
		return err
	}
	err := h.content.EachSubscriber(r.Context(), func(s content.Subscriber) error {
		link, err := h.unsubscribeURL(r.Context(), s)
		if err != nil {
			return err
		}
		return cw.Write([]string{httpx.CSVCell(s.Email), s.CreatedAt.UTC().Format(time.RFC3339), link})
	})
	cw.Flush()
	if err != nil {
		// The header is sent; the log has the cause and the file ends short.
		h.log.ErrorContext(r.Context(), "export subscribers", "err", err)
		return nil
	}
	return cw.Error()
}
