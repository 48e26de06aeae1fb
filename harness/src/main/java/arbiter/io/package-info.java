/**
 * Reading text with bounds: lines of at most a given length ({@link arbiter.io.BoundedLines}) and
 * whole files of at most a given size ({@link arbiter.io.BoundedFiles}), so no input, however long,
 * takes memory in proportion to its worst line or its size. The lowest layer of the harness.
 */
package arbiter.io;
