package variants

// gufuuKit wires the gufuu engine, notation and bot. It reports false until
// they exist.
func gufuuKit(Options) (Kit, bool) { return Kit{}, false }
