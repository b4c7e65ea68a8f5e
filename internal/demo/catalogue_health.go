package demo

// healthProducts are products 24 on: dewormers, supplements, chemicals and
// DCP.
func healthProducts() []Product {
	return []Product{
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
