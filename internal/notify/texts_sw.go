package notify

import (
	"fmt"

	"shop/internal/money"
	"shop/internal/order"
)

// The text messages of an order placed in Kiswahili: the same details and
// link as the English ones, in one GSM-7 segment.

// payBySw is the Paybill (or till) road in a few words, or "" without one.
func payBySw(o order.Order) string {
	switch g := o.Paybill; {
	case g == nil:
		return ""
	case g.Kind == "till":
		return "Buy Goods till " + g.Number
	default:
		return "Pay Bill " + g.Number + ", akaunti " + g.Account
	}
}

func receivedSw(o order.Order, link string) string {
	how := payBySw(o)
	if how == "" {
		how = "Tumia ombi la M-Pesa kwenye simu yako"
	}
	return fmt.Sprintf("Mifugo Bora: oda %s imepokelewa, lipa %s. %s. %s", o.Number, money.Cents(o.BalanceDue).Ksh(), how, link)
}

func failedSw(o order.Order, link string) string {
	if how := payBySw(o); how != "" {
		return oneSegment(
			fmt.Sprintf("Mifugo Bora: malipo ya %s hayakufaulu. %s, au jaribu tena: %s", o.Number, how, link),
			fmt.Sprintf("Mifugo Bora: malipo ya %s hayakufaulu. %s, au jaribu: %s", o.Number, how, link))
	}
	return fmt.Sprintf("Mifugo Bora: malipo ya %s hayakufaulu. Jaribu tena: %s", o.Number, link)
}

func paidSw(o order.Order, link string) string {
	receipt := ""
	if o.Payment != nil && o.Payment.Receipt != "" {
		receipt = ", risiti ya M-Pesa " + o.Payment.Receipt
	}
	return fmt.Sprintf("Mifugo Bora: tumepokea %s kwa oda %s%s. Asante! %s", o.AmountPaid.Ksh(), o.Number, receipt, link)
}

func dispatchedSw(o order.Order, link string) string {
	with := ""
	if o.Courier != "" {
		with = " na " + o.Courier
		if o.TrackingNumber != "" {
			with += ", namba ya kufuatilia " + o.TrackingNumber
		}
	}
	return oneSegment(
		fmt.Sprintf("Mifugo Bora: oda %s iko njiani%s. %s", o.Number, with, link),
		fmt.Sprintf("Mifugo Bora: oda %s iko njiani. %s", o.Number, link))
}

func readySw(o order.Order, link string) string {
	return oneSegment(
		fmt.Sprintf("Mifugo Bora: oda %s iko tayari kuchukuliwa katika %s, hufunguliwa %s. %s", o.Number, o.Delivery.Name, o.Delivery.Hours, link),
		fmt.Sprintf("Mifugo Bora: oda %s iko tayari kuchukuliwa katika %s. %s", o.Number, o.Delivery.Name, link),
		fmt.Sprintf("Mifugo Bora: oda %s iko tayari kuchukuliwa. %s", o.Number, link))
}

func collectedSw(o order.Order, link string) string {
	return fmt.Sprintf("Mifugo Bora: oda %s imechukuliwa. Asante kwa kununua kwetu! %s", o.Number, link)
}

func deliveredSw(o order.Order, link string) string {
	return fmt.Sprintf("Mifugo Bora: oda %s imefikishwa. Asante kwa kununua kwetu! %s", o.Number, link)
}
