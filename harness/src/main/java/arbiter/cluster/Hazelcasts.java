package arbiter.cluster;

import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.ClassFilter;
import com.hazelcast.config.Config;
import com.hazelcast.config.JavaSerializationFilterConfig;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.config.ListenerConfig;
import com.hazelcast.core.LifecycleListener;
import com.hazelcast.config.NetworkConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * How Arbiter starts Hazelcast: the coordinator embeds the one member (explicit TCP/IP join,
 * multicast off, bound only to the address it is told), workers connect to it as clients. Hazelcast
 * logs through Log4j (to the run's log file, errors only on the console), sends no telemetry,
 * deserialises no Java objects (every message is a signed JSON string or byte array), and answers a
 * client only what a worker may ask ({@link ClientGuard}).
 */
final class Hazelcasts {
    static final String CLUSTER_NAME = "arbiter";
    /** Seconds without a heartbeat after which a worker counts as gone (a network loss; a kill is seen at once). */
    static final int HEARTBEAT_TIMEOUT_SECONDS = 15;
    /**
     * Batches the results queue holds: a worker has one on its way at a time, so this is the workers
     * there can be before one waits (it keeps its batch and offers it again); at most
     * {@link ResultBatch#SIGNED_MAX} each, 512 MiB in all, and only joined workers (with the secret) offer.
     */
    static final int RESULTS_MAX = 1024;
    /**
     * The largest message a client may send: Hazelcast reads a message whole before it is refused,
     * but it checks this bound itself only before authentication; the {@link ClientGuard} refuses a
     * larger one after.
     */
    static final int MESSAGE_MAX = 1 << 20;
    static final int TASKS_MAX = 4_200;

    /** A pattern no client's address matches (Hazelcast trusts every address when given none). */
    private static final String NO_ADDRESS = "0.0.0.0";

    private Hazelcasts() {
    }

    /** A host and port, e.g. {@code 127.0.0.1:5701}. */
    record Address(String host, int port) {
        static Address parse(String text, String what) {
            int colon = text.lastIndexOf(':');
            if (colon <= 0 || colon == text.length() - 1) {
                throw new IllegalArgumentException(what + " '" + text + "' is not HOST:PORT");
            }
            int port;
            try {
                port = Integer.parseInt(text.substring(colon + 1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(what + " '" + text + "': port is not a number");
            }
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException(what + " '" + text + "': port must be 1..65535");
            }
            return new Address(text.substring(0, colon), port);
        }

        @Override
        public String toString() {
            return host + ":" + port;
        }

        /** Where a worker joins a coordinator listening here: for 0.0.0.0, an address of this machine's network. */
        String joinable() {
            if (!host.equals("0.0.0.0")) {
                return toString();
            }
            try {
                for (var nif : java.util.Collections.list(java.net.NetworkInterface.getNetworkInterfaces())) {
                    for (var a : java.util.Collections.list(nif.getInetAddresses())) {
                        if (nif.isUp() && a instanceof java.net.Inet4Address && !a.isLoopbackAddress()) {
                            return a.getHostAddress() + ":" + port;
                        }
                    }
                }
            } catch (java.io.IOException e) {
                // no interfaces to list: loopback it is
            }
            return "127.0.0.1:" + port;
        }

        /**
         * Checks that this machine can listen here, so that a port in use or a foreign address is one
         * line, not Hazelcast's stack trace.
         */
        void checkBindable(String what) {
            java.net.InetSocketAddress at = host.equals("0.0.0.0") ? new java.net.InetSocketAddress(port)
                    : new java.net.InetSocketAddress(resolve(host), port);
            try (java.net.ServerSocket s = new java.net.ServerSocket()) {
                s.bind(at);
            } catch (java.net.BindException e) {
                String why = String.valueOf(e.getMessage());
                throw new IllegalArgumentException(what + " " + this + ": " + (why.contains("in use")
                        ? "port " + port + " is in use (another coordinator?); choose another port"
                        : host + " is not an address of this machine (" + why + ")"));
            } catch (java.io.IOException e) {
                throw new IllegalArgumentException(what + " " + this + ": cannot listen there (" + e.getMessage() + ")");
            }
        }
    }

    /**
     * The coordinator's member, listening on {@code listen} only (0.0.0.0: every interface, when the user
     * says so); {@code joined} tells its {@link ClientGuard} which clients are joined workers.
     */
    static HazelcastInstance member(Address listen, java.util.function.Predicate<String> joined) {
        Config config = new Config();
        config.setUserContext(new java.util.concurrent.ConcurrentHashMap<>(java.util.Map.of(ClientGuard.JOINED, joined)));
        config.setClusterName(CLUSTER_NAME);
        config.setInstanceName("arbiter-coordinator-" + listen.port());
        quiet(config.getProperties());
        config.setProperty("hazelcast.client.max.no.heartbeat.seconds", Integer.toString(HEARTBEAT_TIMEOUT_SECONDS));
        config.setProperty("hazelcast.partition.count", "7");
        config.setProperty("hazelcast.initial.min.cluster.size", "1");
        // A worker's message is small: a peer cannot make the member buffer megabytes.
        config.setProperty("hazelcast.client.protocol.max.message.bytes", Integer.toString(MESSAGE_MAX));
        // Clients may ask only what a worker asks (ClientGuard), and no Management Center message is
        // trusted from any address (one would stop the member or pause the cluster).
        config.setProperty(ClientGuard.PROPERTY, "on");
        config.getManagementCenterConfig().setConsoleEnabled(false).setScriptingEnabled(false)
                .setTrustedInterfaces(java.util.Set.of(NO_ADDRESS));
        config.getJetConfig().setEnabled(false);
        // Bounded queues: a flood of messages is refused, not buffered without end.
        // No statistics: they cost every queue operation (the coordinator's CPU per game) and nothing reads them.
        config.getQueueConfig(ClusterExecutor.RESULTS).setMaxSize(RESULTS_MAX).setBackupCount(0).setStatisticsEnabled(false);
        config.getQueueConfig(ClusterExecutor.TASKS + "*").setMaxSize(TASKS_MAX).setBackupCount(0).setStatisticsEnabled(false);
        config.getMetricsConfig().setEnabled(false);
        config.getSerializationConfig().setJavaSerializationFilterConfig(noJavaObjects());

        NetworkConfig network = config.getNetworkConfig();
        network.setPort(listen.port()).setPortAutoIncrement(false).setPortCount(1);
        boolean any = listen.host().equals("0.0.0.0");
        String ip = any ? "0.0.0.0" : resolve(listen.host());
        config.setProperty("hazelcast.socket.bind.any", Boolean.toString(any));
        if (!any) {
            network.getInterfaces().setEnabled(true).addInterface(ip);
        }
        JoinConfig join = network.getJoin();
        join.getMulticastConfig().setEnabled(false);
        join.getAutoDetectionConfig().setEnabled(false);
        join.getTcpIpConfig().setEnabled(true).addMember((any ? "127.0.0.1" : ip) + ":" + listen.port());
        return Hazelcast.newHazelcastInstance(config);
    }

    /**
     * Runs {@code left} unless {@code client} is still connected to {@code member}. Hazelcast reports the
     * end of each of a client's connections: a worker that reconnected after a partition is still
     * connected on its new one when the member closes its old, dead one (15-25 s after its last byte).
     */
    static void unlessConnected(HazelcastInstance member, com.hazelcast.client.Client client, Runnable left) {
        if (member.getClientService().getConnectedClients().stream().anyMatch(c -> c.getUuid().equals(client.getUuid()))) {
            org.apache.logging.log4j.LogManager.getLogger(Hazelcasts.class)
                    .info("an old connection of worker {} closed; it is connected on another", client.getUuid());
        } else {
            left.run();
        }
    }

    /** A client of the coordinator at {@code join}, connected on return; tries to (re)connect for {@code connectTimeoutMs} (-1: forever). */
    static HazelcastInstance client(Address join, String name, long connectTimeoutMs) {
        return client(join, name, connectTimeoutMs, null);
    }

    /**
     * A worker's client that connects in the background (its {@code listener} hears when), trying for
     * {@code connectTimeoutMs} (-1: forever) at once; it can be shut down at any time, connecting or not.
     */
    static HazelcastInstance client(Address join, String name, long connectTimeoutMs, LifecycleListener listener) {
        ClientConfig config = new ClientConfig();
        config.setClusterName(CLUSTER_NAME);
        config.setInstanceName(name);
        quiet(config.getProperties());
        config.setProperty("hazelcast.client.heartbeat.interval", "2000");
        config.getMetricsConfig().setEnabled(false);
        config.setProperty("hazelcast.client.heartbeat.timeout", Integer.toString(HEARTBEAT_TIMEOUT_SECONDS * 1000));
        config.getSerializationConfig().setJavaSerializationFilterConfig(noJavaObjects());
        config.getNetworkConfig().addAddress(join.toString()).setSmartRouting(false);
        config.getConnectionStrategyConfig().getConnectionRetryConfig()
                .setInitialBackoffMillis(250).setMaxBackoffMillis(2000).setMultiplier(1.5)
                .setClusterConnectTimeoutMillis(connectTimeoutMs);
        if (listener != null) {
            config.getConnectionStrategyConfig().setAsyncStart(true);
            config.addListenerConfig(new ListenerConfig(listener));
        }
        return HazelcastClient.newHazelcastClient(config);
    }

    private static void quiet(java.util.Properties p) {
        p.setProperty("hazelcast.logging.type", "log4j2");
        p.setProperty("hazelcast.phone.home.enabled", "false");
        p.setProperty("hazelcast.shutdownhook.enabled", "false");
        p.setProperty("hazelcast.health.monitoring.level", "OFF");
    }

    /** Java deserialisation allowed for no class at all (nothing Arbiter sends needs it). */
    private static JavaSerializationFilterConfig noJavaObjects() {
        return new JavaSerializationFilterConfig().setDefaultsDisabled(true)
                .setWhitelist(new ClassFilter().addClasses("arbiter.cluster.NoJavaObjects"));
    }

    private static String resolve(String host) {
        try {
            return InetAddress.getByName(host).getHostAddress();
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("unknown host '" + host + "'");
        }
    }
}
