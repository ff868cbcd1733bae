package provider

// NOTE: the AWS event-stream framing (application/vnd.amazon.eventstream),
// as Bedrock's InvokeModelWithResponseStream and ConverseStream send it.
// A frame is
//
//	total length (4, big endian) | headers length (4) | prelude CRC32 (4)
//	headers | payload | message CRC32 (4)
//
// Both CRCs are IEEE: the prelude CRC covers the first 8 bytes, the message
// CRC everything before it. A header is name length (1), name, value type
// (1), value. The prelude is checked as soon as its 12 bytes arrive, so a
// corrupt length never makes the Reader wait for, or buffer, a frame that
// is not there.

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"io"
)

const (
	esPrelude = 12
	esMinSize = esPrelude + 4 // no headers, no payload
)

// esValueSize is the size of each header value type, or -1 for the two
// types with a 2-byte length before the value (6 bytes, 7 string).
var esValueSize = [...]int8{0: 0, 1: 0, 2: 1, 3: 2, 4: 4, 5: 8, 6: -1, 7: -1, 8: 8, 9: 16}

const esString = 7

// esHeaders are the headers the Reader looks at, all strings.
type esHeaders struct {
	messageType, eventType, exceptionType, errorCode, errorMessage []byte
}

func (r *Reader) nextFrame() (Message, bool, error) {
	for {
		b := r.buf[r.rd:r.wr]
		off := r.offset(r.rd)
		if len(b) < esPrelude {
			switch {
			case !r.eof:
				r.want = esPrelude
				return Message{}, false, nil
			case len(b) == 0:
				return Message{}, false, io.EOF
			}
			return Message{}, false, cut(off, 0, "an event-stream prelude")
		}
		total := binary.BigEndian.Uint32(b)
		hlen := binary.BigEndian.Uint32(b[4:])
		if got, want := crc32.ChecksumIEEE(b[:8]), binary.BigEndian.Uint32(b[8:]); got != want {
			return Message{}, false, &Error{Offset: off, Err: fmt.Errorf("prelude CRC %08x, frame says %08x: %w", got, want, ErrChecksum)}
		}
		if total < esMinSize || hlen > total-esMinSize {
			return Message{}, false, &Error{Offset: off, Err: fmt.Errorf("%w: frame of %d bytes with %d bytes of headers", ErrFraming, total, hlen)}
		}
		if uint64(total) > uint64(r.max) {
			return Message{}, false, r.tooLarge(off, 0, fmt.Sprintf("event-stream frame of %d bytes is", total))
		}
		if len(b) < int(total) {
			if !r.eof {
				r.want = int(total)
				return Message{}, false, nil
			}
			return Message{}, false, cut(off, 0, "an event-stream frame")
		}
		r.want = 0
		f := b[:total]
		if got, want := crc32.ChecksumIEEE(f[:total-4]), binary.BigEndian.Uint32(f[total-4:]); got != want {
			return Message{}, false, &Error{Offset: off, Err: fmt.Errorf("message CRC %08x, frame says %08x: %w", got, want, ErrChecksum)}
		}
		h, err := parseHeaders(f[esPrelude : esPrelude+hlen])
		if err != nil {
			return Message{}, false, &Error{Offset: off, Err: err}
		}
		payload := f[esPrelude+hlen : total-4 : total-4]
		r.rd += int(total)
		switch string(h.messageType) {
		case "event", "":
			m := Message{Data: payload, Offset: off}
			if len(h.eventType) > 0 {
				m.Event = h.eventType
			}
			return m, true, nil
		case "exception", "error":
			return Message{}, false, &Error{Offset: off, Err: providerError(h, payload)}
		}
		// Another message type carries no event: skip it.
	}
}

// parseHeaders picks the string headers the Reader needs out of b,
// aliasing it, and checks that every header is whole and of a known type.
func parseHeaders(b []byte) (esHeaders, error) {
	var h esHeaders
	for i := 0; i < len(b); {
		n := int(b[i])
		i++
		if i+n+1 > len(b) {
			return h, fmt.Errorf("%w: event-stream header name cut off", ErrFraming)
		}
		name := b[i : i+n]
		i += n
		typ := b[i]
		i++
		if int(typ) >= len(esValueSize) {
			return h, fmt.Errorf("%w: event-stream header %q has unknown value type %d", ErrFraming, name, typ)
		}
		size := int(esValueSize[typ])
		if size < 0 {
			if i+2 > len(b) {
				return h, fmt.Errorf("%w: event-stream header %q cut off", ErrFraming, name)
			}
			size = int(binary.BigEndian.Uint16(b[i:]))
			i += 2
		}
		if i+size > len(b) {
			return h, fmt.Errorf("%w: event-stream header %q cut off", ErrFraming, name)
		}
		if typ == esString {
			v := b[i : i+size]
			switch string(name) {
			case ":message-type":
				h.messageType = v
			case ":event-type":
				h.eventType = v[:size:size]
			case ":exception-type":
				h.exceptionType = v
			case ":error-code":
				h.errorCode = v
			case ":error-message":
				h.errorMessage = v
			}
		}
		i += size
	}
	return h, nil
}

// providerError describes an exception or error frame: its type or code,
// and its message: the message its payload carries (AWS sends
// {"message": "..."}), else an error frame's :error-message header, else
// the payload's first bytes.
func providerError(h esHeaders, payload []byte) error {
	kind := h.exceptionType
	if len(kind) == 0 {
		kind = h.errorCode
	}
	var body struct {
		Message string `json:"message"`
	}
	msg := string(payload[:min(len(payload), 256)])
	switch {
	case json.Unmarshal(payload, &body) == nil && body.Message != "":
		msg = body.Message
	case len(h.errorMessage) > 0:
		msg = string(h.errorMessage[:min(len(h.errorMessage), 256)])
	}
	return fmt.Errorf("%s %s: %q: %w", h.messageType, kind, msg, ErrProvider)
}
