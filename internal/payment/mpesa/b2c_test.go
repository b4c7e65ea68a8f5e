package mpesa

import (
	"crypto/rsa"
	"encoding/base64"
	"testing"
)

// The SecurityCredential is the raw password, RSA PKCS #1 v1.5 encrypted
// with the certificate's key and base64-encoded: the key's owner reads the
// password back, and each encryption differs (random padding).
func TestSecurityCredential(t *testing.T) {
	keys, err := sharedSimKeys()
	if err != nil {
		t.Fatal(err)
	}
	a, err := SecurityCredential("Safaricom#999", keys.cert)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := SecurityCredential("Safaricom#999", keys.cert)
	if a == b {
		t.Fatal("two credentials alike: the padding is not random")
	}
	raw, err := base64.StdEncoding.DecodeString(a)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := rsa.DecryptPKCS1v15(nil, keys.key, raw)
	if err != nil || string(plain) != "Safaricom#999" {
		t.Fatalf("decrypted %q, %v", plain, err)
	}
	if _, err := SecurityCredential("x", []byte("not a certificate")); err == nil {
		t.Fatal("a credential from no certificate")
	}
}

// Results as Safaricom's own samples write them.
func TestParseResultForgivesTheSamples(t *testing.T) {
	for name, tc := range map[string]struct {
		body               string
		code, key, value   string
		originator, convID string
	}{
		"b2c success, numbers": {`{"Result":{"ResultType":0,"ResultCode":0,"ResultDesc":"ok","OriginatorConversationID":"RF1","ConversationID":"AG_1","TransactionID":"NLJ41HAY6Q",
			"ResultParameters":{"ResultParameter":[{"Key":"TransactionAmount","Value":10},{"Key":"TransactionReceipt","Value":"NLJ41HAY6Q"},{"Key":"B2CUtilityAccountAvailableFunds","Value":10116.00}]}}}`,
			"0", "TransactionReceipt", "NLJ41HAY6Q", "RF1", "AG_1"},
		"balance, a string code": {`{"Result":{"ResultType":"0","ResultCode":"0","ResultDesc":"ok","OriginatorConversationID":"x","ConversationID":"AG_2",
			"ResultParameters":{"ResultParameter":[{"Key":"AccountBalance","Value":"Utility Account|KES|228037.00|228037.00|0.00|0.00"},{"Key":"BOCompletedTime","Value":20200109125710}]}}}`,
			"0", "AccountBalance", "Utility Account|KES|228037.00|228037.00|0.00|0.00", "x", "AG_2"},
		"reversal failure, text code, no parameters": {`{"Result":{"ResultType":0,"ResultCode":"R000002","ResultDesc":"The OriginalTransactionID is invalid.","OriginatorConversationID":"y","ConversationID":"AG_3","TransactionID":"OAK0000000"}}`,
			"R000002", "", "", "y", "AG_3"},
		"one parameter as an object, a key with a space": {`{"Result":{"ResultCode":1,"OriginatorConversationID":"z","ConversationID":"AG_4","ResultParameters":{"ResultParameter":{"Key":"Transaction ID","Value":"TK1"}}}}`,
			"1", "TransactionID", "TK1", "z", "AG_4"},
	} {
		r, err := ParseResult([]byte(tc.body))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if r.Code != tc.code || r.Param(tc.key) != tc.value || r.OriginatorConversationID != tc.originator || r.ConversationID != tc.convID {
			t.Errorf("%s: %+v", name, r)
		}
	}
	// The status query's sample names DebitPartyName twice: both are kept.
	r, err := ParseResult([]byte(`{"Result":{"ResultCode":0,"ConversationID":"AG_5","ResultParameters":{"ResultParameter":[{"Key":"DebitPartyName","Value":"600310 - Safaricom333"},{"Key":"DebitPartyName","Value":"254708374149 - John Doe"},{"Key":"CreditPartyCharges"}]}}}`))
	if err != nil || len(r.Params["DebitPartyName"]) != 2 || r.Params["CreditPartyCharges"][0] != "" {
		t.Fatalf("%+v %v", r, err)
	}
	if _, err := ParseResult([]byte(`{"Result":{"ResultCode":0}}`)); err == nil {
		t.Fatal("a result naming no conversation read")
	}
	if got := ParseBalances("Working Account|KES|700000.00|700000.00|0.00|0.00&Utility Account|KES|228037.50|228037.00|0.00|0.00&Charges Paid Account|KES|-1540.00|-1540.00|0.00|0.00"); len(got) != 3 ||
		got[1] != (Balance{"Utility Account", 22803750}) || got[2].Available != -154000 {
		t.Fatalf("balances %+v", got)
	}
}
