package notify

// kiswahiliSMS are the texts of an order placed in Kiswahili: the same
// details and link as the English ones, in one GSM-7 segment.
var kiswahiliSMS = smsWords{
	account:       ", akaunti ",
	received:      "Mifugo Bora: oda %s imepokelewa, lipa %s. %s. %s",
	promptOnPhone: "Tumia ombi la M-Pesa kwenye simu yako",
	failedPayBy: []string{"Mifugo Bora: malipo ya %s kwa %s hayakufaulu. %s, au jaribu tena: %s",
		"Mifugo Bora: malipo ya %s kwa %s hayakufaulu. %s, au jaribu: %s"},
	failed:  "Mifugo Bora: malipo ya %s kwa oda %s hayakufaulu. Jaribu tena: %s",
	dial:    " Au piga %s.",
	receipt: ", risiti ya M-Pesa ",
	paid:    "Mifugo Bora: tumepokea %s kwa oda %s%s. Asante! %s",
	with:    " na ", tracking: ", namba ya kufuatilia ",
	dispatched: [2]string{"Mifugo Bora: oda %s iko njiani%s. %s", "Mifugo Bora: oda %s iko njiani. %s"},
	withCode: [3]string{"Mifugo Bora: oda %s iko njiani%s. Namba ya kupokea %s: mpe mleta mzigo mlangoni tu. %s",
		"Mifugo Bora: oda %s iko njiani%s. Namba ya kupokea %s. %s",
		"Mifugo Bora: oda %s iko njiani%.0s. Namba ya kupokea %s. %s"},
	ready: [3]string{"Mifugo Bora: oda %s iko tayari kuchukuliwa katika %s, hufunguliwa %s. %s",
		"Mifugo Bora: oda %s iko tayari kuchukuliwa katika %s. %s",
		"Mifugo Bora: oda %s iko tayari kuchukuliwa. %s"},
	collected: "Mifugo Bora: oda %s imechukuliwa. Asante kwa kununua kwetu! %s",
	delivered: "Mifugo Bora: oda %s imefikishwa. Asante kwa kununua kwetu! %s",
}
