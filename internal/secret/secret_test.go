package secret

import "testing"

func TestTokenAndHash(t *testing.T) {
	a, b := Token(32), Token(32)
	if len(a) != 43 || a == b {
		t.Fatalf("tokens %q %q", a, b)
	}
	if got := Hash("abc"); got != "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" {
		t.Fatalf("Hash(abc) = %s", got)
	}
}
