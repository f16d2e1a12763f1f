package nemo.lens.sdk;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The deterministic rank-to-fraction rule shared by the {@code sampled} strategy and the
 * rank-aware sampler: the md5 of the rank's decimal text, read as an unsigned big-endian 128-bit
 * integer, modulo 10000, divided by 10000. It is bit-exact with NeMo Lens 0.1.0, so Java and Python
 * ranks of one job choose the same ranks.
 */
public final class RankSampling {

	private static final int BUCKETS = 10_000;

	/** 2^64 mod 10000, to reduce the high half of the digest without a BigInteger. */
	private static final long TWO_POW_64_MOD_BUCKETS = 1616;

	private static final ThreadLocal<MessageDigest> MD5 = ThreadLocal.withInitial(RankSampling::newMd5);

	private RankSampling() {
	}

	/**
	 * Returns the rank's sampling fraction in {@code [0.0, 1.0)}, in steps of 1/10000.
	 * @param rank the global rank
	 * @return the fraction
	 */
	public static double fraction(int rank) {
		byte[] digest = MD5.get().digest(Integer.toString(rank).getBytes(StandardCharsets.UTF_8));
		long high = toLong(digest, 0);
		long low = toLong(digest, 8);
		long bucket = (Long.remainderUnsigned(high, BUCKETS) * TWO_POW_64_MOD_BUCKETS
				+ Long.remainderUnsigned(low, BUCKETS)) % BUCKETS;
		return bucket / (double) BUCKETS;
	}

	/**
	 * Returns whether a rank is selected at a rate: its fraction lies strictly below the rate.
	 * @param rank the global rank
	 * @param rate the rate; 1.0 or more selects every rank, 0.0 or less none
	 * @return whether selected
	 */
	public static boolean selects(int rank, double rate) {
		return fraction(rank) < rate;
	}

	private static long toLong(byte[] bytes, int offset) {
		long value = 0;
		for (int i = offset; i < offset + 8; i++) {
			value = (value << 8) | (bytes[i] & 0xFF);
		}
		return value;
	}

	private static MessageDigest newMd5() {
		try {
			return MessageDigest.getInstance("MD5");
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("MD5 is required by every Java platform but is missing", ex);
		}
	}

}
