package notify

import (
	"html/template"

	"shop/internal/money"
)

// kiswahili is the customer's mail for an order placed in Kiswahili: the
// same information and links as the English, money as Ksh 1,500, and the
// M-Pesa menu's names as the phone shows them (Lipa na M-Pesa, Pay Bill).
var kiswahili = mailWords{
	paidSubject:   "Oda yako %s imethibitishwa",
	unpaidSubject: "Oda yako %s inasubiri malipo",
	paidText: `Habari %s,

Asante kwa oda yako %s. Tumepokea malipo yako ya M-Pesa.
%s
%s
Jumla ya bidhaa: %s
%sUsafirishaji (%s): %s
Jumla uliyolipa: %s

%s
%s

Angalia oda yako: %s

Mifugo Bora Feeds, Ruiru
`,
	receipt:   "Risiti ya M-Pesa: ",
	discount:  "Punguzo (%s): -%s\n",
	collectAt: "Chukua oda yako katika: ", open: " (hufunguliwa %s)", callPickup: "Tutakupigia simu kwenye %s itakapokuwa tayari kuchukuliwa.",
	deliverTo: "Tutakuletea katika: ", callDelivery: "Tutakupigia simu kwenye %s kabla ya kukuletea.",
	paidPage:           swPaidPage,
	failed:             "hayakufaulu",
	unpaidIntro:        "Habari %s,\n\nMalipo ya M-Pesa ya oda yako %s %s.\nOda yako imehifadhiwa. Unaweza kuilipa kwa njia mbili:\n\n",
	tryAgain:           "1. Jaribu tena ombi la M-Pesa kutoka kwenye ukurasa wa oda yako: %s\n",
	orMenu:             "\n2. Au lipa kupitia menyu ya M-Pesa kwenye simu yako:\n",
	confirmedOnArrival: "\nOda yako itathibitishwa mara tu pesa zitakapofika.\n",
	unpaidPage:         swUnpaidPage,
	stepOpen:           "Fungua M-Pesa na uchague Lipa na M-Pesa.", stepPayBill: "Chagua Pay Bill.", stepBuyGoods: "Chagua Buy Goods and Services.",
	stepBusiness: "Namba ya biashara: ", stepTill: "Namba ya till: ", stepAccount: "Namba ya akaunti: ", stepAmount: "Kiasi: ",
	stepPIN: "Weka PIN yako ya M-Pesa na utume.",
}

var swPaidPage = template.Must(template.New("paid-sw").Funcs(template.FuncMap{"ksh": money.Cents.Ksh}).Parse(`<!doctype html>
<html lang="sw"><body style="font-family: Arial, sans-serif; color: #1f2d1f">
<h1 style="color: #2f6f3e">Asante, {{.Order.Customer.FirstName}}!</h1>
<p>Oda yako <strong>{{.Order.Number}}</strong> imethibitishwa: tumepokea malipo yako ya M-Pesa{{if .Receipt}} (risiti <strong>{{.Receipt}}</strong>){{end}}.</p>
<table cellpadding="6" style="border-collapse: collapse">
{{range .Order.Items}}<tr><td>{{.ProductName}} ({{.Size}}) × {{.Quantity}}</td><td align="right">{{ksh .TotalPrice}}</td></tr>
{{end}}{{if .Order.Discount}}<tr><td>Punguzo ({{.Order.CouponCode}})</td><td align="right">-{{ksh .Order.Discount}}</td></tr>
{{end}}<tr><td>Usafirishaji: {{.Delivery}}</td><td align="right">{{ksh .Order.ShippingCharge}}</td></tr>
<tr><td><strong>Jumla uliyolipa</strong></td><td align="right"><strong>{{ksh .Order.Total}}</strong></td></tr>
</table>
<p>{{.Way.Where}}</p>
<p>{{.Way.Call}}</p>
<p><a href="{{.Link}}">Angalia oda yako</a></p>
<p>Mifugo Bora Feeds, Ruiru</p>
</body></html>`))

var swUnpaidPage = template.Must(template.New("unpaid-sw").Parse(`<!doctype html>
<html lang="sw"><body style="font-family: Arial, sans-serif; color: #1f2d1f">
<h1 style="color: #2f6f3e">Oda yako inasubiri malipo</h1>
<p>Habari {{.Order.Customer.FirstName}}, malipo ya M-Pesa ya oda yako <strong>{{.Order.Number}}</strong> {{.Why}}.</p>
<p>Oda yako imehifadhiwa. Unaweza kuilipa kwa njia mbili:</p>
<p><strong>1.</strong> <a href="{{.Link}}">Jaribu tena ombi la M-Pesa</a> kutoka kwenye ukurasa wa oda yako.</p>
{{if .Steps}}<p><strong>2.</strong> Au lipa kupitia menyu ya M-Pesa kwenye simu yako:</p>
<ol>{{range .Steps}}<li>{{.}}</li>{{end}}</ol>
<p>Oda yako itathibitishwa mara tu pesa zitakapofika.</p>{{end}}
<p>Mifugo Bora Feeds, Ruiru</p>
</body></html>`))
