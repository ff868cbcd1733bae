package corpus

// NOTE: the AWS event-stream framing, as Bedrock's invoke-with-response-stream
// sends it. A frame is
//
//	total length (4, big endian) | headers length (4) | prelude CRC32 (4)
//	headers | payload | message CRC32 (4)
//
// Both CRCs are IEEE CRC32: the prelude CRC covers the first 8 bytes, the
// message CRC everything before it. A header is name length (1), name,
// value type (1), value.

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"io"
)

const (
	esPrelude = 12
	esMinSize = esPrelude + 4
	// esMaxSize bounds a frame so that a corrupt length cannot ask for
	// gigabytes; AWS documents 16 MiB.
	esMaxSize = 16 << 20
)

// looksLikeEventStream reports whether b starts with a frame prelude whose
// CRC checks out. Text never passes by chance in practice.
func looksLikeEventStream(b []byte) bool {
	if len(b) < esPrelude {
		return false
	}
	total := binary.BigEndian.Uint32(b)
	return total >= esMinSize && total <= esMaxSize &&
		crc32.ChecksumIEEE(b[:8]) == binary.BigEndian.Uint32(b[8:])
}

// esFrame is one decoded event-stream message.
type esFrame struct {
	off     int64
	headers map[string]string // string-valued headers only
	payload []byte
}

// splitEventStream decodes frames and unwraps Bedrock's
// {"bytes": base64(Anthropic event)} payloads.
func splitEventStream(b []byte, yield func(payload) bool) error {
	for off := 0; off < len(b); {
		f, n, err := readFrame(b[off:])
		if err != nil {
			return &Error{Format: FormatBedrock, Offset: int64(off), Err: err}
		}
		f.off = int64(off)
		p, err := unwrapBedrock(f)
		if err != nil {
			return &Error{Format: FormatBedrock, Offset: int64(off), Err: err}
		}
		if p != nil && !yield(payload{data: p, off: int64(off), event: f.headers[":event-type"]}) {
			return nil
		}
		off += n
	}
	return nil
}

func readFrame(b []byte) (esFrame, int, error) {
	var f esFrame
	if len(b) < esPrelude {
		return f, 0, fmt.Errorf("event-stream prelude cut off: %w", io.ErrUnexpectedEOF)
	}
	total := binary.BigEndian.Uint32(b)
	hlen := binary.BigEndian.Uint32(b[4:])
	if got, want := crc32.ChecksumIEEE(b[:8]), binary.BigEndian.Uint32(b[8:]); got != want {
		return f, 0, fmt.Errorf("prelude CRC %08x, frame says %08x: %w", got, want, ErrChecksum)
	}
	if total < esMinSize || total > esMaxSize || hlen > total-esMinSize {
		return f, 0, fmt.Errorf("bad frame lengths: total %d, headers %d", total, hlen)
	}
	if uint32(len(b)) < total {
		return f, 0, fmt.Errorf("event-stream frame of %d bytes has %d: %w", total, len(b), io.ErrUnexpectedEOF)
	}
	msg := b[:total]
	if got, want := crc32.ChecksumIEEE(msg[:total-4]), binary.BigEndian.Uint32(msg[total-4:]); got != want {
		return f, 0, fmt.Errorf("message CRC %08x, frame says %08x: %w", got, want, ErrChecksum)
	}
	h, err := parseHeaders(msg[esPrelude : esPrelude+hlen])
	if err != nil {
		return f, 0, err
	}
	f.headers = h
	f.payload = msg[esPrelude+hlen : total-4]
	return f, int(total), nil
}

// esValueSize is the fixed size of each header value type, or -1 for the
// two length-prefixed types (6 bytes, 7 string).
var esValueSize = [...]int{0: 0, 1: 0, 2: 1, 3: 2, 4: 4, 5: 8, 6: -1, 7: -1, 8: 8, 9: 16}

func parseHeaders(b []byte) (map[string]string, error) {
	h := make(map[string]string)
	for i := 0; i < len(b); {
		n := int(b[i])
		i++
		if i+n+1 > len(b) {
			return nil, fmt.Errorf("header name cut off")
		}
		name := string(b[i : i+n])
		i += n
		typ := int(b[i])
		i++
		if typ >= len(esValueSize) {
			return nil, fmt.Errorf("header %q: unknown value type %d", name, typ)
		}
		size := esValueSize[typ]
		if size < 0 {
			if i+2 > len(b) {
				return nil, fmt.Errorf("header %q cut off", name)
			}
			size = int(binary.BigEndian.Uint16(b[i:]))
			i += 2
		}
		if i+size > len(b) {
			return nil, fmt.Errorf("header %q cut off", name)
		}
		if typ == 7 {
			h[name] = string(b[i : i+size])
		}
		i += size
	}
	return h, nil
}

func unwrapBedrock(f esFrame) ([]byte, error) {
	switch mt := f.headers[":message-type"]; mt {
	case "event", "":
	case "exception", "error":
		kind := f.headers[":exception-type"]
		if kind == "" {
			kind = f.headers[":error-code"]
		}
		return nil, fmt.Errorf("%s %s: %s: %w", mt, kind, f.payload, ErrProvider)
	default:
		return nil, nil
	}
	var w struct {
		Bytes *string `json:"bytes"`
	}
	if err := json.Unmarshal(f.payload, &w); err != nil {
		return nil, fmt.Errorf("bad frame payload: %w", err)
	}
	if w.Bytes == nil {
		return nil, nil
	}
	p, err := base64.StdEncoding.DecodeString(*w.Bytes)
	if err != nil {
		return nil, fmt.Errorf("bad base64 in frame payload: %w", err)
	}
	return p, nil
}
