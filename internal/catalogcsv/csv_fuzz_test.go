package catalogcsv

import (
	"testing"
	"unicode/utf8"
)

// FuzzReadCSV reads any file as an import: it never panics, and a row the
// row checks accept holds only UTF-8 text, which both engines store alike.
// Run longer with go test -fuzz FuzzReadCSV ./internal/catalog/.
func FuzzReadCSV(f *testing.F) {
	const head = "product_slug,product_name,category_slug,description,size,sku,price,stock,weight_kg,active,product_name_sw,description_sw\n"
	for _, s := range []string{
		head + "dairy-meal,Dairy Meal,feeds,For cows,70 Kg,DM-70,3650.00,12,70,yes,Chakula cha ng'ombe,Kwa ng'ombe\n",
		head + "dairy-meal,Dairy \xff\xfe Meal,feeds,For cows,70 Kg,DM-70,3650.00,12,70,yes,,\n",
		head + "dairy-meal,Dairy Meal,feeds,\"cut \xc3\",70 Kg,DM-70,3650.00,12,,,,\n",
		head + "dairy-meal,Dairy Meal,feeds,,70 Kg,DM-70,3650.00,12,,,\xed\xa0\x80,\n",
		"\xef\xbb\xbf" + head + "dairy-meal,Dairy Meal,feeds,,70 Kg,DM-70,3650.00,12,,,,\n",
		"\xff\xfep\x00r\x00o\x00d\x00",
		"product_slug;size;sku;price;stock\r\ndairy-meal;70 Kg;DM-70;3650,00;12\r\n",
		head + "\"dairy-meal\",\"Dairy \"\"Best\"\" Meal\",feeds,\"line one\r\nline two\",70 Kg,DM-70,3650.00,12,,,,\r\n",
		head + "dairy-meal,Dairy\x00Meal,feeds,,70 Kg,DM-70,3650.00,12,,,,\n",
		head + "dairy-meal,'=HYPERLINK(\"x\"),feeds,,70 Kg,DM-70,3650.00,12,,,,\n",
		head + "\"unterminated,Dairy Meal\n",
		head + ",,,,,,,,,,,\n\n",
		"",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		recs, err := readCSV(data)
		if err != nil {
			return
		}
		for _, rec := range recs {
			if _, bad := parseRow(rec.Fields); bad != "" {
				continue
			}
			for _, c := range CSVColumns {
				if !utf8.ValidString(rec.Fields[c]) {
					t.Fatalf("row %d accepted with %s %q", rec.Row, c, rec.Fields[c])
				}
			}
		}
	})
}
