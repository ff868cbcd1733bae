// Package corpus is the room of test data for deltajson: it reads recorded
// LLM provider streams into provider-neutral tool-call events, ships the
// project's own streams for the cases real captures rarely show, and loads
// the external JSON corpora the other packages test and benchmark against.
//
// # Reading streams
//
// Read turns a whole recorded stream into []resume.Event. It understands
// OpenAI Chat Completions (and the OpenAI-compatible vendors: Groq,
// DeepSeek, Mistral, llama.cpp, Writer, Alibaba/Qwen, OpenRouter), OpenAI
// Responses, Anthropic Messages, Gemini / Vertex, and Bedrock's binary AWS
// event-stream wrapping Anthropic events. The container is detected: raw
// SSE (comments, CRLF, [DONE]), one payload per line, a JSON array, or the
// event-stream. Detect guesses the provider from the first payloads (at
// most 64). Payloads are decoded as they are split, and none is kept.
//
// The smallest use:
//
//	events, err := corpus.Read(bytes.NewReader(recorded), corpus.FormatAuto)
//
// # Data
//
// Streams returns the embedded streams of the streams folder, each with an
// ".expect.json" sidecar giving the exact argument text of every call.
// They are written by internal/gen (go generate) and committed.
//
// GoFuzzJSON, JSONTestSuite, JSONTestSuiteSonic and BenchFile read
// external corpora in place from the module cache; Captures reads the real
// provider recordings from the shared folder beside the repository. None
// of them is copied into the repository. When a source is missing the
// error wraps ErrAbsent, so tests can skip.
//
// # What it does not do
//
// Read is for tests and tools, not for production traffic: it reads the
// whole stream into memory and is not incremental. So that its memory
// stays bounded, it refuses with ErrTooLarge a stream longer than
// MaxStreamBytes (256 MB), of more than MaxEvents events (524288), or
// with an array of more than MaxArray elements (4096) in one payload: an
// event, or a decoded element, costs more memory than the few bytes of
// stream it can come from.
// It does not check or repair argument JSON, merge events into calls
// (package resume does), or read Bedrock's Converse stream. Vertex
// partialArgs carry values rather than JSON text, so they produce one
// Final, not deltas. resume.Event has no flag for freeform (non-JSON)
// input such as OpenAI custom tools; such calls look like any other.
package corpus
