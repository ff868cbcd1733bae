// Package eventhook is the way package provider hands a resume.Set its
// events by pointer: resume.Set.Apply takes its Event by value, a large
// struct that a caller holding the event in memory of its own copies to
// pass. It is no API: resume sets Apply as it starts, and provider reads
// it.
package eventhook

// Apply is resume's func(*resume.Set, *resume.Event) (*resume.Call,
// error): Set.Apply, with the event passed by pointer and left as it
// was. It is typed any because this package cannot import resume.
var Apply any
