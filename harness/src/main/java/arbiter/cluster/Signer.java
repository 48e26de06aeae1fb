package arbiter.cluster;

import arbiter.io.BoundedFiles;
import arbiter.io.OwnFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signs and checks cluster messages with HMAC-SHA256 under a shared secret. Hazelcast Community has
 * no authentication, so a message is trusted only if it carries the right signature: a signed
 * message is {@code <64 hex digits>.<json>}, the digits being the HMAC of the JSON's UTF-8 bytes.
 */
public final class Signer {
    /** Fewer bytes than this in a secret file are refused: a short secret can be guessed. */
    static final int MIN_SECRET_BYTES = 16;
    private static final HexFormat HEX = HexFormat.of();
    static final int MAC_BYTES = 32;
    /** One Mac per thread: {@code Mac.getInstance} costs more than hashing a small message. */
    private final ThreadLocal<Mac> macs = ThreadLocal.withInitial(this::newMac);
    private final SecretKeySpec key;

    public Signer(byte[] secret) {
        if (secret.length < MIN_SECRET_BYTES) {
            throw new IllegalArgumentException("the cluster secret has " + secret.length + " bytes; at least "
                    + MIN_SECRET_BYTES + " are needed");
        }
        this.key = new SecretKeySpec(secret.clone(), "HmacSHA256");
    }

    /** The secret is the file's content with surrounding whitespace removed. */
    public static Signer fromFile(Path file) throws IOException {
        String problem = BoundedFiles.notAFile(file, "secret file");
        if (problem != null) {
            throw new BadSecretException(problem);
        }
        byte[] secret = new String(Files.readAllBytes(file), StandardCharsets.UTF_8).strip().getBytes(StandardCharsets.UTF_8);
        if (secret.length < MIN_SECRET_BYTES) {
            throw new BadSecretException("secret file " + file + " holds " + secret.length + " bytes; at least "
                    + MIN_SECRET_BYTES + " are needed (e.g. `head -c 32 /dev/urandom | xxd -p -c 64 > " + file + "`)");
        }
        return new Signer(secret);
    }

    /** Writes a new random secret (64 hex digits) readable by its owner only, and returns its signer. */
    public static Signer createFile(Path file) throws IOException {
        byte[] random = new byte[32];
        new SecureRandom().nextBytes(random);
        String text = HEX.formatHex(random);
        Files.createDirectories(file.toAbsolutePath().getParent());
        byte[] bytes = (text + "\n").getBytes(StandardCharsets.UTF_8);
        try {
            OwnFiles.createNew(file, bytes, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException e) {
            OwnFiles.createNew(file, bytes); // not a POSIX file system: the file keeps the default permissions
        }
        return new Signer(text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The signer of the messages between the coordinator and worker {@code id}: the HMAC of the id under
     * this secret as its key ({@code arbiter worker key} first, so that no other message's signature
     * is a key). A message signed for one worker is refused by every other, and by the coordinator
     * when it claims to come from another; cancels, for every worker, are signed with the secret itself.
     */
    Signer forWorker(String id) {
        return new Signer(mac(("arbiter worker key\n" + id).getBytes(StandardCharsets.UTF_8)));
    }

    public String sign(String json) {
        return HEX.formatHex(mac(json.getBytes(StandardCharsets.UTF_8))) + "." + json;
    }

    /**
     * The JSON of a signed message.
     *
     * @throws BadSignatureException when the message is not signed, or not with this secret
     */
    public String open(Object message) {
        if (!(message instanceof String s)) {
            throw new BadSignatureException("not a signed message (" + (message == null ? "null"
                    : message.getClass().getSimpleName()) + ")");
        }
        int dot = s.indexOf('.');
        if (dot != 64) {
            throw new BadSignatureException("not a signed message (no signature)");
        }
        byte[] given;
        try {
            given = HEX.parseHex(s, 0, 64);
        } catch (IllegalArgumentException e) {
            throw new BadSignatureException("not a signed message (signature is not hex)");
        }
        String json = s.substring(65);
        if (!MessageDigest.isEqual(given, mac(json.getBytes(StandardCharsets.UTF_8)))) {
            throw new BadSignatureException("bad signature");
        }
        return json;
    }

    /** A signed batch: the 32-byte HMAC of {@code data}, then {@code data}. */
    public byte[] sign(byte[] data) {
        byte[] mac = mac(data);
        byte[] signed = new byte[mac.length + data.length];
        System.arraycopy(mac, 0, signed, 0, mac.length);
        System.arraycopy(data, 0, signed, mac.length, data.length);
        return signed;
    }

    /**
     * The data of a batch signed by {@link #sign(byte[])}.
     *
     * @throws BadSignatureException when it is not signed with this secret
     */
    public byte[] openBytes(byte[] signed) {
        if (signed.length < MAC_BYTES) {
            throw new BadSignatureException("not a signed batch (too short)");
        }
        byte[] data = java.util.Arrays.copyOfRange(signed, MAC_BYTES, signed.length);
        if (!MessageDigest.isEqual(java.util.Arrays.copyOf(signed, MAC_BYTES), mac(data))) {
            throw new BadSignatureException("bad signature");
        }
        return data;
    }

    private byte[] mac(byte[] data) {
        return macs.get().doFinal(data);
    }

    private Mac newMac() {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }

    /** A message failed its signature check; it is dropped and logged. */
    public static final class BadSignatureException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BadSignatureException(String message) {
            super(message);
        }
    }

    /** The secret file is missing or too short. */
    public static final class BadSecretException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BadSecretException(String message) {
            super(message);
        }
    }
}
