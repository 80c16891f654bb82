package picture

import "testing"

// An edge's coverage is rounded to the nearest of shades steps: nothing
// and all stay, and 256 coverages give shades+1 values.
func TestShade(t *testing.T) {
	tests := []struct{ a, want uint8 }{
		{0, 0}, {31, 0}, {32, 64}, {64, 64}, {95, 64}, {96, 128}, {127, 128},
		{159, 128}, {160, 191}, {191, 191}, {223, 191}, {224, 255}, {255, 255},
	}
	for _, tt := range tests {
		if got := shade(tt.a); got != tt.want {
			t.Errorf("shade(%d) = %d, want %d", tt.a, got, tt.want)
		}
	}
	values := map[uint8]bool{}
	for a := 0; a < 256; a++ {
		values[shade(uint8(a))] = true
	}
	if len(values) != shades+1 {
		t.Errorf("%d values of shade, want %d", len(values), shades+1)
	}
}
