// Package etims reports the shop's sales and refunds to KRA's eTIMS through
// the online sales control unit (OSCU): it registers each size as an item,
// queues a numbered invoice in the transaction an order becomes paid and a
// credit note in the one a refund counts, and sends the queue in number
// order, once, from one instance at a time (docs/etims.md). It also serves
// the --dev simulator of KRA's API.
package etims

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
	"time"

	"shop/internal/money"
)

// KRA's result codes the shop acts on (docs/etims.md, "Result codes").
const (
	CodeOK        = "000"
	CodeNoResult  = "001"
	CodeInstalled = "902" // the device was initialised before: its details come back
	CodeDuplicate = "994" // the data was received before
)

// Receipt types: a sale, or a credit note against one.
const (
	Sale       = "S"
	CreditNote = "R"
)

// Payment type mobile money in KRA's published code list (docs/etims.md).
const payMobileMoney = "06"

// refundReason is KRA's credit-note reason 06, "refund".
const refundReason = "06"

// Amount is money as KRA writes it: a JSON number with two decimals.
type Amount money.Cents

// MarshalJSON writes 1234.50 for 123450 cents.
func (a Amount) MarshalJSON() ([]byte, error) { return []byte(money.Cents(a).String()), nil }

// UnmarshalJSON reads a number (or a quoted number) to the nearest cent.
func (a *Amount) UnmarshalJSON(b []byte) error {
	b = bytes.Trim(b, `"`)
	r, ok := new(big.Rat).SetString(string(b))
	if !ok {
		return fmt.Errorf("amount %q is not a number", b)
	}
	r.Mul(r, big.NewRat(100, 1))
	// half away from zero: (2|n| + d) / 2d, signed back
	n := new(big.Int).Abs(r.Num())
	n.Add(n.Lsh(n, 1), r.Denom())
	n.Quo(n, new(big.Int).Lsh(r.Denom(), 1))
	if r.Sign() < 0 {
		n.Neg(n)
	}
	*a = Amount(n.Int64())
	return nil
}

// Qty is a quantity or a rate as KRA writes it: a plain JSON number.
type Qty float64

// MarshalJSON writes the number with no exponent.
func (q Qty) MarshalJSON() ([]byte, error) {
	return []byte(strconv.FormatFloat(float64(q), 'f', -1, 64)), nil
}

// Reply is KRA's answer in the direct style; GavaConnect's is unwrapped to it.
type Reply struct {
	ResultCd  string          `json:"resultCd"`
	ResultMsg string          `json:"resultMsg"`
	ResultDt  string          `json:"resultDt"`
	Data      json.RawMessage `json:"data"`
}

// InitRequest is selectInitOsdcInfo's body.
type InitRequest struct {
	TIN      string `json:"tin"`
	BhfID    string `json:"bhfId"`
	DvcSrlNo string `json:"dvcSrlNo"`
}

// InitInfo is what initialisation returns, in data.info.
type InitInfo struct {
	TIN     string `json:"tin"`
	TaxprNm string `json:"taxprNm"`
	BhfID   string `json:"bhfId"`
	DvcID   string `json:"dvcId"`
	SdcID   string `json:"sdcId"`
	MrcNo   string `json:"mrcNo"`
	CmcKey  string `json:"cmcKey"`
}

// Item is saveItem's body: a size of a product as KRA knows it.
type Item struct {
	ItemCd      string `json:"itemCd"`
	ItemClsCd   string `json:"itemClsCd"`
	ItemTyCd    string `json:"itemTyCd"`
	ItemNm      string `json:"itemNm"`
	OrgnNatCd   string `json:"orgnNatCd"`
	PkgUnitCd   string `json:"pkgUnitCd"`
	QtyUnitCd   string `json:"qtyUnitCd"`
	TaxTyCd     string `json:"taxTyCd"`
	DftPrc      Amount `json:"dftPrc"`
	IsrcAplcbYn string `json:"isrcAplcbYn"`
	UseYn       string `json:"useYn"`
	RegrID      string `json:"regrId"`
	RegrNm      string `json:"regrNm"`
	ModrID      string `json:"modrId"`
	ModrNm      string `json:"modrNm"`
}

// SaleItem is a line of an invoice or credit note.
type SaleItem struct {
	ItemSeq   int    `json:"itemSeq"`
	ItemCd    string `json:"itemCd"`
	ItemClsCd string `json:"itemClsCd"`
	ItemNm    string `json:"itemNm"`
	PkgUnitCd string `json:"pkgUnitCd"`
	Pkg       Qty    `json:"pkg"`
	QtyUnitCd string `json:"qtyUnitCd"`
	Qty       Qty    `json:"qty"`
	Prc       Amount `json:"prc"`
	SplyAmt   Amount `json:"splyAmt"`
	DcRt      Qty    `json:"dcRt"`
	DcAmt     Amount `json:"dcAmt"`
	TaxTyCd   string `json:"taxTyCd"`
	TaxblAmt  Amount `json:"taxblAmt"`
	TaxAmt    Amount `json:"taxAmt"`
	TotAmt    Amount `json:"totAmt"`
}

// SaleReceipt is the receipt part of an invoice.
type SaleReceipt struct {
	CustTin      string `json:"custTin,omitempty"`
	CustMblNo    string `json:"custMblNo,omitempty"`
	RcptPbctDt   string `json:"rcptPbctDt"`
	TrdeNm       string `json:"trdeNm"`
	PrchrAcptcYn string `json:"prchrAcptcYn"`
}

// Invoice is saveTrnsSalesOsdc's body (TrnsSalesSaveWrReq): a sale or a
// credit note, with KRA's field names.
type Invoice struct {
	TrdInvcNo    string      `json:"trdInvcNo"`
	InvcNo       int64       `json:"invcNo"`
	OrgInvcNo    int64       `json:"orgInvcNo"`
	CustTin      string      `json:"custTin,omitempty"`
	CustNm       string      `json:"custNm"`
	SalesTyCd    string      `json:"salesTyCd"`
	RcptTyCd     string      `json:"rcptTyCd"`
	PmtTyCd      string      `json:"pmtTyCd"`
	SalesSttsCd  string      `json:"salesSttsCd"`
	CfmDt        string      `json:"cfmDt"`
	SalesDt      string      `json:"salesDt"`
	RfdDt        string      `json:"rfdDt,omitempty"`
	RfdRsnCd     string      `json:"rfdRsnCd,omitempty"`
	TotItemCnt   int         `json:"totItemCnt"`
	TaxblAmtA    Amount      `json:"taxblAmtA"`
	TaxblAmtB    Amount      `json:"taxblAmtB"`
	TaxblAmtC    Amount      `json:"taxblAmtC"`
	TaxblAmtD    Amount      `json:"taxblAmtD"`
	TaxblAmtE    Amount      `json:"taxblAmtE"`
	TaxRtA       Qty         `json:"taxRtA"`
	TaxRtB       Qty         `json:"taxRtB"`
	TaxRtC       Qty         `json:"taxRtC"`
	TaxRtD       Qty         `json:"taxRtD"`
	TaxRtE       Qty         `json:"taxRtE"`
	TaxAmtA      Amount      `json:"taxAmtA"`
	TaxAmtB      Amount      `json:"taxAmtB"`
	TaxAmtC      Amount      `json:"taxAmtC"`
	TaxAmtD      Amount      `json:"taxAmtD"`
	TaxAmtE      Amount      `json:"taxAmtE"`
	TotTaxblAmt  Amount      `json:"totTaxblAmt"`
	TotTaxAmt    Amount      `json:"totTaxAmt"`
	TotAmt       Amount      `json:"totAmt"`
	PrchrAcptcYn string      `json:"prchrAcptcYn"`
	Remark       string      `json:"remark"`
	RegrID       string      `json:"regrId"`
	RegrNm       string      `json:"regrNm"`
	ModrID       string      `json:"modrId"`
	ModrNm       string      `json:"modrNm"`
	Receipt      SaleReceipt `json:"receipt"`
	ItemList     []SaleItem  `json:"itemList"`
}

// band returns pointers to the invoice's taxable amount, rate and tax of band b.
func (inv *Invoice) band(b string) (taxbl *Amount, rate *Qty, tax *Amount) {
	switch b {
	case "A":
		return &inv.TaxblAmtA, &inv.TaxRtA, &inv.TaxAmtA
	case "B":
		return &inv.TaxblAmtB, &inv.TaxRtB, &inv.TaxAmtB
	case "C":
		return &inv.TaxblAmtC, &inv.TaxRtC, &inv.TaxAmtC
	case "D":
		return &inv.TaxblAmtD, &inv.TaxRtD, &inv.TaxAmtD
	case "E":
		return &inv.TaxblAmtE, &inv.TaxRtE, &inv.TaxAmtE
	}
	return nil, nil, nil
}

// Signed is what KRA returns for an accepted invoice (data).
type Signed struct {
	CurRcptNo   int64  `json:"curRcptNo"`
	TotRcptNo   int64  `json:"totRcptNo"`
	IntrlData   string `json:"intrlData"`
	RcptSign    string `json:"rcptSign"`
	SdcDateTime string `json:"sdcDateTime"`
}

// StockItem is a line of a stock movement.
type StockItem struct {
	ItemSeq   int    `json:"itemSeq"`
	ItemCd    string `json:"itemCd"`
	ItemClsCd string `json:"itemClsCd"`
	ItemNm    string `json:"itemNm"`
	PkgUnitCd string `json:"pkgUnitCd"`
	Pkg       Qty    `json:"pkg"`
	QtyUnitCd string `json:"qtyUnitCd"`
	Qty       Qty    `json:"qty"`
	Prc       Amount `json:"prc"`
	SplyAmt   Amount `json:"splyAmt"`
	TotDcAmt  Amount `json:"totDcAmt"`
	TaxTyCd   string `json:"taxTyCd"`
	TaxblAmt  Amount `json:"taxblAmt"`
	TaxAmt    Amount `json:"taxAmt"`
	TotAmt    Amount `json:"totAmt"`
}

// StockIO is insertStockIO's body: goods out for a sale (sarTyCd 11) or
// back in for a credit note (03).
type StockIO struct {
	SarNo       int64       `json:"sarNo"`
	OrgSarNo    int64       `json:"orgSarNo"`
	RegTyCd     string      `json:"regTyCd"`
	CustTin     string      `json:"custTin,omitempty"`
	CustNm      string      `json:"custNm,omitempty"`
	SarTyCd     string      `json:"sarTyCd"`
	OcrnDt      string      `json:"ocrnDt"`
	TotItemCnt  int         `json:"totItemCnt"`
	TotTaxblAmt Amount      `json:"totTaxblAmt"`
	TotTaxAmt   Amount      `json:"totTaxAmt"`
	TotAmt      Amount      `json:"totAmt"`
	Remark      string      `json:"remark"`
	RegrID      string      `json:"regrId"`
	RegrNm      string      `json:"regrNm"`
	ModrID      string      `json:"modrId"`
	ModrNm      string      `json:"modrNm"`
	ItemList    []StockItem `json:"itemList"`
}

// nairobi is the zone of every KRA date (docs/etims.md).
var nairobi = time.FixedZone("EAT", 3*60*60)

// stamp writes t as KRA's yyyyMMddHHmmss in Nairobi time; day as yyyyMMdd.
func stamp(t time.Time) string { return t.In(nairobi).Format("20060102150405") }
func day(t time.Time) string   { return t.In(nairobi).Format("20060102") }
