/**
 * The last answers of a pure function, so content read again (a header's links rendered again
 * once the code takes the page over; the same snippet on every page a server renders) is not
 * parsed again. Parsing content HTML takes a DOM document per call, which on a slow phone was
 * most of what taking the header over cost. Bounded: the oldest answer goes first.
 */
export function rememberAnswers<Args extends readonly unknown[], T>(compute: (...args: Args) => T, keyOf: (...args: Args) => string, limit = 500): (...args: Args) => T {
  // Boxed, so an answer that is itself undefined or "" is remembered too.
  const answers = new Map<string, { answer: T }>();
  return (...args) => {
    const key = keyOf(...args);
    const known = answers.get(key);
    if (known) return known.answer;
    const answer = compute(...args);
    if (answers.size >= limit) {
      const oldest = answers.keys().next();
      if (!oldest.done) answers.delete(oldest.value);
    }
    answers.set(key, { answer });
    return answer;
  };
}
