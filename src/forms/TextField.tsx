import type { HTMLInputAutoCompleteAttribute } from "react";
import type { FieldBinding } from "./useRulesForm.ts";
import "./form-field.css";

interface TextFieldProps {
  label: string;
  binding: FieldBinding;
  /** The field's current message; shown under it and tied to it by aria-describedby. */
  message: string | null;
  errorId: string;
  type?: "text" | "email" | "tel" | "multiline";
  autoComplete?: HTMLInputAutoCompleteAttribute;
}

/** A labelled form field with its validation message. Every field of SPEC 5 is required. */
export function TextField({ label, binding, message, errorId, type = "text", autoComplete }: TextFieldProps) {
  return (
    <div className={`form-field ${message ? "form-field--invalid" : ""}`}>
      <label className="form-field__label" htmlFor={binding.id}>
        {label}
      </label>
      {type === "multiline" ? (
        <textarea className="form-field__input form-field__input--multiline" rows={5} required {...binding} />
      ) : (
        <input className="form-field__input" type={type} autoComplete={autoComplete} required {...binding} />
      )}
      {message && (
        <p className="form-field__error" id={errorId}>
          {message}
        </p>
      )}
    </div>
  );
}
