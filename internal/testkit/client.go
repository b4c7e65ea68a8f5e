package testkit

import (
	"io"
	"net/http"
	"strings"
)

// Send sends a request to a server the test started, with c: body as JSON
// (no Content-Type for a GET without one) and header's name, value pairs.
// It returns the answer, already read, and its body.
func Send(c *http.Client, method, url, body string, header ...string) (*http.Response, []byte, error) {
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		return nil, nil, err
	}
	if body != "" || method != http.MethodGet {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := c.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	// A body cut short fails the test's own checks of what it says.
	b, _ := io.ReadAll(resp.Body)
	return resp, b, nil
}
