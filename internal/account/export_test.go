package account

// SetCheckPassword replaces the sign-in's password check for a test and
// returns what puts the real one back.
func SetCheckPassword(f func(hash, password string) (bool, error)) (restore func()) {
	old := checkPassword
	checkPassword = f
	return func() { checkPassword = old }
}
