package httpapi

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"shop/internal/apperr"
	"shop/internal/httpx"
)

func TestPanicBecomesLogged500(t *testing.T) {
	var logs bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&logs, nil))
	h := logRequests(log, nil, redaction{}, recoverPanics(log, redaction{}, http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
		panic("boom")
	})))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/x/", nil))
	if rec.Code != 500 || strings.Contains(rec.Body.String(), "boom") {
		t.Fatalf("status %d body %s", rec.Code, rec.Body)
	}
	if !strings.Contains(logs.String(), `"panic":"boom"`) || !strings.Contains(logs.String(), `"status":500`) {
		t.Fatalf("log: %s", logs.String())
	}
}

func TestBodyLimit(t *testing.T) {
	h := limitBody(10, httpx.Handler(func(w http.ResponseWriter, r *http.Request) error {
		var v map[string]any
		return httpx.DecodeJSON(r, &v)
	}))
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("POST", "/", strings.NewReader(`{"name":"`+strings.Repeat("x", 100)+`"}`))
	req.Header.Set("Content-Type", "application/json")
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusRequestEntityTooLarge || !strings.Contains(rec.Body.String(), `"error"`) {
		t.Fatalf("status %d body %s", rec.Code, rec.Body)
	}
}

// A client that sends its whole body before it reads the answer, as
// Python's urllib does, reads the 413 of a body far over the limit, not a
// reset connection (a 1 MB Paybill callback once came back as a reset).
func TestOversizedBodyAnsweredToAClientStillSending(t *testing.T) {
	// More than the loopback's socket buffers hold: the write ends only if
	// the server goes on reading past the limit.
	const size = 7 << 20
	req := fmt.Appendf(nil, "POST / HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n{\"pad\":\"", size)
	req = append(append(req, bytes.Repeat([]byte("A"), size-10)...), `"}`...)
	status := exchange(t, func(w http.ResponseWriter, r *http.Request) error {
		var v map[string]any
		return httpx.DecodeJSON(r, &v)
	}, req)
	if status != http.StatusRequestEntityTooLarge {
		t.Fatalf("status %d, want 413", status)
	}
}

// A client that waits before sending (Expect: 100-continue) and is refused
// before its body is read gets the refusal, not an invitation to send.
func TestRefusedBodyNotAskedFor(t *testing.T) {
	req := fmt.Appendf(nil, "POST / HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: %d\r\n\r\n", 7<<20)
	status := exchange(t, func(w http.ResponseWriter, r *http.Request) error {
		return apperr.Unauthorized("Please sign in to continue.")
	}, req)
	if status != http.StatusUnauthorized {
		t.Fatalf("status %d, want 401", status)
	}
}

// exchange writes req whole to a server of handle behind limitBody, as a
// client that reads nothing before it has sent everything, then reads the
// answer's status.
func exchange(t *testing.T, handle httpx.Handler, req []byte) int {
	t.Helper()
	srv := httptest.NewServer(limitBody(DefaultMaxBody, handle))
	defer srv.Close()
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	// Only so that a hung connection fails the test instead of stalling it.
	if err := conn.SetDeadline(time.Now().Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Write(req); err != nil {
		t.Fatalf("sending the request: %v", err)
	}
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("reading the answer: %v", err)
	}
	res.Body.Close()
	return res.StatusCode
}

func TestLogNeverHoldsSecretsOrQueries(t *testing.T) {
	var logs bytes.Buffer
	secrets := newRedaction([]Route{{Pattern: "POST /api/payments/mpesa/callback/{secret}/{$}", Secret: "secret"}})
	h := logRequests(slog.New(slog.NewJSONHandler(&logs, nil)), nil, secrets, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, "ok")
	}))
	for _, target := range []string{"/api/payments/mpesa/callback/s3cretvalue/", "/api/payments/mpesa/callback/s3cretvalue", "/api/orders/ORDER-1/?token=tok3n"} {
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("POST", target, nil))
	}
	for _, secret := range []string{"s3cretvalue", "tok3n"} {
		if strings.Contains(logs.String(), secret) {
			t.Errorf("log holds %q: %s", secret, logs.String())
		}
	}
	for _, want := range []string{`"method":"POST"`, `"status":200`, `"request_id"`, `"duration"`, `"path":"/api/payments/mpesa/callback/[masked]/"`} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("log lacks %s: %s", want, logs.String())
		}
	}
}

// A client that goes away mid-body: the answer is logged and counted as
// failed with the bytes that went out, never as the 200 its header said.
func TestBrokenBodyLoggedAsFailed(t *testing.T) {
	var logs bytes.Buffer
	var observed []int
	done := make(chan struct{})
	chunk := bytes.Repeat([]byte("x"), 32<<10)
	logged := logRequests(slog.New(slog.NewJSONHandler(&logs, nil)), func(_, _ string, status int, _ time.Duration) {
		observed = append(observed, status)
	}, redaction{}, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		// Far more than socket buffers hold: writing fails once the client is gone.
		for range 4096 {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	}))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer close(done)
		logged.ServeHTTP(w, r)
	}))
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/share/products/x.png")
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 200 {
		t.Fatalf("status %d", resp.StatusCode)
	}
	if _, err := io.ReadFull(resp.Body, make([]byte, 4<<10)); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close() // before the end: the connection is closed
	<-done
	line := logs.String()
	for _, want := range []string{`"status":499`, `"sent_status":200`, `"level":"WARN"`, `"error":`} {
		if !strings.Contains(line, want) {
			t.Errorf("log lacks %s: %s", want, line)
		}
	}
	var entry struct{ Bytes int }
	if err := json.Unmarshal(logs.Bytes(), &entry); err != nil {
		t.Fatal(err)
	}
	if entry.Bytes < 4<<10 || entry.Bytes >= 4096*len(chunk) {
		t.Errorf("logged %d bytes sent", entry.Bytes)
	}
	if len(observed) != 1 || observed[0] != 499 {
		t.Errorf("observed %v", observed)
	}
}
