package variants

// microshogiKit wires the microshogi engine, notation and bot. It reports false until
// they exist.
func microshogiKit(Options) (Kit, bool) { return Kit{}, false }
