package backup

// SetMidway makes Take call f with its partial folder once the database is
// copied, so a test can stop a backup half-way.
func SetMidway(f func(partial string)) { midway = f }
