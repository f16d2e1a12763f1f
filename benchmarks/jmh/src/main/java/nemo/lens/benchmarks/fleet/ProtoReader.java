package nemo.lens.benchmarks.fleet;

import java.nio.charset.StandardCharsets;

/**
 * Reads the protobuf wire format, field by field, over a slice of a byte array: enough to count
 * what an OTLP request carries without the generated OTLP classes, so that the harness's receiver
 * stays a few hundred lines of the JDK and decodes only the fields it counts.
 */
final class ProtoReader {

	private final byte[] bytes;

	private int position;

	private final int limit;

	private int wireType;

	ProtoReader(byte[] bytes, int offset, int limit) {
		this.bytes = bytes;
		this.position = offset;
		this.limit = limit;
	}

	/**
	 * Moves to the next field.
	 * @return its number, or {@code -1} at the end
	 */
	int next() {
		if (this.position >= this.limit) {
			return -1;
		}
		long tag = varint();
		this.wireType = (int) (tag & 7);
		return (int) (tag >>> 3);
	}

	/** The value of the current field, which is a varint. */
	long varint() {
		long value = 0;
		for (int shift = 0; shift < 64; shift += 7) {
			byte b = this.bytes[this.position++];
			value |= (long) (b & 0x7f) << shift;
			if (b >= 0) {
				return value;
			}
		}
		throw new IllegalArgumentException("malformed varint");
	}

	/** The value of the current field, which is a fixed64. */
	long fixed64() {
		long value = 0;
		for (int i = 0; i < 8; i++) {
			value |= (this.bytes[this.position++] & 0xffL) << (8 * i);
		}
		return value;
	}

	/** The current field, a message or string, as a reader of its own; this one moves past it. */
	ProtoReader message() {
		int length = (int) varint();
		ProtoReader inner = new ProtoReader(this.bytes, this.position, this.position + length);
		this.position += length;
		return inner;
	}

	/** The current field, a string. */
	String string() {
		int length = (int) varint();
		String value = new String(this.bytes, this.position, length, StandardCharsets.UTF_8);
		this.position += length;
		return value;
	}

	/** Moves past the current field, whatever its type. */
	void skip() {
		switch (this.wireType) {
			case 0 -> varint();
			case 1 -> this.position += 8;
			case 2 -> {
				// Read the length first: "position += varint()" would add it to the position before the length.
				int length = (int) varint();
				this.position += length;
			}
			case 5 -> this.position += 4;
			default -> throw new IllegalArgumentException("unsupported wire type " + this.wireType);
		}
	}

}
