package tokenizer

// VectorDocs is vectorDocs for the package's external tests.
var VectorDocs = vectorDocs
