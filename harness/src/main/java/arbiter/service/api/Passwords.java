package arbiter.service.api;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * Passwords as the service keeps them: PBKDF2-HMAC-SHA256 (the JDK's {@code PBKDF2WithHmacSHA256},
 * RFC 8018) at OWASP's iteration count for it — 600,000 (OWASP Password Storage Cheat Sheet) — with a
 * random 16-byte salt and a 32-byte key, written {@code pbkdf2-sha256$600000$SALT$KEY} (base64). The
 * count is read back from each hash, so a later, higher count still verifies the old ones. A password
 * itself is never kept, logged or sent back; hashing takes about 0.15 s of one core, so it runs on the
 * request's thread, never on the thread that commits.
 */
public final class Passwords {
    /** OWASP's count for PBKDF2-HMAC-SHA256. */
    public static final int ITERATIONS = 600_000;
    public static final int MIN_LENGTH = 8;
    public static final int MAX_LENGTH = 128;
    private static final String SCHEME = "pbkdf2-sha256";
    private static final int SALT_BYTES = 16;
    private static final int KEY_BITS = 256;
    /** Counts a stored hash may name: below is not ours, above would let a stored row cost minutes. */
    private static final int MIN_ITERATIONS = 100_000;
    private static final int MAX_ITERATIONS = 10_000_000;
    private static final SecureRandom RANDOM = new SecureRandom();
    /** Verified against when a name is unknown, so a wrong name costs what a wrong password costs. */
    private static final String DUMMY = hash("not a password of anyone");

    private Passwords() {
    }

    /** Why {@code password} cannot be the password of {@code name}, or null when it can. */
    public static String problem(String name, String password) {
        if (password == null || password.length() < MIN_LENGTH || password.length() > MAX_LENGTH) {
            return "a password is " + MIN_LENGTH + " to " + MAX_LENGTH + " characters";
        }
        if (password.equalsIgnoreCase(name)) {
            return "a password is not the account's name";
        }
        if (password.chars().anyMatch(Character::isISOControl)) {
            return "a password has no control characters";
        }
        return null;
    }

    /** A new hash of the password with a fresh salt. */
    public static String hash(String password) {
        byte[] salt = new byte[SALT_BYTES];
        RANDOM.nextBytes(salt);
        Base64.Encoder b64 = Base64.getEncoder().withoutPadding();
        return SCHEME + "$" + ITERATIONS + "$" + b64.encodeToString(salt) + "$"
                + b64.encodeToString(derive(password, salt, ITERATIONS));
    }

    /** True when {@code password} is the one {@code stored} was made from (a null or malformed hash never matches). */
    public static boolean verify(String password, String stored) {
        String[] parts = stored == null ? new String[0] : stored.split("\\$");
        if (password == null || parts.length != 4 || !parts[0].equals(SCHEME) || !parts[1].matches("\\d{6,8}")) {
            verify("", DUMMY); // the same cost either way
            return false;
        }
        int iterations = Integer.parseInt(parts[1]);
        if (iterations < MIN_ITERATIONS || iterations > MAX_ITERATIONS) {
            return false;
        }
        try {
            byte[] salt = Base64.getDecoder().decode(parts[2]);
            byte[] key = Base64.getDecoder().decode(parts[3]);
            return MessageDigest.isEqual(key, derive(password, salt, iterations));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** Spends a verification's time on nothing (a login for an unknown name). */
    public static void waste(String password) {
        verify(password == null ? "" : password, DUMMY);
    }

    private static byte[] derive(String password, byte[] salt, int iterations) {
        PBEKeySpec spec = new PBEKeySpec(password.toCharArray(), salt, iterations, KEY_BITS);
        try {
            return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JVM has no PBKDF2WithHmacSHA256", e); // every Java 8+ JVM has it
        } finally {
            spec.clearPassword();
        }
    }
}
