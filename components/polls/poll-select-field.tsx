import { FormField } from "@/components/forms/form-field";

export interface PollSelectFieldProps<V extends string> {
  label: string;
  value: V;
  choices: Record<V, string>;
  hint?: string;
  onChange: (value: V) => void;
}

/** A labelled select over a fixed set of choices (value → words). */
export function PollSelectField<V extends string>({ label, value, choices, hint, onChange }: PollSelectFieldProps<V>) {
  return (
    <FormField label={label} hint={hint}>
      {(control) => (
        <select {...control} className="form-select" value={value} onChange={(event) => onChange(event.target.value as V)}>
          {(Object.entries(choices) as [V, string][]).map(([choice, words]) => (
            <option key={choice} value={choice}>
              {words}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
