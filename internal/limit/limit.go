// Package limit reads a limit as the Options of this module's packages
// give it: zero means the package's default, and a negative value the
// largest limit there is (no limit, where nothing else bounds it).
package limit

// Of returns the limit that v sets: def for zero, and most for a negative
// value or one above most.
func Of[T int | int64](v, def, most T) T {
	switch {
	case v == 0:
		return def
	case v < 0 || v > most:
		return most
	}
	return v
}
