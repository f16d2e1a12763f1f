/**
 * The Micrometer door: every registry of the context follows the rank's decision. May import the
 * door registry and Micrometer; nothing imports it.
 */
package nemo.lens.autoconfigure.micrometer;
