package httpapi_test

import "strconv"

func amount(s string) float64 {
	f, _ := strconv.ParseFloat(s, 64)
	return f
}

func itoa(i int) string { return strconv.Itoa(i) }
