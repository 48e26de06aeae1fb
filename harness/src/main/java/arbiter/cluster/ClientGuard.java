package arbiter.cluster;

import com.hazelcast.client.impl.ClientEndpoint;
import com.hazelcast.client.impl.protocol.ClientMessage;
import com.hazelcast.client.impl.protocol.DefaultMessageTaskFactoryProvider;
import com.hazelcast.client.impl.protocol.MessageTaskFactory;
import com.hazelcast.client.impl.protocol.MessageTaskFactoryProvider;
import com.hazelcast.client.impl.protocol.codec.ClientAddClusterViewListenerCodec;
import com.hazelcast.client.impl.protocol.codec.ClientAuthenticationCodec;
import com.hazelcast.client.impl.protocol.codec.ClientCreateProxiesCodec;
import com.hazelcast.client.impl.protocol.codec.ClientCreateProxyCodec;
import com.hazelcast.client.impl.protocol.codec.ClientPingCodec;
import com.hazelcast.client.impl.protocol.codec.ClientTriggerPartitionAssignmentCodec;
import com.hazelcast.client.impl.protocol.codec.MapPutCodec;
import com.hazelcast.client.impl.protocol.codec.QueueDrainToMaxSizeCodec;
import com.hazelcast.client.impl.protocol.codec.QueueOfferCodec;
import com.hazelcast.client.impl.protocol.codec.QueuePollCodec;
import com.hazelcast.client.impl.protocol.codec.TopicAddMessageListenerCodec;
import com.hazelcast.client.impl.protocol.codec.TopicRemoveMessageListenerCodec;
import com.hazelcast.client.impl.protocol.task.AbstractMessageTask;
import com.hazelcast.client.impl.protocol.task.MessageTask;
import com.hazelcast.instance.impl.Node;
import com.hazelcast.internal.nio.Connection;
import com.hazelcast.internal.serialization.Data;
import com.hazelcast.internal.serialization.impl.SerializationConstants;
import com.hazelcast.internal.util.collection.Int2ObjectHashMap;
import com.hazelcast.spi.impl.NodeEngine;
import java.security.AccessControlException;
import java.security.Permission;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * What a Hazelcast client may ask of the coordinator's member: exactly what an Arbiter worker asks,
 * on its own behalf, and nothing else. Hazelcast Community has no authentication, so without this
 * anyone who reaches the port could stop the member (a Management Center message), destroy the
 * structures the coordinator listens on, store objects of any size under any name, take specs off
 * another worker's queue or put specs on it. A worker needs only to connect and stay connected, to
 * put its announcement under its own client id in {@code arbiter.workers}, to take from its own
 * {@code arbiter.tasks.<id>} (one message or several), once the coordinator has taken it, to offer
 * result batches that name it as their sender to {@code arbiter.results}, and to listen to
 * {@code arbiter.control}. Every other request, and any of these for another name, another
 * worker's id, a value of another type or a message over {@link Hazelcasts#MESSAGE_MAX} bytes, is
 * answered with an error and logged (at most a line a second).
 *
 * <p>Hazelcast builds a task for each client message through factories by message type; this provider,
 * found by Hazelcast's service loader ({@code META-INF/services}), wraps every default factory. It acts
 * only on a member whose config sets {@link #PROPERTY} (the coordinator's, see {@link Hazelcasts#member});
 * elsewhere it leaves Hazelcast as it is. It uses Hazelcast's internal client-protocol classes, so a
 * Hazelcast upgrade must run {@code ClusterAdversaryTest}.
 */
public final class ClientGuard implements MessageTaskFactoryProvider {
    /** Set to "on" in a member's config to guard it. */
    static final String PROPERTY = "arbiter.client.guard";
    /** The key, in the member's user context, of the test whether a client id is a joined worker ({@code Predicate<String>}). */
    static final String JOINED = "arbiter.joined";
    /** The largest announcement (a worker's host and engine names). */
    static final int ANNOUNCEMENT_MAX = 64 * 1024;
    private static final Logger LOG = LogManager.getLogger(ClientGuard.class);
    private static final String MAPS = "hz:impl:mapService";
    private static final String QUEUES = "hz:impl:queueService";
    private static final String TOPICS = "hz:impl:topicService";

    private final Int2ObjectHashMap<MessageTaskFactory> factories = new Int2ObjectHashMap<>();
    private final AtomicLong refused = new AtomicLong();
    private final AtomicLong lastLogMs = new AtomicLong();
    private Node node;
    private Predicate<String> joined;

    public ClientGuard(NodeEngine nodeEngine) {
        if (!"on".equals(nodeEngine.getConfig().getProperty(PROPERTY))) {
            return;
        }
        node = nodeEngine.getNode();
        Object given = nodeEngine.getConfig().getUserContext().get(JOINED);
        @SuppressWarnings("unchecked")
        Predicate<String> test = given instanceof Predicate<?> p ? (Predicate<String>) p : id -> false;
        joined = test;
        Int2ObjectHashMap<MessageTaskFactory> defaults = new DefaultMessageTaskFactoryProvider(nodeEngine).getFactories();
        for (Map.Entry<Integer, MessageTaskFactory> e : defaults.entrySet()) {
            int type = e.getKey();
            MessageTaskFactory real = e.getValue();
            factories.put(type, (message, connection) -> guarded(type, real, message, connection));
        }
    }

    @Override
    public Int2ObjectHashMap<MessageTaskFactory> getFactories() {
        return factories;
    }

    private MessageTask guarded(int type, MessageTaskFactory real, ClientMessage message, Connection connection) {
        String why;
        try {
            why = check(type, message, connection);
        } catch (RuntimeException e) {
            why = "a malformed request (" + e + ")";
        }
        if (why == null) {
            return real.create(message, connection);
        }
        long n = refused.incrementAndGet();
        long now = System.currentTimeMillis();
        long last = lastLogMs.get();
        if (now - last >= 1000 && lastLogMs.compareAndSet(last, now)) {
            LOG.warn("refused a request from {}: {} ({} refused so far)", connection.getRemoteSocketAddress(), why, n);
        }
        return new Refused(message, node, connection, why);
    }

    /** Why the request is refused, or null when an Arbiter worker may make it. */
    private String check(int type, ClientMessage message, Connection connection) {
        if (message.getFrameLength() > Hazelcasts.MESSAGE_MAX) {
            return "a message of " + message.getFrameLength() + " bytes (at most " + Hazelcasts.MESSAGE_MAX + ")";
        }
        switch (type) {
            case ClientAuthenticationCodec.REQUEST_MESSAGE_TYPE, ClientPingCodec.REQUEST_MESSAGE_TYPE,
                 ClientAddClusterViewListenerCodec.REQUEST_MESSAGE_TYPE,
                 ClientTriggerPartitionAssignmentCodec.REQUEST_MESSAGE_TYPE -> {
                return null;
            }
            default -> {
                // every other request is about a data structure, and asked by a client on its own behalf
            }
        }
        String client = client(connection);
        if (client == null) {
            return "a request before authentication";
        }
        switch (type) {
            case ClientCreateProxyCodec.REQUEST_MESSAGE_TYPE -> {
                var p = ClientCreateProxyCodec.decodeRequest(message);
                return ours(p.serviceName, p.name, client);
            }
            case ClientCreateProxiesCodec.REQUEST_MESSAGE_TYPE -> {
                for (Map.Entry<String, String> proxy : ClientCreateProxiesCodec.decodeRequest(message)) {
                    String why = ours(proxy.getValue(), proxy.getKey(), client);
                    if (why != null) {
                        return why;
                    }
                }
                return null;
            }
            case MapPutCodec.REQUEST_MESSAGE_TYPE -> {
                var p = MapPutCodec.decodeRequest(message);
                if (!p.name.equals(ClusterExecutor.WORKERS)) {
                    return "a put into map '" + p.name + "'";
                }
                if (!client.equals(text(p.key))) {
                    return "an announcement under another id than the client's own";
                }
                if (p.value.getType() != SerializationConstants.CONSTANT_TYPE_STRING || p.value.totalSize() > ANNOUNCEMENT_MAX) {
                    return "an announcement that is not a text of at most " + ANNOUNCEMENT_MAX + " bytes";
                }
                return null;
            }
            case QueueOfferCodec.REQUEST_MESSAGE_TYPE -> {
                var p = QueueOfferCodec.decodeRequest(message);
                if (!p.name.equals(ClusterExecutor.RESULTS)) {
                    return "an offer to queue '" + p.name + "'";
                }
                if (!joined.test(client)) {
                    return "a result from a client that is not a joined worker";
                }
                if (p.value.getType() != SerializationConstants.CONSTANT_TYPE_BYTE_ARRAY || p.value.totalSize() > ResultBatch.SIGNED_MAX) {
                    return "a result that is not a signed batch of at most " + ResultBatch.SIGNED_MAX + " bytes";
                }
                byte[] batch = node.getSerializationService().toObject(p.value);
                return client.equals(ResultBatch.sender(batch)) ? null : "a batch under another worker's id";
            }
            case QueuePollCodec.REQUEST_MESSAGE_TYPE -> {
                String name = QueuePollCodec.decodeRequest(message).name;
                return name.equals(ClusterExecutor.TASKS + client) ? null : "a poll of queue '" + name + "'";
            }
            case QueueDrainToMaxSizeCodec.REQUEST_MESSAGE_TYPE -> {
                String name = QueueDrainToMaxSizeCodec.decodeRequest(message).name;
                return name.equals(ClusterExecutor.TASKS + client) ? null : "a drain of queue '" + name + "'";
            }
            case TopicAddMessageListenerCodec.REQUEST_MESSAGE_TYPE -> {
                String name = TopicAddMessageListenerCodec.decodeRequest(message).name;
                return name.equals(ClusterExecutor.CONTROL) ? null : "a listener on topic '" + name + "'";
            }
            case TopicRemoveMessageListenerCodec.REQUEST_MESSAGE_TYPE -> {
                return null;
            }
            default -> {
                return "request type 0x" + Integer.toHexString(type) + ", which no Arbiter worker sends";
            }
        }
    }

    /** Null when {@code name} of {@code service} is a structure the client {@code client} may use. */
    private static String ours(String service, String name, String client) {
        boolean ok = switch (service) {
            case MAPS -> name.equals(ClusterExecutor.WORKERS);
            case QUEUES -> name.equals(ClusterExecutor.RESULTS) || name.equals(ClusterExecutor.TASKS + client);
            case TOPICS -> name.equals(ClusterExecutor.CONTROL);
            default -> false;
        };
        return ok ? null : "a structure Arbiter does not give this client: " + service + " '" + name + "'";
    }

    /** The id of the authenticated client on {@code connection}, or null. */
    private String client(Connection connection) {
        ClientEndpoint endpoint = node.getClientEngine().getEndpointManager().getEndpoint(connection);
        return endpoint == null || !endpoint.isAuthenticated() ? null : endpoint.getUuid().toString();
    }

    /** A string key's text, or null for any other value. */
    private String text(Data key) {
        return key.getType() == SerializationConstants.CONSTANT_TYPE_STRING ? node.getSerializationService().toObject(key) : null;
    }

    /** The answer to a refused request: an error for the client, nothing done. */
    private static final class Refused extends AbstractMessageTask<ClientMessage> {
        private final String why;

        Refused(ClientMessage message, Node node, Connection connection, String why) {
            super(message, node, connection);
            this.why = why;
        }

        @Override
        protected ClientMessage decodeClientMessage(ClientMessage message) {
            return message;
        }

        @Override
        protected ClientMessage encodeResponse(Object response) {
            return null;
        }

        @Override
        protected void processMessage() {
            throw new AccessControlException("refused by the Arbiter coordinator: " + why);
        }

        @Override
        public String getServiceName() {
            return null;
        }

        @Override
        public String getDistributedObjectName() {
            return null;
        }

        @Override
        public String getMethodName() {
            return null;
        }

        @Override
        public Object[] getParameters() {
            return null;
        }

        @Override
        public Permission getRequiredPermission() {
            return null;
        }
    }
}
