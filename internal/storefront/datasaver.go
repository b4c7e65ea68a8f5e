package storefront

import (
	"net/http"
	"strings"
)

// DataSaverCookie keeps the customer's "Data saver" switch (the footer's
// toggle): "1" on, "0" off. The web app writes it; the server reads it.
const DataSaverCookie = "data_saver"

// DataSaver says whether the page for r should spare the customer's data
// (docs/product.md, "Data saver"): the customer's own switch decides when
// they have used it, otherwise the browser's Save-Data header does.
func DataSaver(r *http.Request) bool {
	if c, err := r.Cookie(DataSaverCookie); err == nil {
		switch c.Value {
		case "1":
			return true
		case "0":
			return false
		}
	}
	return strings.EqualFold(strings.TrimSpace(r.Header.Get("Save-Data")), "on")
}
