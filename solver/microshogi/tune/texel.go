package tune

import (
	"math"
)

// Fit is how the weights are fitted. Zero fields mean defaults.
type Fit struct {
	Epochs int     // passes of gradient descent over all samples; 0 means 300
	Rate   float64 // Adam's step, in centipawns; 0 means 2
	// Lambda pulls each weight towards its start (per centipawn squared),
	// so that a weight the games say little about stays where it was.
	// 0 means 1e-7.
	Lambda float64
	// Epoch, if not nil, is told of the error after each pass.
	Epoch func(n int, err float64)
}

func (f Fit) epochs() int { return defaultTo(f.Epochs, 300) }

func (f Fit) rate() float64 {
	if f.Rate <= 0 {
		return 2
	}
	return f.Rate
}

func (f Fit) lambda() float64 {
	if f.Lambda <= 0 {
		return 1e-7
	}
	return f.Lambda
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

func eval(s Sample, w []float64) float64 {
	e := 0.0
	for _, c := range s.Counts {
		e += w[c.Weight] * float64(c.N)
	}
	return e
}

// MeanError is the mean squared difference between the samples' results
// and the sigmoid of k times their evaluation with weights w.
func MeanError(samples []Sample, w []float64, k float64) float64 {
	if len(samples) == 0 {
		return 0
	}
	sum := 0.0
	for _, s := range samples {
		d := s.Result - sigmoid(k*eval(s, w))
		sum += d * d
	}
	return sum / float64(len(samples))
}

// ScaleK is the scale of the sigmoid that fits the samples best with
// weights w: the evaluation's centipawns turned into an expected result.
func ScaleK(samples []Sample, w []float64) float64 {
	// The error is unimodal in k: a golden-section search.
	lo, hi := 1e-4, 0.05
	const g = 0.6180339887498949
	a, b := hi-g*(hi-lo), lo+g*(hi-lo)
	ea, eb := MeanError(samples, w, a), MeanError(samples, w, b)
	for range 60 {
		if ea < eb {
			hi, b, eb = b, a, ea
			a = hi - g*(hi-lo)
			ea = MeanError(samples, w, a)
		} else {
			lo, a, ea = a, b, eb
			b = lo + g*(hi-lo)
			eb = MeanError(samples, w, b)
		}
	}
	return (lo + hi) / 2
}

// Weights fits the weights, starting from start, to the samples at the
// sigmoid's scale k by full-batch gradient descent (Adam), and returns
// them rounded to centipawns.
func (f Fit) Weights(samples []Sample, start []int, k float64) []int {
	n := len(start)
	w := make([]float64, n)
	for i, v := range start {
		w[i] = float64(v)
	}
	m, v, grad := make([]float64, n), make([]float64, n), make([]float64, n)
	const beta1, beta2, eps = 0.9, 0.999, 1e-8
	scale := 1 / float64(max(len(samples), 1))
	for epoch := 1; epoch <= f.epochs(); epoch++ {
		clear(grad)
		for _, s := range samples {
			p := sigmoid(k * eval(s, w))
			// d/dw of (r - p)² is -2 (r - p) p (1 - p) k x.
			d := -2 * (s.Result - p) * p * (1 - p) * k * scale
			for _, c := range s.Counts {
				grad[c.Weight] += d * float64(c.N)
			}
		}
		for i := range w {
			g := grad[i] + 2*f.lambda()*(w[i]-float64(start[i]))
			m[i] = beta1*m[i] + (1-beta1)*g
			v[i] = beta2*v[i] + (1-beta2)*g*g
			mh := m[i] / (1 - math.Pow(beta1, float64(epoch)))
			vh := v[i] / (1 - math.Pow(beta2, float64(epoch)))
			w[i] -= f.rate() * mh / (math.Sqrt(vh) + eps)
		}
		if f.Epoch != nil {
			f.Epoch(epoch, MeanError(samples, w, k))
		}
	}
	out := make([]int, n)
	for i, x := range w {
		out[i] = int(math.Round(x))
	}
	return out
}

// Floats turns weights into the float64s MeanError takes.
func Floats(w []int) []float64 {
	out := make([]float64, len(w))
	for i, v := range w {
		out[i] = float64(v)
	}
	return out
}
