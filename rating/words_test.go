package rating

import "testing"

func TestString(t *testing.T) {
	cases := []struct {
		r    Rating
		want string
	}{
		{Start(), "1500 (provisional, ±350)"},
		{Rating{1523.4, 209.6, 0.06}, "1523 (provisional, ±210)"},
		{Rating{1523.5, 110, 0.06}, "1524 (provisional, ±110)"},
		{Rating{1464.05, 109.9, 0.06}, "1464 (±110)"},
		{Rating{2011.7, 62.4, 0.05}, "2012 (±62)"},
	}
	for _, c := range cases {
		if got := c.r.String(); got != c.want {
			t.Errorf("%#v: %q, want %q", c.r, got, c.want)
		}
	}
}

func TestChange(t *testing.T) {
	cases := []struct {
		before, after float64
		want          string
	}{
		{1500, 1662.3, "+162"},
		{1500, 1464.05, "-36"},
		{1523.4, 1523.6, "+1"}, // 1523 to 1524, as String shows them
		{1523.6, 1523.9, "+0"},
	}
	for _, c := range cases {
		if got := Change(Rating{R: c.before}, Rating{R: c.after}); got != c.want {
			t.Errorf("%v to %v: %q, want %q", c.before, c.after, got, c.want)
		}
	}
}
