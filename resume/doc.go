// Package resume is the per-call stream core of deltajson: it turns the
// argument deltas of streamed LLM tool calls into calls that are safe to
// run.
//
// A handler applies every [Event] to a [Set], which keeps parallel calls
// apart; each [Call] holds its argument bytes and has a [Status] after
// every event. A call runs only when it is [StatusReady]:
//
//	calls := resume.NewSet(resume.Options{MaxBytes: 1 << 20})
//	for ev := range events { // from package provider, or your own reader
//		c, err := calls.Apply(ev)
//		if errors.Is(err, resume.ErrDuplicate) {
//			continue // a replay after a reconnect, "done" twice, or a removed call's event
//		}
//		if c != nil && c.Ended() { // ready or not, its key is free again
//			if c.Status() == resume.StatusReady {
//				run(c.Name(), c.Value())
//			}
//			calls.Remove(c.Key())
//		}
//	}
//	for _, r := range calls.Finish() { // calls that never ended
//		log.Printf("%s: %s: %v", r.Name, r.Status, r.Err)
//	}
//
// # Status
//
// A call is [StatusReceiving] while its bytes are a valid prefix,
// [StatusComplete] once they form a whole value, and [StatusInvalid] from
// the first byte that is not JSON, until final arguments in the end signal
// replace them. Nothing is [StatusReady] before its end signal. At the end, the ready gate rejects a hosted call
// ([Event.Hosted]), arguments that are not an object (unless
// [Options.AllowAnyValue]) or hold an object with a name twice (unless
// [Options.AllowDuplicateNames]), and arguments that fail
// [Options.Check], which runs once; a panic in it rejects the call.
//
// # End signals
//
// Final arguments in the end signal replace the deltas ([Result.Mismatch]
// says when they differ); empty or whitespace ones count as none. A call that ends with
// no argument bytes, or only whitespace, runs with "{}"
// ([Result.EmptyAsObject]). A second end signal is [ErrDuplicate], and a
// delta after the end [ErrEnded], or [ErrDuplicate] as a replay.
//
// # Identity
//
// A call is its key ([Event.Key]). What an event does depends on its key
// and on the call ID it names ([Event.ID], "" for none):
//
//	key                     ID named                         the event
//	held by a call          the call's, none, or a new one   is the call's (a new ID renames it)
//	held by a call          a removed or refused call's      ErrRemoved (or ErrTooManyCalls)
//	removed, with an ID     none, or one the call had        ErrRemoved: a replay
//	removed, with an ID     another                          starts a new call under the key
//	removed, with no ID     any                              ErrRemoved
//	refused past MaxCalls   none                             ErrTooManyCalls
//	new                     a removed call's                 ErrRemoved
//	new                     none, or one not seen            starts a new call
//
// [ErrRemoved] also matches [ErrDuplicate]. The Set remembers the last
// 4096 keys removed or refused, and each removed call's first and last ID
// and up to 16 between; a checkpoint holds none of this.
//
// # Reconnects and restarts
//
// With [Event.Offset], a delta whose bytes are already held is a replay:
// [ErrDuplicate] when they match, a [*ReplayError] when not; a delta past
// the bytes held is a [*GapError]. Without it, an [Event.Seq] not above the
// largest seen is a replay, checked against its first bytes while the
// last eight numbers are remembered; an unseen number in that window is
// [ErrOutOfOrder]. After the end signal, any delta numbered at or below
// the largest seen is [ErrDuplicate], and so is one placed by Offset
// inside final arguments that replaced the deltas. None of these change
// the call.
//
// [Call.Checkpoint] saves a call between events; [Restore], with the same
// argument bytes, goes on as if the call had never stopped. A restoring
// process must itself know which calls ran, and resume the stream after
// the last event it applied. Bytes given to Restore past those saved are
// one delta without Seq or Offset: resume the stream after the last delta
// they hold. An ended call keeps its saved status; the gate's options
// judge only calls that end after the restore.
//
// # Partial view and path events
//
// [Call.AppendPartial] renders valid JSON of what has arrived: open
// strings and containers closed, an unfinished name, number or literal
// left out, and nothing at all until a value can be shown; [Call.Watch] reports a value at a JSON Pointer as it grows.
// A call taken as "{}" shows "{}" from its end on, a text call its text.
// An invalid call's view stays where the bad byte was read, which may
// depend on the chunking. A name twice in an object is reported twice to
// its watch.
//
// # Caps
//
// By default a call holds at most [DefaultMaxBytes] of arguments, and a
// Set at most [DefaultMaxCalls] calls and [DefaultMaxTotalBytes] in all;
// [Options] sets or lifts each cap. The bytes that would pass a cap are
// not kept. Besides them a call holds a fixed-size state, its key, ID and
// name ([MaxIdentityBytes] each), and its buffer's spare room:
// [Options.Capacity], or at most as much again as the bytes held and
// 1 MB. A Set also holds what "Identity" says it remembers. A delta
// takes work proportional to its length, and allocates nothing once the
// buffer has room.
//
// # Observability
//
// With [Options.Logger] each call logs to log/slog, with attributes "call"
// (the key), "id", "event" and "bytes": "call start", "call delta"
// (Debug), "call status", "call end", "call refused" (Warn), "call
// duplicate end", and "call result" at the final status; a Set logs "call
// refused" for the events of a call it refused past [Options.MaxCalls].
// Argument text is logged only with [Options.LogArguments].
//
// # What it does not do
//
// It does not repair arguments (package repair does, when asked), decode
// them into Go values, or read provider wire formats (package provider
// does). A call's input is one JSON value, or free-form text when
// [Event.Text] says so: held as it comes, never parsed, and ready at its
// end unless hosted or refused by [Options.Check].
package resume
