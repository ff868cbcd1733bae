package resume_test

import "github.com/deltajson/deltajson/corpus"

// toolargs is the 20 KB made-up tool-argument document of the stream
// benchmarks: long CJK, emoji and escaped strings, arrays of small
// objects, numbers.
var toolargs = string(corpus.ToolArgs(20 << 10))
