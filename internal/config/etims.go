package config

import (
	"fmt"
	"regexp"
	"strings"
)

// ETIMS is the shop's link to KRA's eTIMS, the online sales control unit
// (OSCU) every sale and refund is reported through (docs/etims.md).
type ETIMS struct {
	// URL is the OSCU API's base (SHOP_ETIMS_URL), such as
	// https://etims-api-sbx.kra.go.ke/etims-api for the direct sandbox.
	URL string
	// Style is "direct" (tin/bhfId/cmcKey headers) or "gavaconnect"
	// (an OAuth token besides) (SHOP_ETIMS_STYLE, default direct).
	Style string
	// ConsumerKey and ConsumerSecret fetch GavaConnect's token
	// (SHOP_ETIMS_CONSUMER_KEY, SHOP_ETIMS_CONSUMER_SECRET).
	ConsumerKey, ConsumerSecret string
	// TIN is the business's KRA PIN as eTIMS knows it (SHOP_ETIMS_TIN).
	TIN string
	// Branch is KRA's branch id, bhfId (SHOP_ETIMS_BRANCH, default 00: the head office).
	Branch string
	// DeviceSerial is the OSCU's serial number from KRA's portal (SHOP_ETIMS_DEVICE_SERIAL).
	DeviceSerial string
	// Sim is how the --dev simulator answers: ok, down or refuse:<code> (SHOP_ETIMS_SIM).
	Sim string
}

// Configured reports whether the shop reports its sales to KRA.
func (e ETIMS) Configured() bool { return e.URL != "" && e.TIN != "" && e.DeviceSerial != "" }

var (
	branchID = regexp.MustCompile(`^[0-9]{2}$`)
	simMode  = regexp.MustCompile(`^(ok|down|refuse:[0-9]{3})$`)
)

func etimsFromEnv(getenv func(string) string) (ETIMS, error) {
	e := ETIMS{
		URL:            strings.TrimRight(strings.TrimSpace(getenv("SHOP_ETIMS_URL")), "/"),
		Style:          or(strings.TrimSpace(getenv("SHOP_ETIMS_STYLE")), "direct"),
		ConsumerKey:    getenv("SHOP_ETIMS_CONSUMER_KEY"),
		ConsumerSecret: getenv("SHOP_ETIMS_CONSUMER_SECRET"),
		TIN:            strings.ToUpper(strings.TrimSpace(getenv("SHOP_ETIMS_TIN"))),
		Branch:         or(strings.TrimSpace(getenv("SHOP_ETIMS_BRANCH")), "00"),
		DeviceSerial:   strings.TrimSpace(getenv("SHOP_ETIMS_DEVICE_SERIAL")),
		Sim:            or(strings.TrimSpace(getenv("SHOP_ETIMS_SIM")), "ok"),
	}
	switch {
	case e.Style != "direct" && e.Style != "gavaconnect":
		return e, fmt.Errorf("SHOP_ETIMS_STYLE must be direct or gavaconnect, not %q", e.Style)
	case !branchID.MatchString(e.Branch):
		return e, fmt.Errorf("SHOP_ETIMS_BRANCH must be KRA's two-digit branch id such as 00, not %q", e.Branch)
	case !simMode.MatchString(e.Sim):
		return e, fmt.Errorf("SHOP_ETIMS_SIM must be ok, down or refuse:<code> such as refuse:910, not %q", e.Sim)
	case e.TIN != "" && !kraPIN.MatchString(e.TIN):
		return e, fmt.Errorf("SHOP_ETIMS_TIN must be a KRA PIN such as P051234567X, not %q", e.TIN)
	case e.URL != "" && !strings.HasPrefix(e.URL, "https://") && !strings.HasPrefix(e.URL, "http://"):
		return e, fmt.Errorf("SHOP_ETIMS_URL must be an http(s) address, not %q", e.URL)
	case e.URL != "" && (e.TIN == "" || e.DeviceSerial == ""):
		return e, fmt.Errorf("SHOP_ETIMS_URL needs SHOP_ETIMS_TIN and SHOP_ETIMS_DEVICE_SERIAL")
	case e.Configured() && e.Style == "gavaconnect" && (e.ConsumerKey == "" || e.ConsumerSecret == ""):
		return e, fmt.Errorf("SHOP_ETIMS_STYLE=gavaconnect needs SHOP_ETIMS_CONSUMER_KEY and SHOP_ETIMS_CONSUMER_SECRET")
	}
	return e, nil
}
