package remind

import (
	"fmt"
	"strings"

	"shop/internal/i18n"
	"shop/internal/money"
	"shop/internal/sms"
)

// words are the texts of reminders and of the answers to replies in one
// language. Each fits one 160-character GSM-7 segment (a test checks); the
// reminder shortens the product's name when it must.
type words struct {
	// reminder is a format of the size ("Dairy Meal 70 Kg") and the price
	// today with delivery.
	reminder string
	stopped  string
	started  string
	// info is a format of the shop's phone and web address.
	info string
	// limit is a format of the shop's phone; already of the order number;
	// failed of the shop's phone.
	limit, already, failed string
}

var english = words{
	reminder: "Mifugo Bora: your %s may be running out. Reply 1 to order again (%s with delivery) or STOP to end these texts.",
	stopped:  "Mifugo Bora: you will get no more reminders or offers. Texts about your orders still come. Send START to undo.",
	started:  "Mifugo Bora: reminders are on again. Send STOP to end them.",
	info:     "Mifugo Bora: thank you for your message. To reach us call or WhatsApp %s, or visit %s",
	limit:    "Mifugo Bora: that is as many SMS orders as we take from one phone in a day. Call us on %s.",
	already:  "Mifugo Bora: order %s was already placed from this reminder.",
	failed:   "Mifugo Bora: we could not place the order (sold out or no longer sold). Call us on %s.",
}

var kiswahili = words{
	reminder: "Mifugo Bora: %s huenda inaisha. Jibu 1 kuagiza tena (%s pamoja na usafiri) au STOP kusitisha.",
	stopped:  "Mifugo Bora: hutapokea tena vikumbusho wala matangazo. Ujumbe wa oda zako utaendelea. Tuma START kuanza tena.",
	started:  "Mifugo Bora: vikumbusho vimeanza tena. Tuma STOP kusitisha.",
	info:     "Mifugo Bora: asante kwa ujumbe wako. Tupigie au WhatsApp %s, au tembelea %s",
	limit:    "Mifugo Bora: umefikia idadi ya oda kwa SMS kwa siku moja. Tupigie %s.",
	already:  "Mifugo Bora: oda %s tayari imewekwa kutoka kikumbusho hiki.",
	failed:   "Mifugo Bora: hatukuweza kuweka oda (imeisha au haiuzwi tena). Tupigie %s.",
}

func wordsIn(l i18n.Lang) *words {
	if l == i18n.English {
		return &english
	}
	return &kiswahili
}

// ReminderText is the reminder for quantity of size (product and size
// named) at total, in one GSM-7 segment: characters outside GSM-7 leave the
// name, and a long name is cut, so a farmer pays for one message.
func ReminderText(l i18n.Lang, size string, quantity int, total money.Cents) string {
	w := wordsIn(l)
	name := gsmOnly(size)
	if quantity > 1 {
		name = fmt.Sprintf("%d x %s", quantity, name)
	}
	r := []rune(name)
	for {
		text := fmt.Sprintf(w.reminder, string(r), total.Ksh())
		if n, _ := sms.Segments(text); n == 1 || len(r) <= 8 {
			return text
		}
		r = []rune(strings.TrimSpace(string(r[:len(r)-1])))
	}
}

// gsmOnly drops the characters of s outside GSM-7, and the extended ones.
func gsmOnly(s string) string {
	var b strings.Builder
	for _, r := range s {
		if n, gsm := sms.Segments(string(r)); gsm && n == 1 && !strings.ContainsRune("^{}\\[~]|€\f", r) {
			b.WriteRune(r)
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// phoneForPeople writes 254722000111 as 0722 000 111.
func phoneForPeople(p string) string {
	if len(p) == 12 && strings.HasPrefix(p, "254") {
		return "0" + p[3:6] + " " + p[6:9] + " " + p[9:]
	}
	return p
}
