package demo

import "strings"

// sz is one pack size with its price (Ksh) and stock; the SKU is derived.
type sz struct {
	size         string
	price, stock int
}

// vars builds variants whose SKUs are prefix + "-" + a size code,
// e.g. vars("MB-DM", sz{"70 Kg", 3650, 40}) gives SKU "MB-DM-70KG".
func vars(prefix string, sizes ...sz) []Variant {
	out := make([]Variant, len(sizes))
	for i, s := range sizes {
		out[i] = Variant{Size: s.size, SKU: prefix + "-" + sizeCode(s.size), PriceKsh: s.price, Stock: s.stock}
	}
	return out
}

// sizeCode turns "10 Kg" into "10KG", "250 grams" into "250G",
// "1 litre" into "1L" and "120 ml" into "120ML".
func sizeCode(size string) string {
	c := strings.ToUpper(strings.ReplaceAll(size, " ", ""))
	c = strings.Replace(c, "GRAMS", "G", 1)
	return strings.Replace(c, "LITRE", "L", 1)
}

// Products returns the demo catalogue. The order is the id order:
// index 0 becomes product id 1. Only id 1 is featured and only ids 1-3
// are best sellers, matching the shop's badge rules.
func Products() []Product {
	return []Product{
		// 1
		{
			Name:         "Mifugo Bora High Yield Dairy Meal",
			Slug:         "high-yield-dairy-meal",
			Description:  "A balanced 16% protein dairy meal for milking cows that keeps milk volume and butterfat up. Feed about 1 Kg for every 2 litres of milk, split between the morning and evening milkings, alongside good fodder and clean water.",
			CategorySlug: "dairy-meal",
			Featured:     true, BestSeller: true,
			Variants: vars("MB-HDM", sz{"10 Kg", 650, 140}, sz{"20 Kg", 1250, 95}, sz{"70 Kg", 3950, 260}),
			Reviews: []Review{
				{"Wanjiku M., Kiambu", 5, "My three Friesians went from about 11 to 14 litres each within three weeks. I now buy the 70 Kg bag every month.", 6},
				{"Kiprono K., Uasin Gishu", 5, "Consistent quality bag after bag, the cows eat it without leftovers.", 19},
				{"Njeri W., Murang'a", 4, "Good milk results. Delivery to Kangema took two days but the bag arrived well sealed.", 33},
				{"Gitau D., Ruiru", 4, "Picked it up at the Ruiru store. A bit pricier than what I used before, but the milk book shows it pays.", 58},
			},
			Look: Look{Pack: "bag", Color: "#2f6f3e", Accent: "#f2c14e", Label: "DAIRY MEAL"},
		},
		// 2
		{
			Name:         "Mifugo Bora Kienyeji Growers Mash",
			Slug:         "kienyeji-growers-mash",
			Description:  "Complete feed for improved kienyeji chickens from 8 weeks until they start laying. Gives strong frames and even growth; feed about 80-100 grams per bird per day and let birds scavenge during the day.",
			CategorySlug: "kienyeli-mash",
			BestSeller:   true,
			Variants:     vars("MB-KGM", sz{"10 Kg", 590, 180}, sz{"20 Kg", 1140, 120}, sz{"70 Kg", 3600, 75}),
			Reviews: []Review{
				{"Otieno J., Kisumu", 5, "My Kuroiler birds grew fast and uniform. Good value compared to mixing my own.", 9},
				{"Mumbua F., Makueni", 4, "Birds like it. I mix a little with kitchen greens to make it last longer.", 27},
				{"Wafula B., Bungoma", 5, "The 20 Kg bag is just right for my 60 birds for about two weeks.", 44},
			},
			Look: Look{Pack: "bag", Color: "#9a5b1e", Accent: "#f4d35e", Label: "KIENYEJI MASH"},
		},
		// 3
		{
			Name:         "Albendazole 10% Oral Suspension",
			Slug:         "albendazole-10-oral-suspension",
			Description:  "Broad-spectrum drench against roundworms, tapeworms and adult liver fluke in cattle, sheep and goats. Dose about 1 ml per 10 kg body weight for cattle where fluke is a problem; shake well and do not use in the first 45 days of pregnancy.",
			CategorySlug: "albendazole-10",
			BestSeller:   true,
			Variants:     vars("MB-ALB10", sz{"120 ml", 480, 210}, sz{"500 ml", 1450, 90}, sz{"1 litre", 2500, 60}),
			Reviews: []Review{
				{"Chebet L., Kericho", 5, "Used it on my dairy herd before the long rains. Coats improved and the calves picked up weight.", 12},
				{"Mutua S., Machakos", 4, "Works well on my goats. The 120 ml bottle is enough for the whole flock.", 30},
				{"Kamau G., Nakuru", 4, "Good dewormer, although I wish the bottle had a dosing cup.", 71},
			},
			Look: Look{Pack: "bottle", Color: "#1f5f9e", Accent: "#ffcc33", Label: "DEWORMER"},
		},
		// 4
		{
			Name:         "Mifugo Bora Dairy Meal Standard",
			Slug:         "dairy-meal-standard",
			Description:  "An economical dairy meal for cows giving up to 12 litres a day. Feed after milking together with napier, hay or silage; change from another feed gradually over one week.",
			CategorySlug: "dairy-meal",
			Promo:        "bulk",
			Variants:     vars("MB-DMS", sz{"10 Kg", 560, 160}, sz{"20 Kg", 1080, 110}, sz{"70 Kg", 3350, 300}),
			Reviews: []Review{
				{"Auma R., Homa Bay", 4, "Good for the price. Milk is steady, not a big jump like the high yield one.", 15},
				{"Mwangi P., Nyeri", 3, "Fine feed but one bag had a few lumps. Customer care replaced it quickly.", 40},
			},
			Look: Look{Pack: "bag", Color: "#3d7a4a", Accent: "#ffffff", Label: "DAIRY MEAL"},
		},
		// 5
		{
			Name:         "Mifugo Bora Calf Starter Pellets",
			Slug:         "calf-starter-pellets",
			Description:  "Palatable 18% protein pellets that help calves start eating solids and develop the rumen early. Offer a handful from the second week alongside milk and increase until weaning at about 3 months.",
			CategorySlug: "dairy-meal",
			NewArrival:   true,
			Variants:     vars("MB-CSP", sz{"10 Kg", 720, 85}, sz{"20 Kg", 1390, 60}),
			Look:         Look{Pack: "bag", Color: "#4f8f3a", Accent: "#fff3c4", Label: "CALF PELLETS"},
		},
		// 6
		{
			Name:         "Mifugo Bora Dry Cow & Heifer Meal",
			Slug:         "dry-cow-heifer-meal",
			Description:  "Prepares in-calf heifers and dry cows for calving with the right energy and minerals, without making them fat. Feed 1-2 Kg a day in the last 6-8 weeks before calving.",
			CategorySlug: "dairy-meal",
			Variants:     vars("MB-DCH", sz{"20 Kg", 1050, 70}, sz{"70 Kg", 3250, 45}),
			Look:         Look{Pack: "bag", Color: "#2d5e5a", Accent: "#e9c46a", Label: "DRY COW MEAL"},
		},
		// 7
		{
			Name:         "Mifugo Bora Kienyeji Layers Mash",
			Slug:         "kienyeji-layers-mash",
			Description:  "Layers feed made for improved kienyeji hens, with extra calcium for strong shells and rich yellow yolks. Give about 100-120 grams per hen per day once laying starts.",
			CategorySlug: "kienyeli-mash",
			Promo:        "bulk",
			Variants:     vars("MB-KLM", sz{"10 Kg", 620, 150}, sz{"20 Kg", 1190, 130}, sz{"70 Kg", 3800, 90}),
			Look:         Look{Pack: "bag", Color: "#a0522d", Accent: "#ffd166", Label: "KIENYEJI LAYERS"},
		},
		// 8
		{
			Name:         "Mifugo Bora Kienyeji Chick & Duck Mash",
			Slug:         "kienyeji-chick-duck-mash",
			Description:  "Starter mash for kienyeji chicks and ducklings from day one to 8 weeks. Feed freely with clean water always available.",
			CategorySlug: "kienyeli-mash",
			NewArrival:   true,
			Variants:     vars("MB-KCM", sz{"10 Kg", 680, 110}, sz{"20 Kg", 1320, 65}),
			Look:         Look{Pack: "bag", Color: "#c27c0e", Accent: "#5a3e1b", Label: "KIENYEJI CHICKS"},
		},
		// 9
		{
			Name:         "Mifugo Bora Layers Mash Premium",
			Slug:         "layers-mash-premium",
			Description:  "High-performance layers mash for commercial hens, keeping lay above 85% with strong shells. Feed 120-130 grams per bird per day from point of lay at about 18-20 weeks.",
			CategorySlug: "layers",
			Promo:        "bulk",
			Variants:     vars("MB-LMP", sz{"10 Kg", 720, 90}, sz{"20 Kg", 1390, 140}, sz{"70 Kg", 4450, 220}),
			Reviews: []Review{
				{"Naliaka D., Kakamega", 5, "Egg count went up and I no longer get soft shells. 500 hens and very happy.", 8},
				{"Omondi C., Busia", 4, "Good results. Bulk price on 70 Kg helps a lot.", 52},
			},
			Look: Look{Pack: "bag", Color: "#b23a2e", Accent: "#f6d365", Label: "LAYERS MASH"},
		},
		// 10
		{
			Name:         "Mifugo Bora Layers Mash Standard",
			Slug:         "layers-mash-standard",
			Description:  "Dependable everyday layers mash for small and medium flocks. Feed 120 grams per hen per day and provide oyster shell grit for older hens.",
			CategorySlug: "layers",
			Variants:     vars("MB-LMS", sz{"20 Kg", 1290, 120}, sz{"70 Kg", 4150, 160}),
			Look:         Look{Pack: "bag", Color: "#c0503f", Accent: "#ffffff", Label: "LAYERS MASH"},
		},
		// 11
		{
			Name:         "Mifugo Bora Pre-Layers Mash",
			Slug:         "pre-layers-mash",
			Description:  "Bridges growers and layers feed from 16 weeks to first egg, building calcium reserves for the laying period. Switch to layers mash when about 5% of the flock is laying.",
			CategorySlug: "layers",
			NewArrival:   true,
			Variants:     vars("MB-PLM", sz{"10 Kg", 700, 70}, sz{"20 Kg", 1350, 55}),
			Look:         Look{Pack: "bag", Color: "#a63d40", Accent: "#ffe3a3", Label: "PRE-LAYERS"},
		},
		// 12
		{
			Name:         "Mifugo Bora Chick & Duck Mash",
			Slug:         "chick-duck-mash",
			Description:  "Starter mash for layer chicks and ducklings from day one to 8 weeks, with a coccidiostat for protection. Feed freely and keep clean water near the feeders.",
			CategorySlug: "chick-feeds",
			Variants:     vars("MB-CDM", sz{"10 Kg", 760, 130}, sz{"20 Kg", 1470, 100}, sz{"70 Kg", 4900, 65}),
			Reviews: []Review{
				{"Muthoni E., Kirinyaga", 5, "Very low mortality in my last batch of 300 chicks.", 21},
				{"Hassan A., Isiolo", 4, "Chicks like it. Delivery up north costs extra but arrived fine.", 63},
			},
			Look: Look{Pack: "bag", Color: "#e0a100", Accent: "#5a3e1b", Label: "CHICK MASH"},
		},
		// 13
		{
			Name:         "Mifugo Bora Chick Starter Crumbs",
			Slug:         "chick-starter-crumbs",
			Description:  "Fine crumbs that are easy for young chicks to pick, for the first 4 weeks. Less wastage than mash; move to chick mash or growers mash afterwards.",
			CategorySlug: "chick-feeds",
			Variants:     vars("MB-CSC", sz{"10 Kg", 790, 0}, sz{"20 Kg", 1520, 45}),
			Look:         Look{Pack: "bag", Color: "#d89a00", Accent: "#ffffff", Label: "CHICK CRUMBS"},
		},
		// 14
		{
			Name:         "Mifugo Bora Growers Mash",
			Slug:         "growers-mash",
			Description:  "For pullets from 8 to 18 weeks, building a strong frame before laying. Feed 60-90 grams per bird per day, increasing with age.",
			CategorySlug: "chick-feeds",
			Variants:     vars("MB-GRM", sz{"10 Kg", 640, 95}, sz{"20 Kg", 1230, 110}, sz{"70 Kg", 3950, 80}),
			Look:         Look{Pack: "bag", Color: "#b7791f", Accent: "#fff1c1", Label: "GROWERS MASH"},
		},
		// 15
		{
			Name:         "Mifugo Bora Broiler Starter Crumbs",
			Slug:         "broiler-starter-crumbs",
			Description:  "High-protein crumbs for broiler chicks from day one to 3 weeks for a fast, healthy start. Keep feeders full and follow with broiler finisher pellets.",
			CategorySlug: "broiler-feeds",
			Promo:        "seasonal",
			Variants:     vars("MB-BSC", sz{"10 Kg", 830, 120}, sz{"20 Kg", 1610, 90}, sz{"70 Kg", 5350, 55}),
			Reviews: []Review{
				{"Odhiambo T., Migori", 4, "Birds reached 1.8 Kg at five weeks for the December market.", 25},
			},
			Look: Look{Pack: "bag", Color: "#c8551b", Accent: "#ffe08a", Label: "BROILER STARTER"},
		},
		// 16
		{
			Name:         "Mifugo Bora Broiler Finisher Pellets",
			Slug:         "broiler-finisher-pellets",
			Description:  "Energy-rich pellets for broilers from 3 weeks to market weight. Improves feed conversion and gives a good meaty finish at 5-6 weeks.",
			CategorySlug: "broiler-feeds",
			Promo:        "seasonal",
			Variants:     vars("MB-BFP", sz{"10 Kg", 790, 100}, sz{"20 Kg", 1540, 85}, sz{"70 Kg", 5100, 40}),
			Look:         Look{Pack: "bag", Color: "#9c3d12", Accent: "#ffd08a", Label: "BROILER FINISHER"},
		},
		// 17
		{
			Name:         "Mifugo Bora Pig Creep Feed",
			Slug:         "pig-creep-feed",
			Description:  "Highly digestible feed for piglets from one week old until weaning. Gets piglets eating early and reduces weaning stress; offer small fresh amounts several times a day.",
			CategorySlug: "pig-feeds",
			Variants:     vars("MB-PCF", sz{"10 Kg", 780, 60}, sz{"20 Kg", 1500, 35}),
			Look:         Look{Pack: "bag", Color: "#b8456f", Accent: "#ffd6e0", Label: "CREEP FEED"},
		},
		// 18
		{
			Name:         "Mifugo Bora Sow & Weaner Meal",
			Slug:         "sow-weaner-meal",
			Description:  "For in-pig and nursing sows and weaners up to about 25 kg. Supports milk for large litters; feed sows 2.5-3 Kg a day, more when nursing.",
			CategorySlug: "pig-feeds",
			Variants:     vars("MB-SWM", sz{"20 Kg", 1020, 90}, sz{"70 Kg", 3200, 70}),
			Look:         Look{Pack: "bag", Color: "#9e3b5c", Accent: "#ffe4ec", Label: "SOW & WEANER"},
		},
		// 19
		{
			Name:         "Mifugo Bora Pig Grower & Finisher Meal",
			Slug:         "pig-grower-finisher-meal",
			Description:  "Grows pigs from 25 kg to market weight with lean, even gain. Feed 2-3 Kg per pig per day depending on size, with plenty of clean water.",
			CategorySlug: "pig-feeds",
			Promo:        "bulk",
			Variants:     vars("MB-PGF", sz{"20 Kg", 950, 110}, sz{"70 Kg", 2980, 150}),
			Reviews: []Review{
				{"Kipchumba E., Nandi", 4, "Pigs reached 90 kg in about 6 months. Good value on the 70 Kg bag.", 37},
			},
			Look: Look{Pack: "bag", Color: "#8c3a55", Accent: "#ffd1dc", Label: "PIG FINISHER"},
		},
		// 20
		{
			Name:         "Mifugo Bora Rabbit Pellets",
			Slug:         "rabbit-pellets",
			Description:  "Complete pellets for breeding and growing rabbits, with fibre for healthy digestion. Give 100-150 grams per adult rabbit per day plus fresh greens and hay.",
			CategorySlug: "feeds",
			Variants:     vars("MB-RBP", sz{"10 Kg", 640, 50}, sz{"20 Kg", 1230, 30}),
			Look:         Look{Pack: "bag", Color: "#6b7f2a", Accent: "#f1e4b3", Label: "RABBIT PELLETS"},
		},
		// 21
		{
			Name:         "Mifugo Bora Dairy Goat & Sheep Pellets",
			Slug:         "goat-sheep-pellets",
			Description:  "Concentrate pellets for dairy goats, sheep and growing kids. Feed 0.5-1 Kg per milking goat per day next to browse or hay.",
			CategorySlug: "feeds",
			NewArrival:   true,
			Variants:     vars("MB-GSP", sz{"10 Kg", 620, 75}, sz{"20 Kg", 1190, 60}, sz{"70 Kg", 3700, 25}),
			Look:         Look{Pack: "bag", Color: "#55702e", Accent: "#fbe7a1", Label: "GOAT & SHEEP"},
		},
		// 22
		{
			Name:         "Cotton Seed Cake",
			Slug:         "cotton-seed-cake",
			Description:  "Protein-rich cake (about 30% protein) for farmers who mix their own dairy or beef rations. Include up to 2 Kg per cow per day; not for pigs or poultry.",
			CategorySlug: "feeds",
			Variants:     vars("MB-CSK", sz{"20 Kg", 1150, 0}, sz{"70 Kg", 3750, 0}),
			Look:         Look{Pack: "bag", Color: "#7a6a45", Accent: "#f5ecd7", Label: "SEED CAKE"},
		},
		// 23
		{
			Name:         "Maize Germ",
			Slug:         "maize-germ",
			Description:  "Energy feed from maize milling, used as a base for home-made dairy and pig rations. Mix with a protein source and minerals such as DCP.",
			CategorySlug: "feeds",
			Promo:        "bulk",
			Variants:     vars("MB-MZG", sz{"20 Kg", 690, 140}, sz{"70 Kg", 2150, 400}),
			Look:         Look{Pack: "bag", Color: "#c79a2e", Accent: "#4a3510", Label: "MAIZE GERM"},
		},
		// 24
		{
			Name:         "Albendazole 10% Plus Cobalt & Selenium",
			Slug:         "albendazole-10-cobalt-selenium",
			Description:  "Albendazole 10% drench with added cobalt and selenium for animals that look poor after worming. Controls roundworms, tapeworms and adult liver fluke in cattle, sheep and goats; dose by body weight as on the label.",
			CategorySlug: "albendazole-10",
			NewArrival:   true,
			Variants:     vars("MB-ALBCS", sz{"120 ml", 560, 120}, sz{"500 ml", 1650, 50}, sz{"1 litre", 2850, 35}),
			Look:         Look{Pack: "bottle", Color: "#174a7c", Accent: "#f28c28", Label: "10% + Co/Se"},
		},
		// 25
		{
			Name:         "Albendazole 2.5% Oral Suspension",
			Slug:         "albendazole-25-oral-suspension",
			Description:  "Gentle-strength albendazole for sheep, goats and calves against roundworms and tapeworms. Dose 1 ml per 5 kg body weight and repeat after 3 months or as advised by your vet.",
			CategorySlug: "albendazole-25",
			Variants:     vars("MB-ALB25", sz{"90 ml", 290, 150}, sz{"120 ml", 360, 200}, sz{"500 ml", 1050, 70}, sz{"1 litre", 1850, 40}),
			Reviews: []Review{
				{"Jeptoo M., Bomet", 5, "Easy to dose my sheep, and they improved within weeks.", 11},
				{"Mutua S., Machakos", 4, "Affordable for small stock. The 1 litre lasts me the whole year.", 84},
			},
			Look: Look{Pack: "bottle", Color: "#2a7fb8", Accent: "#ffd166", Label: "DEWORMER 2.5%"},
		},
		// 26
		{
			Name:         "Albendazole 2.5% Kid & Lamb Drench",
			Slug:         "albendazole-25-kid-lamb-drench",
			Description:  "Small packs of albendazole 2.5% for kids, lambs and young calves. Dose 1 ml per 5 kg body weight; ideal at the start of the rains when worm burdens rise.",
			CategorySlug: "albendazole-25",
			Promo:        "seasonal",
			Variants:     vars("MB-ALBKL", sz{"20 ml", 150, 240}, sz{"90 ml", 300, 130}),
			Look:         Look{Pack: "bottle", Color: "#3b8ec2", Accent: "#ffffff", Label: "KIDS & LAMBS"},
		},
		// 27
		{
			Name:         "Levamisole & Oxyclozanide Oral Drench",
			Slug:         "levamisole-oxyclozanide-drench",
			Description:  "Combination drench that clears roundworms and lungworms and treats liver fluke in cattle, sheep and goats. A good rotation partner to albendazole to slow resistance; dose strictly by body weight.",
			CategorySlug: "dewormers",
			Variants:     vars("MB-LOX", sz{"120 ml", 520, 140}, sz{"500 ml", 1600, 60}, sz{"1 litre", 2750, 30}),
			Reviews: []Review{
				{"Wambui N., Nyandarua", 4, "I alternate this with albendazole as my vet advised. Works well on my sheep.", 46},
			},
			Look: Look{Pack: "bottle", Color: "#3d4f9f", Accent: "#9be564", Label: "FLUKE & WORMS"},
		},
		// 28
		{
			Name:         "Piperazine Poultry & Pig Dewormer",
			Slug:         "piperazine-dewormer",
			Description:  "Soluble powder against roundworms in chickens, ducks and pigs. Mix in the day's drinking water as directed on the sachet and repeat after 4-6 weeks.",
			CategorySlug: "dewormers",
			Variants:     vars("MB-PIP", sz{"250 grams", 380, 160}, sz{"500 grams", 690, 90}),
			Look:         Look{Pack: "sachet", Color: "#4b6cb7", Accent: "#ffd23f", Label: "POULTRY & PIGS"},
		},
		// 29
		{
			Name:         "Ivermectin 0.5% Pour-On",
			Slug:         "ivermectin-pour-on",
			Description:  "Pour-on for cattle that controls internal worms, lice and mange mites. Apply 1 ml per 10 kg body weight along the backline from shoulders to tail head.",
			CategorySlug: "dewormers",
			Variants:     vars("MB-IVP", sz{"500 ml", 1650, 40}, sz{"1 litre", 2950, 0}),
			Look:         Look{Pack: "jerrycan", Color: "#1d3d6b", Accent: "#5bc0eb", Label: "POUR-ON"},
		},
		// 30
		{
			Name:         "Mifugo Bora Dairy Mineral Premix",
			Slug:         "dairy-mineral-premix",
			Description:  "Minerals and vitamins for dairy cows to support fertility, milk yield and strong hooves. Mix 100 grams per cow per day into dairy meal or sprinkle on chopped fodder.",
			CategorySlug: "supplements",
			Variants:     vars("MB-DMP", sz{"500 grams", 280, 230}, sz{"1 Kg", 490, 260}),
			Reviews: []Review{
				{"Chebet L., Kericho", 5, "Since adding this my cows come on heat on time again.", 18},
				{"Gitau D., Ruiru", 4, "Good mineral; the 1 Kg tub has a proper lid, which helps.", 66},
			},
			Look: Look{Pack: "tub", Color: "#6a3d9a", Accent: "#f4c542", Label: "DAIRY MINERALS"},
		},
		// 31
		{
			Name:         "Mifugo Bora Poultry Vitamin Premix",
			Slug:         "poultry-vitamin-premix",
			Description:  "Vitamin and trace-mineral premix for farmers mixing their own chicken feed. Add 250 grams to every 100 Kg of home-made feed.",
			CategorySlug: "supplements",
			Variants:     vars("MB-PVP", sz{"250 grams", 260, 180}, sz{"500 grams", 460, 120}, sz{"1 Kg", 820, 70}),
			Look:         Look{Pack: "sachet", Color: "#7b3f98", Accent: "#ffd23f", Label: "POULTRY PREMIX"},
		},
		// 32
		{
			Name:         "Mifugo Bora Egg Booster",
			Slug:         "egg-booster",
			Description:  "Vitamins, amino acids and calcium that help hens keep laying through stress and moulting. Mix in drinking water for 5-7 days each month.",
			CategorySlug: "supplements",
			NewArrival:   true,
			Variants:     vars("MB-EGB", sz{"250 grams", 320, 150}, sz{"500 grams", 580, 90}),
			Look:         Look{Pack: "sachet", Color: "#d98e04", Accent: "#7a1f1f", Label: "EGG BOOSTER"},
		},
		// 33
		{
			Name:         "Electrolytes & Multivitamin Soluble Powder",
			Slug:         "electrolyte-multivitamin-powder",
			Description:  "Fights heat stress and dehydration in poultry, calves and pigs during hot weather, transport and vaccination. Dissolve in drinking water for 3-5 days.",
			CategorySlug: "supplements",
			Promo:        "seasonal",
			Variants:     vars("MB-ELV", sz{"250 grams", 350, 140}, sz{"500 grams", 620, 80}),
			Reviews: []Review{
				{"Omondi C., Busia", 5, "Saved my broilers during the February heat. I keep a sachet in stock now.", 29},
			},
			Look: Look{Pack: "sachet", Color: "#0e8a9c", Accent: "#ffffff", Label: "ELECTROLYTES"},
		},
		// 34
		{
			Name:         "Mifugo Bora Pig Mineral & Vitamin Premix",
			Slug:         "pig-mineral-premix",
			Description:  "Completes home-mixed pig rations with calcium, phosphorus, zinc and vitamins for strong legs and good appetite. Add 2.5 Kg per 100 Kg of feed.",
			CategorySlug: "supplements",
			Variants:     vars("MB-PMP", sz{"500 grams", 300, 110}, sz{"1 Kg", 540, 95}),
			Look:         Look{Pack: "tub", Color: "#8e3b6a", Accent: "#ffd6e0", Label: "PIG PREMIX"},
		},
		// 35
		{
			Name:         "Mifugo Bora Goat & Sheep Mineral Premix",
			Slug:         "goat-sheep-mineral-premix",
			Description:  "Copper-balanced minerals for goats and sheep, safe for sheep when fed as directed. Mix 20-30 grams per animal per day into concentrates.",
			CategorySlug: "supplements",
			NewArrival:   true,
			Variants:     vars("MB-GSM", sz{"500 grams", 290, 85}, sz{"1 Kg", 520, 60}),
			Look:         Look{Pack: "tub", Color: "#5a6e2b", Accent: "#f1e4b3", Label: "GOAT & SHEEP"},
		},
		// 36
		{
			Name:         "Live Yeast Rumen Booster",
			Slug:         "rumen-yeast-booster",
			Description:  "Live yeast that stabilises the rumen, improves fibre digestion and reduces acidosis on high-concentrate diets. Give 10-20 grams per cow per day mixed in dairy meal.",
			CategorySlug: "supplements",
			NewArrival:   true,
			Variants:     vars("MB-RYB", sz{"500 grams", 650, 45}, sz{"1 Kg", 1180, 30}),
			Look:         Look{Pack: "box", Color: "#7b5e2a", Accent: "#f6e3b4", Label: "RUMEN YEAST"},
		},
		// 37
		{
			Name:         "Cal-Phos Oral Liquid",
			Slug:         "cal-phos-oral-liquid",
			Description:  "Calcium, phosphorus and magnesium drench that helps prevent milk fever in high-yielding cows. Give in the days around calving as directed on the label.",
			CategorySlug: "supplements",
			Variants:     vars("MB-CPL", sz{"500 ml", 950, 55}, sz{"1 litre", 1800, 40}),
			Look:         Look{Pack: "bottle", Color: "#5c3c8c", Accent: "#ffffff", Label: "CALCIUM LIQUID"},
		},
		// 38
		{
			Name:         "Oyster Shell Grit",
			Slug:         "oyster-shell-grit",
			Description:  "Crushed oyster shell that gives laying hens extra calcium for strong eggshells. Offer free choice in a separate feeder.",
			CategorySlug: "supplements",
			Variants:     vars("MB-OSG", sz{"500 grams", 150, 300}, sz{"1 Kg", 250, 220}),
			Look:         Look{Pack: "sachet", Color: "#8a7f70", Accent: "#ffffff", Label: "SHELL GRIT"},
		},
		// 39
		{
			Name:         "Amitraz 12.5% Tick & Mange Dip",
			Slug:         "amitraz-tick-dip",
			Description:  "Concentrated acaricide for spraying or dipping cattle, sheep, goats and pigs against ticks, mange and lice. Mix 20 ml in 10 litres of water for spraying; not for horses.",
			CategorySlug: "chemicals",
			Promo:        "seasonal",
			Variants:     vars("MB-AMZ", sz{"20 ml", 160, 260}, sz{"120 ml", 520, 150}, sz{"500 ml", 1580, 60}, sz{"1 litre", 2800, 45}),
			Reviews: []Review{
				{"Kiprono K., Uasin Gishu", 5, "Kills the ticks well during the rains. I spray every week.", 14},
				{"Naliaka D., Kakamega", 3, "Works, but the smell is strong, so wear a mask and gloves.", 49},
			},
			Look: Look{Pack: "bottle", Color: "#8e1b1b", Accent: "#ffd23f", Label: "TICK DIP"},
		},
		// 40
		{
			Name:         "Cypermethrin 10% Spray & Dip",
			Slug:         "cypermethrin-spray-dip",
			Description:  "Knocks down ticks, tsetse, biting flies and lice on cattle, sheep and goats. Dilute 1 ml per litre of water for spraying and keep away from fish ponds.",
			CategorySlug: "chemicals",
			Variants:     vars("MB-CYP", sz{"120 ml", 450, 120}, sz{"500 ml", 1380, 70}, sz{"1 litre", 2450, 50}),
			Look:         Look{Pack: "jerrycan", Color: "#b5302a", Accent: "#ffe066", Label: "TICKS & FLIES"},
		},
		// 41
		{
			Name:         "Poultry Mites & Lice Dusting Powder",
			Slug:         "mites-lice-powder",
			Description:  "Permethrin dust for chickens, nest boxes and litter against mites, lice and fleas. Dust birds lightly under the wings and around the vent, and repeat after 10 days.",
			CategorySlug: "chemicals",
			Variants:     vars("MB-MLP", sz{"250 grams", 280, 130}, sz{"500 grams", 480, 75}),
			Look:         Look{Pack: "sachet", Color: "#5b6b2f", Accent: "#ffd23f", Label: "MITES & LICE"},
		},
		// 42
		{
			Name:         "Iodine Teat Dip",
			Slug:         "iodine-teat-dip",
			Description:  "Ready-to-use iodine dip that protects teats from mastitis germs after milking. Dip each teat right after every milking; do not dilute.",
			CategorySlug: "chemicals",
			NewArrival:   true,
			Variants:     vars("MB-ITD", sz{"500 ml", 650, 80}, sz{"1 litre", 1150, 65}),
			Reviews: []Review{
				{"Wanjiku M., Kiambu", 5, "Mastitis cases dropped since we started dipping every milking.", 4},
			},
			Look: Look{Pack: "jerrycan", Color: "#7a3b1f", Accent: "#ffc857", Label: "TEAT DIP"},
		},
		// 43
		{
			Name:         "Farm Disinfectant Concentrate",
			Slug:         "farm-disinfectant",
			Description:  "Broad-spectrum disinfectant for poultry houses, pig pens, calf pens and footbaths. Dilute 10 ml per litre of water for routine cleaning.",
			CategorySlug: "chemicals",
			Variants:     vars("MB-FDC", sz{"500 ml", 850, 90}, sz{"1 litre", 1500, 70}),
			Look:         Look{Pack: "bottle", Color: "#0b7a75", Accent: "#ffffff", Label: "DISINFECTANT"},
		},
		// 44
		{
			Name:         "Copper Sulphate Foot Bath Crystals",
			Slug:         "copper-sulphate-footbath",
			Description:  "Blue crystals for hoof footbaths that help prevent foot rot in cattle, sheep and goats. Dissolve 1 Kg in 20 litres of water for a 5% footbath.",
			CategorySlug: "chemicals",
			Variants:     vars("MB-CUS", sz{"1 Kg", 450, 0}),
			Look:         Look{Pack: "box", Color: "#1565c0", Accent: "#ffffff", Label: "FOOT BATH"},
		},
		// 45
		{
			Name:         "Mifugo Bora DCP 18% Feed Grade Powder",
			Slug:         "dcp-feed-grade-powder",
			Description:  "Dicalcium phosphate with 18% phosphorus and 23% calcium for strong bones, good fertility and milk. Mix 1.5-2 Kg per 100 Kg of home-made feed or give dairy cows 50-100 grams a day.",
			CategorySlug: "dcp",
			Promo:        "bulk",
			Variants:     vars("MB-DCP", sz{"1 Kg", 190, 320}, sz{"10 Kg", 1650, 140}, sz{"20 Kg", 3150, 90}, sz{"70 Kg", 10300, 35}),
			Reviews: []Review{
				{"Mwangi P., Nyeri", 5, "Clean white powder, mixes well into my home-made dairy ration.", 10},
				{"Auma R., Homa Bay", 4, "Good quality. I buy the 10 Kg bag for my layers.", 55},
			},
			Look: Look{Pack: "bag", Color: "#4a5a6a", Accent: "#e0e6ea", Label: "DCP 18% P"},
		},
		// 46
		{
			Name:         "Mifugo Bora DCP Granular Poultry Grade",
			Slug:         "dcp-granular-poultry",
			Description:  "Free-flowing granular dicalcium phosphate that mixes evenly into poultry and pig feeds without dust. Use 1.5-2 Kg per 100 Kg of feed.",
			CategorySlug: "dcp",
			Variants:     vars("MB-DCPG", sz{"10 Kg", 1750, 60}, sz{"20 Kg", 3350, 45}, sz{"70 Kg", 11200, 20}),
			Look:         Look{Pack: "bag", Color: "#37474f", Accent: "#ffcc80", Label: "DCP GRANULAR"},
		},
		// 47
		{
			Name:         "Mifugo Bora DCP & Salt Mix",
			Slug:         "dcp-salt-mix",
			Description:  "Ready mix of DCP and livestock salt for cattle, goats and sheep on pasture. Offer free choice in a covered trough so animals take what they need.",
			CategorySlug: "dcp",
			NewArrival:   true,
			Variants:     vars("MB-DCPS", sz{"1 Kg", 170, 260}, sz{"10 Kg", 1450, 80}, sz{"20 Kg", 2750, 50}),
			Look:         Look{Pack: "bag", Color: "#546e7a", Accent: "#fff3c4", Label: "DCP + SALT"},
		},
		// 48
		{
			Name:         "Mifugo Bora DCP Dairy Premix",
			Slug:         "dcp-dairy-premix",
			Description:  "DCP blended with trace minerals and vitamins for high-yielding dairy cows. Give 100 grams per cow per day in the dairy meal.",
			CategorySlug: "dcp",
			Variants:     vars("MB-DCPD", sz{"1 Kg", 260, 150}, sz{"10 Kg", 2300, 55}, sz{"20 Kg", 4400, 30}, sz{"70 Kg", 14500, 12}),
			Look:         Look{Pack: "bag", Color: "#2e5d6f", Accent: "#f2c14e", Label: "DCP DAIRY"},
		},
	}
}
