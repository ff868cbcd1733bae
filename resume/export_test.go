package resume

// HeldBytes is the argument bytes a Set counts against
// Options.MaxTotalBytes, for the tests of package resume_test.
func HeldBytes(s *Set) int64 { return s.total }
