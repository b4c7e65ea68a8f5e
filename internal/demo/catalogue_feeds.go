package demo

// feedProducts are products 1 to 23: the feeds, with the best-selling
// dewormer third among the best sellers.
func feedProducts() []Product {
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
	}
}
