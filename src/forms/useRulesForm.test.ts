import { describe, expect, it } from "vitest";
import { rewriteInPlace } from "./useRulesForm.ts";
import { collapseSpaces, stripPhone } from "./validation.ts";

function input(value: string, caret: number) {
  const element = document.createElement("input");
  document.body.append(element);
  element.value = value;
  element.focus();
  element.setSelectionRange(caret, caret);
  return element;
}

describe("rewriteInPlace", () => {
  it("keeps the caret where the visitor was typing when characters before it go", () => {
    // "+1 404|" -> the space is dropped, the caret stays after "4".
    const phone = input("+1 404 555", 6);
    rewriteInPlace(phone, stripPhone);
    expect(phone.value).toBe("+1404555");
    expect(phone.selectionStart).toBe(5);
    phone.remove();
  });

  it("leaves the text and the caret alone when there is nothing to rewrite", () => {
    const name = input("Ada Lovelace", 3);
    rewriteInPlace(name, collapseSpaces);
    expect(name.value).toBe("Ada Lovelace");
    expect(name.selectionStart).toBe(3);
    name.remove();
  });

  it("collapses a doubled space typed in the middle of a name", () => {
    const name = input("Ada  Lovelace", 5);
    rewriteInPlace(name, collapseSpaces);
    expect(name.value).toBe("Ada Lovelace");
    expect(name.selectionStart).toBe(4);
    name.remove();
  });
});
