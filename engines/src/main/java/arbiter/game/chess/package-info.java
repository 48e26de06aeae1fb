/**
 * Chess by the FIDE Laws on the game API: {@link arbiter.game.chess.ChessRules} (variant
 * {@code chess}), immutable {@link arbiter.game.chess.ChessPosition}s, {@link arbiter.game.chess.ChessMove}
 * values, FEN, SAN and UCI move text.
 *
 * <p>The fast path is {@code MoveGenerator}: bitboards, magic sliding attacks whose numbers are
 * searched at start-up ({@code SlidingAttacks}), legal generation with pins and check evasion,
 * make/unmake on packed int moves, and perft that counts the last ply without playing it.
 *
 * <p>{@link arbiter.game.chess.ChessBoard} puts that generator behind the generic search's
 * {@link arbiter.search.SearchBoard}: incremental Zobrist hash, quiescence moves, repetition, the
 * 50-move rule and insufficient material; {@link arbiter.game.chess.Attacks} gives evaluations the
 * attack tables.
 */
package arbiter.game.chess;
