/**
 * Chess by the FIDE Laws on the game API: {@link arbiter.game.chess.ChessRules} (variant
 * {@code chess}), immutable {@link arbiter.game.chess.ChessPosition}s, {@link arbiter.game.chess.ChessMove}
 * values, FEN, SAN and UCI move text.
 *
 * <p>The fast path is {@code MoveGenerator}: bitboards, magic sliding attacks whose numbers are
 * searched at start-up ({@code SlidingAttacks}), legal generation with pins and check evasion,
 * make/unmake on packed int moves, and perft that counts the last ply without playing it.
 */
package arbiter.game.chess;
