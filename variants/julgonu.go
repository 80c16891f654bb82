package variants

// julgonuKit wires the julgonu engine, notation and bot. It reports false until
// they exist.
func julgonuKit(Options) (Kit, bool) { return Kit{}, false }
