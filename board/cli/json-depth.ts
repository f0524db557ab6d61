/**
 * How deeply a JSON text nests its arrays and objects, found by a scan before JSON.parse: a line
 * of 100,000 `[` parses, but everything that walks the value afterwards (JSON.stringify in an
 * error message, validation) runs out of stack. Events and scenarios nest a few levels at most.
 */

/** The deepest nesting of `[` and `{` outside strings (0 for a number or a string). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/** A sentence when `text` nests deeper than `max`, else null. */
export function depthProblem(text: string, max: number, what: string): string | null {
  const depth = jsonDepth(text);
  return depth > max ? `${what} nests arrays and objects ${depth} deep; at most ${max} levels are accepted` : null;
}
