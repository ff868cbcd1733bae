// Package corpus is deltajson's test data: it reads whole recorded LLM
// provider streams into provider-neutral tool-call events, through package
// provider, and ships the project's own streams for the cases real
// recordings rarely show.
//
// # Reading streams
//
// Read turns a whole recorded stream into []resume.Event, with package
// provider's Reader and Decoder: every format provider reads, in any
// container. Detect names the format from the first payloads (at most 64).
// Live traffic goes through package provider, which reads as the bytes
// arrive; Read holds the whole stream.
//
// The smallest use:
//
//	events, err := corpus.Read(bytes.NewReader(recorded), corpus.FormatAuto)
//
// # Data
//
// Streams returns the embedded streams of the streams folder, each with an
// ".expect.json" sidecar giving the exact argument text of every call.
// They are written by internal/gen (go generate) and committed. ToolArgs
// makes tool arguments of a given size. The loaders of the data that
// lives outside the repository are the module's own (internal/fixtures).
//
// # Limits
//
// So that its memory stays bounded, Read refuses with ErrTooLarge a
// stream longer than MaxStreamBytes, of more than MaxEvents events, or
// past one of package provider's caps.
package corpus
