/**
 * A form over FormRules with react-hook-form: the schema validates on submit first, then
 * re-validates a field as it changes (SPEC 4); the live checks run as the visitor types; what
 * typing does to a field (asTyped) happens in place, keeping the caret. Imported only by
 * lazily loaded form blocks, so react-hook-form never reaches the initial bundle.
 */
import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent, type SyntheticEvent } from "react";
import { useForm, type FieldErrors, type Resolver, type UseFormRegisterReturn } from "react-hook-form";
import type { PostedForm } from "./postedForm.tsx";
import { liveError, validateForm, type FormRules, type FormValues } from "./validation.ts";

/** react-hook-form sees plain string fields; the rules keep the names typed for callers. */
type Values = Record<string, string>;

type TextInput = HTMLInputElement | HTMLTextAreaElement;

export interface FieldBinding extends Omit<UseFormRegisterReturn, "onChange" | "ref"> {
  onChange: (event: ChangeEvent<TextInput>) => Promise<unknown>;
  ref: (element: TextInput | null) => void;
  /** In the HTML from the first render (the server's too): what the visitor posted, else "". */
  defaultValue: string;
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/** Rewrites an input's text in place, leaving the caret where the visitor was typing. */
export function rewriteInPlace(input: TextInput, rewrite: (value: string) => string): void {
  const { value, selectionStart } = input;
  const next = rewrite(value);
  if (next === value) return;
  const caret = selectionStart === null ? next.length : rewrite(value.slice(0, selectionStart)).length;
  input.value = next;
  try {
    if (input.ownerDocument.activeElement === input) input.setSelectionRange(caret, caret);
  } catch {
    // Some input types (email, number) have no caret to place.
  }
}

/** The messages of an answer of the route action, for the fields the form has. */
function fieldMessages<F extends string>(fields: readonly F[], errors: Record<string, string>): Partial<Record<F, string>> {
  return Object.fromEntries(fields.flatMap((field) => (errors[field] ? [[field, errors[field]]] : []))) as Partial<Record<F, string>>;
}

/**
 * The rules as react-hook-form's resolver: the values as the rules read them, or each failing
 * field's first message. Written here rather than through a schema adapter: the rules are no
 * schema library, and the adapter cost a contact page on a desktop its 160 kB budget.
 */
function rulesResolver<F extends string>(rules: FormRules<F>): Resolver<Values> {
  return (values) => {
    const outcome = validateForm(rules.fields, rules.submit, values);
    if ("values" in outcome) return { values: outcome.values, errors: {} };
    const errors: FieldErrors<Values> = {};
    for (const [field, message] of Object.entries(outcome.errors)) errors[field] = { type: "rules", message };
    return { values: {}, errors };
  };
}

/**
 * `posted`: the server's answer to this form posted without the code (./postedForm.tsx): the
 * form starts from the values typed and shows the messages, until the visitor types or submits.
 */
export function useRulesForm<F extends string>(rules: FormRules<F>, focusers: Partial<Record<F, () => void>> = {}, posted: PostedForm | null = null) {
  const baseId = useId();
  const [defaults] = useState<Values>(() => Object.fromEntries(rules.fields.map((field) => [field, posted?.values[field] ?? ""])));
  const form = useForm<Values>({
    resolver: rulesResolver(rules),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: defaults,
    // Focus goes to the first invalid field in page order, the captcha included (see onInvalid).
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  /** Live messages by field; null once the field passes, absent before the visitor typed in it. */
  const [live, setLive] = useState<Partial<Record<F, string | null>>>(() => fieldMessages(rules.fields, posted?.errors ?? {}));
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);

  const fieldId = (name: F) => `${baseId}-${name}`;
  const errorId = (name: F) => `${baseId}-${name}-error`;

  /** The message a field shows: its live check while the visitor types, else the schema's verdict. */
  const message = (name: F): string | null => live[name] ?? errors[name]?.message ?? null;

  const checkLive = useCallback((name: F, value: string) => setLive((current) => ({ ...current, [name]: liveError(rules, name, value) })), [rules]);

  // The rules can change under the visitor (the contact form's mode is read a second in):
  // messages already shown are judged again by the rules now in force.
  const { getValues, trigger } = form;
  const judgedBy = useRef(rules);
  useEffect(() => {
    if (judgedBy.current === rules) return;
    judgedBy.current = rules;
    setLive((current) => {
      const next: Partial<Record<F, string | null>> = {};
      for (const name of Object.keys(current) as F[]) next[name] = liveError(rules, name, getValues(name));
      return next;
    });
    if (form.formState.isSubmitted) void trigger();
  }, [rules, getValues, trigger, form.formState]);

  function field(name: F): FieldBinding {
    const registration = form.register(name);
    const rewrite = rules.asTyped[name];
    const shown = message(name);
    return {
      ...registration,
      // Text the visitor typed before the code arrived is kept: react-hook-form, taking the
      // field over, would write its default into it. What typing does to the field is done to it
      // then (a phone number typed with spaces while the form's code was on its way is stripped).
      ref: (element: TextInput | null) => {
        const key: string = name;
        if (element && rewrite) rewriteInPlace(element, rewrite);
        if (element && element.value !== form.getValues(key)) {
          form.setValue(key, element.value);
          // ...and checked as it would have been while typing (a free-mail address shows its message at once).
          if (element.value !== "") checkLive(name, element.value);
        }
        registration.ref(element);
      },
      defaultValue: defaults[name] ?? "",
      onChange: (event: ChangeEvent<TextInput>) => {
        if (rewrite) rewriteInPlace(event.target, rewrite);
        checkLive(name, event.target.value);
        return registration.onChange(event);
      },
      id: fieldId(name),
      "aria-invalid": shown ? true : undefined,
      "aria-describedby": shown ? errorId(name) : undefined,
    };
  }

  /** A value that no input holds (the captcha token): set, live-checked when it changes, re-validated after a submit. */
  function setExternal(name: F, value: string, { quiet = false } = {}) {
    const key: string = name;
    if (form.getValues(key) === value) return;
    form.setValue(key, value, { shouldValidate: form.formState.isSubmitted });
    if (quiet) setLive((current) => ({ ...current, [name]: null }));
    else checkLive(name, value);
  }

  // Focus moves once the messages are on the page, so the field is announced with its message.
  const [focusTarget, setFocusTarget] = useState<{ name: F } | null>(null);
  const focusField = useRef<(name: F) => void>(() => undefined);
  useEffect(() => {
    focusField.current = (name) => {
      const focus = focusers[name];
      if (focus) focus();
      else form.setFocus(name);
    };
  });
  useEffect(() => {
    if (focusTarget) focusField.current(focusTarget.name);
  }, [focusTarget]);

  function onInvalid(invalid: FieldErrors<Values>) {
    const first = rules.fields.find((name) => invalid[name]);
    if (first !== undefined) setFocusTarget({ name: first });
  }

  /**
   * Messages the route action's rules gave a submitted form (its 400 answer, the service's
   * verdict included): shown on their fields as a posted answer's are, focus to the first.
   */
  function showErrors(errors: Record<string, string>) {
    setLive(fieldMessages(rules.fields, errors));
    const first = rules.fields.find((name) => errors[name]);
    if (first !== undefined) setFocusTarget({ name: first });
  }

  /**
   * Submits the form: validates, then hands the values to `send`, or moves focus to the first
   * invalid field. One submission at a time: a second submit while one is being validated or
   * sent does nothing. `beforeValidate` reads values no input holds (the captcha).
   */
  function submit(event: SyntheticEvent, send: (values: FormValues<F>) => Promise<void>, beforeValidate?: () => void) {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    beforeValidate?.();
    // From here the schema speaks; the live checks take over again as the visitor types.
    setLive({});
    void form
      .handleSubmit(async (values) => {
        setSending(true);
        try {
          await send(values as FormValues<F>);
        } finally {
          setSending(false);
        }
      }, onInvalid)()
      .finally(() => {
        inFlight.current = false;
      });
  }

  return { field, message, errorId, fieldId, setExternal, showErrors, submit, sending, getValues: form.getValues };
}

export type RulesForm<F extends string> = ReturnType<typeof useRulesForm<F>>;
