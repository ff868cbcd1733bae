package tokenizer

// ValidFast and ValidDepth are validFast and validDepth for the
// package's external tests.
var ValidFast = validFast

const ValidDepth = validDepth
