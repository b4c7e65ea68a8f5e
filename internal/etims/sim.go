package etims

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"time"

	"shop/internal/money"
)

// Simulator is KRA's OSCU in the direct style, served by the shop in --dev
// under /dev/etims/ (docs/etims.md, "Simulator"). It checks what KRA
// checks: the device and its cmcKey, registered items, consecutive invoice
// numbers per branch, totals per band that add up, and credit notes against
// a known invoice that do not exceed it; it answers with KRA's result codes
// and signs what it accepts. Its state lives in memory.
type Simulator struct {
	// TIN and Serial are the PIN and device serial it was set up for.
	TIN, Serial string

	mu      sync.Mutex
	mode    string
	now     func() time.Time
	devices map[string]simDevice // by branch
	items   map[string]Item      // by item code
	last    map[string]int64     // last accepted invcNo by branch
	sales   map[string]map[int64]*Invoice
	credit  map[string]map[int64]Amount // credited per original invoice
	rcpt    map[string]int64
	sarNo   int64
	stock   []StockIO
	// accepted lists what it signed, in order.
	accepted []Invoice
}

type simDevice struct {
	sdcID, mrcNo, cmcKey string
}

// NewSimulator returns a simulator for the PIN and serial, answering as
// mode says: ok, down (the connection is dropped) or refuse:<code>.
func NewSimulator(tin, serial, mode string) *Simulator {
	s := &Simulator{TIN: tin, Serial: serial, now: time.Now, devices: map[string]simDevice{}, items: map[string]Item{}, last: map[string]int64{},
		sales: map[string]map[int64]*Invoice{}, credit: map[string]map[int64]Amount{}, rcpt: map[string]int64{}}
	s.SetMode(mode)
	return s
}

// SetMode changes how it answers from now on.
func (s *Simulator) SetMode(mode string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if mode == "" {
		mode = "ok"
	}
	s.mode = mode
}

// Accepted returns the invoices and credit notes it signed, in order.
func (s *Simulator) Accepted() []Invoice {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Invoice(nil), s.accepted...)
}

// StockMoves returns the stock movements it took, in order.
func (s *Simulator) StockMoves() []StockIO {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]StockIO(nil), s.stock...)
}

// itemCode is KRA's item code: origin, type, packaging and quantity units, sequence.
var itemCode = regexp.MustCompile(`^[A-Z]{2}[1-3][A-Z]{2}([A-Z]{2})[0-9]{7}$`)

func (s *Simulator) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet && r.URL.Path == "/invoices" {
		s.list(w, r)
		return
	}
	if r.Method != http.MethodPost {
		http.NotFound(w, r)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.mode == "down" {
		// As if KRA's host refused the connection: the client gets no answer.
		if hj, ok := w.(http.Hijacker); ok {
			if conn, _, err := hj.Hijack(); err == nil {
				conn.Close()
				return
			}
		}
		w.WriteHeader(http.StatusServiceUnavailable)
		return
	}
	reply := func(code, msg string, data any) {
		out := map[string]any{"resultCd": code, "resultMsg": msg, "resultDt": stamp(s.now()), "data": data}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(out)
	}
	tin, branch := r.Header.Get("tin"), r.Header.Get("bhfId")
	if tin == "" || branch == "" {
		reply("900", "There is no header information.", nil)
		return
	}
	if tin != s.TIN {
		reply("910", "Invalid tin", nil)
		return
	}
	if r.URL.Path == pathInit {
		var req InitRequest
		if json.NewDecoder(r.Body).Decode(&req) != nil {
			reply("911", "There is no request full text.", nil)
			return
		}
		if req.TIN != s.TIN || req.BhfID != branch || req.DvcSrlNo != s.Serial {
			reply("901", "It is not valid device.", nil)
			return
		}
		d, known := s.devices[branch]
		code, msg := "902", "This device is installed"
		if !known {
			d = simDevice{sdcID: fmt.Sprintf("KRACU04%08d", len(s.devices)+1), mrcNo: "WIS01" + branch, cmcKey: randomHex(32)}
			s.devices[branch] = d
			code, msg = CodeOK, "It is succeeded"
		}
		reply(code, msg, map[string]any{"info": InitInfo{TIN: s.TIN, TaxprNm: "Simulated taxpayer", BhfID: branch, DvcID: s.Serial,
			SdcID: d.sdcID, MrcNo: d.mrcNo, CmcKey: d.cmcKey}})
		return
	}
	d, known := s.devices[branch]
	if !known || r.Header.Get("cmcKey") != d.cmcKey {
		reply("910", "Invalid cmcKey", nil)
		return
	}
	switch r.URL.Path {
	case pathItem:
		var it Item
		if json.NewDecoder(r.Body).Decode(&it) != nil {
			reply("911", "There is no request full text.", nil)
			return
		}
		m := itemCode.FindStringSubmatch(it.ItemCd)
		switch {
		case m == nil:
			reply("910", "Invalid itemCd "+it.ItemCd, nil)
		case m[1] != it.QtyUnitCd:
			reply("910", "The ItemCd isn't made up of correct QtyUnitCd", nil)
		case !strings.Contains("ABCDE", it.TaxTyCd) || len(it.TaxTyCd) != 1:
			reply("910", "Invalid taxTyCd", nil)
		case strings.TrimSpace(it.ItemNm) == "" || len(it.ItemClsCd) != 10:
			reply("910", "Invalid itemNm or itemClsCd", nil)
		default:
			s.items[it.ItemCd] = it
			reply(CodeOK, "It is succeeded", nil)
		}
	case pathSales:
		var inv Invoice
		if json.NewDecoder(r.Body).Decode(&inv) != nil {
			reply("911", "There is no request full text.", nil)
			return
		}
		if code, ok := strings.CutPrefix(s.mode, "refuse:"); ok {
			reply(code, "Refused by the simulator (SHOP_ETIMS_SIM)", nil)
			return
		}
		if code, msg := s.checkSale(branch, inv); code != CodeOK {
			reply(code, msg, nil)
			return
		}
		s.last[branch] = inv.InvcNo
		if s.sales[branch] == nil {
			s.sales[branch], s.credit[branch] = map[int64]*Invoice{}, map[int64]Amount{}
		}
		kept := inv
		s.sales[branch][inv.InvcNo] = &kept
		if inv.RcptTyCd == CreditNote {
			s.credit[branch][inv.OrgInvcNo] += inv.TotAmt
		}
		s.accepted = append(s.accepted, inv)
		s.rcpt[branch]++
		sum := sha256.Sum256(fmt.Appendf(nil, "%s|%s|%d|%s", s.TIN, branch, inv.InvcNo, d.cmcKey))
		sign := strings.ToUpper(hex.EncodeToString(sum[:8]))
		intrl := strings.ToUpper(hex.EncodeToString(sum[8:21]))
		reply(CodeOK, "It is succeeded", Signed{CurRcptNo: s.rcpt[branch], TotRcptNo: s.rcpt[branch], IntrlData: intrl, RcptSign: sign,
			SdcDateTime: stamp(s.now())})
	case pathStockIO:
		var raw map[string]json.RawMessage
		var io StockIO
		body := json.NewDecoder(r.Body)
		if body.Decode(&raw) != nil {
			reply("911", "There is no request full text.", nil)
			return
		}
		b, _ := json.Marshal(raw)
		_ = json.Unmarshal(b, &io)
		if v, ok := raw["orgSarNo"]; !ok || string(v) == "null" {
			reply("999", "orgSarNo must not be null", nil)
			return
		}
		if io.SarNo != s.sarNo+1 {
			reply("910", fmt.Sprintf("Invalid sarNo, expected: %d", s.sarNo+1), nil)
			return
		}
		for _, it := range io.ItemList {
			if _, ok := s.items[it.ItemCd]; !ok {
				reply("910", "Item not registered: "+it.ItemCd, nil)
				return
			}
		}
		s.sarNo++
		s.stock = append(s.stock, io)
		reply(CodeOK, "It is succeeded", nil)
	default:
		reply("912", "Request method error.", nil)
	}
}

// checkSale is what KRA checks of an invoice or credit note.
func (s *Simulator) checkSale(branch string, inv Invoice) (string, string) {
	if prev, ok := s.sales[branch][inv.InvcNo]; ok && prev.TrdInvcNo == inv.TrdInvcNo {
		return CodeDuplicate, "It is overlapped data."
	}
	if want := s.last[branch] + 1; inv.InvcNo != want {
		return "910", fmt.Sprintf("Invalid invcNo sequence, expected: %d", want)
	}
	if inv.SalesSttsCd != "02" || inv.CfmDt == "" || len(inv.SalesDt) != 8 || inv.RegrID == "" || inv.TotItemCnt != len(inv.ItemList) || len(inv.ItemList) == 0 {
		return "910", "Invalid parameter: salesSttsCd, cfmDt, salesDt, regrId or totItemCnt"
	}
	if len(inv.CustTin) > 11 || len([]rune(inv.CustNm)) > 60 {
		return "910", "Invalid custTin or custNm"
	}
	bands := map[string][2]Amount{}
	var taxbl, tax, tot Amount
	for _, it := range inv.ItemList {
		if _, ok := s.items[it.ItemCd]; !ok {
			return "910", "Item not registered: " + it.ItemCd
		}
		if it.ItemNm == "" || it.TotAmt != it.SplyAmt-it.DcAmt || it.TaxblAmt+it.TaxAmt != it.TotAmt {
			return "910", fmt.Sprintf("Invalid amounts of item %d", it.ItemSeq)
		}
		b := bands[it.TaxTyCd]
		b[0] += it.TaxblAmt
		b[1] += it.TaxAmt
		bands[it.TaxTyCd] = b
		taxbl, tax, tot = taxbl+it.TaxblAmt, tax+it.TaxAmt, tot+it.TotAmt
	}
	for _, band := range []string{"A", "B", "C", "D", "E"} {
		tb, _, tx := inv.band(band)
		if *tb != bands[band][0] || *tx != bands[band][1] {
			return "910", fmt.Sprintf("Invalid taxblAmt%s or taxAmt%s", band, band)
		}
	}
	if taxbl != inv.TotTaxblAmt || tax != inv.TotTaxAmt || tot != inv.TotAmt {
		return "910", "Invalid totTaxblAmt, totTaxAmt or totAmt"
	}
	switch inv.RcptTyCd {
	case Sale:
		if inv.OrgInvcNo != 0 {
			return "910", "Invalid orgInvcNo for a sale"
		}
	case CreditNote:
		org, ok := s.sales[branch][inv.OrgInvcNo]
		switch {
		case !ok || org.RcptTyCd != Sale:
			return "910", "orgInvcNo does not exist"
		case inv.RfdDt == "":
			return "910", "Missing RfdDt Date"
		case inv.RfdRsnCd == "":
			return "910", "Invalid RfdRsnCd"
		case inv.CustTin != org.CustTin:
			return "910", "custTin differs from the original invoice"
		case s.credit[branch][inv.OrgInvcNo]+inv.TotAmt > org.TotAmt:
			return "910", "The credit notes exceed the original invoice"
		}
	default:
		return "910", "Invalid rcptTyCd"
	}
	return CodeOK, ""
}

// list answers GET /dev/etims/invoices: what it signed, in order, with
// KRA's field names (?format=json), or as lines of text.
func (s *Simulator) list(w http.ResponseWriter, r *http.Request) {
	all := s.Accepted()
	if r.URL.Query().Get("format") == "json" {
		w.Header().Set("Content-Type", "application/json")
		if all == nil {
			all = []Invoice{}
		}
		_ = json.NewEncoder(w).Encode(all)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	fmt.Fprintf(w, "eTIMS simulator: %d invoices and credit notes signed (?format=json for KRA's fields)\n\n", len(all))
	for _, inv := range all {
		kind := "sale"
		if inv.RcptTyCd == CreditNote {
			kind = fmt.Sprintf("credit note against %d", inv.OrgInvcNo)
		}
		fmt.Fprintf(w, "%6d  %-26s %-30s Ksh %s\n", inv.InvcNo, kind, inv.TrdInvcNo, money.Cents(inv.TotAmt))
	}
}

func randomHex(n int) string {
	b := make([]byte, n/2)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// Restore gives a fresh simulator what KRA would remember of the shop
// across a restart of `make run`: the signed invoices in number order and
// the last stock movement number. The shop initialises its device again.
func (s *Simulator) Restore(branch string, signed []Invoice, sarNo int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sales[branch], s.credit[branch] = map[int64]*Invoice{}, map[int64]Amount{}
	for _, inv := range signed {
		kept := inv
		s.sales[branch][inv.InvcNo] = &kept
		s.last[branch] = inv.InvcNo
		s.rcpt[branch]++
		if inv.RcptTyCd == CreditNote {
			s.credit[branch][inv.OrgInvcNo] += inv.TotAmt
		}
		for _, it := range inv.ItemList {
			s.items[it.ItemCd] = Item{ItemCd: it.ItemCd, ItemNm: it.ItemNm, TaxTyCd: it.TaxTyCd}
		}
	}
	s.accepted = append([]Invoice(nil), signed...)
	s.sarNo = sarNo
}
