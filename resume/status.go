package resume

// Status is where a call stands after its last event; the package doc's
// "Status" says how a call moves between them.
type Status uint8

const (
	// StatusReceiving: the bytes so far are a valid prefix of a JSON value.
	StatusReceiving Status = iota
	// StatusComplete: the bytes form a whole JSON value, but the end signal
	// has not come, so the call must not run yet.
	StatusComplete
	// StatusReady: whole, valid, ended and past the gate; only a ready call
	// may run, and a call becomes ready at most once.
	StatusReady
	// StatusInvalid: the bytes are not JSON; [Call.Err] is the tokenizer's
	// [*tokenizer.SyntaxError].
	StatusInvalid
	// StatusIncomplete: the value was unfinished at the end signal (Err
	// wraps [io.ErrUnexpectedEOF]), or the stream stopped without one (Err
	// wraps [ErrNoEnd]).
	StatusIncomplete
	// StatusTooLarge: a byte cap was passed ([ErrTooLarge],
	// [ErrTotalTooLarge]); later deltas are refused.
	StatusTooLarge
	// StatusRejected: the ready gate refused whole, valid arguments
	// ([ErrHosted], [ErrNotObject], a [*DuplicateNameError], a
	// [*CheckError]), or an event named an ID or Name past
	// [MaxIdentityBytes].
	StatusRejected
)

var statusNames = [...]string{"receiving", "complete", "ready", "invalid", "incomplete", "too-large", "rejected"}

// String returns the status's name, such as "ready".
func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "unknown"
}
