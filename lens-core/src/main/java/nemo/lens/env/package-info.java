/**
 * Text in and out: reading environment-variable text as NeMo Lens 0.1.0 (and Python) does (blank
 * means unset, the same trimming, and the same accepted booleans, integers and numbers, with errors
 * that name the variable), finding misspelt variables, and redacting secrets from what Lens writes.
 * <p>
 * Imports nothing of NeMo Lens; every other package may import it.
 */
package nemo.lens.env;
