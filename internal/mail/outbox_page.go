package mail

import (
	"bytes"
	"context"
	"encoding/json"
	"html/template"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"time"
)

// Kept is a message the dev outbox shows: a mail, or a text message kept
// by another channel.
type Kept struct {
	Channel   string    `json:"channel"` // "email" or "sms"
	To        string    `json:"to"`
	Subject   string    `json:"subject"`
	Body      string    `json:"body"`
	CreatedAt time.Time `json:"created_at"`
	// Attachments names the files a mail carried ("receipt-ORDER-1.pdf").
	Attachments []string `json:"attachments,omitempty"`
	// ReplyURL, for a text, is the dev form that answers it as the
	// farmer would ("" for none).
	ReplyURL string `json:"-"`
}

// OutboxPage serves the dev outbox: the mail kept by o and the messages of
// each of more (the SMS), newest first. As a plain HTML page, each message
// with the links in it clickable; with ?format=json as
// [{channel, to, subject, body, created_at}], for tests. ?to=ADDRESS keeps
// only the messages to that address or phone. Register it only in --dev.
func OutboxPage(o *Outbox, more ...func(context.Context) ([]Kept, error)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		kept, err := o.kept(r.Context(), more)
		if err != nil {
			o.log.ErrorContext(r.Context(), "dev outbox", "err", err)
			http.Error(w, "The outbox could not be read.", http.StatusInternalServerError)
			return
		}
		to := strings.ToLower(strings.TrimSpace(r.URL.Query().Get("to")))
		view := outboxView{To: to, Messages: []outboxMessage{}}
		for _, m := range kept {
			if to == "" || strings.ToLower(m.To) == to {
				view.Messages = append(view.Messages, outboxMessage{Kept: m, Parts: linkify(m.Body)})
			}
		}
		w.Header().Set("Cache-Control", "no-store")
		if r.URL.Query().Get("format") == "json" {
			list := make([]Kept, len(view.Messages))
			for i, m := range view.Messages {
				list[i] = m.Kept
			}
			w.Header().Set("Content-Type", "application/json")
			_ = json.NewEncoder(w).Encode(list)
			return
		}
		var buf bytes.Buffer
		if err := outboxTemplate.Execute(&buf, view); err != nil {
			o.log.ErrorContext(r.Context(), "dev outbox page", "err", err)
			http.Error(w, "The outbox could not be shown.", http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write(buf.Bytes())
	})
}

// kept gathers the outbox's mail and the other channels' messages, newest first.
func (o *Outbox) kept(ctx context.Context, more []func(context.Context) ([]Kept, error)) ([]Kept, error) {
	msgs, err := o.List(ctx, 200)
	if err != nil {
		return nil, err
	}
	var all []Kept
	for _, m := range msgs {
		k := Kept{Channel: "email", To: m.To, Subject: m.Subject, Body: m.Text, CreatedAt: m.CreatedAt}
		for _, a := range m.Attachments {
			k.Attachments = append(k.Attachments, a.Filename)
		}
		all = append(all, k)
	}
	for _, list := range more {
		k, err := list(ctx)
		if err != nil {
			return nil, err
		}
		all = append(all, k...)
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].CreatedAt.After(all[j].CreatedAt) })
	return all, nil
}

type outboxView struct {
	To       string
	Messages []outboxMessage
}

type outboxMessage struct {
	Kept
	Parts []textPart
}

// textPart is a run of plain text, or a link when URL is set.
type textPart struct {
	Text string
	URL  string
}

var urlPattern = regexp.MustCompile(`https?://[^\s<>"]+`)

// linkify splits text into plain runs and http(s) links; the template
// escapes both.
func linkify(text string) []textPart {
	var parts []textPart
	last := 0
	for _, loc := range urlPattern.FindAllStringIndex(text, -1) {
		if loc[0] > last {
			parts = append(parts, textPart{Text: text[last:loc[0]]})
		}
		u := strings.TrimRight(text[loc[0]:loc[1]], ".,;:!?)")
		parts = append(parts, textPart{Text: u, URL: u})
		last = loc[0] + len(u)
	}
	if last < len(text) {
		parts = append(parts, textPart{Text: text[last:]})
	}
	return parts
}

var outboxTemplate = template.Must(template.New("outbox").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Dev outbox</title>
</head>
<body>
<h1>Dev outbox</h1>
<p>Mail and text messages the shop sent in development mode, newest first. Nothing here left this machine.{{if .To}} Showing messages to {{.To}} only: <a href="/dev/outbox">show all</a>.{{end}} As data: <a href="/dev/outbox?format=json">?format=json</a>.</p>
{{range .Messages}}
<article>
<h2>{{if eq .Channel "sms"}}SMS{{else}}{{.Subject}}{{end}}</h2>
<p>{{if eq .Channel "sms"}}SMS{{else}}Email{{end}} to: {{.To}}<br>Sent: {{.CreatedAt.Format "2006-01-02 15:04:05 MST"}}{{range .Attachments}}<br>Attached: {{.}}{{end}}</p>
<pre>{{range .Parts}}{{if .URL}}<a href="{{.URL}}">{{.Text}}</a>{{else}}{{.Text}}{{end}}{{end}}</pre>
{{if .ReplyURL}}<form method="post" action="{{.ReplyURL}}"><input type="hidden" name="from" value="{{.To}}"><label>Reply from {{.To}} as Africa's Talking would post it: <input name="text" value="1" size="12"></label> <button type="submit">Send reply</button></form>{{end}}
</article>
<hr>
{{else}}
<p>No messages yet.</p>
{{end}}
</body>
</html>
`))
