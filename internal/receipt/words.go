package receipt

import (
	"strconv"
	"time"

	"shop/internal/i18n"
)

// words are the receipt's fixed texts in one language. The receipt follows
// the order's language (orders.lang, docs/i18n.md); KRA's block carries the
// same fields in both (docs/etims.md section 8).
type words struct {
	title, phone, pin, notSet, number, date, customer, buyerPIN, collectFrom, deliverTo string
	item, qty, unitPrice, band, amount                                                  string
	subtotal, discount, delivery, total, included, supplies                             string
	paidBy, paidByReceipt, thanks, orderAgain, notETIMS, etimsPending                   string
	// KRA's block: the same fields in both languages, labelled as the order
	// page labels them (web/src/features/order/messages*.ts).
	scu, scuDate, scuID, cuInvoice, internalData, signature string
	months                                                  [12]string
}

var english = words{
	title: "Receipt", phone: "Phone ", pin: "KRA PIN: ", notSet: "not set", number: "Receipt number: ",
	date: "Date: %s (Nairobi time)", customer: "Customer", buyerPIN: "Buyer's KRA PIN: ",
	collectFrom: "Collect from: ", deliverTo: "Deliver to: ",
	item: "Item", qty: "Qty", unitPrice: "Unit price", band: "Tax band", amount: "Amount",
	subtotal: "Subtotal", discount: "Discount (%s)", delivery: "Delivery (%s)", total: "Total",
	included: "%s on %s (included)", supplies: "%s supplies",
	paidBy: "Paid by M-Pesa", paidByReceipt: "Paid by M-Pesa, receipt ",
	thanks: "Prices include VAT. Thank you for buying from %s.", orderAgain: "Order again from any phone: dial %s.",
	notETIMS: MsgNotETIMS, etimsPending: MsgETIMSPending,
	scu: "SCU information", scuDate: "Date: %s   Time: %s", scuID: "SCU ID: ", cuInvoice: "CU invoice number: ",
	internalData: "Internal data: ", signature: "Receipt signature: ",
	months: [12]string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"},
}

// kiswahili are the words of a receipt for an order placed in Kiswahili, as
// the order page and the mail say them (oda, risiti, usafirishaji).
var kiswahili = words{
	title: "Risiti", phone: "Simu ", pin: "PIN ya KRA: ", notSet: "haijawekwa", number: "Namba ya risiti: ",
	date: "Tarehe: %s (saa za Nairobi)", customer: "Mteja", buyerPIN: "PIN ya KRA ya mnunuzi: ",
	collectFrom: "Chukua oda katika: ", deliverTo: "Tutakuletea katika: ",
	item: "Bidhaa", qty: "Idadi", unitPrice: "Bei ya kimoja", band: "Kundi la kodi", amount: "Kiasi",
	subtotal: "Jumla ya bidhaa", discount: "Punguzo (%s)", delivery: "Usafirishaji (%s)", total: "Jumla",
	included: "%s kwa %s (imejumuishwa)", supplies: "Mauzo ya %s",
	paidBy: "Imelipwa kwa M-Pesa", paidByReceipt: "Imelipwa kwa M-Pesa, risiti ",
	thanks: "Bei zinajumuisha VAT. Asante kwa kununua kutoka %s.", orderAgain: "Agiza tena kwa simu yoyote: piga %s.",
	notETIMS: "Risiti hii si ankara ya kodi ya eTIMS", etimsPending: "Ankara ya eTIMS inasubiriwa",
	scu: "Ankara ya kodi ya KRA", scuDate: "Tarehe: %s   Saa: %s", scuID: "Kitambulisho cha SCU: ", cuInvoice: "Namba ya ankara ya CU: ",
	internalData: "Data ya ndani: ", signature: "Sahihi ya risiti: ",
	months: [12]string{"Januari", "Februari", "Machi", "Aprili", "Mei", "Juni", "Julai", "Agosti", "Septemba", "Oktoba", "Novemba", "Desemba"},
}

func wordsIn(l i18n.Lang) *words {
	if l == i18n.Kiswahili {
		return &kiswahili
	}
	return &english
}

// when is t as the receipt dates it: "21 November 2026, 00:30", the month
// in the receipt's language.
func (w *words) when(t time.Time) string {
	return strconv.Itoa(t.Day()) + " " + w.months[t.Month()-1] + " " + t.Format("2006, 15:04")
}
