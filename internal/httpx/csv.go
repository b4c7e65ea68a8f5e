package httpx

import "strings"

// formulaStarts are the first characters that make a spreadsheet read a
// cell as a formula (OWASP's CSV injection list).
const formulaStarts = "=+-@\t\r"

// CSVCell makes a cell of a CSV download that a spreadsheet would run as a
// formula plain text, with a leading single quote.
func CSVCell(cell string) string {
	if cell != "" && strings.IndexByte(formulaStarts, cell[0]) >= 0 {
		return "'" + cell
	}
	return cell
}

// CSVCellValue undoes CSVCell, for a file the shop exported coming back.
func CSVCellValue(cell string) string {
	if len(cell) > 1 && cell[0] == '\'' && strings.IndexByte(formulaStarts, cell[1]) >= 0 {
		return cell[1:]
	}
	return cell
}
