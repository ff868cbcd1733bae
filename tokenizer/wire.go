package tokenizer

// literalKinds are the kinds of jsonwire.Literals, in order.
var literalKinds = [3]Kind{True, False, Null}
