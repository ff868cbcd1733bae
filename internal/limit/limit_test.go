package limit

import "testing"

func TestOf(t *testing.T) {
	for _, tc := range []struct{ v, want int }{{0, 10}, {-1, 100}, {-5, 100}, {1, 1}, {100, 100}, {101, 100}} {
		if got := Of(tc.v, 10, 100); got != tc.want {
			t.Errorf("Of(%d, 10, 100) = %d, want %d", tc.v, got, tc.want)
		}
	}
}
