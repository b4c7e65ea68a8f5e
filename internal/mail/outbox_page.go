package mail

import (
	"bytes"
	"html/template"
	"net/http"
	"regexp"
	"strings"
)

// OutboxPage serves the dev outbox as a plain HTML page: each message with
// its text, the links in it clickable. Register it only in --dev.
// ?to=ADDRESS shows only the mail to that address.
func OutboxPage(o *Outbox) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		msgs, err := o.List(r.Context(), 200)
		if err != nil {
			o.log.ErrorContext(r.Context(), "dev outbox", "err", err)
			http.Error(w, "The outbox could not be read.", http.StatusInternalServerError)
			return
		}
		to := strings.ToLower(strings.TrimSpace(r.URL.Query().Get("to")))
		view := outboxView{To: to}
		for _, m := range msgs {
			if to != "" && strings.ToLower(m.To) != to {
				continue
			}
			view.Messages = append(view.Messages, outboxMessage{Stored: m, Parts: linkify(m.Text)})
		}
		var buf bytes.Buffer
		if err := outboxTemplate.Execute(&buf, view); err != nil {
			o.log.ErrorContext(r.Context(), "dev outbox page", "err", err)
			http.Error(w, "The outbox could not be shown.", http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		_, _ = w.Write(buf.Bytes())
	})
}

type outboxView struct {
	To       string
	Messages []outboxMessage
}

type outboxMessage struct {
	Stored
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
<p>Mail the shop sent in development mode, newest first. Nothing here left this machine.{{if .To}} Showing mail to {{.To}} only: <a href="/dev/outbox">show all</a>.{{end}}</p>
{{range .Messages}}
<article>
<h2>{{.Subject}}</h2>
<p>To: {{.To}}<br>Sent: {{.SentAt.Format "2006-01-02 15:04:05 MST"}}</p>
<pre>{{range .Parts}}{{if .URL}}<a href="{{.URL}}">{{.Text}}</a>{{else}}{{.Text}}{{end}}{{end}}</pre>
</article>
<hr>
{{else}}
<p>No mail yet.</p>
{{end}}
</body>
</html>
`))
