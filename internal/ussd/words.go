package ussd

import "shop/internal/i18n"

// words are the menu's texts in one language (Kiswahili in words_sw.go).
// Every screen made of them fits 160 GSM-7 characters with the longest
// real values, and uses no character a handset cannot show (a test checks).
type words struct {
	welcome                         string
	buy, reorder, track, language   string
	chooseLanguage                  string
	categories, products            string
	more, back                      string
	quantity                        string // a format of the most one may order
	homeAddress, pickup             string
	deliveryTitle, pickupTitle      string
	county                          string
	noPickup                        string // a format of the county
	confirm, total, deliveryFee     string
	placed                          string // a format of the total and the Paybill account number
	placedNoPrompt                  string // a format of the total and the Paybill account number
	wrong, badQuantity, badCounty   string
	notEnough                       string // a format of how many are left
	lastOrder, gone                 string
	noOrder, allGone                string
	tracked                         string // a format of the order number, status and total
	busy, failed, limit, nothingNew string
	statuses                        map[string]string
}

var english = words{
	welcome:        "Welcome to Mifugo Bora",
	buy:            "Buy",
	reorder:        "Order my last order again",
	track:          "Track my order",
	language:       "Kiswahili/English",
	chooseLanguage: "Choose a language",
	categories:     "Choose a category",
	products:       "Choose a product",
	more:           "More",
	back:           "Back",
	quantity:       "How many? Type a number from 1 to %d",
	homeAddress:    "Deliver to",
	deliveryTitle:  "Delivery",
	pickupTitle:    "Choose a pickup point",
	pickup:         "Collect from a pickup point",
	county:         "Type your county, e.g. Kiambu",
	noPickup:       "No pickup point in %s. Type another county",
	confirm:        "Confirm",
	total:          "Total",
	deliveryFee:    "delivery",
	placed:         "Order placed, %s. Paybill account %s. An M-Pesa request comes to this phone in a moment, then an SMS with the Paybill steps and your order link.",
	placedNoPrompt: "Order placed, %s. Paybill account %s. An SMS follows with the Paybill steps and your order link.",
	wrong:          "Wrong choice.",
	badQuantity:    "Type a number.",
	badCounty:      "County not known.",
	notEnough:      "Only %d left.",
	lastOrder:      "Your last order",
	gone:           "Sold out",
	noOrder:        "No order yet from this phone. Dial again and choose 1 to buy.",
	allGone:        "Everything in your last order is sold out. Dial again and choose 1 to buy.",
	tracked:        "Order %s: %s. Total %s.",
	busy:           "Your order is being placed. You will get an SMS.",
	failed:         "Sorry, the order could not be placed: a size may have sold out. Please try again.",
	limit:          "Too many orders from this phone. Please try again later.",
	nothingNew:     "Sorry, something went wrong. Please try again later.",
	statuses: map[string]string{
		"pending_payment": "waiting for payment", "payment_failed": "payment failed", "paid": "paid",
		"processing": "being packed", "dispatched": "on its way", "delivered": "delivered",
		"ready_for_pickup": "ready for pickup", "collected": "collected", "cancelled": "cancelled",
		"partially_refunded": "partly refunded", "refunded": "refunded",
		"awaiting_delivery_payment": "pay on delivery",
	},
}

// wordsIn is the menu's words in language l.
func wordsIn(l i18n.Lang) *words {
	if l == i18n.English {
		return &english
	}
	return &kiswahili
}
