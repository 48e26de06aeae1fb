/**
 * The test service's storage: the database (H2 file by default, PostgreSQL for a deployment), its
 * schema by Flyway migrations, the only SQL of the service ({@link arbiter.service.store.Store}), the
 * rows as values and the group commit that writes each batch of changes in one transaction before
 * any of them is answered.
 */
package arbiter.service.store;
