package main

// NOTE: writing AWS event-stream frames (the layout is in
// corpus/eventstream.go) for the Bedrock stream.

import (
	"encoding/base64"
	"encoding/binary"
	"hash/crc32"
)

type esHeader struct{ name, value string }

// esFrame encodes one frame with string headers.
func esFrame(headers []esHeader, payload []byte) []byte {
	var h []byte
	for _, hd := range headers {
		h = append(h, byte(len(hd.name)))
		h = append(h, hd.name...)
		h = append(h, 7) // string
		h = binary.BigEndian.AppendUint16(h, uint16(len(hd.value)))
		h = append(h, hd.value...)
	}
	total := 12 + len(h) + len(payload) + 4
	b := binary.BigEndian.AppendUint32(nil, uint32(total))
	b = binary.BigEndian.AppendUint32(b, uint32(len(h)))
	b = binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
	b = append(b, h...)
	b = append(b, payload...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
}

// bedrockChunk wraps one Anthropic event the way Bedrock does, with the
// "p" padding field that hides payload sizes.
func bedrockChunk(event raw, pad string) []byte {
	payload := obj("bytes", base64.StdEncoding.EncodeToString([]byte(event)), "p", pad)
	return esFrame([]esHeader{
		{":event-type", "chunk"},
		{":content-type", "application/json"},
		{":message-type", "event"},
	}, []byte(payload))
}
