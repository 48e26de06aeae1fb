/**
 * Files with bounds and without links: lines of at most a given length ({@link arbiter.io.BoundedLines})
 * and whole files of at most a given size ({@link arbiter.io.BoundedFiles}), so no input, however long,
 * takes memory in proportion to its worst line or its size; and every file Arbiter writes in a results
 * folder opened, created or replaced without following a symbolic link ({@link arbiter.io.OwnFiles}).
 * The lowest layer of the harness.
 */
package arbiter.io;
