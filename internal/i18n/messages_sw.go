package i18n

// The server's messages in Kiswahili: every text a customer can read in an
// API answer, keyed by its exact English. TestEveryCustomerMessageHasKiswahili
// finds the messages in the code and fails for one missing here, and for an
// entry no code writes any more (docs/i18n.md, "Messages from the server").

// swTexts are the fixed messages.
var swTexts = map[string]string{
	// Accounts: registration, sign-in, the account page, passwords.
	"Email is required":                       "Barua pepe inahitajika",
	"Please enter a valid email":              "Tafadhali andika barua pepe sahihi",
	"Password is required":                    "Nenosiri linahitajika",
	"Password must be at least 6 characters":  "Nenosiri liwe na angalau herufi 6",
	"Password must be at least 8 characters":  "Nenosiri liwe na angalau herufi 8",
	"Password must be at most 128 characters": "Nenosiri lisizidi herufi 128",
	"Password must contain at least one uppercase letter, one lowercase letter, and one number": "Nenosiri liwe na angalau herufi kubwa moja, herufi ndogo moja na namba moja",
	"First name is required":                                               "Jina la kwanza linahitajika",
	"Last name is required":                                                "Jina la ukoo linahitajika",
	"First name must be at most 100 characters":                            "Jina la kwanza lisizidi herufi 100",
	"Last name must be at most 100 characters":                             "Jina la ukoo lisizidi herufi 100",
	"Phone number is required":                                             "Namba ya simu inahitajika",
	"Please enter a valid Kenyan phone number (254XXXXXXXXX)":              "Tafadhali andika namba sahihi ya simu ya Kenya (254XXXXXXXXX)",
	"This email is already registered":                                     "Barua pepe hii tayari imesajiliwa",
	"An account with this email already exists.":                           "Tayari kuna akaunti yenye barua pepe hii.",
	"Invalid email or password. Please try again.":                         "Barua pepe au nenosiri si sahihi. Tafadhali jaribu tena.",
	"Please correct the highlighted fields.":                               "Tafadhali sahihisha sehemu zilizowekwa alama.",
	"Please enter your current password":                                   "Tafadhali andika nenosiri lako la sasa",
	"Your current password is not correct":                                 "Nenosiri lako la sasa si sahihi",
	"This reset link is invalid or has expired. Please ask for a new one.": "Kiungo hiki cha kubadilisha nenosiri si halali au muda wake umeisha. Tafadhali omba kingine.",
	"Your session has ended. Please sign in again.":                        "Muda wako wa kuwa ndani umeisha. Tafadhali ingia tena.",
	"Please sign in to continue.":                                          "Tafadhali ingia kwenye akaunti yako ili uendelee.",
	"Your password has been changed.":                                      "Nenosiri lako limebadilishwa.",
	"If an account exists for that email, we have sent it a link to reset the password. The link works for one hour.": "Kama kuna akaunti yenye barua pepe hiyo, tumeitumia kiungo cha kubadilisha nenosiri. Kiungo kinafanya kazi kwa saa moja.",
	"Your password has been reset. You can now sign in with your new password.":                                       "Nenosiri lako limebadilishwa. Sasa unaweza kuingia kwa nenosiri lako jipya.",
	// The wait in a 429 ("Please wait 5 minutes").
	"1 minute": "dakika 1",

	// The cart.
	"Cart item not found":                  "Bidhaa hii haimo kwenye kikapu",
	"Variant not found":                    "Ukubwa huu haupatikani",
	"Choose a size to add to the cart.":    "Chagua ukubwa wa kuweka kwenye kikapu.",
	"Give the new quantity.":               "Andika idadi mpya.",
	"This field is required.":              "Sehemu hii inahitajika.",
	"Quantity must be at least 1.":         "Idadi iwe angalau 1.",
	"This product is no longer available.": "Bidhaa hii haipatikani tena.",
	"Too many.":                            "Nyingi mno.",
	"Out of stock.":                        "Imekwisha.",
	"Sorry, this size is out of stock.":    "Samahani, ukubwa huu umekwisha dukani.",

	// The catalogue: the product list's parameters, reviews, stock at checkout.
	"Product not found": "Bidhaa haikupatikana",
	"sort must be one of name, price-low, price-high, relevance.":                      "sort iwe mojawapo ya name, price-low, price-high, relevance.",
	"promo must be bulk or seasonal.":                                                  "promo iwe bulk au seasonal.",
	"min_price cannot be above max_price.":                                             "min_price haiwezi kuzidi max_price.",
	"page must be a whole number of 1 or more.":                                        "page iwe namba kamili ya 1 au zaidi.",
	"page is too large.":                                                               "page ni kubwa mno.",
	"Please choose a rating from 1 to 5 stars":                                         "Tafadhali chagua nyota 1 hadi 5",
	"Your comment must be at most 1,000 characters":                                    "Maoni yako yasizidi herufi 1,000",
	"Please sign in to review this product.":                                           "Tafadhali ingia kwenye akaunti yako ili utoe maoni kuhusu bidhaa hii.",
	"Only customers who bought this product can review it.":                            "Ni wateja walionunua bidhaa hii tu wanaoweza kuitolea maoni.",
	"You have already reviewed this product.":                                          "Tayari umetoa maoni kuhusu bidhaa hii.",
	"Thank you - your review will appear once approved":                                "Asante - maoni yako yataonekana yakishakubaliwa",
	"You have sent many reviews in a short while. Please wait a little and try again.": "Umetuma maoni mengi kwa muda mfupi. Tafadhali subiri kidogo kisha ujaribu tena.",
	"Sorry, one of the sizes in your cart is no longer available.":                     "Samahani, bidhaa moja kwenye kikapu chako haipatikani tena.",

	// Contact, the newsletter and its unsubscribe page.
	"Name is required":                        "Jina linahitajika",
	"Name must be at most 100 characters":     "Jina lisizidi herufi 100",
	"Please choose a subject":                 "Tafadhali chagua mada",
	"Message is required":                     "Ujumbe unahitajika",
	"Message must be at most 5000 characters": "Ujumbe usizidi herufi 5000",
	"Thank you for subscribing! Look out for farming tips and offers in your inbox.":              "Asante kwa kujiunga! Tarajia ushauri wa ufugaji na ofa kwenye barua pepe yako.",
	"Thank you for your message. We will reply within 24 hours.":                                  "Asante kwa ujumbe wako. Tutakujibu ndani ya saa 24.",
	"You have sent this form many times in a short while. Please wait a few minutes, or call us.": "Umetuma fomu hii mara nyingi kwa muda mfupi. Tafadhali subiri dakika chache, au utupigie simu.",
	"Leave the newsletter": "Jiondoe kwenye jarida",
	"Press the button to stop receiving the Mifugo Bora Feeds newsletter at this address.": "Bonyeza kitufe ili uache kupokea jarida la Mifugo Bora Feeds kwenye anwani hii.",
	"Unsubscribe":          "Jiondoe",
	"You are unsubscribed": "Umejiondoa",
	"This address will not receive the Mifugo Bora Feeds newsletter any more. You can sign up again at any time at the foot of our shop's pages.": "Anwani hii haitapokea tena jarida la Mifugo Bora Feeds. Unaweza kujiunga tena wakati wowote chini ya kurasa za duka letu.",
	"Link not valid": "Kiungo si halali",
	"This unsubscribe link is not valid. Please use the link from the newsletter itself, or write to us from the Contact page.": "Kiungo hiki cha kujiondoa si halali. Tafadhali tumia kiungo kilicho kwenye jarida lenyewe, au utuandikie kupitia ukurasa wa Mawasiliano.",
	"Back to the shop": "Rudi dukani",

	// Coupon codes.
	"Enter a coupon code.": "Andika msimbo wa kuponi.",
	"We don't know this code. Please check it and try again.":                             "Hatuutambui msimbo huu. Tafadhali uangalie kisha ujaribu tena.",
	"This code cannot be used yet.":                                                       "Msimbo huu hauwezi kutumika bado.",
	"This code has expired.":                                                              "Muda wa msimbo huu umeisha.",
	"This code has been used up.":                                                         "Nafasi za msimbo huu zimekwisha.",
	"This code has already been used with this phone number.":                             "Msimbo huu umeshatumika na namba hii ya simu.",
	"This code does not apply to anything in your cart.":                                  "Msimbo huu hauhusu bidhaa yoyote kwenye kikapu chako.",
	"Too many codes tried. Please wait a few minutes and try again.":                      "Umejaribu misimbo mingi mno. Tafadhali subiri dakika chache kisha ujaribu tena.",
	"The coupon code on this order has been used up since. Please place the order again.": "Nafasi za msimbo wa kuponi wa oda hii zimekwisha tangu hapo. Tafadhali weka oda upya.",

	// Delivery.
	"Please choose a county":           "Tafadhali chagua kaunti",
	"Please choose a delivery option.": "Tafadhali chagua jinsi ya kupokea oda yako.",
	"This pickup point is not taking orders now. Please choose another option.": "Kituo hiki cha kuchukulia hakipokei oda kwa sasa. Tafadhali chagua njia nyingine.",

	// Checkout, orders and tracking.
	"Your cart is empty.":             "Kikapu chako ni tupu.",
	"Order not found":                 "Oda haikupatikana",
	"Address is required":             "Anwani inahitajika",
	"City is required":                "Mji unahitajika",
	"M-Pesa phone number is required": "Namba ya simu ya M-Pesa inahitajika",
	"Please enter a valid Kenyan phone number (e.g. 0712 345 678)":                  "Tafadhali andika namba sahihi ya simu ya Kenya (mfano 0712 345 678)",
	"Please enter a valid postal code":                                              "Tafadhali andika namba sahihi ya posta",
	"This is too long":                                                              "Hii ni ndefu mno",
	"Please choose a payment method":                                                "Tafadhali chagua njia ya kulipa",
	"Enter your order number (ORDER-…)":                                             "Andika namba ya oda yako (ORDER-…)",
	"Enter the phone number you gave at checkout":                                   "Andika namba ya simu uliyotoa ulipoweka oda",
	"We found no order with this number and phone number. Please check both.":       "Hatukupata oda yenye namba hii na namba hii ya simu. Tafadhali angalia zote mbili.",
	"Too many tries. Please wait a few minutes, or call us with your order number.": "Umejaribu mara nyingi mno. Tafadhali subiri dakika chache, au utupigie simu ukiwa na namba ya oda yako.",
	"An order of this account is waiting for its M-Pesa payment. Please try again once it is paid or has failed.": "Oda ya akaunti hii inasubiri malipo yake ya M-Pesa. Tafadhali jaribu tena ikishalipwa au malipo yakishindikana.",

	// M-Pesa: the checkout's answers, and a payment's message and advice in
	// the order (docs/payments.md section 6).
	"M-Pesa payments are not available right now. Please try again later or call us to order.": "Malipo ya M-Pesa hayapatikani kwa sasa. Tafadhali jaribu tena baadaye au utupigie simu uagize.",
	"Payment initiated! Please check your phone for M-Pesa prompt.":                            "Malipo yameanzishwa! Tafadhali angalia simu yako, ombi la M-Pesa linakuja.",
	"Payment failed. Please try again.":                                                        "Malipo hayakufaulu. Tafadhali jaribu tena.",
	"This order is already waiting for a payment. Please check your phone.":                    "Oda hii tayari inasubiri malipo. Tafadhali angalia simu yako.",
	"This order does not need paying.":                                                         "Oda hii haihitaji kulipwa.",
	"Too many payment requests. Please wait a few minutes and try again.":                      "Maombi ya malipo ni mengi mno. Tafadhali subiri dakika chache kisha ujaribu tena.",
	"Payment received":                                   "Malipo yamepokelewa",
	"Not enough money in your M-Pesa account":            "Hakuna pesa za kutosha kwenye M-Pesa yako",
	"M-Pesa is busy right now":                           "M-Pesa ina shughuli nyingi sasa hivi",
	"Another M-Pesa payment is open on your phone":       "Kuna malipo mengine ya M-Pesa yanayoendelea kwenye simu yako",
	"The payment request expired":                        "Muda wa ombi la malipo umeisha",
	"We could not reach your phone":                      "Hatukuweza kufikia simu yako",
	"You cancelled the payment on your phone":            "Ulighairi malipo kwenye simu yako",
	"Your phone did not answer: is it on and in signal?": "Simu yako haikujibu: je, imewashwa na ina mtandao?",
	"The M-Pesa PIN was wrong":                           "PIN ya M-Pesa haikuwa sahihi",
	"Top up your M-Pesa (your Fuliza limit counts too), then try again, or pay by Paybill below.": "Weka pesa kwenye M-Pesa yako (kikomo chako cha Fuliza kinahesabika pia), kisha ujaribu tena, au ulipe kwa Paybill hapa chini.",
	"Wait a minute, then try again.":                                                                                  "Subiri dakika moja, kisha ujaribu tena.",
	"Finish or close the other M-Pesa payment, then try again in a minute.":                                           "Maliza au funga malipo mengine ya M-Pesa, kisha ujaribu tena baada ya dakika moja.",
	"The request on your phone timed out. Try again, or pay by Paybill below.":                                        "Muda wa ombi kwenye simu yako umeisha. Jaribu tena, au ulipe kwa Paybill hapa chini.",
	"Try again in a moment, or pay by Paybill below.":                                                                 "Jaribu tena baada ya muda mfupi, au ulipe kwa Paybill hapa chini.",
	"Try again when you are ready, or pay by Paybill below.":                                                          "Jaribu tena ukiwa tayari, au ulipe kwa Paybill hapa chini.",
	"Check your phone is on and has signal. Dial *234# to refresh your SIM, then try again, or pay by Paybill below.": "Hakikisha simu yako imewashwa na ina mtandao. Piga *234# kusasisha laini yako, kisha ujaribu tena, au ulipe kwa Paybill hapa chini.",
	"Try again and enter your M-Pesa PIN carefully.":                                                                  "Jaribu tena na uandike PIN yako ya M-Pesa kwa uangalifu.",
	"Try again, or pay by Paybill below.":                                                                             "Jaribu tena, au ulipe kwa Paybill hapa chini.",

	// Your data.
	"An admin account cannot be deleted. Ask another admin to remove your admin role first.": "Akaunti ya msimamizi haiwezi kufutwa. Omba msimamizi mwingine akuondolee jukumu la msimamizi kwanza.",

	// Requests themselves.
	"Send the request body as JSON (Content-Type: application/json).": "Tuma ombi kama JSON (Content-Type: application/json).",
	"The request body is empty.":                                      "Ombi ni tupu.",
	"The request body is not valid JSON.":                             "Ombi si JSON halali.",
	"The request body must hold one JSON object.":                     "Ombi liwe na kitu kimoja cha JSON.",
	"Some fields have the wrong type.":                                "Baadhi ya sehemu zina aina isiyo sahihi.",
	"This value has the wrong type.":                                  "Thamani hii ina aina isiyo sahihi.",
	"Some fields contain characters that are not allowed.":            "Baadhi ya sehemu zina herufi zisizoruhusiwa.",
	"This field contains characters that are not allowed.":            "Sehemu hii ina herufi zisizoruhusiwa.",
	"The address contains characters that are not allowed.":           "Anwani ina herufi zisizoruhusiwa.",
	"Something went wrong on our side. Please try again.":             "Kuna hitilafu upande wetu. Tafadhali jaribu tena.",
	"This request came from another website and was refused.":         "Ombi hili limetoka kwenye tovuti nyingine, kwa hiyo limekataliwa.",
	"This page is for the shop's admins only.":                        "Ukurasa huu ni wa wasimamizi wa duka tu.",
	"The database is not answering.":                                  "Hifadhidata haijibu.",
	"The database is not up to date.":                                 "Hifadhidata haijasasishwa.",
}

// swPatterns are the messages with values in them: the English as the code
// writes it for fmt.Sprintf (%d a number, %s %q %v any text), and the
// Kiswahili refilling the values as {1}, {2}… A text value the catalogue
// knows is translated too ("5 minutes" in a 429).
var swPatterns = [][2]string{
	{"%d minutes", "dakika {1}"},
	{"Too many sign-ups from this connection. Please wait %s and try again.", "Akaunti nyingi mno zimefunguliwa kutoka mtandao huu. Tafadhali subiri {1} kisha ujaribu tena."},
	{"Too many sign-in attempts. Please wait %s and try again.", "Umejaribu kuingia mara nyingi mno. Tafadhali subiri {1} kisha ujaribu tena."},
	{"Too many wrong passwords. Please wait %s and try again.", "Umekosea nenosiri mara nyingi mno. Tafadhali subiri {1} kisha ujaribu tena."},
	{"Too many requests. Please wait %s and try again.", "Maombi ni mengi mno. Tafadhali subiri {1} kisha ujaribu tena."},
	{"You have downloaded your data many times in a short while. Please wait %s and try again.", "Umepakua data yako mara nyingi kwa muda mfupi. Tafadhali subiri {1} kisha ujaribu tena."},
	{"You can order at most %d of one item.", "Unaweza kuagiza zisizozidi {1} za bidhaa moja."},
	{"Only %d left in stock.", "Zimebaki {1} tu dukani."},
	{"%s is no longer available. Please remove it from your cart.", "{1} haipatikani tena. Tafadhali iondoe kwenye kikapu chako."},
	{"Sorry, there is not enough stock of %s (%s) left for your order.", "Samahani, {1} ({2}) iliyobaki dukani haitoshi kwa oda yako."},
	{"Spend %s or more to use this code", "Nunua bidhaa za {1} au zaidi ili utumie msimbo huu"},
	{"This delivery option does not serve %s. Please choose another option.", "Njia hii ya kufikisha mzigo haifiki {1}. Tafadhali chagua njia nyingine."},
	{"Please check the highlighted fields (%d).", "Tafadhali angalia sehemu zilizowekwa alama ({1})."},
	{"q is too long (%d characters at most).", "q ni ndefu mno (isizidi herufi {1})."},
	{"search is too long (%d characters at most).", "search ni ndefu mno (isizidi herufi {1})."},
	{"page_size must be a whole number from 1 to %d.", "page_size iwe namba kamili kuanzia 1 hadi {1}."},
	{"%s must be one of new-arrivals, best-sellers, featured.", "{1} iwe mojawapo ya new-arrivals, best-sellers, featured."},
	{"%s must be an amount like 1500 or 1500.00.", "{1} iwe kiasi kama 1500 au 1500.00."},
	{"The request is too large (limit %d bytes).", "Ombi ni kubwa mno (kikomo ni baiti {1})."},
	{"No such API endpoint: %s %s", "Hakuna anwani kama hii ya API: {1} {2}"},
	{"This endpoint does not take %s requests.", "Anwani hii ya API haipokei maombi ya {1}."},
}
