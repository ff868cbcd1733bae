//go:build !((amd64 && go1.17 && !go1.28) || (arm64 && go1.20 && !go1.28))

package repair

const decoderName = "encoding/json"

func unmarshal(b []byte, v any, rejectUnknown bool) error {
	return decodeStd(b, v, rejectUnknown)
}
