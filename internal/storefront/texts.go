package storefront

import "shop/internal/i18n"

// swTexts are the texts the server writes into pages, in Kiswahili, by their
// English (docs/i18n.md): a page asked for in Kiswahili gets these, and the
// English ones stay exactly as they are. The back office's pages stay
// English. Every customer page's title and description has its Kiswahili
// (TestEveryPageTextHasKiswahili).
var swTexts = map[string]string{
	siteTagline:     "Chakula cha mifugo, dawa za minyoo na virutubisho",
	homeDescription: "Mifugo Bora Feeds inauza chakula cha mifugo, dawa za minyoo, virutubisho, kemikali za shamba na DCP kwa wakulima kote Kenya. Agiza mtandaoni, Lipa na M-Pesa, tunaleta mzigo kote nchini.",

	"Shop": "Duka",
	"Shop dairy meal, poultry and pig feeds, dewormers, supplements, chemicals and DCP. Prices in Ksh, pay with M-Pesa, delivery to all 47 counties or collect from a pickup point.": "Nunua dairy meal, chakula cha kuku na cha nguruwe, dawa za minyoo, virutubisho, kemikali za shamba na DCP. Bei kwa Ksh, Lipa na M-Pesa, tunaleta kaunti zote 47 au uchukue mzigo kwenye kituo chetu.",
	shopIntro:  "Chakula cha mifugo, dawa za minyoo, virutubisho, kemikali na DCP, tunaleta kote Kenya.",
	"About Us": "Kuhusu Sisi",
	"Since 2018 Mifugo Bora Feeds in Ruiru has made and sold quality animal feeds and supplements for Kenyan farmers. Our story, our values and our team.": "Tangu 2018 Mifugo Bora Feeds ya Ruiru imetengeneza na kuuza chakula bora cha mifugo na virutubisho kwa wakulima wa Kenya. Historia yetu, tunachosimamia na timu yetu.",
	"Contact Us": "Wasiliana Nasi",
	"Call, email or write to Mifugo Bora Feeds in Ruiru, Kenya. We reply within 24 hours.": "Piga simu, tuma barua pepe au tuandikie Mifugo Bora Feeds, Ruiru, Kenya. Tunajibu ndani ya saa 24.",
	contactHoursDescription: "Piga simu, tuma barua pepe au tuandikie Mifugo Bora Feeds, Ruiru, Kenya. Tuko wazi %s; tunajibu ndani ya saa 24.",
	"Terms & Conditions":    "Masharti ya Huduma",
	"The terms of buying from the Mifugo Bora Feeds online shop: orders, M-Pesa payment, delivery across Kenya and returns.": "Masharti ya kununua kwenye duka la mtandaoni la Mifugo Bora Feeds: maagizo, malipo kwa M-Pesa, kuleta mzigo kote Kenya na kurudisha bidhaa.",
	"Privacy Policy": "Sera ya Faragha",
	"How Mifugo Bora Feeds collects, uses and protects your personal data under Kenya's Data Protection Act, 2019.": "Jinsi Mifugo Bora Feeds inavyokusanya, kutumia na kulinda taarifa zako binafsi kwa mujibu wa Sheria ya Kulinda Data ya Kenya, 2019.",
	"My Account":          "Akaunti Yangu",
	"Agent":               "Wakala",
	"Checkout":            "Malipo",
	"Your Cart":           "Kikapu Chako",
	"Sign In":             "Ingia",
	"Create Your Account": "Fungua Akaunti",
	"Forgot Password":     "Umesahau Nenosiri",
	"Reset Password":      "Weka Nenosiri Jipya",
	"Order Confirmation":  "Agizo Limepokelewa",
	"Track Your Order":    "Fuatilia Agizo Lako",
	"Follow your Mifugo Bora Feeds order with its number and your phone number: payment, dispatch and delivery.": "Fuatilia agizo lako la Mifugo Bora Feeds kwa namba ya agizo na namba yako ya simu: malipo, kutumwa na kufika kwa mzigo.",
	"Page not found":    "Ukurasa haupatikani",
	"Product not found": "Bidhaa haipatikani",

	// A product's head and share card.
	"From %s. ":    "Kuanzia %s. ",
	"%s — from %s": "%s — kuanzia %s",
	"from %s":      "kuanzia %s",
	"Pay with M-Pesa · Delivery across Kenya": "Lipa na M-Pesa · Tunaleta kote Kenya",
}

// tr is s in language l: its Kiswahili when l is Kiswahili and there is
// one, else s.
func tr(l i18n.Lang, s string) string {
	if l == i18n.Kiswahili {
		if t, ok := swTexts[s]; ok {
			return t
		}
	}
	return s
}

// ogLocale is l as Open Graph names it.
func ogLocale(l i18n.Lang) string {
	if l == i18n.Kiswahili {
		return "sw_KE"
	}
	return "en_KE"
}
