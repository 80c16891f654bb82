// Package microshogi is the rules engine of Micro-shogi, the 4x5 shogi
// variant in which a capturing piece must turn over to its other face.
//
// A Position holds the 20 squares as bitboards in uint32 words (one per
// face and side) beside a mailbox, both hands, the side to move and an
// incrementally updated Zobrist hash of all three. Moves are generated
// legal: king moves are checked against attacks with the king lifted,
// pinned pieces are tested one move at a time, and evasions are limited to
// capturing or blocking the checker. Perft counts the last ply in bulk.
//
// The rules, as windpost plays them (see rules/microshogi.md in the shared
// specs): Bishop/Tokin, Gold/Rook, Silver/Lance and Pawn/Knight are the two
// faces of one piece; a capture flips the capturer (both ways, never the
// king); a captured piece goes to the captor's hand and may be dropped with
// either face on any empty square (pawn-drop mate, two pawns on a file and
// drops where a piece can never move again are all allowed); no move may
// leave one's own king in check; a side with no legal move loses
// (checkmate or stalemate); the fourth occurrence of a position draws, or
// loses for a side that checked with every move meanwhile (see Variant).
//
// The engine knows nothing of text: squares, faces and moves are numbers;
// notation/microshogi reads and writes them.
package microshogi
