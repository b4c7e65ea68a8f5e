package i18n

import (
	"regexp"
	"strings"
)

// A size is written by the admin as a number and a unit ("250 grams",
// "1 litre", "70 Kg"). Kiswahili puts the unit first ("gramu 250", "lita 1",
// "kilo 70"), so the shop turns the English form into the Kiswahili one where
// it shows a size to a Kiswahili reader, instead of keeping a second copy of
// every size (docs/i18n.md, "Sizes").
var sizePattern = regexp.MustCompile(`^\s*(\d+(?:[.,]\d+)?)\s*([A-Za-z]+)\.?\s*$`)

// swUnits are the units as Kiswahili names them, keyed by the English unit in
// lower case. Kiswahili nouns of this class do not change in the plural.
var swUnits = map[string]string{
	"g": "gramu", "gm": "gramu", "gms": "gramu", "gram": "gramu", "grams": "gramu", "gramme": "gramu", "grammes": "gramu",
	"kg": "kilo", "kgs": "kilo", "kilo": "kilo", "kilos": "kilo", "kilogram": "kilo", "kilograms": "kilo",
	"ml": "mililita", "millilitre": "mililita", "millilitres": "mililita", "milliliter": "mililita", "milliliters": "mililita",
	"l": "lita", "ltr": "lita", "ltrs": "lita", "litre": "lita", "litres": "lita", "liter": "lita", "liters": "lita",
	"tablet": "vidonge", "tablets": "vidonge", "dose": "dozi", "doses": "dozi",
	"sachet": "pakiti", "sachets": "pakiti", "pack": "pakiti", "packs": "pakiti",
}

// Size is size as l writes it: unchanged in English, and in Kiswahili the
// unit's Kiswahili name before the number ("250 grams" → "gramu 250",
// "1.5 litres" → "lita 1.5"). A size that is not a number and a unit the
// shop knows ("Large", "Bundle of 3") is shown as the admin wrote it.
func Size(l Lang, size string) string {
	if l != Kiswahili {
		return size
	}
	m := sizePattern.FindStringSubmatch(size)
	if m == nil {
		return size
	}
	unit, ok := swUnits[strings.ToLower(m[2])]
	if !ok {
		return size
	}
	return unit + " " + m[1]
}
