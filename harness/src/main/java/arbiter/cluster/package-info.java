/**
 * A game executor over a Hazelcast cluster: the coordinator leases game specs to workers and
 * accepts signed results; a worker plays them on its own threads with the engines of its own config.
 * Only JSON travels; nothing received is deserialised as Java objects or run.
 */
package arbiter.cluster;
