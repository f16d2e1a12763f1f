package nemo.lens.optional;

import java.nio.file.Path;

/**
 * Artifacts by Maven coordinates, {@code groupId:artifactId}, where the artifact id may end with
 * {@code *}: {@code io.micrometer:*}, {@code io.micrometer:micrometer-registry-*}.
 *
 * @param groupId the group id, exactly
 * @param artifactId the artifact id, or its beginning followed by {@code *}
 */
record ArtifactPattern(String groupId, String artifactId) {

	static ArtifactPattern of(String coordinates) {
		String[] parts = coordinates.split(":");
		if (parts.length != 2) {
			throw new IllegalArgumentException("Not groupId:artifactId: " + coordinates);
		}
		return new ArtifactPattern(parts[0], parts[1]);
	}

	boolean matches(String groupId, String artifactId) {
		return this.groupId.equals(groupId) && (this.artifactId.endsWith("*")
				? artifactId.startsWith(this.artifactId.substring(0, this.artifactId.length() - 1))
				: this.artifactId.equals(artifactId));
	}

	/**
	 * Whether a class path entry is a jar of these artifacts, as a Maven repository lays them out:
	 * {@code <group as folders>/<artifactId>/<version>/<artifactId>-<version>.jar}.
	 */
	boolean matches(Path entry) {
		Path version = entry.getParent();
		Path artifact = (version != null) ? version.getParent() : null;
		Path group = (artifact != null) ? artifact.getParent() : null;
		return group != null && entry.getFileName().toString().endsWith(".jar")
				&& group.endsWith(Path.of(this.groupId.replace('.', '/')))
				&& matches(this.groupId, artifact.getFileName().toString());
	}

	@Override
	public String toString() {
		return this.groupId + ":" + this.artifactId;
	}

}
