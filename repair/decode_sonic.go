//go:build (amd64 && go1.17 && !go1.28) || (arm64 && go1.20 && !go1.28)

package repair

import "github.com/bytedance/sonic"

// These build constraints copy sonic's own (sonic.go): where they hold,
// sonic runs its JIT decoder; elsewhere decode_std.go uses encoding/json.
// CopyString keeps decoded strings from pinning or aliasing the input.

var (
	sonicStd    = sonic.Config{CopyString: true}.Froze()
	sonicStrict = sonic.Config{CopyString: true, DisallowUnknownFields: true}.Froze()
)

const decoderName = "sonic"

func unmarshal(b []byte, v any, rejectUnknown bool) error {
	if rejectUnknown {
		return sonicStrict.Unmarshal(b, v)
	}
	return sonicStd.Unmarshal(b, v)
}
