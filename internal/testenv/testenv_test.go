package testenv

import (
	"fmt"
	"testing"
)

// fatalTB records a Fatalf instead of ending the test, so that Count's
// refusals can be checked.
type fatalTB struct {
	testing.TB
	msg string
}

func (f *fatalTB) Helper() {}

func (f *fatalTB) Fatalf(format string, args ...any) { f.msg = fmt.Sprintf(format, args...) }

func TestCount(t *testing.T) {
	for _, tc := range []struct {
		value string
		want  int // when it is taken; 0: refused
	}{
		{"", 12},
		{"1000", 1000},
		{"2", 2},
		{"1", 0},
		{"-5", 0},
		{"many", 0},
		{"3.5", 0},
	} {
		t.Setenv("WINDPOST_TEST_COUNT", tc.value)
		f := &fatalTB{TB: t}
		got := Count(f, "WINDPOST_TEST_COUNT", 2, 12)
		if tc.want == 0 {
			if want := fmt.Sprintf("WINDPOST_TEST_COUNT=%q: want a whole number, 2 or more", tc.value); f.msg != want {
				t.Errorf("%q: failure %q, want %q", tc.value, f.msg, want)
			}
			continue
		}
		if f.msg != "" || got != tc.want {
			t.Errorf("%q: got %d (failure %q), want %d", tc.value, got, f.msg, tc.want)
		}
	}
}
