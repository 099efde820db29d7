/**
 * Reading a JSON file an author edits by hand: a syntax error becomes one problem naming the
 * file, line and column (a trailing comma in registry/routes.json is a typo to point at, not a
 * stack trace), for the layout checker and the fixture checker alike.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { ConfigProblem } from "../runtime/problems.ts";

/** 1-based line and column of a character offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return { line, column: offset - before.lastIndexOf("\n") };
}

/**
 * Where JSON text first goes wrong and what was expected there. Node 20's JSON.parse names no
 * position for an unexpected token (a trailing comma), so the text is scanned once by this small
 * reader of the JSON grammar (RFC 8259); it runs only on a file JSON.parse refused.
 */
export function jsonSyntaxError(text: string): { offset: number; message: string } | null {
  let at = 0;
  class Stop extends Error {}
  let found: { offset: number; message: string } | null = null;
  const fail = (message: string): never => {
    found = { offset: at, message };
    throw new Stop();
  };
  const show = () => (at >= text.length ? "the end of the file" : JSON.stringify(text[at]));
  const space = () => {
    while (at < text.length && " \t\n\r".includes(text[at] ?? "")) at++;
  };
  const string = () => {
    at++;
    while (at < text.length && text[at] !== '"') {
      const char = text[at] ?? "";
      if (char < " ") fail("a line break or control character inside a string (write \\n)");
      if (char === "\\") {
        at++;
        if (!/^(["\\/bfnrt]|u[0-9a-fA-F]{4})/.test(text.slice(at, at + 5))) fail("an unknown escape after \\");
      }
      at++;
    }
    if (at >= text.length) fail("a string that never ends (a missing closing \")");
    at++;
  };
  const value = (): void => {
    space();
    const char = text[at];
    if (char === "{") {
      at++;
      space();
      if (text[at] === "}") {
          at++;
          return;
        }
      for (;;) {
        space();
        if (text[at] !== '"') fail(`expected a key in double quotes, not ${show()}${text[at] === "}" ? " (a comma before it?)" : ""}`);
        string();
        space();
        if (text[at] !== ":") fail(`expected ":" after the key, not ${show()}`);
        at++;
        value();
        space();
        if (text[at] === ",") {
          at++;
          continue;
        }
        if (text[at] === "}") {
          at++;
          return;
        }
        fail(`expected "," or "}" after a value, not ${show()}`);
      }
    }
    if (char === "[") {
      at++;
      space();
      if (text[at] === "]") {
          at++;
          return;
        }
      for (;;) {
        space();
        if (text[at] === "]") fail('expected a value, not "]" (a comma before it?)');
        value();
        space();
        if (text[at] === ",") {
          at++;
          continue;
        }
        if (text[at] === "]") {
          at++;
          return;
        }
        fail(`expected "," or "]" after a value, not ${show()}`);
      }
    }
    if (char === '"') return string();
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(at, at + 400));
    if (!literal) fail(`expected a value, not ${show()}`);
    at += literal?.[0].length ?? 0;
  };
  try {
    value();
    space();
    if (at < text.length) fail(`expected the end of the file, not ${show()}`);
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
  }
  return found;
}

/** The JSON syntax problem of `text`, or its value. `file` is the name the problem carries. */
export function parseJson(file: string, text: string): { ok: true; value: unknown } | { ok: false; problem: ConfigProblem } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const found = jsonSyntaxError(text) ?? { offset: text.length, message: error instanceof Error ? error.message.replace(/\s+/g, " ") : String(error) };
    const where = lineAndColumn(text, found.offset);
    return { ok: false, problem: { file, path: "", message: `line ${where.line}, column ${where.column}: not valid JSON: ${found.message}` } };
  }
}

/** A hand-edited JSON file read and parsed; a missing or unreadable file is a problem too. */
export function readJsonFile(path: string, file: string): { ok: true; value: unknown } | { ok: false; problem: ConfigProblem } {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    return { ok: false, problem: { file, path: "", message: `cannot be read: ${error instanceof Error ? error.message : String(error)}` } };
  }
  return parseJson(file, text);
}

/**
 * The syntax problems of every JSON file in `folders` under `root`. Run before anything imports
 * those files as modules: an import of a broken file fails with the bundler's stack trace.
 */
export function jsonSyntaxProblems(root: string, folders: readonly string[]): ConfigProblem[] {
  return folders.flatMap((folder) =>
    readdirSync(join(root, folder))
      .filter((file) => file.endsWith(".json"))
      .sort()
      .flatMap((file) => {
        const read = readJsonFile(join(root, folder, file), `${folder}/${file}`);
        return read.ok ? [] : [read.problem];
      }),
  );
}
