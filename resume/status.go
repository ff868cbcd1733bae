package resume

// Status is where a call stands. It is updated by every event and costs
// nothing to read.
type Status uint8

const (
	// StatusReceiving: the bytes so far are a valid prefix of a JSON value.
	StatusReceiving Status = iota
	// StatusComplete: the bytes form a whole JSON value, but the end signal
	// has not come. The call must not run yet.
	StatusComplete
	// StatusReady: whole, valid, ended, and the gate check passed. Only a
	// ready call may run. A call becomes ready at most once.
	StatusReady
	// StatusInvalid: the bytes are not JSON; Err is the tokenizer's
	// *tokenizer.SyntaxError with the offset of the first bad byte.
	StatusInvalid
	// StatusIncomplete: the end signal came while the value was unfinished
	// (Err wraps io.ErrUnexpectedEOF), or the stream stopped without an
	// end signal (Err wraps ErrNoEnd).
	StatusIncomplete
	// StatusTooLarge: a byte cap was passed; Err wraps ErrTooLarge or
	// ErrTotalTooLarge. Later deltas are refused.
	StatusTooLarge
	// StatusRejected: the ready gate refused whole, valid arguments: the
	// call is hosted (run by the provider), and Err is ErrHosted; they
	// are not an object (ErrNotObject); an object in them has a name
	// twice (a *DuplicateNameError); or the gate check failed, and Err is
	// a *CheckError. Or, at any time, an event gave the call an id or name
	// longer than MaxIdentityBytes (ErrIdentityTooLong).
	StatusRejected
)

var statusNames = [...]string{"receiving", "complete", "ready", "invalid", "incomplete", "too-large", "rejected"}

func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "unknown"
}
